// Tests of costsim/pricing/offer_lookup.hpp: exact ids, region-level ids resolved to the
// cheapest zone of the market asked, and near ids for an unknown one, in one short line.
#include <costsim/io/catalog_json.hpp>
#include <costsim/pricing/offer_lookup.hpp>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
catalog zones_catalog() {
    json j = json::parse(R"({"schema": "costsim.catalog/v1", "name": "zones", "as_of": "2026-12-03", "currency": "USD",
      "source": "written for this test",
      "offers": [
        {"id": "aws/use1-az1/p5.48xlarge", "provider": "aws", "region": "us-east-1", "zone": "use1-az1",
         "instance": "p5.48xlarge", "gpus": {"model": "H100", "count": 8},
         "markets": {"on_demand": {"price": {"amount": "55.04", "per": "hour"}},
                     "spot": {"price": {"amount": "20.00", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "aws/use1-az2/p5.48xlarge", "provider": "aws", "region": "us-east-1", "zone": "use1-az2",
         "instance": "p5.48xlarge", "gpus": {"model": "H100", "count": 8},
         "markets": {"on_demand": {"price": {"amount": "55.04", "per": "hour"}},
                     "spot": {"price": {"amount": "18.50", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "aws/use1-az4/p5.48xlarge", "provider": "aws", "region": "us-east-1", "zone": "use1-az4",
         "instance": "p5.48xlarge", "gpus": {"model": "H100", "count": 8},
         "markets": {"on_demand": {"price": {"amount": "54.00", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "aws/usw2-az1/p5.48xlarge", "provider": "aws", "region": "us-west-2", "zone": "usw2-az1",
         "instance": "p5.48xlarge", "gpus": {"model": "H100", "count": 8},
         "markets": {"on_demand": {"price": {"amount": "50.00", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "aws/us-east-1/p3.2xlarge", "provider": "aws", "region": "us-east-1", "instance": "p3.2xlarge",
         "gpus": {"model": "V100", "count": 1},
         "markets": {"on_demand": {"price": {"amount": "3.06", "per": "hour"}}}, "billing": {"increment": "1s"}}]})");
    return parse_catalog(json_cursor(j, "zones.json"));
}
}  // namespace

TEST_CASE("an exact id finds its offer with no note") {
    const catalog c = zones_catalog();
    const offer_match m = find_offer(c, "aws/use1-az2/p5.48xlarge");
    REQUIRE(m.found);
    CHECK(m.found->id == "aws/use1-az2/p5.48xlarge");
    CHECK(m.note.empty());
    CHECK(find_offer(c, "aws/us-east-1/p3.2xlarge").found->instance == "p3.2xlarge");  // a region-level offer
}

TEST_CASE("a region-level id means the cheapest zone of that region for the market asked, and says which") {
    const catalog c = zones_catalog();
    const offer_match od = find_offer(c, "aws/us-east-1/p5.48xlarge");
    REQUIRE(od.found);
    CHECK(od.found->zone == "use1-az4");  // 54.00 on demand; us-west-2's 50.00 is another region
    CHECK(od.note.find("cheapest on_demand of 3 zones, use1-az4") != std::string::npos);
    const offer_match spot = find_offer(c, "aws/us-east-1/p5.48xlarge", market_kind::spot);
    REQUIRE(spot.found);
    CHECK(spot.found->zone == "use1-az2");  // 18.50 spot; use1-az4 sells no spot
    CHECK(find_offer(c, "aws/us-west-2/p5.48xlarge").note.find("only zone, usw2-az1") != std::string::npos);
}

TEST_CASE("an id that matches nothing finds nothing, even when a part of it matches") {
    const catalog c = zones_catalog();
    CHECK_FALSE(find_offer(c, "aws/eu-west-1/p5.48xlarge").found);
    CHECK_FALSE(find_offer(c, "aws/p5.48xlarge").found);
    CHECK_FALSE(find_offer(c, "").found);
    CHECK_FALSE(find_offer(c, "a/b/c/d").found);
}

TEST_CASE("near ids put the same instance first, nearest first, at most n") {
    const catalog c = zones_catalog();
    const auto near = near_offer_ids(c, "aws/p5.48xlarge", 3);
    REQUIRE(near.size() == 3);
    for (const auto& id : near) CHECK(id.find("p5.48xlarge") != std::string::npos);
    CHECK(near_offer_ids(c, "aws/us-east-1/p3.2xlarg", 1) == std::vector<std::string>{"aws/us-east-1/p3.2xlarge"});
    CHECK(near_offer_ids(c, "x", 50).size() == c.offers.size());
}

TEST_CASE("the unknown-id text names at most five near ids and stays short for any input") {
    catalog big = zones_catalog();
    for (int i = 0; i < 3000; ++i) {
        offer o = big.offers.front();
        o.id = "runpod/ZONE-" + std::to_string(i) + "/1x_RTX4090_SECURE";
        big.offers.push_back(o);
    }
    const std::string t = unknown_offer_text(big, "aws/p5.48xlarge");
    CHECK(t.find("did you mean aws/") != std::string::npos);
    CHECK(t.size() < 260);
    CHECK(t.find('\n') == std::string::npos);
    const std::string huge = unknown_offer_text(big, std::string(5000, 'z'));
    CHECK(huge.size() < 300);
    std::size_t commas = 0;
    for (char ch : t) commas += ch == ',';
    CHECK(commas <= 4);
}

TEST_CASE("edit distance counts insertions, deletions and substitutions, ignoring case") {
    CHECK(edit_distance("kitten", "sitting") == 3);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("H100", "h100") == 0);
}

TEST_CASE("a place pattern is a case-insensitive extended regex searched in region, zone and id") {
    const catalog c = zones_catalog();
    auto count = [&](const std::string& p) {
        const offer_place_pattern pat(p);
        return std::count_if(c.offers.begin(), c.offers.end(), [&](const offer& o) { return pat.matches(o); });
    };
    CHECK(count("^us-east") == 4);       // region
    CHECK(count("USW2") == 1);           // zone, any case
    CHECK(count("p3\\.2xlarge$") == 1);  // id
    CHECK(count("use1-az(1|2)") == 2);   // alternation is extended syntax
    CHECK(count("europe") == 0);
    // A copy shares the compiled expression; both stay usable.
    const offer_place_pattern a("az4");
    const offer_place_pattern b = a;  // NOLINT(performance-unnecessary-copy-initialization)
    CHECK(b.matches(c.offers[2]));
}

TEST_CASE("a malformed place pattern is a value error naming it") {
    CHECK_THROWS_WITH_AS(offer_place_pattern("us-(east"), doctest::Contains("\"us-(east\""), value_error);
}
