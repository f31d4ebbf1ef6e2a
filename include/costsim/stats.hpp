// costsim/stats.hpp — summaries of Monte Carlo results: mean, standard error, CI, quantiles.
//
// `summarize` turns the per-trial results (one double per trial, in trial order) into the
// numbers `costsim simulate` reports. It is a sequential, deterministic reduction: the
// same vector gives bit-identical output whatever produced it, which is what lets the
// JSON be byte-identical across thread counts (the engine stores results by trial index,
// then summarizes once).
//
// Conventions:
//  - mean: compensated (Neumaier) sum in index order, divided by n;
//  - sd: the sample standard deviation with n-1 (two-pass, around the mean);
//  - std_error = sd / sqrt(n); NaN when n = 1 (one trial says nothing about spread);
//  - ci95 = mean ± 1.959963984540054 · std_error (normal approximation, which the
//    central limit theorem justifies at Monte Carlo trial counts);
//  - quantiles: exact, "type 7" of Hyndman & Fan (1996), NumPy's default ("linear"):
//    for sorted x[0..n-1] and probability p, h = (n-1)·p, q = x[⌊h⌋] + (h-⌊h⌋)·(x[⌊h⌋+1] - x[⌊h⌋]);
//    min = p0, max = p100.
// The member is `std_error`, not `stderr`: <cstdio> may define `stderr` as a macro.
//
// `running_stats` is Welford's streaming mean/variance with min/max, for progress
// reports and `--target-rel-ci` stopping; `merge` combines two accumulators with Chan,
// Golub & LeVeque's formula, deterministic for a fixed merge order.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "costsim/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// z such that P(|Z| <= z) = 0.95 for a standard normal Z.
inline constexpr double z95 = 1.959963984540054;

struct summary {
    std::size_t n = 0;
    double mean = 0, std_error = 0, ci95_lo = 0, ci95_hi = 0;
    double p05 = 0, p50 = 0, p95 = 0, p99 = 0, min = 0, max = 0;
};

/// Summary of per-trial results. Throws value_error if empty or any value is not finite.
summary summarize(std::vector<double> values);

/// Type-7 quantile of already sorted, non-empty data; p in [0,1] (value_error otherwise).
double quantile_sorted(std::span<const double> sorted, double p);

class running_stats {
public:
    void add(double x) noexcept;
    /// Adds `other`'s observations as if they had been added after this one's.
    void merge(const running_stats& other) noexcept;

    std::size_t count() const noexcept { return n_; }
    double mean() const noexcept { return mean_; }
    /// Sample variance (n-1); NaN below two observations.
    double variance() const noexcept;
    double std_error() const noexcept;
    /// Half-width of the 95 % CI of the mean, z95 · std_error.
    double ci95_half_width() const noexcept { return z95 * std_error(); }
    double min() const noexcept { return min_; }
    double max() const noexcept { return max_; }

private:
    std::size_t n_ = 0;
    double mean_ = 0.0;
    double m2_ = 0.0;  // sum of squared deviations from the mean
    double min_ = std::numeric_limits<double>::infinity();
    double max_ = -std::numeric_limits<double>::infinity();
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

// Neumaier's compensated sum: error independent of n to first order, and deterministic.
inline double compensated_sum(std::span<const double> xs) noexcept {
    double s = 0.0, c = 0.0;
    for (double x : xs) {
        const double t = s + x;
        c += std::fabs(s) >= std::fabs(x) ? (s - t) + x : (x - t) + s;
        s = t;
    }
    return s + c;
}

}  // namespace detail

inline double quantile_sorted(std::span<const double> sorted, double p) {
    if (sorted.empty()) throw value_error("at least one value to take a quantile of");
    if (!(p >= 0.0 && p <= 1.0)) throw value_error("a quantile probability in [0, 1]");
    const double h = static_cast<double>(sorted.size() - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    if (lo + 1 >= sorted.size()) return sorted.back();
    const double frac = h - static_cast<double>(lo);
    const double a = sorted[lo], b = sorted[lo + 1];
    return a == b ? a : a + frac * (b - a);  // equal neighbours: exact, even if huge
}

inline summary summarize(std::vector<double> values) {
    if (values.empty()) throw value_error("at least one trial result to summarize");
    for (double x : values)
        if (!std::isfinite(x)) throw value_error("finite trial results (got a NaN or infinity)");
    summary s;
    s.n = values.size();
    const double n = static_cast<double>(s.n);
    s.mean = detail::compensated_sum(values) / n;
    if (s.n >= 2) {
        std::vector<double> sq(values.size());
        std::transform(values.begin(), values.end(), sq.begin(),
                       [m = s.mean](double x) { return (x - m) * (x - m); });
        const double var = detail::compensated_sum(sq) / (n - 1.0);
        s.std_error = std::sqrt(var / n);
    } else {
        s.std_error = std::numeric_limits<double>::quiet_NaN();
    }
    s.ci95_lo = s.mean - z95 * s.std_error;
    s.ci95_hi = s.mean + z95 * s.std_error;
    std::sort(values.begin(), values.end());
    s.p05 = quantile_sorted(values, 0.05);
    s.p50 = quantile_sorted(values, 0.50);
    s.p95 = quantile_sorted(values, 0.95);
    s.p99 = quantile_sorted(values, 0.99);
    s.min = values.front();
    s.max = values.back();
    return s;
}

inline void running_stats::add(double x) noexcept {
    ++n_;
    const double d = x - mean_;
    mean_ += d / static_cast<double>(n_);
    m2_ += d * (x - mean_);
    min_ = std::min(min_, x);
    max_ = std::max(max_, x);
}

inline void running_stats::merge(const running_stats& o) noexcept {
    if (o.n_ == 0) return;
    if (n_ == 0) {
        *this = o;
        return;
    }
    const double na = static_cast<double>(n_), nb = static_cast<double>(o.n_);
    const double n = na + nb;
    const double d = o.mean_ - mean_;
    mean_ += d * (nb / n);
    m2_ += o.m2_ + d * d * (na * nb / n);
    n_ += o.n_;
    min_ = std::min(min_, o.min_);
    max_ = std::max(max_, o.max_);
}

inline double running_stats::variance() const noexcept {
    if (n_ < 2) return std::numeric_limits<double>::quiet_NaN();
    return m2_ / static_cast<double>(n_ - 1);
}

inline double running_stats::std_error() const noexcept {
    return std::sqrt(variance() / static_cast<double>(n_));
}

}  // namespace costsim
