// costsim/models/spot_price.hpp — the spot price in force over a campaign, and what a session costs.
//
// Spot is charged per second at the price in force, so the charge of a session [a, b)
// is the integral of a piecewise-constant price over it; `cost(a, b)` computes exactly
// that integral (in the fast representation). Times are offsets from the campaign start.
//
// Models:
//  - constant_spot_price: one price forever.
//  - piecewise_spot_price: a sorted price history (offset, price); the price in force at
//    t is that of the last point at or before t (the last one holds forever after); no
//    price is in force before the first point (model_error).
//  - ou_jump_spot_price: log price X = ln(price per hour) follows
//        dX = κ(θ − X) dt + σ dW + dJ,
//    J compound Poisson with rate λ_J per hour and Normal(μ_J, σ_J) jump sizes. It is
//    simulated on a fixed grid of step Δ (default 5 minutes, the finest granularity of
//    AWS spot price history; chosen at construction) exactly at the grid points:
//        X_{k+1} = θ + (X_k − θ)e^{−κΔ} + σ·√((1 − e^{−2κΔ})/2κ)·Z + Σ_i J_i e^{−κΔ(1−U_i)},
//    with N ~ Poisson(λ_J Δ) jumps at uniform times U_i·Δ within the step, each decaying
//    until the step's end. The price is held constant, e^{X_k}, on [kΔ, (k+1)Δ) — the
//    price in force changes at most once per step, as a provider's would. A trial gets its
//    own lazily extended path (`ou_jump_path`) from its own random stream, so it only
//    simulates as far as the campaign runs.
//  - fit_ou_jump: estimates (κ, θ, σ, λ_J, μ_J, σ_J) from an evenly sampled price path:
//    (1) x_k = ln p_k; regress x_{k+1} on x_k by least squares over the increments not
//        flagged as jumps: x_{k+1} = a + b x_k + e, b = e^{−κΔ}, a = θ(1 − b),
//        Var e = s² = σ²(1 − b²)/2κ;
//    (2) flag as jumps the increments whose residual |e_k| > c·s (c = 4 by default);
//    (3) repeat (1)-(2) until the flagged set no longer changes (at most 100 rounds);
//    (4) κ = −ln b / Δ, θ = a/(1 − b), σ = s·√(2κ/(1 − b²));
//        λ_J = −ln(1 − J/N)/Δ for J flagged of N increments (a step shows a jump when it
//        holds at least one); μ_J = (mean residual of the flagged increments) / (ā·n̄) and
//        σ_J = √(their residual variance − s²)/ā (floored at 0), where ā = (1 − b)/κΔ is the
//        mean decay of a jump to its step's end and n̄ = λ_JΔ/(1 − e^{−λ_JΔ}) the mean
//        number of jumps in a step that has one.
//    Jumps smaller than about c·s cannot be told from diffusion: they end up in σ, and
//    λ_J, μ_J, σ_J describe the detectable jumps. Two jumps in one step read as one larger
//    jump, and about N·2Φ(−c) diffusion steps are flagged by chance: both bias σ_J up
//    (by ~10 % in the test's setting, where κ, θ, σ, λ_J, μ_J come within a few %). A history that changes rarely (most
//    increments exactly zero) is outside what this fit is for. Needs b in (0, 1), i.e.
//    mean reversion visible over the history (model_error otherwise).
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/fast_units.hpp"
#include "costsim/core/rng.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// What the trial loop needs of a price path (non-const: a simulated path grows lazily).
template <class P>
concept spot_price_path = requires(P& p, fast_hours t) {
    { p.price_at(t) } -> std::same_as<fast_price_per_hour>;
    { p.cost(t, t) } -> std::same_as<fast_money>;
};

class constant_spot_price {
public:
    explicit constant_spot_price(fast_price_per_hour p);  // finite, >= 0
    fast_price_per_hour price_at(fast_hours) const noexcept { return price_; }
    /// price · (b − a); requires 0 <= a <= b (model_error).
    fast_money cost(fast_hours a, fast_hours b) const;

private:
    fast_price_per_hour price_;
};

struct price_point {
    fast_hours at;  // offset from the campaign start; may be negative (history before it)
    fast_price_per_hour price;
};

class piecewise_spot_price {
public:
    /// Non-empty, finite, strictly increasing offsets, finite non-negative prices
    /// (value_error otherwise).
    explicit piecewise_spot_price(std::vector<price_point> history);
    /// Price of the last point at or before t; model_error before the first point.
    fast_price_per_hour price_at(fast_hours t) const;
    /// ∫_a^b price(t) dt; requires first point <= a <= b (model_error).
    fast_money cost(fast_hours a, fast_hours b) const;
    const std::vector<price_point>& points() const noexcept { return pts_; }

private:
    std::size_t piece(fast_hours t) const;  // index of the point in force at t
    std::vector<price_point> pts_;
    std::vector<fast_money> cum_;  // cum_[k] = ∫ from pts_[0].at to pts_[k].at
};

/// The price in force at from, from + step, ..., (count values), for fit_ou_jump.
std::vector<fast_price_per_hour> sample_evenly(const piecewise_spot_price& h, fast_hours from, fast_hours step,
                                               std::size_t count);

struct ou_jump_params {
    double kappa = 0.0;      // κ, mean-reversion rate, per hour (>= 0)
    double theta = 0.0;      // θ, long-run mean of X = ln(price in currency per hour)
    double sigma = 0.0;      // σ, diffusion volatility of X, per √hour (>= 0)
    hazard jump_rate{};      // λ_J, jumps per hour
    double jump_mean = 0.0;  // μ_J, mean jump of X
    double jump_sd = 0.0;    // σ_J, standard deviation of a jump of X (>= 0)

    /// ln 2 / κ: how long a deviation from θ takes to halve (infinite when κ = 0).
    fast_hours half_life() const noexcept;
    /// e^θ, the median price of the diffusion part in the long run.
    fast_price_per_hour long_run_median() const noexcept { return fast_price_per_hour(std::exp(theta)); }
};

/// 5 minutes: the default simulation step.
inline constexpr fast_hours default_ou_step{1.0 / 12.0};

class ou_jump_path;

class ou_jump_spot_price {
public:
    /// Parameters must be finite with κ, σ, σ_J >= 0; start > 0; step > 0 (value_error).
    ou_jump_spot_price(ou_jump_params params, fast_price_per_hour start, fast_hours step = default_ou_step);
    /// A fresh path for one trial, driven by (a copy of) that trial's price stream.
    ou_jump_path path(philox_stream s) const;

    const ou_jump_params& params() const noexcept { return p_; }
    fast_price_per_hour start() const noexcept { return start_; }
    fast_hours step() const noexcept { return step_; }

private:
    friend class ou_jump_path;
    ou_jump_params p_;
    fast_price_per_hour start_;
    fast_hours step_;
    double decay_ = 1.0;      // e^{−κΔ}
    double step_sd_ = 0.0;    // σ √((1 − e^{−2κΔ})/2κ)
    poisson_law jumps_{0.0};  // jumps per step
};

/// One simulated price path, generated on demand up to the latest time asked about.
/// It refers to its model, which must outlive it; one path per trial (not thread-safe).
class ou_jump_path {
public:
    /// Price in force at t >= 0 (model_error for t < 0 or beyond 10^8 steps).
    fast_price_per_hour price_at(fast_hours t);
    /// ∫_a^b price(t) dt for 0 <= a <= b.
    fast_money cost(fast_hours a, fast_hours b);
    /// Starts over with another stream (next trial), keeping the allocated buffers.
    void reset(philox_stream s);
    std::size_t steps_generated() const noexcept { return price_.size(); }

private:
    friend class ou_jump_spot_price;
    ou_jump_path(const ou_jump_spot_price& m, philox_stream s);
    void extend_to(std::size_t k);  // makes price_[k] exist
    std::size_t step_index(fast_hours t);

    const ou_jump_spot_price* m_;
    philox_stream s_;
    double x_;                   // X at the last generated grid point
    std::vector<double> price_;  // price_[k] in force on [kΔ, (k+1)Δ)
    std::vector<double> cum_;    // cum_[k] = ∫_0^{kΔ}
};

struct ou_jump_fit {
    ou_jump_params params;
    std::size_t increments = 0;  // N
    std::size_t jumps = 0;       // increments flagged as jumps
    int iterations = 0;
};

/// Fits the OU-with-jumps model to prices sampled every `step` (see header comment).
/// At least 10 positive, finite prices; threshold c > 0 in residual standard deviations.
ou_jump_fit fit_ou_jump(const std::vector<fast_price_per_hour>& history, fast_hours step, double threshold = 4.0);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

[[noreturn, gnu::cold, gnu::noinline]] inline void bad_interval() {
    throw model_error("a spot session must end after it starts, at a finite time");
}
// Inlined into every session's pricing; the throw stays out of line.
inline void check_interval(fast_hours a, fast_hours b) {
    if (!(a.count() <= b.count()) || !std::isfinite(b.count())) [[unlikely]]
        bad_interval();
}

// ∫ of a piecewise-constant function over [a, b), a in piece i, b in piece j (i <= j).
// Summing the pieces directly keeps the result accurate to a few ulps of the *result*;
// a difference of running totals would lose digits to cancellation when the session is
// short and the history long. Long spans use the running totals (then the result is
// large and cancellation harmless), so each call stays O(64).
template <class Start, class Price, class Cum>
double integrate_pieces(std::size_t i, std::size_t j, double a, double b, Start start, Price price, Cum cum) {
    if (i == j) return price(i) * (b - a);
    double s = price(i) * (start(i + 1) - a) + price(j) * (b - start(j));
    if (j - i <= 64) {
        for (std::size_t k = i + 1; k < j; ++k) s += price(k) * (start(k + 1) - start(k));
    } else {
        s += cum(j) - cum(i + 1);
    }
    return s;
}

inline void check_price(fast_price_per_hour p) {
    if (!(p.value() >= 0.0) || !std::isfinite(p.value())) throw value_error("a finite, non-negative price per hour");
}

}  // namespace detail

// --- constant --------------------------------------------------------------------------

inline constant_spot_price::constant_spot_price(fast_price_per_hour p) : price_(p) { detail::check_price(p); }

inline fast_money constant_spot_price::cost(fast_hours a, fast_hours b) const {
    detail::check_interval(a, b);
    return price_ * (b - a);
}

// --- piecewise -------------------------------------------------------------------------

inline piecewise_spot_price::piecewise_spot_price(std::vector<price_point> history) : pts_(std::move(history)) {
    if (pts_.empty()) throw value_error("a price history with at least one point");
    for (std::size_t k = 0; k < pts_.size(); ++k) {
        detail::check_price(pts_[k].price);
        if (!std::isfinite(pts_[k].at.count())) throw value_error("finite price history times");
        if (k > 0 && !(pts_[k - 1].at < pts_[k].at))
            throw value_error("price history times in strictly increasing order");
    }
    cum_.resize(pts_.size());
    for (std::size_t k = 1; k < pts_.size(); ++k)
        cum_[k] = cum_[k - 1] + pts_[k - 1].price * (pts_[k].at - pts_[k - 1].at);
}

inline std::size_t piecewise_spot_price::piece(fast_hours t) const {
    if (!(t >= pts_.front().at))
        throw model_error("no spot price in force at " + std::to_string(t.count()) +
                          " h: the price history starts at " + std::to_string(pts_.front().at.count()) + " h");
    auto it =
        std::upper_bound(pts_.begin(), pts_.end(), t, [](fast_hours v, const price_point& p) { return v < p.at; });
    return static_cast<std::size_t>(it - pts_.begin()) - 1;
}

inline fast_price_per_hour piecewise_spot_price::price_at(fast_hours t) const { return pts_[piece(t)].price; }

inline fast_money piecewise_spot_price::cost(fast_hours a, fast_hours b) const {
    detail::check_interval(a, b);
    const std::size_t i = piece(a), j = piece(b);
    return fast_money(detail::integrate_pieces(
        i, j, a.count(), b.count(), [this](std::size_t k) { return pts_[k].at.count(); },
        [this](std::size_t k) { return pts_[k].price.value(); }, [this](std::size_t k) { return cum_[k].value(); }));
}

inline std::vector<fast_price_per_hour> sample_evenly(const piecewise_spot_price& h, fast_hours from, fast_hours step,
                                                      std::size_t count) {
    if (!(step.count() > 0.0) || !std::isfinite(step.count())) throw value_error("a positive, finite sampling step");
    std::vector<fast_price_per_hour> out;
    out.reserve(count);
    for (std::size_t k = 0; k < count; ++k) out.push_back(h.price_at(from + step * static_cast<double>(k)));
    return out;
}

// --- OU with jumps ---------------------------------------------------------------------

inline fast_hours ou_jump_params::half_life() const noexcept {
    return kappa == 0.0 ? fast_hours(std::numeric_limits<double>::infinity()) : fast_hours(std::log(2.0) / kappa);
}

inline ou_jump_spot_price::ou_jump_spot_price(ou_jump_params p, fast_price_per_hour start, fast_hours step)
    : p_(p), start_(start), step_(step) {
    auto ok = [](double v) { return std::isfinite(v); };
    if (!ok(p.kappa) || p.kappa < 0.0) throw value_error("a finite, non-negative mean-reversion rate kappa");
    if (!ok(p.theta)) throw value_error("a finite long-run log price theta");
    if (!ok(p.sigma) || p.sigma < 0.0) throw value_error("a finite, non-negative volatility sigma");
    if (!ok(p.jump_mean)) throw value_error("a finite mean jump size");
    if (!ok(p.jump_sd) || p.jump_sd < 0.0) throw value_error("a finite, non-negative jump size deviation");
    if (!(start.value() > 0.0) || !ok(start.value())) throw value_error("a positive, finite starting price");
    if (!(step.count() > 0.0) || !ok(step.count())) throw value_error("a positive, finite simulation step");
    const double d = step.count(), k = p.kappa;
    decay_ = std::exp(-k * d);
    // (1 − e^{−2κΔ})/2κ → Δ as κ → 0 (a random walk); expm1 keeps small κΔ accurate.
    const double var_factor = k == 0.0 ? d : -std::expm1(-2.0 * k * d) / (2.0 * k);
    step_sd_ = p.sigma * std::sqrt(var_factor);
    jumps_ = poisson_law(p.jump_rate.expected_events(step));
}

inline ou_jump_path ou_jump_spot_price::path(philox_stream s) const { return ou_jump_path(*this, s); }

inline ou_jump_path::ou_jump_path(const ou_jump_spot_price& m, philox_stream s) : m_(&m), s_(s) { reset(s); }

inline void ou_jump_path::reset(philox_stream s) {
    s_ = s;
    price_.clear();
    cum_.clear();
    x_ = std::log(m_->start_.value());
    price_.push_back(m_->start_.value());
    cum_.push_back(0.0);
}

inline void ou_jump_path::extend_to(std::size_t k) {
    const ou_jump_spot_price& m = *m_;
    const double d = m.step_.count();
    while (price_.size() <= k) {
        // Exact OU transition over one step, then the step's jumps, each decayed from its
        // arrival to the step's end.
        double x = m.p_.theta + (x_ - m.p_.theta) * m.decay_ + m.step_sd_ * s_.normal();
        if (m.jumps_.mean() > 0.0) {
            for (std::uint64_t n = m.jumps_(s_); n > 0; --n) {
                const double u = s_.uniform();
                const double size = m.p_.jump_mean + m.p_.jump_sd * s_.normal();
                x += size * std::exp(-m.p_.kappa * d * (1.0 - u));
            }
        }
        x_ = x;
        cum_.push_back(cum_.back() + price_.back() * d);
        price_.push_back(std::exp(x));
    }
}

inline std::size_t ou_jump_path::step_index(fast_hours t) {
    constexpr double max_steps = 1e8;  // ~950 years at 5 minutes: far past any campaign
    const double k = std::floor(t.count() / m_->step_.count());
    if (!(k >= 0.0) || !(k < max_steps))
        throw model_error("a simulated spot price asked for at " + std::to_string(t.count()) +
                          " h, outside [0, 10^8 steps)");
    const auto i = static_cast<std::size_t>(k);
    extend_to(i + 1);  // the next grid point too: cost() reads the start of piece i+1
    return i;
}

inline fast_price_per_hour ou_jump_path::price_at(fast_hours t) { return fast_price_per_hour(price_[step_index(t)]); }

inline fast_money ou_jump_path::cost(fast_hours a, fast_hours b) {
    detail::check_interval(a, b);
    const std::size_t i = step_index(a), j = step_index(b);
    const double d = m_->step_.count();
    return fast_money(detail::integrate_pieces(
        i, j, a.count(), b.count(), [d](std::size_t k) { return static_cast<double>(k) * d; },
        [this](std::size_t k) { return price_[k]; }, [this](std::size_t k) { return cum_[k]; }));
}

// --- fitting ---------------------------------------------------------------------------

inline ou_jump_fit fit_ou_jump(const std::vector<fast_price_per_hour>& history, fast_hours step, double threshold) {
    if (history.size() < 10) throw value_error("a price history of at least 10 evenly spaced points");
    if (!(step.count() > 0.0) || !std::isfinite(step.count())) throw value_error("a positive, finite sampling step");
    if (!(threshold > 0.0) || !std::isfinite(threshold)) throw value_error("a positive jump threshold");
    std::vector<double> x(history.size());
    for (std::size_t k = 0; k < history.size(); ++k) {
        const double p = history[k].value();
        if (!(p > 0.0) || !std::isfinite(p)) throw value_error("positive, finite prices to fit a log-price model to");
        x[k] = std::log(p);
    }
    const std::size_t n = x.size() - 1;  // increments
    std::vector<char> jump(n, 0);
    double a = 0.0, b = 0.0, s = 0.0;
    int round = 0;
    for (;;) {
        ++round;
        // Least squares of x[k+1] on x[k] over the non-jump increments (centered sums).
        double m = 0.0, mx = 0.0, my = 0.0;
        for (std::size_t k = 0; k < n; ++k)
            if (!jump[k]) {
                m += 1.0;
                mx += x[k];
                my += x[k + 1];
            }
        if (m < 3.0) throw model_error("too few non-jump increments to fit a price model");
        mx /= m;
        my /= m;
        double sxx = 0.0, sxy = 0.0;
        for (std::size_t k = 0; k < n; ++k)
            if (!jump[k]) {
                sxx += (x[k] - mx) * (x[k] - mx);
                sxy += (x[k] - mx) * (x[k + 1] - my);
            }
        if (!(sxx > 0.0)) throw model_error("a price history that varies, to fit a price model to");
        b = sxy / sxx;
        a = my - b * mx;
        double sse = 0.0;
        for (std::size_t k = 0; k < n; ++k)
            if (!jump[k]) {
                const double e = x[k + 1] - a - b * x[k];
                sse += e * e;
            }
        s = std::sqrt(sse / (m - 2.0));
        if (!(b > 0.0 && b < 1.0))
            throw model_error("a price history with visible mean reversion (fitted e^{-kappa step} = " +
                              std::to_string(b) + ", outside (0, 1))");
        bool changed = false;
        for (std::size_t k = 0; k < n; ++k) {
            const char j = std::fabs(x[k + 1] - a - b * x[k]) > threshold * s ? 1 : 0;
            changed = changed || j != jump[k];
            jump[k] = j;
        }
        if (!changed || round == 100) break;
    }
    ou_jump_fit f;
    f.increments = n;
    f.iterations = round;
    const double d = step.count();
    f.params.kappa = -std::log(b) / d;
    f.params.theta = a / (1.0 - b);
    f.params.sigma = s * std::sqrt(2.0 * f.params.kappa / (1.0 - b * b));
    double sum = 0.0, sum2 = 0.0;
    for (std::size_t k = 0; k < n; ++k)
        if (jump[k]) {
            const double e = x[k + 1] - a - b * x[k];
            ++f.jumps;
            sum += e;
            sum2 += e * e;
        }
    if (f.jumps > 0) {
        const double J = static_cast<double>(f.jumps);
        // A step shows a jump when it holds at least one: P = 1 - e^{-λΔ}.
        const double share = J / static_cast<double>(n);
        const double lambda = share < 1.0 ? -std::log1p(-share) / d : J / (static_cast<double>(n) * d);
        f.params.jump_rate = hazard(lambda);
        // A jump at U·Δ has decayed by e^{-κΔ(1-U)} at the step's end, E = (1 - b)/(κΔ); a
        // step with jumps holds λΔ/(1 - e^{-λΔ}) of them on average.
        const double kd = f.params.kappa * d, ld = lambda * d;
        const double decayed = kd > 0.0 ? -std::expm1(-kd) / kd : 1.0;
        const double per_step = ld > 0.0 ? ld / -std::expm1(-ld) : 1.0;
        const double mean_residual = sum / J;
        f.params.jump_mean = mean_residual / (decayed * per_step);
        if (f.jumps > 1) {
            const double var = (sum2 - J * mean_residual * mean_residual) / (J - 1.0);
            f.params.jump_sd = std::sqrt(std::max(0.0, var - s * s)) / decayed;
        }
    }
    return f;
}

}  // namespace costsim
