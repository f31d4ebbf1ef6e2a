// Tests of costsim/engine/failover.hpp: relaunching in the next zone, against the
// single-zone tick trial it must equal on one zone, hand-counted invoices, the drawn zones'
// stationary start against its closed form, and the study reader's refusals.
#include <doctest/doctest.h>
#include <costsim/engine/failover.hpp>
#include <costsim/engine/tick_trial.hpp>
#include <costsim/io/failover_json.hpp>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

using namespace costsim;
using doctest::Approx;
using std::chrono::hours;
using std::chrono::minutes;

namespace {

const std::string pricing = COSTSIM_PRICING_DATA;

usec us(std::chrono::seconds s) { return std::chrono::duration_cast<usec>(s); }

// A trace from availability flags (1 = available), in the preempted sense.
spot_trace trace_of(const std::vector<int>& up, usec gap = us(hours(1)), std::string name = "t") {
    std::vector<std::uint32_t> v;
    for (int x : up) v.push_back(x ? 0u : 1u);
    return spot_trace(gap, v, std::move(name));
}

failover_zone zone(std::string name, std::string region, double spot, std::size_t lane) {
    failover_zone z;
    z.name = std::move(name);
    z.region = std::move(region);
    z.spot = fast_price_per_hour(spot);
    z.on_demand = fast_price_per_hour(10.0);
    z.billing = fast_billing{fast_hours(1.0 / 3600), fast_hours(0)};
    z.lane = lane;
    return z;
}

failover_campaign make_failover(std::vector<failover_zone> zones, usec work, usec relaunch = usec(0)) {
    failover_campaign c;
    c.zones = std::move(zones);
    c.gap = us(hours(1));
    c.work = work;
    c.relaunch = relaunch;
    return c;
}

// A pseudo-random availability pattern with runs (deterministic, no RNG needed).
std::vector<int> pattern(unsigned seed, int n) {
    std::vector<int> out;
    unsigned x = seed * 2654435761u + 1;
    int state = 1;
    while (static_cast<int>(out.size()) < n) {
        x = x * 1103515245u + 12345u;
        const int len = 1 + static_cast<int>((x >> 16) % 7);
        for (int i = 0; i < len && static_cast<int>(out.size()) < n; ++i) out.push_back(state);
        state = 1 - state;
    }
    return out;
}

}  // namespace

TEST_CASE("failover over one zone is the single-zone tick trial, for every policy") {
    for (unsigned seed = 1; seed <= 25; ++seed) {
        const spot_trace t = trace_of(pattern(seed, 200), us(minutes(10)));
        std::vector<const spot_trace*> traces{&t};
        for (tick_policy p :
             {tick_policy::spot_only, tick_policy::greedy, tick_policy::uniform_progress, tick_policy::on_demand}) {
            failover_campaign f = make_failover({zone("a", "r", 0.9, 0)}, us(hours(5)));
            f.gap = us(minutes(10));
            f.changeover = us(minutes(7));
            f.policy = p;
            f.deadline = us(hours(12));
            f.zones[0].billing = fast_billing{fast_hours(1.0 / 60), fast_hours(0.1)};
            tick_campaign c;
            c.policy = p;
            c.gap = f.gap;
            c.work = f.work;
            c.changeover = f.changeover;
            c.deadline = f.deadline;
            c.billing = f.zones[0].billing;
            c.on_demand = f.zones[0].on_demand;
            constant_spot_price price(fast_price_per_hour(0.9));
            for (std::int64_t start : {0, 17, 60}) {
                trace_window_source one(t, start, t.ticks());
                const tick_trial_result want = run_tick_trial_per_tick(c, one, price);
                aligned_traces_window many(traces, start, t.ticks());
                const failover_trial_result got = run_failover_trial(f, many);
                CAPTURE(seed);
                CAPTURE(start);
                CHECK(got.outlasted == want.outlasted);
                CHECK(got.result.cost.value() == Approx(want.result.cost.value()).epsilon(1e-12));
                CHECK(got.result.makespan.count() == Approx(want.result.makespan.count()).epsilon(1e-12));
                CHECK(got.result.billed.count() == Approx(want.result.billed.count()).epsilon(1e-12));
                CHECK(got.result.spot_work.count() == Approx(want.result.spot_work.count()).epsilon(1e-12));
                CHECK(got.result.interruptions == want.result.interruptions);
                CHECK(got.moves == 0);
            }
        }
    }
}

TEST_CASE("a preempted job relaunches in the next zone with capacity, pays the relaunch delay and the egress") {
    // Zone a: spot for 4 h, then none. Zone b: never. Zone c (another region): always.
    const spot_trace a = trace_of({1, 1, 1, 1, 0, 0, 0, 0, 0, 0}), b = trace_of({0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
                     c = trace_of({1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    std::vector<const spot_trace*> traces{&a, &b, &c};
    failover_campaign f = make_failover({zone("a", "r1", 1.0, 0), zone("b", "r1", 0.5, 1), zone("c", "r2", 2.0, 2)},
                                        us(hours(6)), us(minutes(30)));
    f.checkpoint_gb = 10;
    f.zones[0].egress_per_gb = fast_money(0.1);
    aligned_traces_window w(traces, 0, 10);
    const failover_trial_result r = run_failover_trial(f, w);
    // 4 h on a; at tick 4 a is gone, b has none: c, whose first 30 min make no progress;
    // 2 h left: 0.5 h in tick 4, 1 h in tick 5, 0.5 h in tick 6 -> done at 6.5 h.
    CHECK(r.result.makespan.count() == Approx(6.5));
    CHECK(r.result.interruptions == 1);
    CHECK(r.moves == 1);
    CHECK(r.transfers == 1);
    CHECK(r.unpriced_transfers == 0);
    CHECK(r.transfer_cost.value() == Approx(1.0));
    // 4 h at 1.0 on a, 2.5 h at 2.0 on c, 10 GB at 0.1 leaving r1.
    CHECK(r.result.cost.value() == Approx(4.0 + 5.0 + 1.0));
    CHECK(r.result.spot_work.count() == Approx(6.0));

    SUBCASE("with no egress price the move is counted, not charged") {
        f.zones[0].egress_per_gb.reset();
        aligned_traces_window w2(traces, 0, 10);
        const failover_trial_result u = run_failover_trial(f, w2);
        CHECK(u.transfers == 1);
        CHECK(u.unpriced_transfers == 1);
        CHECK(u.result.cost.value() == Approx(9.0));
    }
    SUBCASE("a zone in the same region moves no checkpoint") {
        f.zones[2].region = "r1";
        aligned_traces_window w2(traces, 0, 10);
        const failover_trial_result u = run_failover_trial(f, w2);
        CHECK(u.moves == 1);
        CHECK(u.transfers == 0);
        CHECK(u.result.cost.value() == Approx(9.0));
    }
}

TEST_CASE("listed order goes on after the zone that preempted, recent order to the most available zone") {
    // a: lost at tick 2; b: lost at tick 4; c: always; every zone has spot at first.
    const spot_trace a = trace_of({1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1}),
                     b = trace_of({1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}),
                     c = trace_of({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
    std::vector<const spot_trace*> traces{&a, &b, &c};
    failover_campaign f =
        make_failover({zone("a", "r", 1.0, 0), zone("b", "r", 1.0, 1), zone("c", "r", 1.0, 2)}, us(hours(8)));
    SUBCASE("listed: a, then b (next after a), then c") {
        aligned_traces_window w(traces, 0, 12);
        const failover_trial_result r = run_failover_trial(f, w);
        CHECK(r.result.interruptions == 2);
        CHECK(r.moves == 2);
        CHECK(r.result.makespan.count() == Approx(8.0));
    }
    SUBCASE("recent breaks a tie in list order") {
        f.order = failover_order::recent;
        f.recent_ticks = 3;
        // Started at trace tick 3: a is down; b and c had spot in all 3 ticks before: b,
        // listed first. b is lost a tick later: c.
        aligned_traces_window w(traces, 3, 12);
        const failover_trial_result r = run_failover_trial(f, w);
        CHECK(r.moves == 1);
        CHECK(r.result.interruptions == 1);
        CHECK(r.result.makespan.count() == Approx(8.0));
    }
    SUBCASE("recent prefers the zone that had spot longer over the look-back") {
        // At tick 8, a is back (1 of the last 6 ticks... 0 of ticks 2..7) and c (6 of 6).
        const spot_trace a2 = trace_of({0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        const spot_trace c2 = trace_of({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        std::vector<const spot_trace*> t2{&a2, &c2};
        failover_campaign g = make_failover({zone("a", "r", 0.1, 0), zone("c", "r", 5.0, 1)}, us(hours(2)));
        g.order = failover_order::recent;
        g.recent_ticks = 6;
        aligned_traces_window w(t2, 8, 20);
        CHECK(run_failover_trial(g, w).result.cost.value() == Approx(10.0));  // c, at 5.0
        g.order = failover_order::listed;
        aligned_traces_window w2(t2, 8, 20);
        CHECK(run_failover_trial(g, w2).result.cost.value() == Approx(0.2));  // a, listed first
    }
}

TEST_CASE("on-demand runs in the fallback zone, and a campaign that cannot run is refused") {
    const spot_trace a = trace_of({0, 0, 0, 0, 0, 0});
    std::vector<const spot_trace*> traces{&a};
    failover_campaign f = make_failover({zone("a", "r", 1.0, 0)}, us(hours(3)));
    f.policy = tick_policy::on_demand;
    aligned_traces_window w(traces, 0, 6);
    CHECK(run_failover_trial(f, w).result.cost.value() == Approx(30.0));
    f.policy = tick_policy::greedy;
    CHECK_THROWS_AS(run_failover_trial(f, w), model_error);  // no deadline
    f.policy = tick_policy::spot_only;
    f.fallback = 3;
    CHECK_THROWS_AS(run_failover_trial(f, w), model_error);
    f.fallback = 0;
    f.order = failover_order::recent;
    CHECK_THROWS_AS(run_failover_trial(f, w), model_error);  // no look-back
    f.order = failover_order::listed;
    const failover_trial_result r = run_failover_trial(f, w);  // never any spot: outlasts
    CHECK(r.outlasted);
}

TEST_CASE("drawn zones start at a stationary point: available at any tick with the trace's share of time") {
    // Lifetimes of 3 and 5 ticks (mean 4), outages of 2, 10 and 6 (mean 6): available
    // 4 / (4 + 6) = 40 % of the time (not 8 / 26, the pools' share of ticks).
    const std::vector<zone_runs> runs{{{3, 5}, {2, 10, 6}}, {{4}, {}}, {{}, {7}}};
    const int n = 20000;
    int up0 = 0, up37 = 0, always = 0, never = 0;
    for (int t = 0; t < n; ++t) {
        std::vector<philox_stream> s;
        for (std::uint32_t z = 0; z < 3; ++z)
            s.emplace_back(rng_seed(7), trial_index(static_cast<std::uint64_t>(t)), streams::failover_zone(z));
        drawn_zones d(runs, s, 5, 100);
        up0 += d.available(0, -5) ? 1 : 0;
        up37 += d.available(0, 37) ? 1 : 0;
        always += d.available(1, 50) ? 1 : 0;
        never += d.available(2, 50) ? 1 : 0;
    }
    const double p = 0.4, se = std::sqrt(p * (1 - p) / n);
    CHECK(std::abs(up0 / double(n) - p) < 4 * se);
    CHECK(std::abs(up37 / double(n) - p) < 4 * se);
    CHECK(always == n);
    CHECK(never == 0);
}

TEST_CASE("Monte Carlo failover is reproducible and pairs its campaigns on the same drawn zones") {
    const std::vector<zone_runs> runs{{{3, 5}, {2, 10}}, {{6}, {1, 2}}};
    failover_campaign one = make_failover({zone("a", "r", 1.0, 0)}, us(hours(6)));
    failover_campaign both = make_failover({zone("a", "r", 1.0, 0), zone("b", "r", 1.0, 1)}, us(hours(6)));
    const failover_outcomes x = simulate_failover(one, runs, 500, 3, 0, 400);
    const failover_outcomes y = simulate_failover(one, runs, 500, 3, 0, 400);
    CHECK(x.cost == y.cost);
    CHECK(x.makespan == y.makespan);
    const failover_outcomes z = simulate_failover(both, runs, 500, 3, 0, 400);
    REQUIRE(x.finished == 500);
    REQUIRE(z.finished == 500);
    // Another zone to go to never makes the same job (same drawn zones) finish later.
    for (std::size_t i = 0; i < 500; ++i) CHECK(z.makespan[i] <= x.makespan[i] + 1e-9);
}

namespace {
std::string study_error(json doc) {
    try {
        const failover_study s = parse_failover_study(json_cursor(doc, "study.json"));
        resolve_failover(s, pricing + "/gpu_cloud_2026.json");
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}

json gcp_study() {
    const std::string dir = pricing + "/spot-traces/spothedge-gcp-a100/";
    json z = json::array();
    for (const char* name : {"us-central1-a", "europe-west4-a"})
        z.push_back({{"name", name},
                     {"offer", std::string("gcp/") + name + "/a2-highgpu-8g"},
                     {"trace", dir + name + "_a100_40gb_8.json"},
                     {"sense", "obtainable"}});
    return {{"schema", "costsim.failover/v1"}, {"name", "t"}, {"work", "4h"}, {"deadline", "8h"}, {"zones", z}};
}
}  // namespace

TEST_CASE("a failover study resolves its offers and traces, in the price order it asks for") {
    json d = gcp_study();
    d["order"] = "price";
    const resolved_failover r =
        resolve_failover(parse_failover_study(json_cursor(d, "s.json")), pricing + "/gpu_cloud_2026.json");
    REQUIRE(r.zones.size() == 2);
    CHECK(r.gap == us(std::chrono::seconds(150)));
    CHECK(r.ticks == 770);
    CHECK(r.zones[1].availability == Approx(1.0));
    const failover_campaign c = r.over_all(tick_policy::spot_only);
    // europe-west4-a's spot (11.90) is cheaper than us-central1-a's (14.43): tried first;
    // on-demand stays in the home zone, us-central1-a.
    CHECK(c.zones[0].name == "europe-west4-a");
    CHECK(c.zones[0].lane == 1);
    CHECK(c.fallback == 1);
    CHECK(c.zones[c.fallback].on_demand.value() == Approx(29.38708));
}

TEST_CASE("bad failover studies are refused with the file and JSON pointer") {
    json d = gcp_study();
    SUBCASE("an unknown order") {
        d["order"] = "cheapest";
        CHECK(study_error(d).rfind("study.json: /order: \"listed\", \"price\"", 0) == 0);
    }
    SUBCASE("order recent without a look-back") {
        d["order"] = "recent";
        CHECK(study_error(d).find("/order: \"recent\" with a \"recent_window\"") != std::string::npos);
    }
    SUBCASE("a look-back without order recent") {
        d["recent_window"] = "6h";
        CHECK(study_error(d).find("/recent_window: no look-back unless") != std::string::npos);
    }
    SUBCASE("a deadline shorter than the work") {
        d["deadline"] = "3h";
        CHECK(study_error(d).find("/deadline: a deadline no shorter than the work") != std::string::npos);
    }
    SUBCASE("an unknown offer, with near ids") {
        d["zones"][1]["offer"] = "gcp/europe-west4-a/a2-highgpu-9g";
        const std::string e = study_error(d);
        CHECK(e.find("/zones/1/offer: an offer id of catalog") != std::string::npos);
        CHECK(e.find("did you mean gcp/europe-west4-a/a2-highgpu-") != std::string::npos);
    }
    SUBCASE("traces that are not aligned") {
        d["zones"][1]["trace"] = pricing + "/spot-traces/cbl-eval-2022-10/us-west-2a_v100_1.json";
        CHECK(study_error(d).find(
                  "/zones/1/trace: a trace aligned with the first zone's (770 ticks of 2.5m), got 1781 ticks of 10m") !=
              std::string::npos);
    }
    SUBCASE("a missing trace file") {
        d["zones"][0]["trace"] = "nowhere.json";
        CHECK(study_error(d).find("/zones/0/trace: a spot trace file") != std::string::npos);
    }
    SUBCASE("a zone listed twice") {
        d["zones"][1]["name"] = "us-central1-a";
        CHECK(study_error(d).find("/zones/1/name: a zone name not listed before") != std::string::npos);
    }
    SUBCASE("a negative egress price") {
        d["zones"][0]["egress_per_gb"] = "-0.1";
        CHECK(study_error(d).find("/zones/0/egress_per_gb: a non-negative decimal") != std::string::npos);
    }
    SUBCASE("a bad sense") {
        d["zones"][0]["sense"] = "available";
        CHECK(study_error(d).find("/zones/0/sense: \"preempted\"") != std::string::npos);
    }
    SUBCASE("an unknown key") {
        d["zones"][0]["price"] = "1";
        CHECK(study_error(d).find("/zones/0") != std::string::npos);
    }
}

TEST_CASE("a single-zone campaign of a study reads that zone's availability") {
    const resolved_failover r =
        resolve_failover(parse_failover_study(json_cursor(gcp_study(), "s.json")), pricing + "/gpu_cloud_2026.json");
    const failover_campaign c = r.in_zone(1, tick_policy::spot_only);
    REQUIRE(c.zones.size() == 1);
    CHECK(c.zones[0].lane == 1);
    CHECK(c.zones[0].name == "europe-west4-a");
    // On-demand is the home zone's wherever spot runs.
    CHECK(c.zones[0].on_demand.value() == Approx(29.38708));
}
