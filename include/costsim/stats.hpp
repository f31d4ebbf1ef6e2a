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
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstddef>
#include <limits>
#include <span>
#include <utility>
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

/// Quantiles of a stream of non-negative values in memory independent of its length: a
/// DDSketch (Masson, Rim & Lee, VLDB 2019). A value x > 0 falls in bucket
/// i = ⌈log_γ x⌉, γ = (1+α)/(1−α), whose representative 2γ^i/(γ+1) is within relative
/// error α of every value in the bucket; zeros are counted exactly. Error bound: for
/// any p, quantile(p) is within α·x of x = the order statistic of rank ⌊p·(n−1)⌋ (0-based)
/// of the values added; min and max are exact. Buckets span log(max/min)/(2α) at most:
/// about 35,000 for 10^-9..10^6 at α = 10^-4, whatever the count. Merging adds counts,
/// so the result does not depend on how the stream was split.
class quantile_sketch {
public:
    explicit quantile_sketch(double relative_error = 1e-4);
    /// Adds x (finite, >= 0; value_error otherwise).
    void add(double x);
    void merge(const quantile_sketch& other);
    std::uint64_t count() const noexcept { return n_; }
    double relative_error() const noexcept { return alpha_; }
    /// p in [0, 1]; value_error when empty.
    double quantile(double p) const;
    double min() const noexcept { return min_; }
    double max() const noexcept { return max_; }

private:
    double alpha_, gamma_, log_gamma_;
    std::int64_t offset_ = 0;  // counts_[j] holds bucket offset_ + j
    std::vector<std::uint64_t> counts_;
    std::uint64_t zeros_ = 0, n_ = 0;
    double min_ = std::numeric_limits<double>::infinity(), max_ = -std::numeric_limits<double>::infinity();
};

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

namespace detail {
// Sorts finite doubles ascending, as std::sort would (the same sequence of values; only
// -0.0 and +0.0, which compare equal, may come out in another order). Above a few
// thousand values it is an LSD radix sort on the order-preserving 64-bit image of each
// double, 16 bits a pass, skipping passes in which every key shares the digit: O(n),
// where the summary of 10^6 trials would otherwise spend more time sorting than
// simulating.
inline void sort_finite(std::vector<double>& v) {
    if (v.size() < 4096) {
        std::sort(v.begin(), v.end());
        return;
    }
    if (std::is_sorted(v.begin(), v.end())) return;
    auto key = [](double x) {
        const auto b = std::bit_cast<std::uint64_t>(x);
        return b & 0x8000000000000000ull ? ~b : b | 0x8000000000000000ull;
    };
    std::vector<std::uint64_t> a(v.size()), tmp(v.size());
    std::transform(v.begin(), v.end(), a.begin(), key);
    std::vector<std::size_t> count(1u << 16);
    for (int shift = 0; shift < 64; shift += 16) {
        std::fill(count.begin(), count.end(), 0);
        for (std::uint64_t k : a) ++count[(k >> shift) & 0xffff];
        if (count[(a[0] >> shift) & 0xffff] == a.size()) continue;  // one digit: nothing to move
        std::size_t sum = 0;
        for (auto& c : count) sum += std::exchange(c, sum);
        for (std::uint64_t k : a) tmp[count[(k >> shift) & 0xffff]++] = k;
        a.swap(tmp);
    }
    std::transform(a.begin(), a.end(), v.begin(), [](std::uint64_t k) {
        return std::bit_cast<double>(k & 0x8000000000000000ull ? k & 0x7fffffffffffffffull : ~k);
    });
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
    detail::sort_finite(values);
    s.p05 = quantile_sorted(values, 0.05);
    s.p50 = quantile_sorted(values, 0.50);
    s.p95 = quantile_sorted(values, 0.95);
    s.p99 = quantile_sorted(values, 0.99);
    s.min = values.front();
    s.max = values.back();
    return s;
}

inline quantile_sketch::quantile_sketch(double relative_error) : alpha_(relative_error) {
    if (!(relative_error > 0 && relative_error < 0.5)) throw value_error("a sketch relative error in (0, 0.5)");
    gamma_ = (1 + alpha_) / (1 - alpha_);
    log_gamma_ = std::log(gamma_);
}

inline void quantile_sketch::add(double x) {
    if (!(x >= 0) || !std::isfinite(x)) throw value_error("finite, non-negative values for the quantile sketch");
    ++n_;
    min_ = std::min(min_, x);
    max_ = std::max(max_, x);
    if (x == 0) {
        ++zeros_;
        return;
    }
    const auto i = static_cast<std::int64_t>(std::ceil(std::log(x) / log_gamma_));
    if (counts_.empty()) {
        offset_ = i;
        counts_.assign(1, 0);
    } else if (i < offset_) {
        counts_.insert(counts_.begin(), static_cast<std::size_t>(offset_ - i), 0);
        offset_ = i;
    } else if (i - offset_ >= static_cast<std::int64_t>(counts_.size())) {
        counts_.resize(static_cast<std::size_t>(i - offset_ + 1), 0);
    }
    ++counts_[static_cast<std::size_t>(i - offset_)];
}

inline void quantile_sketch::merge(const quantile_sketch& o) {
    if (o.alpha_ != alpha_) throw value_error("sketches of the same relative error to merge");
    if (o.n_ == 0) return;
    if (!o.counts_.empty()) {
        if (counts_.empty()) {
            offset_ = o.offset_;
            counts_.assign(o.counts_.size(), 0);
        }
        const std::int64_t lo = std::min(offset_, o.offset_);
        const std::int64_t hi = std::max(offset_ + static_cast<std::int64_t>(counts_.size()),
                                         o.offset_ + static_cast<std::int64_t>(o.counts_.size()));
        if (lo < offset_) counts_.insert(counts_.begin(), static_cast<std::size_t>(offset_ - lo), 0);
        offset_ = lo;
        counts_.resize(static_cast<std::size_t>(hi - lo), 0);
        for (std::size_t j = 0; j < o.counts_.size(); ++j)
            counts_[static_cast<std::size_t>(o.offset_ - lo) + j] += o.counts_[j];
    }
    zeros_ += o.zeros_;
    n_ += o.n_;
    min_ = std::min(min_, o.min_);
    max_ = std::max(max_, o.max_);
}

inline double quantile_sketch::quantile(double p) const {
    if (n_ == 0) throw value_error("at least one value to take a quantile of");
    if (!(p >= 0.0 && p <= 1.0)) throw value_error("a quantile probability in [0, 1]");
    if (p == 0.0) return min_;
    if (p == 1.0) return max_;
    const auto rank = static_cast<std::uint64_t>(std::floor(p * static_cast<double>(n_ - 1)));
    if (rank < zeros_) return 0.0;
    std::uint64_t seen = zeros_;
    for (std::size_t j = 0; j < counts_.size(); ++j) {
        seen += counts_[j];
        if (seen > rank) {
            const double v = 2.0 * std::exp(static_cast<double>(offset_ + static_cast<std::int64_t>(j)) * log_gamma_) /
                             (gamma_ + 1.0);
            return std::clamp(v, min_, max_);  // the extremes are known exactly
        }
    }
    return max_;
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
