// Tests of costsim/engine/campaign_build.hpp: prices in the scenario's currency at the catalog's
// rate, and the campaigns simulate, replay and validate run.
#include <costsim/engine/campaign_build.hpp>
#include <costsim/io/scenario_json.hpp>

#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
// One V100 offer priced in EUR (a host and an attached disk), in a USD scenario.
json euro_doc() {
    return json::parse(R"({"schema": "costsim.scenario/v1", "name": "fx", "currency": "USD",
      "offers": [{"id": "eu/v100", "provider": "eu", "gpus": {"model": "V100", "count": 1},
                  "markets": {"on_demand": {"price": {"amount": "2.00", "currency": "EUR", "per": "hour"}},
                              "spot": {"price": {"amount": "0.50", "currency": "EUR", "per": "hour"}}},
                  "attached": [{"name": "disk", "price": {"amount": "0.10", "currency": "EUR", "per": "hour"}}],
                  "billing": {"increment": "1s"}}],
      "workload": {"name": "w", "work": "10h"},
      "candidates": [{"offer": "eu/v100", "market": "spot", "policy": "spot_only",
                      "checkpoint": {"every": "1h", "cost": "6m"},
                      "interruptions": {"model": "poisson", "rate_per_hour": 0.1}},
                     {"offer": "eu/v100", "market": "on_demand", "policy": "on_demand"}]})");
}
const currency USD("USD"), EUR("EUR");
scenario with_rate(scenario s) {
    s.offers.exchange_rates.push_back({EUR, USD, parse_decimal("1.25"), date::year{2026} / 1 / 1, "test"});
    return s;
}
}  // namespace

TEST_CASE("an amount in another currency is converted at the catalog's rate, and refused without one") {
    const scenario bare = parse_scenario(json_cursor(euro_doc(), "fx.json"));
    const offer& o = bare.offers.offers[0];
    CHECK_THROWS_WITH_AS(in_scenario_currency(bare, o, money(parse_decimal("2"), EUR)),
                         "no exchange rate from EUR to USD in catalog \"fx\"", missing_exchange_rate);
    const scenario s = with_rate(bare);
    CHECK(in_scenario_currency(s, o, money(parse_decimal("2"), EUR)) == money(parse_decimal("2.5"), USD));
    // Already in the scenario's currency: unchanged, and no rate is needed.
    CHECK(in_scenario_currency(bare, o, money(parse_decimal("3.06"), USD)) == money(parse_decimal("3.06"), USD));
    CHECK(hourly_price(s, o, o.on_demand->price).value() == doctest::Approx(2.5));
}

TEST_CASE("a spot campaign charges the attached resources on top of every hour, converted") {
    const scenario s = with_rate(parse_scenario(json_cursor(euro_doc(), "fx.json")));
    const campaign c = make_campaign(s, s.candidates[0]);
    CHECK(c.work.count() == doctest::Approx(10.0));
    CHECK(c.every.count() == doctest::Approx(1.0));
    CHECK(c.checkpoint_cost.count() == doctest::Approx(0.1));
    CHECK(c.extra_per_hour.value() == doctest::Approx(0.125));   // 0.10 EUR × 1.25
    CHECK(c.on_demand.value() == doctest::Approx(2.5 + 0.125));  // the fallback's price, disk included
    CHECK(c.policy == campaign_policy::spot_only);
    // An on-demand candidate is not a continuous-time spot campaign.
    CHECK_THROWS_AS(make_campaign(s, s.candidates[1]), model_error);
}

TEST_CASE("a tick campaign takes the candidate's policy, changeover and prices; the default tick is 10 minutes") {
    const scenario s = with_rate(parse_scenario(json_cursor(euro_doc(), "fx.json")));
    const tick_campaign t = make_tick_campaign(s, s.candidates[1], std::chrono::minutes(5));
    CHECK(t.policy == tick_policy::on_demand);
    CHECK(t.gap == std::chrono::minutes(5));
    CHECK(t.work == std::chrono::hours(10));
    CHECK(t.extra_per_hour.value() == doctest::Approx(0.125));
    CHECK(mc_tick_of(s.candidates[0]) == std::chrono::minutes(10));
}
