// Tests of costsim/models/published.hpp: a study's published rows, the runtime a published cost
// implies (cost / the offer's billed hourly rate, exactly), precision by significant digits.
#include <costsim/io/published_json.hpp>
#include <costsim/models/published.hpp>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
catalog two_offers() {
    const json j = json::parse(R"({"schema": "costsim.catalog/v1", "name": "c", "as_of": "2018-02-01", "source": "t",
      "offers": [
        {"id": "aws/p2", "provider": "aws", "gpus": {"model": "K80", "count": 1},
         "markets": {"on_demand": {"price": {"amount": "0.9", "currency": "USD", "per": "hour"}}},
         "billing": {"increment": "1s", "minimum": "60s"}},
        {"id": "gce/k80", "provider": "gce", "gpus": {"model": "K80", "count": 1},
         "markets": {"on_demand": {"price": {"amount": "0.45", "currency": "USD", "per": "hour"}}},
         "attached": [{"name": "n1-standard-1", "price": {"amount": "0.0475", "currency": "USD", "per": "hour"}}],
         "billing": {"increment": "1s", "minimum": "1m"}},
        {"id": "hetzner/box", "provider": "hetzner", "gpus": {"model": "GTX 1080", "count": 1},
         "markets": {"monthly": {"price": {"amount": "99", "currency": "EUR", "per": "month"}}},
         "billing": {"period": "month", "proration": "calendar"}}]})");
    return parse_catalog(json_cursor(j, "c.json"));
}
json study_doc() {
    return json::parse(R"({"schema": "costsim.published/v1", "study": "S", "source": "a blog",
      "rows": [{"offer": "aws/p2", "market": "on_demand", "reported_cost": {"amount": "3.3", "currency": "USD"}},
               {"offer": "gce/k80", "market": "on_demand", "reported_cost": {"amount": "2.4", "currency": "USD"},
                "note": "GPU plus host"},
               {"offer": "aws/p2", "market": "on_demand", "runtime": "90m"}],
      "conclusions": [{"claim": "c1", "check": "cheapest_vm_provider", "provider": "gce"},
                      {"claim": "c2", "check": "cheapest_when_busy", "offer": "hetzner/box", "months": 24},
                      {"claim": "c3", "check": "multi_gpu_uses_one"}]})");
}
}  // namespace

TEST_CASE("significant digits are counted as the study printed them") {
    CHECK(significant_digits("3.3") == 2);
    CHECK(significant_digits("0.0003") == 1);
    CHECK(significant_digits("0.204") == 3);
    CHECK(significant_digits("120") == 3);
    CHECK(to_significant_string(parse_decimal("3.2967"), 2) == "3.3");
    CHECK(to_significant_string(parse_decimal("0.00038"), 1) == "0.0004");
    CHECK(to_significant_string(parse_decimal("1.6298"), 2) == "1.6");
    CHECK(to_significant_string(parse_decimal("11.71"), 2) == "12");
    CHECK(to_significant_string(parse_decimal("123.12"), 2) == "120");
    CHECK(to_significant_string(parse_decimal("0.35"), 1) == "0.4");  // half-up
    CHECK(to_significant_string(exact(0), 2) == "0");
}

TEST_CASE("a published cost implies its runtime: the cost over the billed hourly rate, attached resources included") {
    const catalog cat = two_offers();
    const json j = study_doc();
    const published_study st = parse_published_study(json_cursor(j, "study.json"));
    REQUIRE(st.rows.size() == 3);
    REQUIRE(st.claims.size() == 3);
    CHECK(st.claims[1].months == 24);
    CHECK(st.claims[0].subject == "gce");

    const derived_runtime aws = runtime_of(st, st.rows[0], cat);
    CHECK(aws.runtime == std::chrono::seconds(13200));  // 3.3 / 0.9 h = 3 h 40 min exactly
    CHECK(aws.basis.source == runtime_source::published);
    CHECK(aws.basis.basis.find("3.3 USD / 0.9 USD/h billed = 3.667 h") != std::string::npos);

    const derived_runtime gce = runtime_of(st, st.rows[1], cat);  // 2.4 / 0.4975 h = 17366.83 s
    CHECK(gce.runtime.count() == 17366834171);
    CHECK(gce.basis.basis.find("0.4975 USD/h") != std::string::npos);
    CHECK(gce.basis.basis.find("GPU plus host") != std::string::npos);

    const derived_runtime printed = runtime_of(st, st.rows[2], cat);
    CHECK(printed.runtime == std::chrono::minutes(90));
    CHECK(printed.basis.basis.find("published runtime") == 0);
}

TEST_CASE("a published row that cannot give a runtime is refused with its pointer") {
    const catalog cat = two_offers();
    auto refused_at = [&](json j, const std::string& pointer) {
        try {
            const published_study st = parse_published_study(json_cursor(j, "study.json"));
            for (const auto& r : st.rows) (void)runtime_of(st, r, cat);
        } catch (const input_error& e) {
            CHECK(e.file() == "study.json");
            CHECK(e.pointer() == pointer);
            return;
        }
        FAIL("accepted: " << j.dump());
    };
    json j = study_doc();
    j["rows"][1]["offer"] = "nowhere/x";
    refused_at(j, "/rows/1");
    j = study_doc();
    j["rows"][0].erase("reported_cost");
    refused_at(j, "/rows/0");
    j = study_doc();
    j["rows"][0]["reported_cost"]["amount"] = 3.3;  // amounts are decimal strings
    refused_at(j, "/rows/0/reported_cost/amount");
    j = study_doc();
    j["rows"][0]["offer"] = "hetzner/box";  // monthly only: no hourly rate to divide by
    refused_at(j, "/rows/0");
    j = study_doc();
    j["conclusions"][0]["check"] = "cheapest_overall";
    refused_at(j, "/conclusions/0/check");
    j = study_doc();
    j["conclusions"][2]["provider"] = "aws";
    refused_at(j, "/conclusions/2/provider");
    j = study_doc();
    j["rows"][2]["runtime"] = "0s";
    refused_at(j, "/rows/2/runtime");
}
