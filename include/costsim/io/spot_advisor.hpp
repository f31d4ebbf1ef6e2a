// costsim/io/spot_advisor.hpp — the AWS Spot Instance Advisor JSON, as interruption models.
//
// The Advisor's data file (spot-advisor-data.json) holds
//     {"ranges": [{"index": 0, "label": "<5%", "dots": 0, "max": 5}, ...],
//      "spot_advisor": {"us-east-1": {"Linux": {"p3.2xlarge": {"s": 70, "r": 3}, ...}, ...}, ...},
//      "instance_types": {...}, "global_rate": "<10%", ...}
// `s` is the saving over on-demand in percent, `r` the index of the "frequency of
// interruption" bucket (<5 %, 5–10 %, 10–15 %, 15–20 %, >20 % of instances interrupted per
// month). Each entry becomes an interruption model per region / OS / instance type: the
// bucket's Poisson hazard (interruptions.hpp: λ = −ln(1 − f)/730 h, f the bucket's
// midpoint, 25 % for ">20 %"), and the scenario object {"model": "advisor", "bucket": ...}
// that says the same thing.
// Reading is strict about what it uses: "spot_advisor" must be an object of objects of
// objects; "s" an integer -1000..100 (negative: spot above on-demand) and "r" an integer 0..4 (a listed range index
// when "ranges" is present); labels in "ranges" must be the Advisor's five. Other top-level fields are AWS's and
// ignored. No entry at all is an error.
#pragma once

#include <string>
#include <vector>

#include "costsim/io/json_input.hpp"
#include "costsim/models/interruptions.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct advisor_entry {
    std::string region, os, instance_type;
    int savings_percent = 0;
    advisor_bucket bucket = advisor_bucket::under_5;

    hazard rate() const { return advisor_hazard(bucket); }
    /// {"model": "advisor", "bucket": "<5%"}: the scenario's interruptions object.
    json scenario_interruptions() const;
};

std::vector<advisor_entry> parse_spot_advisor(const json_cursor& root);
std::vector<advisor_entry> load_spot_advisor(const std::string& path);

/// The entry for (region, os, instance type); input_error naming `file` and the pointer
/// when the Advisor has none.
const advisor_entry& find_advisor_entry(const std::vector<advisor_entry>& entries, const std::string& file,
                                        const std::string& region, const std::string& os, const std::string& instance);

json to_json(const advisor_entry& e);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline json advisor_entry::scenario_interruptions() const {
    return json{{"model", "advisor"}, {"bucket", std::string(advisor_band_text(bucket))}};
}

inline std::vector<advisor_entry> parse_spot_advisor(const json_cursor& c) {
    if (!c.value().is_object()) c.fail("an object with \"spot_advisor\", got " + json_type_name(c.value()));
    std::vector<bool> listed(5, true);
    if (auto ranges = c.optional("ranges")) {
        listed.assign(5, false);
        for (const auto& r : ranges->elements(true)) {
            if (!r.value().is_object()) r.fail("a range object {\"index\": 0, \"label\": \"<5%\"}");
            auto idx = static_cast<int>(r["index"].integer(0, 4));
            auto lab = r["label"];
            lab.in_context([&] {
                if (parse_advisor_bucket(lab.string()) != advisor_bucket_from_index(idx))
                    lab.fail("the Advisor's label for index " + std::to_string(idx) + " (\"" +
                             std::string(advisor_band_text(advisor_bucket_from_index(idx))) + "\")");
            });
            listed[static_cast<std::size_t>(idx)] = true;
        }
    }
    std::vector<advisor_entry> out;
    auto sa = c["spot_advisor"];
    if (!sa.value().is_object())
        sa.fail("an object of region to OS to instance type, got " + json_type_name(sa.value()));
    for (const auto& [region, _r] : sa.value().items()) {
        auto rc = sa[region];
        if (!rc.value().is_object()) rc.fail("an object of OS (\"Linux\", \"Windows\") to instance types");
        for (const auto& [os, _o] : rc.value().items()) {
            auto oc = rc[os];
            if (!oc.value().is_object())
                oc.fail("an object of instance type to {\"s\": saving %, \"r\": bucket index}");
            for (const auto& [type, _t] : oc.value().items()) {
                auto ec = oc[type];
                ec.expect_object({"s", "r"});
                advisor_entry e;
                e.region = region;
                e.os = os;
                e.instance_type = type;
                // Negative where spot costs more than on-demand (real rows: p5.48xlarge in ca-central-1, -62).
                e.savings_percent = static_cast<int>(ec["s"].integer(-1000, 100));
                auto r = ec["r"];
                auto idx = static_cast<int>(r.integer(0, 4));
                if (!listed[static_cast<std::size_t>(idx)]) r.fail("an index listed in /ranges");
                e.bucket = advisor_bucket_from_index(idx);
                out.push_back(std::move(e));
            }
        }
    }
    if (out.empty()) sa.fail("at least one region / OS / instance type entry (the Advisor data is empty)");
    return out;
}

inline std::vector<advisor_entry> load_spot_advisor(const std::string& path) {
    json j = load_json_file(path);
    return parse_spot_advisor(json_cursor(j, path));
}

inline const advisor_entry& find_advisor_entry(const std::vector<advisor_entry>& entries, const std::string& file,
                                               const std::string& region, const std::string& os,
                                               const std::string& instance) {
    for (const auto& e : entries)
        if (e.region == region && e.os == os && e.instance_type == instance) return e;
    throw input_error(file,
                      "/spot_advisor/" + json_pointer_token(region) + "/" + json_pointer_token(os) + "/" +
                          json_pointer_token(instance),
                      "an Advisor entry for this region, OS and instance type (there is none)");
}

inline json to_json(const advisor_entry& e) {
    return json{{"region", e.region},
                {"os", e.os},
                {"instance", e.instance_type},
                {"savings_percent", e.savings_percent},
                {"interrupted_per_month", std::string(advisor_band_text(e.bucket))},
                {"rate_per_hour", e.rate().per_hour()},
                {"interruptions", e.scenario_interruptions()}};
}

}  // namespace costsim
