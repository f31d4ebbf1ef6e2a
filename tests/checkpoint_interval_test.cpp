// Tests of costsim/models/checkpoint_interval.hpp: Young's and Daly's intervals.
#include <costsim/models/checkpoint_interval.hpp>

#include <cmath>
#include <limits>

#include <doctest/doctest.h>

using namespace costsim;
using doctest::Approx;

namespace {
const fast_hours five_minutes(5.0 / 60.0);
}

TEST_CASE("Young's interval is the square root of twice the cost times the MTBI") {
    // δ = 5 min = 1/12 h: M = 24 h -> √(2·24/12) = √4 = 2 h; M = 6 h -> √1 = 1 h;
    // M = 15 min -> √(2·(1/12)·(1/4)) = √(1/24) = 0.204124 h.
    CHECK(young_interval(five_minutes, fast_hours(24.0)).count() == Approx(2.0).epsilon(1e-15));
    CHECK(young_interval(five_minutes, fast_hours(6.0)).count() == Approx(1.0).epsilon(1e-15));
    CHECK(young_interval(five_minutes, fast_hours(0.25)).count() == Approx(0.204124).epsilon(1e-6));
    CHECK(young_interval(fast_hours(0.1), fast_hours(20.0)).count() == Approx(2.0).epsilon(1e-15));
}

TEST_CASE("Daly's interval matches the published higher-order formula") {
    // τ = √(2δM)·[1 + ⅓√(δ/2M) + ⅑(δ/2M)] − δ, δ = 1/12 h:
    // M = 24 h: δ/2M = 1/576, √ = 1/24; bracket = 1 + 1/72 + 1/5184 = 1.01408179;
    //           τ = 2·1.01408179 − 0.0833333 = 1.94483 h (116.690 min).
    // M = 6 h:  δ/2M = 1/144, √ = 1/12; bracket = 1 + 1/36 + 1/1296 = 1.02854938;
    //           τ = 1·1.02854938 − 0.0833333 = 0.945216 h (56.7130 min).
    // M = 15 min: δ/2M = 1/6, √ = 0.40824829; bracket = 1 + 0.13608276 + 0.01851852 = 1.15460128;
    //           τ = 0.20412415·1.15460128 − 0.0833333 = 0.152349 h (9.14092 min).
    CHECK(daly_interval(five_minutes, fast_hours(24.0)).count() == Approx(1.94483).epsilon(1e-6));
    CHECK(daly_interval(five_minutes, fast_hours(6.0)).count() == Approx(0.945216).epsilon(1e-6));
    CHECK(daly_interval(five_minutes, fast_hours(0.25)).count() == Approx(0.152349).epsilon(1e-6));
    // Exact closed forms for the first two: 2·(1 + 1/72 + 1/5184) − 1/12 and 1 + 1/36 + 1/1296 − 1/12.
    CHECK(daly_interval(five_minutes, fast_hours(24.0)).count() ==
          Approx(2.0 * (1.0 + 1.0 / 72.0 + 1.0 / 5184.0) - 1.0 / 12.0).epsilon(1e-14));
    CHECK(daly_interval(five_minutes, fast_hours(6.0)).count() ==
          Approx(1.0 + 1.0 / 36.0 + 1.0 / 1296.0 - 1.0 / 12.0).epsilon(1e-14));
}

TEST_CASE("Daly's interval is the MTBI once the checkpoint costs twice the MTBI or more") {
    CHECK(daly_interval(fast_hours(2.0), fast_hours(1.0)).count() == 1.0);
    CHECK(daly_interval(fast_hours(5.0), fast_hours(1.0)).count() == 1.0);
    // Just below the switch the formula applies: δ = 1.9, M = 1: x = 0.95,
    // √3.8·(1 + √0.95/3 + 0.95/9) − 1.9 = 1.949359·1.430449 − 1.9 = 0.888458.
    CHECK(daly_interval(fast_hours(1.9), fast_hours(1.0)).count() == Approx(0.888458).epsilon(1e-6));
}

TEST_CASE("without interruptions the interval is unbounded, and bad inputs are rejected") {
    const fast_hours never(std::numeric_limits<double>::infinity());
    CHECK(std::isinf(young_interval(five_minutes, never).count()));
    CHECK(std::isinf(daly_interval(five_minutes, never).count()));
    CHECK_THROWS_AS(young_interval(fast_hours(0.0), fast_hours(1.0)), value_error);
    CHECK_THROWS_AS(daly_interval(fast_hours(-1.0), fast_hours(1.0)), value_error);
    CHECK_THROWS_AS(daly_interval(five_minutes, fast_hours(0.0)), value_error);
    CHECK_THROWS_AS(young_interval(five_minutes, fast_hours(std::nan(""))), value_error);
}
