// Tests of costsim/engine/cbl_policy.hpp: the rules of Greedy and Uniform Progress, case by case.
#include <costsim/engine/cbl_policy.hpp>

#include <doctest/doctest.h>

using namespace costsim;
using std::chrono::hours;
using std::chrono::minutes;

namespace {
// 48 h of work, d = 12 min, 10-minute ticks, deadline 52 h.
tick_view view(std::int64_t tick, usec done, instance_kind holding, bool spot, usec overhead_left = usec(0)) {
    tick_view v;
    v.tick = tick;
    v.gap = minutes(10);
    v.work = hours(48);
    v.done = done;
    v.deadline = hours(52);
    v.changeover = minutes(12);
    v.overhead_left = overhead_left;
    v.holding = holding;
    v.spot_available = spot;
    return v;
}
constexpr auto none = instance_kind::none, spot = instance_kind::spot, od = instance_kind::on_demand;
}  // namespace

TEST_CASE("floor_div and ceil_div round towards -inf and +inf") {
    CHECK(floor_div(7, 2) == 3);
    CHECK(floor_div(-7, 2) == -4);
    CHECK(ceil_div(7, 2) == 4);
    CHECK(ceil_div(-7, 2) == -3);
    CHECK(ceil_div(6, 2) == 3);
}

TEST_CASE("greedy: spot when available, else wait, far from the deadline") {
    CHECK(decide(tick_policy::greedy, view(0, usec(0), none, true)) == spot);
    CHECK(decide(tick_policy::greedy, view(0, usec(0), none, false)) == none);
    CHECK(decide(tick_policy::greedy, view(5, usec(0), od, true)) == spot);
}

TEST_CASE("greedy: within 2d of the last moment, on-demand unless on spot") {
    // L = 312 − t; n1 = ⌈(48 h + 12 m)/10 m⌉ = 290, n2 = ⌈(48 h + 24 m)/10 m⌉ = 291 from zero progress.
    CHECK(decide(tick_policy::greedy, view(20, usec(0), none, false)) == none);  // L = 292 > n2
    CHECK(decide(tick_policy::greedy, view(21, usec(0), none, false)) == od);    // L = 291 = n2
    CHECK(decide(tick_policy::greedy, view(21, usec(0), none, true)) == od);     // idle: on-demand, not spot
    CHECK(decide(tick_policy::greedy, view(21, usec(0), spot, true)) == spot);   // keeps its spot instance
    CHECK(decide(tick_policy::greedy, view(21, usec(0), od, true)) == od);
}

TEST_CASE("greedy: within d, on-demand unless on a spot instance past its changeover") {
    CHECK(decide(tick_policy::greedy, view(22, usec(0), spot, true)) == spot);            // L = 290 = n1
    CHECK(decide(tick_policy::greedy, view(22, usec(0), spot, true, minutes(2))) == od);  // still restoring
    CHECK(decide(tick_policy::greedy, view(22, usec(0), none, true)) == od);
    tick_view v = view(22, usec(0), spot, true);
    v.changeover = usec(0);
    CHECK(decide(tick_policy::greedy, v) == spot);                                // d = 0: spot whenever available
    CHECK(decide(tick_policy::greedy, view(22, hours(48), spot, true)) == none);  // done
}

TEST_CASE("uniform progress: on-demand when behind and idle, spot when available") {
    // At t = 13 h the line is 12 h of work (48 × 13 / 52).
    CHECK(decide(tick_policy::uniform_progress, view(78, hours(12), none, false)) == none);  // on the line
    CHECK(decide(tick_policy::uniform_progress, view(78, hours(11), none, false)) == od);    // behind
    CHECK(decide(tick_policy::uniform_progress, view(78, hours(11), none, true)) == spot);   // behind, spot up
}

TEST_CASE("uniform progress: hysteresis keeps on-demand until 2d ahead of the line") {
    // t = 13 h: the line 2d later is 48 × (13 h + 24 m)/52 = 12.369 h of work.
    CHECK(decide(tick_policy::uniform_progress, view(78, hours(12) + minutes(20), od, true)) == od);
    CHECK(decide(tick_policy::uniform_progress, view(78, hours(12) + minutes(30), od, true)) == spot);
    CHECK(decide(tick_policy::uniform_progress, view(78, hours(20), od, false)) == od);  // no spot: stay
    // And the safety net: idle with 2d to spare becomes on-demand even when ahead.
    CHECK(decide(tick_policy::uniform_progress, view(21, usec(0), none, false)) == od);
}

TEST_CASE("on_demand and spot_only") {
    CHECK(decide(tick_policy::on_demand, view(0, usec(0), none, true)) == od);
    CHECK(decide(tick_policy::spot_only, view(0, usec(0), none, true)) == spot);
    CHECK(decide(tick_policy::spot_only, view(300, usec(0), none, false)) == none);
}
