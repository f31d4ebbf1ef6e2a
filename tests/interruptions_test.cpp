// Tests of costsim/models/interruptions.hpp: each model's time to interruption.
#include <costsim/models/interruptions.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;
using doctest::Approx;

static_assert(interruption_model<poisson_interruptions>);
static_assert(interruption_model<max_lifetime>);
static_assert(!interruption_model<interruption_notice>);  // a warning, not a model of when

namespace {

philox_stream stream(std::uint64_t trial) { return philox_stream(rng_seed(99), trial_index(trial), stream_id(0)); }

constexpr std::size_t n_draws = 400'000;

}  // namespace

TEST_CASE("Poisson interruptions arrive after one over the hazard on average") {
    const poisson_interruptions m(hazard(0.05));
    CHECK(m.mean_time_to_interruption().count() == Approx(20.0));
    philox_stream s = stream(1);
    double sum = 0.0;
    for (std::size_t i = 0; i < n_draws; ++i) sum += m.time_to_interruption(s).count();
    const double mean = sum / n_draws;
    const double se = 20.0 / std::sqrt(static_cast<double>(n_draws));  // sd of Exp = its mean
    CHECK(std::fabs(mean - 20.0) < 5.0 * se);

    SUBCASE("a zero hazard never interrupts") {
        const poisson_interruptions never{hazard{}};
        CHECK(std::isinf(never.time_to_interruption(s).count()));
        CHECK(std::isinf(never.mean_time_to_interruption().count()));
    }
}

TEST_CASE("Spot Advisor buckets read naively give a hazard through the month's fraction") {
    // f = 2.5 %, 7.5 %, 12.5 %, 17.5 %, 25 %; λ = -ln(1 - f) / 730 h:
    //   -ln(0.975)/730 = 3.468193e-05/h (MTBI 28833.46 h), -ln(0.925)/730 = 1.067966e-04,
    //   -ln(0.875)/730 = 1.829197e-04, -ln(0.825)/730 = 2.635231e-04, -ln(0.75)/730 = 3.940850e-04.
    CHECK(advisor_monthly_fraction(advisor_bucket::under_5) == 0.025);
    CHECK(advisor_monthly_fraction(advisor_bucket::from_5_to_10) == 0.075);
    CHECK(advisor_monthly_fraction(advisor_bucket::from_10_to_15) == 0.125);
    CHECK(advisor_monthly_fraction(advisor_bucket::from_15_to_20) == 0.175);
    CHECK(advisor_monthly_fraction(advisor_bucket::over_20) == 0.25);
    CHECK(advisor_naive_hazard(advisor_bucket::under_5).per_hour() == Approx(3.468193e-05).epsilon(1e-6));
    CHECK(advisor_naive_hazard(advisor_bucket::from_5_to_10).per_hour() == Approx(1.067966e-04).epsilon(1e-6));
    CHECK(advisor_naive_hazard(advisor_bucket::from_10_to_15).per_hour() == Approx(1.829197e-04).epsilon(1e-6));
    CHECK(advisor_naive_hazard(advisor_bucket::from_15_to_20).per_hour() == Approx(2.635231e-04).epsilon(1e-6));
    CHECK(advisor_naive_hazard(advisor_bucket::over_20).per_hour() == Approx(3.940850e-04).epsilon(1e-6));

    SUBCASE("a whole month uninterrupted has probability 1 - f") {
        for (int r = 0; r < 5; ++r) {
            const advisor_bucket b = advisor_bucket_from_index(r);
            CHECK(std::exp(-advisor_naive_hazard(b).expected_events(advisor_month)) ==
                  Approx(1.0 - advisor_monthly_fraction(b)).epsilon(1e-14));
        }
    }
}

TEST_CASE("Spot Advisor buckets map to the stated calibrated rates") {
    // λ(b) = 0.531/h · ln(1 - f(b)) / ln(0.75): the >20 % band at the traces' pooled rate.
    //   0.531 · 0.0253178/0.2876821 = 0.0467313, · 0.0779615/… = 0.1439004, · 0.1335314/… = 0.2464706,
    //   · 0.1923719/… = 0.3550777, >20 %: 0.531.
    CHECK(advisor_hazard(advisor_bucket::under_5).per_hour() == Approx(0.0467313).epsilon(1e-5));
    CHECK(advisor_hazard(advisor_bucket::from_5_to_10).per_hour() == Approx(0.1439004).epsilon(1e-5));
    CHECK(advisor_hazard(advisor_bucket::from_10_to_15).per_hour() == Approx(0.2464706).epsilon(1e-5));
    CHECK(advisor_hazard(advisor_bucket::from_15_to_20).per_hour() == Approx(0.3550777).epsilon(1e-5));
    CHECK(advisor_hazard(advisor_bucket::over_20).per_hour() == 0.531);
    CHECK(advisor_interruptions(advisor_bucket::under_5).mean_time_to_interruption().count() ==
          Approx(1 / 0.0467313).epsilon(1e-5));
    // The naive reading is about 1,350 times lower in every band: why it showed no risk.
    for (int r = 0; r < 5; ++r) {
        const advisor_bucket b = advisor_bucket_from_index(r);
        CHECK(advisor_hazard(b).per_hour() / advisor_naive_hazard(b).per_hour() == Approx(0.531 * 730 / 0.2876821));
    }
    // Another anchor scales every band alike, and the bands keep their order.
    CHECK(advisor_hazard(advisor_bucket::over_20, hazard(1.0)).per_hour() == 1.0);
    for (int r = 1; r < 5; ++r)
        CHECK(advisor_hazard(advisor_bucket_from_index(r - 1)) < advisor_hazard(advisor_bucket_from_index(r)));
}

TEST_CASE("Spot Advisor buckets are read from the index and the label") {
    {
        CHECK(advisor_bucket_from_index(0) == advisor_bucket::under_5);
        CHECK(advisor_bucket_from_index(4) == advisor_bucket::over_20);
        CHECK_THROWS_AS(advisor_bucket_from_index(5), value_error);
        CHECK_THROWS_AS(advisor_bucket_from_index(-1), value_error);
        CHECK(parse_advisor_bucket("<5%") == advisor_bucket::under_5);
        CHECK(parse_advisor_bucket("10-15%") == advisor_bucket::from_10_to_15);
        CHECK(parse_advisor_bucket(">20%") == advisor_bucket::over_20);
        CHECK_THROWS_AS(parse_advisor_bucket("20%"), value_error);
    }
}

TEST_CASE("a maximum lifetime ends the session at the earlier of the cap and a preemption") {
    // λ = 0.05/h, L = 24 h: E[min(L, T)] = (1 - e^{-1.2})/0.05 = 13.976116 h,
    // Var = (2/λ^2)(1 - e^{-λL}(1 + λL)) - mean^2 = 74.566375 h^2, P(reach L) = e^{-1.2} = 0.301194.
    const max_lifetime m(fast_hours(24.0), hazard(0.05));
    CHECK(m.mean_time_to_interruption().count() == Approx(13.976116).epsilon(1e-7));
    philox_stream s = stream(2);
    double sum = 0.0, longest = 0.0;
    std::size_t capped = 0;
    for (std::size_t i = 0; i < n_draws; ++i) {
        const double t = m.time_to_interruption(s).count();
        sum += t;
        longest = std::max(longest, t);
        capped += t == 24.0;
    }
    const double n = static_cast<double>(n_draws);
    CHECK(longest == 24.0);  // reached, never exceeded
    CHECK(std::fabs(sum / n - 13.976116) < 5.0 * std::sqrt(74.566375 / n));
    const double p = 0.301194;
    CHECK(std::fabs(static_cast<double>(capped) / n - p) < 5.0 * std::sqrt(p * (1 - p) / n));

    SUBCASE("a GCE preemptible VM without a hazard always lasts exactly 24 h") {
        const max_lifetime gce = gce_preemptible();
        CHECK(gce.mean_time_to_interruption().count() == 24.0);
        for (int i = 0; i < 100; ++i) CHECK(gce.time_to_interruption(s).count() == 24.0);
    }
    SUBCASE("a non-positive or infinite lifetime is rejected") {
        CHECK_THROWS_AS(max_lifetime(fast_hours(0.0)), value_error);
        CHECK_THROWS_AS(max_lifetime(fast_hours(std::numeric_limits<double>::infinity())), value_error);
    }
}

TEST_CASE("a checkpoint is written in the interruption notice only if it fits") {
    const interruption_notice aws = aws_interruption_notice();
    CHECK(aws.notice.count() == Approx(2.0 / 60.0));
    const fast_hours minute(1.0 / 60.0);
    CHECK(aws.checkpoint_fits(minute));
    CHECK(aws.checkpoint_fits(aws.notice));  // exactly the notice: it just finishes
    CHECK_FALSE(aws.checkpoint_fits(minute * 3.0));

    SUBCASE("the notice arrives two minutes before the interruption, not before the session") {
        CHECK(aws.warned_at(fast_hours(10.0)).count() == Approx(10.0 - 2.0 / 60.0));
        CHECK(aws.warned_at(minute).count() == 0.0);
    }
    SUBCASE("a session younger than the notice has only its age to write in") {
        CHECK(aws.checkpoint_fits(minute, fast_hours(1.0)));
        CHECK_FALSE(aws.checkpoint_fits(minute * 1.5, minute));
        CHECK(aws.checkpoint_fits(minute * 0.5, minute));
    }
    SUBCASE("no notice fits no checkpoint; a negative notice is rejected") {
        const interruption_notice none(fast_hours(0.0));
        CHECK_FALSE(none.checkpoint_fits(minute));
        CHECK_THROWS_AS(interruption_notice(fast_hours(-1.0)), value_error);
    }
}
