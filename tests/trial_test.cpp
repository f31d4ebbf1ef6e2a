// Tests of costsim/engine/trial.hpp: one campaign, event by event — the fast path replayed
// through the exact billing engine, per-session minimums, lifetimes, notices, fallback.
#include <costsim/engine/trial.hpp>
#include <costsim/io/catalog_json.hpp>
#include <costsim/pricing/invoice.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
// An offer billed per second with a 60 s minimum, with an attached resource and a spot
// price that changes every 30 minutes over two days.
catalog history_catalog() {
    json doc = json::parse(R"({"schema": "costsim.catalog/v1", "name": "t", "as_of": "2026-01-01", "source": "test",
      "offers": [{"id": "aws/p3", "provider": "aws", "instance": "p3.2xlarge",
        "markets": {"on_demand": {"price": {"amount": "3.06", "currency": "USD", "per": "hour"}}},
        "attached": [{"name": "ebs", "price": {"amount": "0.0137", "currency": "USD", "per": "hour"}}],
        "billing": {"increment": "1s", "minimum": "60s"}}]})");
    json hist = json::array();
    for (int i = 0; i < 96; ++i) {
        const int h = i / 2, m = (i % 2) * 30;
        char when[32];
        std::snprintf(when, sizeof when, "2026-02-%02dT%02d:%02d:00Z", 1 + h / 24, h % 24, m);
        hist.push_back(json{{"from", when}, {"amount", std::to_string(0.9 + 0.01 * (i % 7)).substr(0, 4)}});
    }
    doc["offers"][0]["markets"]["spot"] = json{{"price_history", hist}, {"currency", "USD"}, {"per", "hour"}};
    return parse_catalog(json_cursor(doc, "t.json"));
}

campaign base_campaign() {
    campaign c;
    c.work = fast_hours(20);
    c.every = fast_hours(0.5);
    c.checkpoint_cost = fast_hours(0.05);
    c.billing = fast_billing{fast_hours(1.0 / 3600), fast_hours(60.0 / 3600)};
    c.on_demand = fast_price_per_hour(3.06 + 0.0137);
    c.extra_per_hour = fast_price_per_hour(0.0137);
    c.rate = hazard(0.4);
    c.restart = restart_model(fixed_delay(fast_hours(0.25)), delay_billing::unbilled, fast_hours(0.1));
    return c;
}

usec to_usec(fast_hours h) { return usec(std::llround(h.count() * 3.6e9)); }

// Failover tests: lifetimes and outages of exactly 1 h (a zone has capacity half the time),
// a 2.5 h job with free checkpoints every 0.5 h, no overhead, relaunch 0.05 h.
campaign half_available_job() {
    static const std::vector<fast_hours> one{fast_hours(1.0)};
    campaign c;
    c.work = fast_hours(2.5);
    c.every = fast_hours(0.5);
    c.billing = fast_billing{fast_hours(1.0 / 3600), fast_hours(0)};
    c.lifetimes = one;
    c.outages = one;
    c.restart = restart_model(fixed_delay(fast_hours(0)), delay_billing::unbilled, fast_hours(0));
    c.relaunch = fast_hours(0.05);
    return c;
}
}  // namespace

TEST_CASE("a recorded trajectory replayed through the exact billing engine agrees to 1e-9") {
    const catalog cat = history_catalog();
    const offer& o = cat.offers[0];
    const timestamp start = parse_timestamp("2026-02-01");
    std::vector<price_point> pts;
    for (const auto& p : std::get<spot_history>(o.spot->price).points)
        pts.push_back({to_fast_hours(p.from - start), fast_price_per_hour(to_double(p.amount))});
    const piecewise_spot_price price(pts);
    campaign c = base_campaign();
    c.deadline = fast_hours(30);
    c.policy = campaign_policy::deadline_fallback;
    int checked = 0, with_fallback = 0;
    for (std::uint64_t t = 0; t < 200; ++t) {
        philox_stream events(rng_seed(7), trial_index(t), stream_id(0)),
            waits(rng_seed(7), trial_index(t), stream_id(1));
        std::vector<session_record> log;
        const trial_result r = run_trial(c, price, events, waits, &log);
        money exact_total = money::zero(currency("USD"));
        for (const auto& s : log) {
            const usec len = to_usec(s.length + s.billed_delay);
            const invoice inv = quote(cat, o, {s.market, start + to_usec(s.start), len, std::nullopt, std::nullopt});
            CHECK(inv.billed == to_usec(s.billed));
            exact_total += inv.total_exact;
        }
        const double exact = to_double(exact_total.amount());
        CHECK(std::abs(r.cost.value() - exact) <= 1e-9 * exact);
        with_fallback += log.back().market == market_kind::on_demand ? 1 : 0;
        ++checked;
    }
    CHECK(checked == 200);
    CHECK(with_fallback > 0);  // the replay covered on-demand fallback sessions too
}

TEST_CASE("many short sessions on a 60 s-minimum offer cost more than the same hours in one session") {
    campaign c = base_campaign();
    c.rate = hazard(40.0);  // a session lasts 90 s on average: many end before a minute
    c.every = fast_hours(0.01);
    c.checkpoint_cost = fast_hours(0.0005);
    c.work = fast_hours(1);
    c.restart = restart_model(fixed_delay(fast_hours(0)), delay_billing::unbilled, fast_hours(0));
    const constant_spot_price p(fast_price_per_hour(1.0));
    campaign no_min = c;
    no_min.billing.minimum = fast_hours(0);
    double with = 0, without = 0;
    for (std::uint64_t t = 0; t < 500; ++t) {
        philox_stream a(rng_seed(3), trial_index(t), stream_id(0)), b(rng_seed(3), trial_index(t), stream_id(0));
        philox_stream aw(rng_seed(3), trial_index(t), stream_id(1)), bw(rng_seed(3), trial_index(t), stream_id(1));
        const auto r1 = run_trial(c, p, a, aw);
        const auto r2 = run_trial(no_min, p, b, bw);
        CHECK(r1.makespan.count() == r2.makespan.count());  // the same trajectory...
        CHECK(r1.cost.value() >= r2.cost.value());          // ...billed at least as much
        with += r1.cost.value();
        without += r2.cost.value();
    }
    CHECK(with > 1.05 * without);
    // With no interruptions the minimum only touches the single session: no difference.
    c.rate = no_min.rate = hazard(0);
    philox_stream a(rng_seed(3), trial_index(0), stream_id(0)), b(rng_seed(3), trial_index(0), stream_id(0));
    philox_stream aw(rng_seed(3), trial_index(0), stream_id(1)), bw(rng_seed(3), trial_index(0), stream_id(1));
    CHECK(run_trial(c, p, a, aw).cost.value() == run_trial(no_min, p, b, bw).cost.value());
}

TEST_CASE("a 24 h maximum lifetime on a 30 h job forces at least one restart in every trial") {
    campaign c = base_campaign();
    c.work = fast_hours(30);
    c.rate = hazard(0.01);
    c.lifetime = fast_hours(24);
    const constant_spot_price p(fast_price_per_hour(1.0));
    for (std::uint64_t t = 0; t < 2000; ++t) {
        philox_stream events(rng_seed(11), trial_index(t), stream_id(0)),
            waits(rng_seed(11), trial_index(t), stream_id(1));
        std::vector<session_record> log;
        const auto r = run_trial(c, p, events, waits, &log);
        CHECK(r.interruptions >= 1);
        for (const auto& s : log) CHECK(s.length.count() <= 24.0 + 1e-12);
    }
}

TEST_CASE("an interruption notice that fits a checkpoint saves the work done up to the notice") {
    campaign c = base_campaign();
    c.every = c.work;  // no regular checkpoints: only the notice can save work
    c.checkpoint_cost = fast_hours(1.0 / 60);
    c.restart = restart_model(fixed_delay(fast_hours(0.25)), delay_billing::unbilled, fast_hours(0));
    c.notice = interruption_notice(fast_hours(2.0 / 60));
    const constant_spot_price p(fast_price_per_hour(1.0));
    for (std::uint64_t t = 0; t < 2000; ++t) {
        philox_stream events(rng_seed(5), trial_index(t), stream_id(0)),
            waits(rng_seed(5), trial_index(t), stream_id(1));
        const auto r = run_trial(c, p, events, waits);
        // Each interruption loses at most the 2-minute notice, then waits 15 minutes.
        CHECK(r.makespan.count() <= 20.0 + r.interruptions * (2.0 / 60 + 0.25) + 1e-9);
    }
    // Without the notice the same job (no checkpoints, λ = 0.4/h over 20 h) almost never ends
    // soon: it would need a 20 h interruption-free stretch. With a notice too short for the
    // checkpoint, nothing is saved.
    c.notice = interruption_notice(fast_hours(0.5 / 60));
    c.work = fast_hours(2);
    c.every = c.work;
    philox_stream events(rng_seed(5), trial_index(0), stream_id(0)), waits(rng_seed(5), trial_index(0), stream_id(1));
    const auto r = run_trial(c, p, events, waits);
    CHECK(r.spot_work.count() == doctest::Approx(2.0));
    CHECK(r.makespan.count() >= 2.0 + r.interruptions * 0.25 - 1e-9);
}

TEST_CASE("the deadline fallback finishes on on-demand when the slack runs out") {
    campaign c = base_campaign();
    c.policy = campaign_policy::deadline_fallback;
    const constant_spot_price p(fast_price_per_hour(0.9));
    SUBCASE("a deadline of exactly overhead + work leaves no room for spot") {
        c.deadline = fast_hours(20.1);
        philox_stream events(rng_seed(1), trial_index(0), stream_id(0)),
            waits(rng_seed(1), trial_index(0), stream_id(1));
        std::vector<session_record> log;
        const auto r = run_trial(c, p, events, waits, &log);
        REQUIRE(log.size() == 1);
        CHECK(log[0].market == market_kind::on_demand);
        // 20.1 h at 3.0737 $/h = 61.78137 $
        CHECK(r.cost.value() == doctest::Approx(20.1 * 3.0737).epsilon(1e-12));
        CHECK(r.makespan.count() == doctest::Approx(20.1));
    }
    SUBCASE("any feasible deadline is met, whatever the interruptions") {
        c.rate = hazard(1.0);
        c.restart = restart_model(exponential_delay(fast_hours(3)), delay_billing::unbilled, fast_hours(0.1));
        for (double d : {20.1, 20.5, 22.0, 26.0, 35.0}) {
            c.deadline = fast_hours(d);
            for (std::uint64_t t = 0; t < 500; ++t) {
                philox_stream events(rng_seed(9), trial_index(t), stream_id(0)),
                    waits(rng_seed(9), trial_index(t), stream_id(1));
                CHECK(run_trial(c, p, events, waits).makespan.count() <= d + 1e-9);
            }
        }
    }
}

TEST_CASE("the delay model draws from its own stream and never shifts the interruptions") {
    campaign fixed = base_campaign();
    campaign drawn = fixed;
    drawn.restart = restart_model(exponential_delay(fast_hours(0.25)), delay_billing::unbilled, fast_hours(0.1));
    const constant_spot_price p(fast_price_per_hour(1.0));
    int with_waits = 0;
    for (std::uint64_t t = 0; t < 300; ++t) {
        philox_stream e1(rng_seed(8), trial_index(t), stream_id(0)), w1(rng_seed(8), trial_index(t), stream_id(1));
        philox_stream e2(rng_seed(8), trial_index(t), stream_id(0)), w2(rng_seed(8), trial_index(t), stream_id(1));
        std::vector<session_record> a, b;
        const auto ra = run_trial(fixed, p, e1, w1, &a);
        const auto rb = run_trial(drawn, p, e2, w2, &b);
        CHECK(w1.draws() == 0);  // a fixed delay draws nothing
        CHECK(w2.draws() == 2 * rb.interruptions);
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].length.count() == b[i].length.count());
        CHECK(ra.spot_work.count() == rb.spot_work.count());
        with_waits += ra.makespan.count() != rb.makespan.count();
    }
    CHECK(with_waits > 250);  // the waits themselves did change
}

TEST_CASE("a plain campaign runs the same trials as the general path") {
    // base_campaign is plain; a notice too short for its 3-minute checkpoint and a lifetime
    // cap no session reaches change nothing, but send the trial down the general path.
    const campaign plain = base_campaign();
    campaign noticed = plain, capped = plain;
    noticed.notice = interruption_notice(fast_hours(2.0 / 60));
    capped.lifetime = fast_hours(1e6);
    REQUIRE(prepared_campaign(plain).plain());
    REQUIRE_FALSE(prepared_campaign(noticed).plain());
    REQUIRE_FALSE(prepared_campaign(capped).plain());
    const constant_spot_price p(fast_price_per_hour(1.0));
    for (const campaign* other : {&noticed, &capped}) {
        for (std::uint64_t t = 0; t < 500; ++t) {
            philox_stream e1(rng_seed(4), trial_index(t), stream_id(0)), w1(rng_seed(4), trial_index(t), stream_id(1));
            philox_stream e2(rng_seed(4), trial_index(t), stream_id(0)), w2(rng_seed(4), trial_index(t), stream_id(1));
            const auto a = run_trial(plain, p, e1, w1);
            const auto b = run_trial(*other, p, e2, w2);
            CHECK(a.cost.value() == b.cost.value());
            CHECK(a.makespan.count() == b.makespan.count());
            CHECK(a.billed.count() == b.billed.count());
            CHECK(a.spot_work.count() == b.spot_work.count());
            CHECK(a.interruptions == b.interruptions);
            // One exponential (two words) per session, and the next session's drawn ahead.
            CHECK(e1.draws() == 2 * (a.interruptions + 2));
            CHECK(e2.draws() == e1.draws());
        }
    }
}

TEST_CASE("floor_of and ceil_of agree with std::floor and std::ceil") {
    for (double v : {0.0, 0.5, 1.0, 1.0 - 0x1p-53, 1.0 + 0x1p-52, 2.5, 99.99999999, 1e15 + 0.5, 0x1p52 - 0.5, 0x1p52,
                     0x1p60, 1e300, std::numeric_limits<double>::infinity()}) {
        for (double x : {v, -v}) {
            CHECK(detail::floor_of(x) == std::floor(x));
            CHECK(detail::ceil_of(x) == std::ceil(x));
        }
    }
    CHECK(std::isnan(detail::floor_of(std::nan(""))));
    CHECK(std::isnan(detail::ceil_of(std::nan(""))));
}

TEST_CASE("failover over identical zones shortens the waits as the closed form of independent zones says") {
    // Lifetimes and outages of exactly 1 h: a zone has capacity half the time. A 2.5 h job with
    // checkpoints every 0.5 h (free) is preempted twice; after each preemption each other zone
    // has capacity with probability 1/2 (relaunch 0.05 h there), else the run waits the home
    // zone's 1 h outage (the others' are no shorter). So E[wait] = (1 - 0.5^(N-1)) 0.05 +
    // 0.5^(N-1) 1 and the makespan is 2.5 h + two waits; the bill is the 2.5 h of running.
    campaign c = half_available_job();
    const constant_spot_price p(fast_price_per_hour(1.0));
    for (int zones : {1, 2, 3}) {
        CAPTURE(zones);
        c.failover_zones = zones;
        const double none_up = std::pow(0.5, zones - 1);
        const double wait = (1 - none_up) * 0.05 + none_up * 1.0;
        const double wait_var = none_up * (1 - none_up) * 0.95 * 0.95;
        const std::uint64_t n = 20000;
        double sum = 0;
        for (std::uint64_t t = 0; t < n; ++t) {
            philox_stream events(rng_seed(5), trial_index(t), stream_id(0)),
                waits(rng_seed(5), trial_index(t), stream_id(1));
            const trial_result r = run_trial(c, p, events, waits);
            CHECK(r.interruptions == 2);
            CHECK(r.cost.value() == doctest::Approx(2.5).epsilon(1e-9));
            sum += r.makespan.count();
        }
        const double se = std::sqrt(2 * wait_var / static_cast<double>(n));
        CHECK(std::abs(sum / n - (2.5 + 2 * wait)) <= 4 * se + 1e-9);
    }
    CHECK(campaign_draws(c).zone_up() == doctest::Approx(0.5));
}

TEST_CASE("a failover zone's chance of capacity is its mean lifetime, capped, over lifetime plus outage") {
    const std::vector<fast_hours> lives{fast_hours(1.0), fast_hours(3.0)}, outs{fast_hours(2.0)};
    campaign c;
    c.lifetimes = lives;
    c.outages = outs;
    c.failover_zones = 2;
    CHECK(campaign_draws(c).zone_up() == doctest::Approx(0.5));
    c.lifetime = fast_hours(1.5);
    CHECK(campaign_draws(c).zone_up() == doctest::Approx(1.25 / 3.25));
    c.failover_zones = 1;
    CHECK(campaign_draws(c).zone_up() == 0.0);
}

TEST_CASE("failover bills each session at the spot price of the zone it runs in") {
    // Two zones, the second at twice the first's price; lifetimes and outages of 1 h (each
    // zone has capacity half the time). The 2.5 h job runs 1 h in zone 0, then 1 h and 0.5 h
    // each in the other zone with probability 1/2 (it has capacity) or in the zone it is in
    // (it waits; the tie goes to the zone that preempted it). E[cost] = 1 + 1.5 + 0.75.
    campaign c = half_available_job();
    c.failover_zones = 2;
    c.zone_price_ratio = {1.0, 2.0};
    const constant_spot_price p(fast_price_per_hour(1.0));
    const std::uint64_t n = 20000;
    double sum = 0;
    for (std::uint64_t t = 0; t < n; ++t) {
        philox_stream events(rng_seed(9), trial_index(t), stream_id(0)),
            waits(rng_seed(9), trial_index(t), stream_id(1));
        std::vector<session_record> log;
        const trial_result r = run_trial(c, p, events, waits, &log);
        REQUIRE(log.size() == 3);
        const double cost = r.cost.value();
        // Each session at price 1 or 2: the first always 1.
        CHECK((cost == doctest::Approx(2.0) || cost == doctest::Approx(2.5) || cost == doctest::Approx(3.0) ||
               cost == doctest::Approx(3.5) || cost == doctest::Approx(4.0)));
        sum += cost;
    }
    CHECK(std::abs(sum / n - 3.25) <= 4 * std::sqrt(0.3125 / n));
}
