// Tests of costsim/engine/tick_trial.hpp: the event-driven engine against the tick-by-tick loop,
// the paper's accounting by hand, session billing, and a job that outlasts its window.
#include <costsim/engine/tick_trial.hpp>
#include <costsim/io/trace_json.hpp>

#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;
using std::chrono::hours;
using std::chrono::minutes;

namespace {
const std::string cbl = std::string(COSTSIM_PRICING_DATA) + "/spot-traces/cbl-eval-2022-10";  // bundled

tick_campaign paper(tick_policy p, usec deadline, usec d = minutes(12)) {
    tick_campaign c;
    c.policy = p;
    c.gap = minutes(10);
    c.work = hours(48);
    c.changeover = d;
    c.deadline = deadline;
    c.per_tick_billing = true;
    c.on_demand = fast_price_per_hour(3.06);
    return c;
}

void check_same(const tick_trial_result& a, const tick_trial_result& b) {
    CHECK(a.outlasted == b.outlasted);
    CHECK(a.ticks == b.ticks);
    CHECK(a.result.cost.value() == doctest::Approx(b.result.cost.value()).epsilon(1e-12));
    CHECK(a.result.makespan.count() == doctest::Approx(b.result.makespan.count()).epsilon(1e-12));
    CHECK(a.result.billed.count() == doctest::Approx(b.result.billed.count()).epsilon(1e-12));
    CHECK(a.result.spot_work.count() == doctest::Approx(b.result.spot_work.count()).epsilon(1e-12));
    CHECK(a.result.interruptions == b.result.interruptions);
}
}  // namespace

TEST_CASE("by hand: a short job, a preemption, a changeover, per-tick charges") {
    // 10-minute ticks: spot up 3 ticks, down 2, up again. 40 minutes of work, d = 5 min.
    spot_trace t(minutes(10), {0, 0, 0, 1, 1, 0, 0, 0, 0, 0});
    tick_campaign c;
    c.policy = tick_policy::spot_only;
    c.gap = minutes(10);
    c.work = minutes(40);
    c.changeover = minutes(5);
    c.per_tick_billing = true;
    constant_spot_price p(fast_price_per_hour(6.0));  // 1 $ per tick
    trace_window_source src(t, 0, t.ticks());
    tick_trial_result r = run_tick_trial(c, src, p);
    // Ticks 0-2: 5 + 10 + 10 = 25 min of work; preempted at 3; waits 3, 4; tick 5: d then 5 min,
    // tick 6: 10 min (40 done at 6 + 10 min). Held: ticks 0, 1, 2, 5, 6 = 5 ticks.
    CHECK_FALSE(r.outlasted);
    CHECK(r.result.interruptions == 1);
    CHECK(r.result.cost.value() == doctest::Approx(5.0));
    CHECK(r.result.billed.count() == doctest::Approx(50.0 / 60));
    CHECK(r.result.makespan.count() == doctest::Approx(70.0 / 60));
    CHECK(r.result.spot_work.count() == doctest::Approx(40.0 / 60));
    check_same(r, run_tick_trial_per_tick(c, src, p));

    // By the offer's rule instead: sessions [0, 30) and [50, 70) min, per second.
    c.per_tick_billing = false;
    c.billing = fast_billing{fast_hours(1.0 / 3600), fast_hours(0)};
    r = run_tick_trial(c, src, p);
    CHECK(r.result.billed.count() == doctest::Approx(50.0 / 60));
    CHECK(r.result.cost.value() == doctest::Approx(5.0));
    // A 1 h minimum per session bills two hours.
    c.billing = fast_billing{fast_hours(1.0 / 3600), fast_hours(1.0)};
    CHECK(run_tick_trial(c, src, p).result.billed.count() == doctest::Approx(2.0));
}

TEST_CASE("a job that outlasts its window says so; it is never wrapped around") {
    spot_trace t(minutes(10), {0, 1, 1, 1, 1, 1});
    tick_campaign c;
    c.policy = tick_policy::spot_only;
    c.gap = minutes(10);
    c.work = hours(1);
    c.per_tick_billing = true;
    constant_spot_price p(fast_price_per_hour(1.0));
    trace_window_source src(t, 0, t.ticks());
    tick_trial_result r = run_tick_trial(c, src, p);
    CHECK(r.outlasted);
    CHECK(r.ticks == 6);
}

TEST_CASE("on the paper's traces and windows, the event-driven engine equals the tick-by-tick loop") {
    trace_windows w = load_trace_windows(cbl + "/random_windows.json");
    constant_spot_price p(fast_price_per_hour(0.9731));
    std::uint64_t events = 0, ticks = 0;
    for (const char* name : {"us-west-2a_v100_1", "us-west-2b_v100_1", "us-west-2a_k80_8", "us-west-2b_v100_8"}) {
        spot_trace t = load_spot_trace(cbl + "/" + name + ".json");
        for (usec deadline :
             {usec(hours(52)), std::chrono::duration_cast<usec>(std::chrono::duration<double, std::ratio<3600>>(53.3)),
              usec(hours(64)), usec(hours(70))})
            for (usec d : {usec(0), usec(minutes(12)), usec(minutes(24)), usec(std::chrono::seconds(72))})
                for (auto pol : {tick_policy::greedy, tick_policy::uniform_progress, tick_policy::spot_only,
                                 tick_policy::on_demand}) {
                    tick_campaign c = paper(pol, deadline, d);
                    const auto& ws = w.of(name);
                    for (std::size_t i = 0; i < ws.size(); i += 7) {
                        trace_window_source src(t, ws[i].start, ws[i].end);
                        tick_trial_result a = run_tick_trial(c, src, p);
                        tick_trial_result b = run_tick_trial_per_tick(c, src, p);
                        check_same(a, b);
                        events += a.events;
                        ticks += static_cast<std::uint64_t>(b.ticks);
                        if (pol == tick_policy::greedy || pol == tick_policy::uniform_progress) {
                            CHECK_FALSE(a.outlasted);
                            CHECK(a.result.makespan <= to_fast_hours(deadline));
                        }
                    }
                }
    }
    MESSAGE("decisions taken: " << events << " for " << ticks << " ticks");
    CHECK(events * 3 < ticks);  // event-driven: far fewer decisions than ticks
}

TEST_CASE("the paper's setting on us-west-2a_v100_1: costsim's Greedy and Uniform Progress") {
    trace_windows w = load_trace_windows(cbl + "/random_windows.json");
    spot_trace t = load_spot_trace(cbl + "/us-west-2a_v100_1.json");
    constant_spot_price p(fast_price_per_hour(0.9731));
    auto mean_cost = [&](tick_policy pol, usec deadline) {
        tick_campaign c = paper(pol, deadline);
        double sum = 0;
        for (const auto& x : w.of(t.name())) {
            trace_window_source src(t, x.start, x.end);
            sum += run_tick_trial(c, src, p).result.cost.value();
        }
        return sum / static_cast<double>(w.of(t.name()).size());
    };
    // An independent tick-by-tick re-implementation of the paper simulator's rules (in
    // Python, kept out of the repository) gives these means over the 300 windows.
    CHECK(mean_cost(tick_policy::greedy, hours(52)) == doctest::Approx(120.5914).epsilon(1e-6));
    CHECK(mean_cost(tick_policy::uniform_progress, hours(52)) == doctest::Approx(107.3143).epsilon(1e-6));
    CHECK(mean_cost(tick_policy::greedy, hours(70)) == doctest::Approx(87.2455).epsilon(1e-6));
    CHECK(mean_cost(tick_policy::uniform_progress, hours(70)) == doctest::Approx(72.5404).epsilon(1e-6));
    CHECK(mean_cost(tick_policy::on_demand, hours(52)) == doctest::Approx(147.90).epsilon(1e-9));  // 290 ticks × 0.51 $
}
