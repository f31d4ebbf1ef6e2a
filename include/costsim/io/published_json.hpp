// costsim/io/published_json.hpp — reading a study's published figures (`costsim.published/v1`,
// described in published.hpp): strict, with the JSON pointer of every bad value.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/io/catalog_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/models/published.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view published_schema = "costsim.published/v1";

published_study parse_published_study(const json_cursor& c);
published_study load_published_study(const std::string& path);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline published_study parse_published_study(const json_cursor& c) {
    c.expect_schema(published_schema);
    c.expect_object({"schema", "study", "source", "notes", "rows", "conclusions"});
    published_study st;
    st.file = c.file();
    st.study = c["study"].string();
    st.source = c["source"].string();
    for (const auto& r : c["rows"].elements(true)) {
        r.expect_object({"offer", "market", "runtime", "reported_cost", "note"});
        published_row row;
        row.pointer = r.pointer();
        row.offer = r["offer"].string();
        auto m = r["market"];
        row.market = m.choice_of<market_kind>();
        if (auto rt = r.optional("runtime")) {
            row.runtime = rt->duration();
            if (row.runtime->count() <= 0) rt->fail("a positive runtime");
        }
        if (auto rc = r.optional("reported_cost")) {
            rc->expect_object({"amount", "currency"});
            row.reported_text = (*rc)["amount"].string();
            row.reported_cost = money((*rc)["amount"].decimal(), (*rc)["currency"].currency());
        }
        if (!row.runtime && !row.reported_cost)
            r.fail("a \"runtime\" or a \"reported_cost\" (a row gives one or both)");
        if (auto n = r.optional("note")) row.note = n->string();
        st.rows.push_back(std::move(row));
    }
    if (auto cs = c.optional("conclusions")) {
        for (const auto& e : cs->elements()) {
            e.expect_object({"claim", "check", "offer", "provider", "months"});
            published_claim k;
            k.pointer = e.pointer();
            k.text = e["claim"].string();
            const std::string check = e["check"].choice(
                {"cheapest_when_busy", "cheapest_vm_provider", "cheaper_gpu_better_value", "multi_gpu_uses_one"});
            auto only = [&](std::initializer_list<std::string_view> allowed) {
                for (const auto& [key, _] : e.value().items()) {
                    bool ok = key == "claim" || key == "check";
                    for (auto a : allowed) ok = ok || key == a;
                    if (!ok) e[key].fail("no \"" + key + "\" for the \"" + check + "\" check");
                }
            };
            if (check == "cheapest_when_busy") {
                only({"offer", "months"});
                k.check = claim_check::cheapest_when_busy;
                k.subject = e["offer"].string();
                if (auto mo = e.optional("months")) k.months = static_cast<int>(mo->integer(1, 1200));
            } else if (check == "cheapest_vm_provider") {
                only({"provider"});
                k.check = claim_check::cheapest_vm_provider;
                k.subject = e["provider"].string();
            } else {
                only({});
                k.check = check == "multi_gpu_uses_one" ? claim_check::multi_gpu_uses_one
                                                        : claim_check::cheaper_gpu_better_value;
            }
            st.claims.push_back(std::move(k));
        }
    }
    return st;
}

inline published_study load_published_study(const std::string& path) {
    const json j = load_json_file(path);
    return parse_published_study(json_cursor(j, path));
}

}  // namespace costsim
