// Tests of costsim/pricing/breakeven.hpp: exact break-even utilisation and throughput ratios.
#include <costsim/io/breakeven_json.hpp>
#include <costsim/io/catalog_json.hpp>
#include <costsim/pricing/breakeven.hpp>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
catalog make() {
    json doc = json::parse(R"({"schema": "costsim.catalog/v1", "name": "be", "as_of": "2018-02-01", "source": "test",
      "exchange_rates": [{"from": "EUR", "to": "USD", "rate": "1.24", "as_of": "2018-02-01"}],
      "offers": [
        {"id": "hetzner/gtx1080", "provider": "hetzner",
         "markets": {"monthly": {"price": {"amount": "99", "currency": "EUR", "per": "month"},
                                 "setup_fee": {"amount": "99", "currency": "EUR"}}},
         "billing": {"period": "month", "proration": "calendar"}},
        {"id": "aws/p2", "provider": "aws",
         "markets": {"on_demand": {"price": {"amount": "0.9", "currency": "USD", "per": "hour"}}},
         "billing": {"increment": "1s", "minimum": "60s"}},
        {"id": "gce/k80", "provider": "gce",
         "markets": {"on_demand": {"price": {"amount": "0.45", "currency": "USD", "per": "hour"}}},
         "attached": [{"name": "n1-standard-1", "price": {"amount": "0.0475", "currency": "USD", "per": "hour"}}],
         "billing": {"increment": "1s", "minimum": "1m", "sustained_use": [
           {"up_to": "0.25", "rate": "1.0"}, {"up_to": "0.50", "rate": "0.8"},
           {"up_to": "0.75", "rate": "0.6"}, {"up_to": "1.00", "rate": "0.4"}]}},
        {"id": "hetzner/cloud", "provider": "hetzner",
         "markets": {"on_demand": {"price": {"amount": "0.10", "currency": "EUR", "per": "hour"}}},
         "billing": {"increment": "1h", "monthly_cap": {"amount": "60.00", "currency": "EUR"}}},
        {"id": "aws/c5", "provider": "aws",
         "markets": {"on_demand": {"price": {"amount": "0.728", "currency": "USD", "per": "hour"}}},
         "billing": {"increment": "1s"}},
        {"id": "aws/g4dn", "provider": "aws",
         "markets": {"on_demand": {"price": {"amount": "0.071", "currency": "USD", "per": "hour"}}},
         "billing": {"increment": "1s"}}]})");
    return parse_catalog(json_cursor(doc, "be.json"));
}
exact frac(long long n, long long d) { return exact(big_int(n), big_int(d)); }
}  // namespace

TEST_CASE("a dedicated server beats an hourly offer above an exact number of hours a month") {
    const catalog c = make();
    const currency USD("USD");
    SUBCASE("against a flat hourly price") {
        // 12 × 99 € + 99 € = 1287 € × 1.24 = 1595.88 $; per month 132.99 $; / 0.9 $/h = 147.7666… h
        const auto b = breakeven_dedicated(c, *c.find("hetzner/gtx1080"), *c.find("aws/p2"), 12, USD);
        CHECK(b.commitment.amount() == parse_decimal("1595.88"));
        REQUIRE(b.hours_per_month);
        CHECK(*b.hours_per_month == frac(4433, 30));
        REQUIRE(b.rates_used.size() == 1);
        CHECK(b.rates_used[0].from == currency("EUR"));
    }
    SUBCASE("against sustained-use tiers (GCE K80 with its host VM)") {
        // 0.4975 $/h; the first 182.5 h (25 % of 730 h) cost 90.79375 $ at 100 %;
        // the next tier is billed at 80 %: 0.398 $/h. (132.99 − 90.79375) / 0.398 = 106.02…;
        // 182.5 + 42.19625/0.398 = 459325/1592 h
        const auto b = breakeven_dedicated(c, *c.find("hetzner/gtx1080"), *c.find("gce/k80"), 12, USD);
        REQUIRE(b.hours_per_month);
        CHECK(*b.hours_per_month == frac(459325, 1592));
    }
    SUBCASE("a one-month commitment carries the whole setup fee") {
        // (99 + 99) € × 1.24 = 245.52 $ a month; / 0.9 = 272.8 h
        const auto b = breakeven_dedicated(c, *c.find("hetzner/gtx1080"), *c.find("aws/p2"), 1, USD);
        CHECK(*b.hours_per_month == parse_decimal("272.8"));
    }
    SUBCASE("never, when a monthly cap keeps the hourly offer cheaper") {
        // The cap holds Hetzner cloud at 60 € a month, below 99 € + setup: the hourly offer
        // is cheaper at any utilisation.
        const auto b =
            breakeven_dedicated(c, *c.find("hetzner/gtx1080"), *c.find("hetzner/cloud"), 12, currency("EUR"));
        CHECK_FALSE(b.hours_per_month.has_value());
        CHECK(to_json(b)["hours_per_month"].is_null());
    }
    SUBCASE("an offer without the market is refused") {
        CHECK_THROWS_AS(breakeven_dedicated(c, *c.find("aws/p2"), *c.find("aws/p2"), 12, USD), model_error);
        CHECK_THROWS_AS(breakeven_dedicated(c, *c.find("hetzner/gtx1080"), *c.find("aws/p2"), 0, USD), model_error);
    }
}

TEST_CASE("a GPU is cheaper per solution above the ratio of the hourly prices") {
    const catalog c = make();
    // 0.071 / 0.728 = 71/728: the g4dn must do more than 9.75 % of the c5's throughput
    const auto b = breakeven_gpu_cpu(c, *c.find("aws/g4dn"), *c.find("aws/c5"), currency("USD"));
    CHECK(b.throughput_ratio == frac(71, 728));
    CHECK(to_json(b)["throughput_ratio"] == "0.097527");
    // Attached resources count: the K80 with its VM costs 0.4975 $/h; vs c5: 4975/7280
    const auto k = breakeven_gpu_cpu(c, *c.find("gce/k80"), *c.find("aws/c5"), currency("USD"));
    CHECK(k.throughput_ratio == frac(4975, 7280));
}
