// Tests of costsim/workflow/offer_list.hpp: offers filtered by GPU model (any case), provider,
// place and market, cheapest first by the sorting market's price, a price cap; filters that
// name nothing in the catalog, or match nothing, refused with their flag.
#include <costsim/workflow/offer_list.hpp>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
catalog small() {
    json j = json::parse(R"({"schema": "costsim.catalog/v1", "name": "small", "as_of": "2026-12-03",
      "currency": "USD", "source": "written for this test",
      "offers": [
        {"id": "aws/use1-az1/g6.xlarge", "provider": "aws", "region": "us-east-1", "zone": "use1-az1",
         "instance": "g6.xlarge", "gpus": {"model": "L4", "count": 1, "memory_gib": 24},
         "markets": {"on_demand": {"price": {"amount": "0.805", "per": "hour"}},
                     "spot": {"price": {"amount": "0.35", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "gcp/us-central1-a/g2-standard-4", "provider": "gcp", "region": "us-central1", "zone": "us-central1-a",
         "instance": "g2-standard-4", "gpus": {"model": "L4", "count": 1},
         "markets": {"on_demand": {"price": {"amount": "0.70", "per": "hour"}},
                     "spot": {"price": {"amount": "0.90", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "lambda/us-east-1/gpu_1x_h100_sxm5", "provider": "lambda", "region": "us-east-1",
         "instance": "gpu_1x_h100_sxm5", "gpus": {"model": "H100", "count": 1, "memory_gib": 80},
         "markets": {"on_demand": {"price": {"amount": "2.99", "per": "hour"}}}, "billing": {"increment": "1s"}}]})");
    return parse_catalog(json_cursor(j, "small.json"));
}
std::vector<std::string> ids(const offer_list& l) {
    std::vector<std::string> out;
    for (const auto& r : l.rows) out.push_back(r.of->id);
    return out;
}
}  // namespace

TEST_CASE("offers are listed cheapest first by on-demand price unless a market sorts them") {
    const catalog cat = small();
    CHECK(ids(list_offers(cat, {})) == std::vector<std::string>{"gcp/us-central1-a/g2-standard-4",
                                                                "aws/use1-az1/g6.xlarge",
                                                                "lambda/us-east-1/gpu_1x_h100_sxm5"});
    const offer_list spot = list_offers(cat, {"", "", "", "spot", ""});
    CHECK(spot.sorted_by == market_kind::spot);
    CHECK(ids(spot) == std::vector<std::string>{"aws/use1-az1/g6.xlarge", "gcp/us-central1-a/g2-standard-4"});
}

TEST_CASE("filters select by GPU model in any case, provider, place and price cap") {
    const catalog cat = small();
    CHECK(ids(list_offers(cat, {"l4", "aws", "", "", ""})) == std::vector<std::string>{"aws/use1-az1/g6.xlarge"});
    CHECK(ids(list_offers(cat, {"", "", "us-east-1", "", ""})).size() == 2);
    CHECK(ids(list_offers(cat, {"", "", "", "", "0.75"})) ==
          std::vector<std::string>{"gcp/us-central1-a/g2-standard-4"});
}

TEST_CASE("the JSON of a listing flags a spot price above on-demand and keeps prices exact") {
    const catalog cat = small();
    const json j = to_json(cat, list_offers(cat, {"L4", "", "", "", ""}));
    CHECK(j["catalog"] == "small");
    CHECK(j["sorted_by"] == "on_demand");
    REQUIRE(j["offers"].size() == 2);
    CHECK(j["offers"][0]["spot_above_on_demand"] == true);
    CHECK(j["offers"][1]["on_demand"]["amount"] == "0.805");
    CHECK(j["offers"][1]["gpu_memory_gib"] == 24);
}

TEST_CASE("filters naming what the catalog lacks, or matching nothing, are refused with their flag") {
    const catalog cat = small();
    auto flag_of = [&](offer_filter f) -> std::string {
        try {
            list_offers(cat, f);
        } catch (const input_error& e) {
            CHECK(e.file() == "command line");
            return e.pointer();
        }
        return "accepted";
    };
    CHECK(flag_of({"V100", "", "", "", ""}) == "--gpu");
    CHECK(flag_of({"", "azure", "", "", ""}) == "--cloud");
    CHECK(flag_of({"", "", "", "monthly", ""}) == "--market");
    CHECK(flag_of({"", "", "", "hourly", ""}) == "--market");
    CHECK(flag_of({"", "", "", "", "cheap"}) == "--max-price");
    CHECK(flag_of({"", "", "([", "", ""}) == "--region");
    CHECK(flag_of({"H100", "", "", "", "1"}) == "--max-price");
    CHECK(flag_of({"H100", "", "us-west", "", ""}) == "--region");
}
