// Tests of costsim/models/restart.hpp: restart delays, their billing, and start-up overhead.
#include <costsim/models/restart.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;
using doctest::Approx;

namespace {
philox_stream stream(std::uint64_t trial) { return philox_stream(rng_seed(5), trial_index(trial), stream_id(1)); }
const fast_hours quarter_hour(0.25);
}  // namespace

TEST_CASE("a fixed delay is always the same, and draws no randomness") {
    const fixed_delay d(quarter_hour);
    philox_stream s = stream(0);
    for (int i = 0; i < 10; ++i) CHECK(d.draw(s) == quarter_hour);
    CHECK(s.draws() == 0);  // delays have a stream of their own: nothing to keep aligned
    CHECK(d.mean() == quarter_hour);
    CHECK_THROWS_AS(fixed_delay(fast_hours(-0.1)), value_error);
    CHECK_THROWS_AS(fixed_delay(fast_hours(std::numeric_limits<double>::infinity())), value_error);
}

TEST_CASE("an exponential delay has the requested mean") {
    const exponential_delay d(quarter_hour);
    CHECK(d.mean() == quarter_hour);
    philox_stream s = stream(1);
    const std::size_t n = 400'000;
    double sum = 0.0;
    std::size_t negative = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double t = d.draw(s).count();
        negative += t < 0.0;
        sum += t;
    }
    CHECK(negative == 0);
    const double se = 0.25 / std::sqrt(static_cast<double>(n));
    CHECK(std::fabs(sum / static_cast<double>(n) - 0.25) < 5.0 * se);
    CHECK_THROWS_AS(exponential_delay(fast_hours(-1.0)), value_error);
}

TEST_CASE("an empirical delay draws each observed value with probability 1/n") {
    const empirical_delay d({fast_hours(0.0), fast_hours(0.1), fast_hours(0.5), fast_hours(2.0)});
    CHECK(d.mean().count() == Approx(0.65));
    philox_stream s = stream(2);
    const std::size_t n = 400'000;
    std::array<std::size_t, 4> hits{};
    for (std::size_t i = 0; i < n; ++i) {
        const double t = d.draw(s).count();
        if (t == 0.0)
            ++hits[0];
        else if (t == 0.1)
            ++hits[1];
        else if (t == 0.5)
            ++hits[2];
        else if (t == 2.0)
            ++hits[3];
        else
            FAIL("drew a value that was not observed: " << t);
    }
    const double se = std::sqrt(0.25 * 0.75 / static_cast<double>(n));
    for (std::size_t k = 0; k < 4; ++k) {
        INFO("value " << k);
        CHECK(std::fabs(static_cast<double>(hits[k]) / static_cast<double>(n) - 0.25) < 5.0 * se);
    }
    SUBCASE("one sample is always drawn; no samples or a negative one are rejected") {
        const empirical_delay one({quarter_hour});
        CHECK(one.draw(s) == quarter_hour);
        CHECK_THROWS_AS(empirical_delay({}), value_error);
        CHECK_THROWS_AS(empirical_delay({fast_hours(1.0), fast_hours(-0.5)}), value_error);
    }
}

TEST_CASE("a restart model combines a delay, its billing and the per-session overhead") {
    SUBCASE("the default is no delay, unbilled, no overhead") {
        const restart_model r;
        philox_stream s = stream(3);
        CHECK(draw_delay(r.delay, s).count() == 0.0);
        CHECK_FALSE(r.delay_billed());
        CHECK(r.overhead.count() == 0.0);
    }
    SUBCASE("SPEC's 15 min unbilled delay with a 12 min overhead") {
        const restart_model r(fixed_delay(quarter_hour), delay_billing::unbilled, fast_hours(0.2));
        philox_stream s = stream(4);
        CHECK(draw_delay(r.delay, s) == quarter_hour);
        CHECK(mean_delay(r.delay) == quarter_hour);
        CHECK_FALSE(r.delay_billed());
        CHECK(r.overhead.count() == Approx(0.2));
    }
    SUBCASE("a billed exponential delay dispatches to the exponential model") {
        const restart_model r(exponential_delay(fast_hours(1.0)), delay_billing::billed, fast_hours(0.0));
        CHECK(r.delay_billed());
        CHECK(mean_delay(r.delay).count() == 1.0);
        philox_stream a = stream(5), b = stream(5);
        CHECK(draw_delay(r.delay, a) == b.exponential(fast_hours(1.0)));  // same numbers, same law
    }
    SUBCASE("an empirical delay dispatches to the empirical model") {
        const restart_model r(empirical_delay({fast_hours(3.0)}), delay_billing::unbilled, fast_hours(0.0));
        philox_stream s = stream(6);
        CHECK(draw_delay(r.delay, s).count() == 3.0);
        CHECK(mean_delay(r.delay).count() == 3.0);
    }
    SUBCASE("a negative overhead is rejected") {
        CHECK_THROWS_AS(restart_model(fixed_delay(quarter_hour), delay_billing::unbilled, fast_hours(-0.1)),
                        value_error);
    }
}
