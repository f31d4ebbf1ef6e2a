// costsim/core/stats.hpp — summaries of Monte Carlo results: mean, standard error, CI, quantiles.
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
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "costsim/core/error.hpp"

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
summary summarize(const std::vector<double>& values);
/// The same summary, and in `at_ps` the type-7 quantiles at each of ps, from one pass of
/// order-statistic selection (the values are neither copied nor reordered).
summary summarize(std::span<const double> values, std::span<const double> ps, std::vector<double>& at_ps);
/// The summary of n copies of v (n >= 1, v finite; value_error otherwise), exactly: mean,
/// quantiles, min and max v, standard error 0 (NaN for n = 1, as summarize gives). For an
/// outcome that is the same in every trial, without n identical values to go through.
summary constant_summary(double v, std::size_t n);

/// Type-7 quantile of already sorted, non-empty data; p in [0,1] (value_error otherwise).
double quantile_sorted(std::span<const double> sorted, double p);
/// The type-7 median of non-empty data (the mean of the two middle values when the count
/// is even): the one median costsim takes, of measurements and calibrations alike.
double median(std::vector<double> values);
/// Type-7 quantiles at each of ps of finite, non-empty, unsorted data: what quantile_sorted
/// gives on the sorted values, bit for bit, in O(n) for a few hundred ps.
std::vector<double> quantiles(std::span<const double> values, std::span<const double> ps);

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

/// Neumaier's compensated sum of f(x) over xs, in index order: error independent of n to
/// first order, and deterministic.
template <class F>
double compensated_sum(std::span<const double> xs, F f) noexcept;
double compensated_sum(std::span<const double> xs) noexcept;

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

template <class F>
double compensated_sum(std::span<const double> xs, F f) noexcept {
    double s = 0.0, c = 0.0;
    for (double v : xs) {
        const double x = f(v);
        const double t = s + x;
        c += std::fabs(s) >= std::fabs(x) ? (s - t) + x : (x - t) + s;
        s = t;
    }
    return s + c;
}
inline double compensated_sum(std::span<const double> xs) noexcept {
    return compensated_sum(xs, [](double x) { return x; });
}

namespace detail {

// The order-preserving 64-bit image of a finite double: a < b <=> key(a) < key(b), with
// -0.0 just below +0.0.
inline std::uint64_t order_key(double x) noexcept {
    const auto b = std::bit_cast<std::uint64_t>(x);
    return b & 0x8000000000000000ull ? ~b : b | 0x8000000000000000ull;
}
inline double from_order_key(std::uint64_t k) noexcept {
    return std::bit_cast<double>(k & 0x8000000000000000ull ? k & 0x7fffffffffffffffull : ~k);
}
inline std::uint64_t order_key(std::uint64_t k) noexcept { return k; }

// out[j] = the key of rank ranks[j] (0-based, ascending order) among the keys of xs;
// ranks strictly increasing and < xs.size(). The answer of a sort, without sorting: one
// pass for the key range, one histogram of 2^14 equal-width key buckets, one pass
// gathering just the buckets that hold a wanted rank; those (about n/2^14 keys each) are
// solved the same way, or sorted once small. O(n) for a few hundred ranks, where the
// summary of 10^6 trials would otherwise spend longer sorting than simulating.
template <class T>  // double (keyed by order_key) or std::uint64_t (keys already)
void select_ranks(std::span<const T> xs, std::span<const std::size_t> ranks, std::span<std::uint64_t> out) {
    const std::size_t n = xs.size();
    if (n <= 4096) {
        std::vector<std::uint64_t> k(n);
        std::transform(xs.begin(), xs.end(), k.begin(), [](T x) { return order_key(x); });
        std::sort(k.begin(), k.end());
        for (std::size_t j = 0; j < ranks.size(); ++j) out[j] = k[ranks[j]];
        return;
    }
    std::uint64_t lo = ~std::uint64_t{0}, hi = 0;
    for (T x : xs) {
        lo = std::min(lo, order_key(x));
        hi = std::max(hi, order_key(x));
    }
    const int shift = std::max(0, static_cast<int>(std::bit_width(hi - lo)) - 14);
    if (lo == hi || shift == 0) {  // buckets of one key each: counting is enough
        std::vector<std::size_t> count(static_cast<std::size_t>(hi - lo) + 1);
        for (T x : xs) ++count[static_cast<std::size_t>(order_key(x) - lo)];
        std::size_t b = 0, below = 0;
        for (std::size_t j = 0; j < ranks.size(); ++j) {
            while (below + count[b] <= ranks[j]) below += count[b++];
            out[j] = lo + b;
        }
        return;
    }
    auto bucket = [&](T x) { return static_cast<std::size_t>((order_key(x) - lo) >> shift); };
    std::vector<std::size_t> count((static_cast<std::size_t>((hi - lo) >> shift)) + 1);
    for (T x : xs) ++count[bucket(x)];
    // The bucket of each rank; where each wanted bucket starts in the order and in `gathered`.
    constexpr std::size_t none = ~std::size_t{0};
    std::vector<std::size_t> slot(count.size(), none), first_rank, start, bucket_of(ranks.size());
    std::size_t b = 0, below = 0, size = 0;
    for (std::size_t j = 0; j < ranks.size(); ++j) {
        while (below + count[b] <= ranks[j]) below += count[b++];
        if (slot[b] == none) {
            slot[b] = first_rank.size();
            first_rank.push_back(below);
            start.push_back(size);
            size += count[b];
        }
        bucket_of[j] = slot[b];
    }
    start.push_back(size);
    std::vector<std::uint64_t> gathered(size);
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (T x : xs)
        if (const std::size_t s = slot[bucket(x)]; s != none) gathered[fill[s]++] = order_key(x);
    std::vector<std::size_t> sub_ranks;
    for (std::size_t j = 0, e; j < ranks.size(); j = e) {
        const std::size_t s = bucket_of[j];
        sub_ranks.clear();
        for (e = j; e < ranks.size() && bucket_of[e] == s; ++e) sub_ranks.push_back(ranks[e] - first_rank[s]);
        select_ranks<std::uint64_t>(std::span<const std::uint64_t>(gathered).subspan(start[s], start[s + 1] - start[s]),
                                    sub_ranks, out.subspan(j, e - j));
    }
}

// Where the type-7 quantile p of n sorted values lies: h = (n-1)·p between the order
// statistics lo and lo + 1 (`last`: lo is the maximum).
struct type7_position {
    std::size_t lo;
    double frac;
    bool last;
};
inline type7_position type7_at(std::size_t n, double p) {
    if (n == 0) throw value_error("at least one value to take a quantile of");
    if (!(p >= 0.0 && p <= 1.0)) throw value_error("a quantile probability in [0, 1]");
    const double h = static_cast<double>(n - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    return {lo, h - static_cast<double>(lo), lo + 1 >= n};
}
inline double type7_between(const type7_position& at, double a, double b) {
    return a == b ? a : a + at.frac * (b - a);  // equal neighbours: exact, even if huge
}

}  // namespace detail

inline double quantile_sorted(std::span<const double> sorted, double p) {
    const detail::type7_position at = detail::type7_at(sorted.size(), p);
    if (at.last) return sorted.back();
    return detail::type7_between(at, sorted[at.lo], sorted[at.lo + 1]);
}

inline double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return quantile_sorted(values, 0.5);
}

namespace detail {
// The type-7 quantiles at ps, then the order statistics of the ranks `extra`, from one
// selection pass.
inline std::vector<double> select_quantiles(std::span<const double> values, std::span<const double> ps,
                                            std::span<const std::size_t> extra) {
    std::vector<type7_position> at;
    std::vector<std::size_t> ranks(extra.begin(), extra.end());
    for (double p : ps) {
        at.push_back(type7_at(values.size(), p));
        ranks.push_back(at.back().lo);
        if (!at.back().last) ranks.push_back(at.back().lo + 1);
    }
    std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    std::vector<std::uint64_t> keys(ranks.size());
    select_ranks<double>(values, ranks, keys);
    auto order_stat = [&](std::size_t r) {
        return from_order_key(
            keys[static_cast<std::size_t>(std::lower_bound(ranks.begin(), ranks.end(), r) - ranks.begin())]);
    };
    std::vector<double> q;
    q.reserve(ps.size() + extra.size());
    for (const auto& a : at)
        q.push_back(a.last ? order_stat(a.lo) : type7_between(a, order_stat(a.lo), order_stat(a.lo + 1)));
    for (std::size_t r : extra) q.push_back(order_stat(r));
    return q;
}
}  // namespace detail

inline std::vector<double> quantiles(std::span<const double> values, std::span<const double> ps) {
    return detail::select_quantiles(values, ps, {});
}

inline summary summarize(std::span<const double> values, std::span<const double> ps, std::vector<double>& at_ps) {
    if (values.empty()) throw value_error("at least one trial result to summarize");
    for (double x : values)
        if (!std::isfinite(x)) throw value_error("finite trial results (got a NaN or infinity)");
    summary s;
    s.n = values.size();
    const double n = static_cast<double>(s.n);
    s.mean = compensated_sum(values) / n;
    if (s.n >= 2) {
        const double var = compensated_sum(values, [m = s.mean](double x) { return (x - m) * (x - m); }) / (n - 1.0);
        s.std_error = std::sqrt(var / n);
    } else {
        s.std_error = std::numeric_limits<double>::quiet_NaN();
    }
    s.ci95_lo = s.mean - z95 * s.std_error;
    s.ci95_hi = s.mean + z95 * s.std_error;
    // The summary's own quantiles ride along with the caller's: one selection pass.
    std::vector<double> all(ps.begin(), ps.end());
    for (double p : {0.05, 0.50, 0.95, 0.99}) all.push_back(p);
    const std::size_t ends[] = {0, s.n - 1};
    std::vector<double> q = detail::select_quantiles(values, all, ends);
    const std::size_t k = ps.size();
    s.p05 = q[k];
    s.p50 = q[k + 1];
    s.p95 = q[k + 2];
    s.p99 = q[k + 3];
    s.min = q[k + 4];
    s.max = q[k + 5];
    q.resize(k);
    at_ps = std::move(q);
    return s;
}

inline summary constant_summary(double v, std::size_t n) {
    if (n == 0) throw value_error("at least one trial result to summarize");
    if (!std::isfinite(v)) throw value_error("finite trial results (got a NaN or infinity)");
    summary s;
    s.n = n;
    s.mean = s.p05 = s.p50 = s.p95 = s.p99 = s.min = s.max = v;
    s.std_error = n >= 2 ? 0.0 : std::numeric_limits<double>::quiet_NaN();
    s.ci95_lo = s.mean - z95 * s.std_error;
    s.ci95_hi = s.mean + z95 * s.std_error;
    return s;
}

inline summary summarize(const std::vector<double>& values) {
    std::vector<double> none;
    return summarize(values, {}, none);
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

inline double running_stats::std_error() const noexcept { return std::sqrt(variance() / static_cast<double>(n_)); }

}  // namespace costsim
