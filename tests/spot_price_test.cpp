// Tests of costsim/models/spot_price.hpp: prices in force, session costs, the OU-jump model and its fit.
#include <costsim/models/spot_price.hpp>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;
using doctest::Approx;

static_assert(spot_price_path<constant_spot_price>);
static_assert(spot_price_path<piecewise_spot_price>);
static_assert(spot_price_path<ou_jump_path>);

namespace {

philox_stream stream(std::uint64_t seed, std::uint64_t trial) {
    return philox_stream(rng_seed(seed), trial_index(trial), stream_id(2));
}
fast_hours h(double v) { return fast_hours(v); }
fast_price_per_hour usd_h(double v) { return fast_price_per_hour(v); }

}  // namespace

TEST_CASE("a constant spot price charges price times duration") {
    const constant_spot_price p(usd_h(0.9731));
    CHECK(p.price_at(h(123.0)) == usd_h(0.9731));
    CHECK(p.cost(h(1.0), h(3.5)).value() == Approx(0.9731 * 2.5).epsilon(1e-15));
    CHECK(p.cost(h(2.0), h(2.0)).value() == 0.0);
    CHECK_THROWS_AS(p.cost(h(3.0), h(2.0)), model_error);
    CHECK_THROWS_AS(constant_spot_price(usd_h(-1.0)), value_error);
}

TEST_CASE("a piecewise price history charges the price in force, second by second") {
    // 1.00 $/h from 0 h, 2.00 $/h from 1 h, 0.50 $/h from 3 h on.
    const piecewise_spot_price p({{h(0.0), usd_h(1.0)}, {h(1.0), usd_h(2.0)}, {h(3.0), usd_h(0.5)}});

    SUBCASE("the price in force is the last point at or before t") {
        CHECK(p.price_at(h(0.0)) == usd_h(1.0));
        CHECK(p.price_at(h(0.999)) == usd_h(1.0));
        CHECK(p.price_at(h(1.0)) == usd_h(2.0));
        CHECK(p.price_at(h(2.9)) == usd_h(2.0));
        CHECK(p.price_at(h(3.0)) == usd_h(0.5));
        CHECK(p.price_at(h(1000.0)) == usd_h(0.5));
        CHECK_THROWS_AS(p.price_at(h(-0.001)), model_error);
    }
    SUBCASE("a session's cost is the integral of the price over it") {
        // [0.5, 3.5): 0.5 h at 1 + 2 h at 2 + 0.5 h at 0.5 = 0.5 + 4 + 0.25 = 4.75.
        CHECK(p.cost(h(0.5), h(3.5)).value() == Approx(4.75).epsilon(1e-15));
        CHECK(p.cost(h(1.5), h(2.5)).value() == Approx(2.0).epsilon(1e-15));
        CHECK(p.cost(h(2.5), h(10.0)).value() == Approx(0.5 * 2.0 + 7.0 * 0.5).epsilon(1e-15));
        CHECK(p.cost(h(0.0), h(1.0)).value() == Approx(1.0).epsilon(1e-15));  // ends where 2.00 starts
        CHECK(p.cost(h(1.0), h(1.0)).value() == 0.0);
        CHECK(p.cost(h(0.0), h(1.0 / 3600.0)).value() == Approx(1.0 / 3600.0).epsilon(1e-15));  // one second
        CHECK_THROWS_AS(p.cost(h(2.0), h(1.0)), model_error);
        CHECK_THROWS_AS(p.cost(h(-1.0), h(1.0)), model_error);
    }
    SUBCASE("malformed histories are rejected") {
        CHECK_THROWS_AS(piecewise_spot_price({}), value_error);
        CHECK_THROWS_AS(piecewise_spot_price({{h(1.0), usd_h(1.0)}, {h(0.5), usd_h(1.0)}}), value_error);
        CHECK_THROWS_AS(piecewise_spot_price({{h(1.0), usd_h(1.0)}, {h(1.0), usd_h(2.0)}}), value_error);
        CHECK_THROWS_AS(piecewise_spot_price({{h(0.0), usd_h(-0.1)}}), value_error);
    }
    SUBCASE("sampling it evenly reads the price in force at each point") {
        const auto xs = sample_evenly(p, h(0.5), h(1.0), 4);  // at 0.5, 1.5, 2.5, 3.5
        REQUIRE(xs.size() == 4);
        CHECK(xs[0] == usd_h(1.0));
        CHECK(xs[1] == usd_h(2.0));
        CHECK(xs[2] == usd_h(2.0));
        CHECK(xs[3] == usd_h(0.5));
    }
}

TEST_CASE("long histories are integrated exactly over short and long sessions") {
    // 2000 points every 6 minutes, prices cycling 0.30 .. 0.90.
    std::vector<price_point> pts;
    for (int k = 0; k < 2000; ++k) pts.push_back({h(0.1 * k), usd_h(0.3 + 0.1 * (k % 7))});
    const piecewise_spot_price p(pts);
    auto brute = [&](double a, double b) {  // sum over every piece that overlaps [a, b)
        double s = 0.0;
        for (std::size_t k = 0; k < pts.size(); ++k) {
            const double lo = pts[k].at.count();
            const double hi = k + 1 < pts.size() ? pts[k + 1].at.count() : 1e300;
            const double l = std::max(lo, a), r = std::min(hi, b);
            if (r > l) s += pts[k].price.value() * (r - l);
        }
        return s;
    };
    for (const auto& ab : {std::pair{0.05, 0.07}, {3.33, 5.55}, {0.0, 199.9}, {12.34, 150.0}, {150.0, 250.0}}) {
        INFO("session [" << ab.first << ", " << ab.second << ")");
        CHECK(p.cost(h(ab.first), h(ab.second)).value() == Approx(brute(ab.first, ab.second)).epsilon(1e-12));
    }
    // Costs add over adjacent sessions.
    CHECK((p.cost(h(1.0), h(50.0)) + p.cost(h(50.0), h(190.0))).value() ==
          Approx(p.cost(h(1.0), h(190.0)).value()).epsilon(1e-13));
}

TEST_CASE("an OU-jump price path is reproducible, stepwise constant and lazily extended") {
    const ou_jump_params params{
        .kappa = 0.5, .theta = std::log(0.3), .sigma = 0.2, .jump_rate = hazard(0.1), .jump_mean = 0.5, .jump_sd = 0.1};
    const ou_jump_spot_price model(params, usd_h(0.35));
    CHECK(model.step().count() == Approx(1.0 / 12.0));
    CHECK(params.half_life().count() == Approx(std::log(2.0) / 0.5));
    CHECK(params.long_run_median().value() == Approx(0.3));

    ou_jump_path a = model.path(stream(1, 7));
    SUBCASE("it starts at the given price and only simulates as far as asked") {
        CHECK(a.price_at(h(0.0)) == usd_h(0.35));
        CHECK(a.steps_generated() == 2);
        (void)a.price_at(h(1.0));  // step 12 (and 13, for its end)
        CHECK(a.steps_generated() == 14);
    }
    SUBCASE("the same trial stream gives the same path, another trial another path") {
        ou_jump_path b = model.path(stream(1, 7));
        ou_jump_path c = model.path(stream(1, 8));
        bool all_same = true, any_different = false;
        for (int k = 0; k < 500; ++k) {
            const fast_hours t = h(k * 0.05);
            all_same = all_same && a.price_at(t) == b.price_at(t);
            any_different = any_different || a.price_at(t) != c.price_at(t);
        }
        CHECK(all_same);
        CHECK(any_different);
        b.reset(stream(1, 8));  // reuse the buffers for another trial
        CHECK(b.price_at(h(20.0)) == c.price_at(h(20.0)));
    }
    SUBCASE("the price is constant within a step and the cost sums the steps") {
        const double d = 1.0 / 12.0;
        CHECK(a.price_at(h(3 * d + 0.001)) == a.price_at(h(4 * d - 0.001)));
        double sum = 0.0;
        for (int k = 0; k < 120; ++k) sum += a.price_at(h((k + 0.5) * d)).value() * d;
        CHECK(a.cost(h(0.0), h(10.0)).value() == Approx(sum).epsilon(1e-12));
        // A session inside one step, and one across two steps.
        const double p3 = a.price_at(h(3.5 * d)).value(), p4 = a.price_at(h(4.5 * d)).value();
        CHECK(a.cost(h(3.2 * d), h(3.7 * d)).value() == Approx(p3 * 0.5 * d).epsilon(1e-12));
        CHECK(a.cost(h(3.5 * d), h(4.25 * d)).value() == Approx((0.5 * p3 + 0.25 * p4) * d).epsilon(1e-12));
    }
    SUBCASE("times before the start are an error") { CHECK_THROWS_AS(a.price_at(h(-1.0)), model_error); }
}

TEST_CASE("without noise the OU path decays exactly to its long-run price") {
    // σ = 0, no jumps: X_k = θ + (X_0 − θ)e^{−κkΔ}, exact at each step whatever Δ.
    const ou_jump_params params{
        .kappa = 0.3, .theta = std::log(0.5), .sigma = 0.0, .jump_rate = hazard(0.0), .jump_mean = 0.0, .jump_sd = 0.0};
    const ou_jump_spot_price model(params, usd_h(2.0), h(0.25));
    ou_jump_path p = model.path(stream(3, 0));
    for (int k : {0, 1, 4, 40, 400}) {
        const double x = std::log(0.5) + (std::log(2.0) - std::log(0.5)) * std::exp(-0.3 * 0.25 * k);
        CHECK(p.price_at(h(0.25 * k + 0.1)).value() == Approx(std::exp(x)).epsilon(1e-12));
    }
    CHECK_THROWS_AS(ou_jump_spot_price(params, usd_h(0.0)), value_error);
    CHECK_THROWS_AS(ou_jump_spot_price(params, usd_h(1.0), h(0.0)), value_error);
    ou_jump_params bad = params;
    bad.kappa = -1.0;
    CHECK_THROWS_AS(ou_jump_spot_price(bad, usd_h(1.0)), value_error);
}

TEST_CASE("fitting a long synthetic path recovers the parameters that made it") {
    // 200 000 five-minute steps (16 667 h, about 1.9 years). Jumps of mean 0.5 against a
    // per-step diffusion sd of σ√((1−e^{−2κΔ})/2κ) = 0.0566 are about 9 sd: detectable.
    const ou_jump_params truth{
        .kappa = 0.5, .theta = std::log(0.3), .sigma = 0.2, .jump_rate = hazard(0.1), .jump_mean = 0.5, .jump_sd = 0.1};
    const fast_hours step = default_ou_step;
    const ou_jump_spot_price model(truth, usd_h(0.3), step);
    ou_jump_path path = model.path(stream(2026, 0));
    const std::size_t n = 200'000;
    std::vector<fast_price_per_hour> history;
    history.reserve(n + 1);
    for (std::size_t k = 0; k <= n; ++k) history.push_back(path.price_at(step * (static_cast<double>(k) + 0.5)));

    const ou_jump_fit fit = fit_ou_jump(history, step);
    const ou_jump_params& got = fit.params;
    INFO("kappa " << got.kappa << " theta " << got.theta << " sigma " << got.sigma << " lambda "
                  << got.jump_rate.per_hour() << " mu_J " << got.jump_mean << " sd_J " << got.jump_sd << " jumps "
                  << fit.jumps << " rounds " << fit.iterations);
    CHECK(fit.increments == n);
    CHECK(got.kappa == Approx(truth.kappa).epsilon(0.10));
    CHECK(got.theta == Approx(truth.theta).epsilon(0.10));
    CHECK(got.sigma == Approx(truth.sigma).epsilon(0.10));
    CHECK(got.jump_rate.per_hour() == Approx(truth.jump_rate.per_hour()).epsilon(0.25));
    CHECK(got.jump_mean == Approx(truth.jump_mean).epsilon(0.10));
    CHECK(got.jump_sd == Approx(truth.jump_sd).epsilon(0.25));
    CHECK(fit.iterations < 100);  // converged rather than stopped
}

TEST_CASE("fitting refuses histories it cannot fit") {
    const fast_hours step = default_ou_step;
    CHECK_THROWS_AS(fit_ou_jump(std::vector<fast_price_per_hour>(5, usd_h(1.0)), step), value_error);
    CHECK_THROWS_AS(fit_ou_jump(std::vector<fast_price_per_hour>(50, usd_h(0.0)), step), value_error);
    CHECK_THROWS_AS(fit_ou_jump(std::vector<fast_price_per_hour>(50, usd_h(1.0)), step), model_error);  // flat
    std::vector<fast_price_per_hour> explosive;
    for (int k = 0; k < 50; ++k) explosive.push_back(usd_h(std::exp(0.01 * std::pow(1.05, k))));
    CHECK_THROWS_AS(fit_ou_jump(explosive, step), model_error);  // no mean reversion
    CHECK_THROWS_AS(fit_ou_jump(std::vector<fast_price_per_hour>(50, usd_h(1.0)), h(0.0)), value_error);
}
