// Tests of costsim/workflow/quote_offer.hpp: a quote asked as text gives the exact invoice of
// its offer (exact or region-level id, said in the lookup note), and refuses bad text with
// the catalog file and pointer, or the flag, that the CLI and the Python module both print.
#include <costsim/workflow/quote_offer.hpp>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
catalog two_zones() {
    json j = json::parse(R"({"schema": "costsim.catalog/v1", "name": "t", "as_of": "2026-12-03", "currency": "USD",
      "source": "written for this test",
      "offers": [
        {"id": "aws/use1-az1/p3.2xlarge", "provider": "aws", "region": "us-east-1", "zone": "use1-az1",
         "instance": "p3.2xlarge", "gpus": {"model": "V100", "count": 1},
         "markets": {"on_demand": {"price": {"amount": "3.06", "per": "hour"}},
                     "spot": {"price": {"amount": "0.95", "per": "hour"}}},
         "billing": {"increment": "1s", "minimum": "60s"}},
        {"id": "aws/use1-az2/p3.2xlarge", "provider": "aws", "region": "us-east-1", "zone": "use1-az2",
         "instance": "p3.2xlarge", "gpus": {"model": "V100", "count": 1},
         "markets": {"on_demand": {"price": {"amount": "3.06", "per": "hour"}},
                     "spot": {"price": {"amount": "0.91", "per": "hour"}}},
         "billing": {"increment": "1s", "minimum": "60s"}},
        {"id": "ibm/bare/k80", "provider": "ibm", "instance": "k80",
         "markets": {"on_demand": {"price": {"amount": "2.8", "per": "hour"}}}, "billing": {"increment": "1h"}}]})");
    return parse_catalog(json_cursor(j, "t.json"));
}
}  // namespace

TEST_CASE("a quote of an exact id is its offer's exact invoice") {
    const catalog cat = two_zones();
    quote_flags f;
    f.offer = "aws/use1-az1/p3.2xlarge";
    f.duration = "1.5h";
    const offer_quote q = quote_offer(cat, f);
    CHECK(q.of->id == "aws/use1-az1/p3.2xlarge");
    CHECK(q.lookup_note.empty());
    CHECK(q.inv.total.to_string() == "4.59");
    CHECK(q.inv.start == default_campaign_start);
}

TEST_CASE("a region-level id is quoted at the region's cheapest zone for the market and says so") {
    const catalog cat = two_zones();
    quote_flags f;
    f.offer = "aws/us-east-1/p3.2xlarge";
    f.market = "spot";
    f.duration = "2h";
    const offer_quote q = quote_offer(cat, f);
    CHECK(q.of->id == "aws/use1-az2/p3.2xlarge");
    CHECK(q.lookup_note.find("cheapest") != std::string::npos);
    CHECK(q.inv.total.to_string() == "1.82");
}

TEST_CASE("an hourly offer bills every started hour") {
    quote_flags f;
    f.offer = "ibm/bare/k80";
    f.duration = "61m";
    CHECK(quote_offer(two_zones(), f).inv.total.to_string() == "5.60");
}

TEST_CASE("bad quotes name the catalog and pointer or the flag") {
    const catalog cat = two_zones();
    auto refused = [&](quote_flags f) -> std::pair<std::string, std::string> {
        try {
            quote_offer(cat, f);
        } catch (const input_error& e) {
            return {e.file(), e.pointer()};
        }
        return {"", "accepted"};
    };
    quote_flags f;
    f.offer = "aws/use1-az1/p3.2xlarg";
    f.duration = "1h";
    CHECK(refused(f) == std::pair<std::string, std::string>{"t.json", "/offers"});
    f.offer = "ibm/bare/k80";
    f.market = "spot";
    CHECK(refused(f) == std::pair<std::string, std::string>{"t.json", "/offers/2/markets"});
    f.market = "on_demand";
    f.duration = "ten minutes";
    CHECK(refused(f) == std::pair<std::string, std::string>{"command line", "--duration"});
    f.duration = "1h";
    f.start = "yesterday";
    CHECK(refused(f) == std::pair<std::string, std::string>{"command line", "--start"});
    f.start = "";
    f.egress_gb = "12";
    CHECK(refused(f) == std::pair<std::string, std::string>{"t.json", "/offers/2/egress"});
    f.egress_gb = "";
    f.market = "reserved";
    CHECK(refused(f) == std::pair<std::string, std::string>{"command line", "--market"});
}
