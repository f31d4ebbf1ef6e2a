// costsim/core/rng.hpp — reproducible random numbers for Monte Carlo trials.
//
// `philox_stream` is a counter-based generator (Philox4x32-10, Random123): the i-th
// random word of a stream is a pure function of (seed, trial index, stream id, i). A
// trial therefore draws the same numbers whichever thread runs it and in whatever
// order trials are scheduled, which is what makes `--threads 1` and `--threads 8`
// produce byte-identical results. Each model of a trial (interruptions, restart delays,
// the price path, ...) should draw from its own stream id, so that adding a draw to one
// model does not shift the numbers another model sees.
//
// Layout: key = the 64-bit seed; counter = (block index: 32 bits, stream id: 32 bits,
// trial index: 64 bits). A stream holds 2^32 blocks of four 32-bit words (2^34 words);
// running past that throws model_error rather than repeating numbers.
//
// Distributions (all exact in the sense of a correct algorithm on doubles, no
// approximation of the target law):
//   uniform()        open interval (0,1), multiples of 2^-53 (53 random bits);
//   standard_exponential()  -ln uniform(): mean 1, always > 0 (inversion);
//   exponential(h)   time to the next event of a Poisson process of hazard h (inversion);
//   exponential(m)   an exponential time of mean m (inversion);
//   normal()         standard normal (Marsaglia polar method; the spare value is kept);
//   poisson(mean)    inversion by sequential search for mean < 10; Hörmann's PTRS
//                    transformed rejection (1993) for mean >= 10;
//   geometric(p)     failures before the first success, P(K = k) = (1-p)^k p (inversion).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include <Random123/philox.h>

#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/fast_units.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// The user's seed (`--seed`).
struct rng_seed {
    constexpr explicit rng_seed(std::uint64_t v) noexcept : value(v) {}
    std::uint64_t value;
};
/// The index of a Monte Carlo trial, 0-based.
struct trial_index {
    constexpr explicit trial_index(std::uint64_t v) noexcept : value(v) {}
    std::uint64_t value;
};
/// Which of a trial's independent streams (one per model).
struct stream_id {
    constexpr explicit stream_id(std::uint32_t v) noexcept : value(v) {}
    std::uint32_t value;
};

class philox_stream {
public:
    philox_stream(rng_seed seed, trial_index trial, stream_id stream) noexcept;

    /// Uniform on (0,1): k·2^-53 with k uniform on 1..2^53-1 (k = 0 is redrawn).
    double uniform();
    /// Exponential of mean 1, -ln U: always > 0 and finite (at most 53 ln 2).
    double standard_exponential() { return -std::log(uniform()); }
    /// Time to the next event of a Poisson process of hazard h; +infinity if h is zero.
    fast_hours exponential(hazard h);
    /// An exponential time with the given mean (>= 0; a zero mean gives zero).
    fast_hours exponential(fast_hours mean);
    /// Standard normal N(0,1).
    double normal();
    /// Poisson-distributed count with the given mean (finite, >= 0, at most 1e15).
    std::uint64_t poisson(double mean);
    /// Number of failures before the first success, success probability p in (0,1].
    /// Saturates at the largest uint64 (only reachable for p below about 2e-18).
    std::uint64_t geometric(double p);

    /// Raw 32-bit words consumed so far (normal() returning its cached spare consumes none).
    std::uint64_t draws() const noexcept { return draws_; }
    /// The next raw 32-bit word of the stream (what every distribution above consumes).
    std::uint32_t next_u32();

private:
    using philox = r123::Philox4x32;
    void refill();

    philox::key_type key_{};
    philox::ctr_type ctr_{};  // ctr_[0] = index of the next block to generate
    philox::ctr_type buf_{};
    unsigned used_ = 4;  // words of buf_ already handed out
    bool block_zero_done_ = false;
    bool have_spare_ = false;
    double spare_ = 0.0;
    std::uint64_t draws_ = 0;
};

/// A Poisson law of a fixed mean with its constants (e^-mean, or PTRS's) computed once,
/// for a model that draws a count every step: the same counts as philox_stream::poisson.
class poisson_law {
public:
    /// mean finite, >= 0, at most 1e15 (value_error).
    explicit poisson_law(double mean);
    double mean() const noexcept { return mean_; }
    std::uint64_t operator()(philox_stream& s) const;

private:
    double mean_, exp_neg_mean_ = 0, loglam_ = 0, b_ = 0, a_ = 0, log_invalpha_ = 0, vr_ = 0;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline philox_stream::philox_stream(rng_seed seed, trial_index trial, stream_id stream) noexcept {
    key_[0] = static_cast<std::uint32_t>(seed.value);
    key_[1] = static_cast<std::uint32_t>(seed.value >> 32);
    ctr_[0] = 0;
    ctr_[1] = stream.value;
    ctr_[2] = static_cast<std::uint32_t>(trial.value);
    ctr_[3] = static_cast<std::uint32_t>(trial.value >> 32);
}

inline void philox_stream::refill() {
    // The block counter wraps to 0 after 2^32 blocks; block 0 was the first one used.
    if (ctr_[0] == 0 && block_zero_done_)
        throw model_error("a random stream ran out of numbers (2^34 draws in one trial stream)");
    buf_ = philox{}(ctr_, key_);
    block_zero_done_ = true;
    ++ctr_[0];
    used_ = 0;
}

inline std::uint32_t philox_stream::next_u32() {
    if (used_ == 4) refill();
    ++draws_;
    return buf_[used_++];
}

inline double philox_stream::uniform() {
    for (;;) {
        const std::uint64_t hi = next_u32() >> 5;  // 27 bits
        const std::uint64_t lo = next_u32() >> 6;  // 26 bits
        const std::uint64_t k = (hi << 26) | lo;   // 53 bits
        // Redrawing k = 0 (probability 2^-53) keeps the interval open at both ends
        // without biasing the other values; k·2^-53 is exact and at most 1 - 2^-53.
        if (k != 0) return static_cast<double>(k) * 0x1p-53;
    }
}

inline fast_hours philox_stream::exponential(hazard h) {
    const double e = standard_exponential();  // always consumes 2 words
    if (h.per_hour() == 0.0) return fast_hours(std::numeric_limits<double>::infinity());
    return fast_hours(e / h.per_hour());
}

inline fast_hours philox_stream::exponential(fast_hours mean) {
    if (!(mean.count() >= 0.0) || !std::isfinite(mean.count())) throw value_error("a finite, non-negative mean time");
    return fast_hours(standard_exponential() * mean.count());
}

inline double philox_stream::normal() {
    if (have_spare_) {
        have_spare_ = false;
        return spare_;
    }
    // Marsaglia's polar method: exact, and no trigonometric calls.
    for (;;) {
        const double x = 2.0 * uniform() - 1.0;
        const double y = 2.0 * uniform() - 1.0;
        const double s = x * x + y * y;
        if (s >= 1.0 || s == 0.0) continue;
        const double f = std::sqrt(-2.0 * std::log(s) / s);
        spare_ = y * f;
        have_spare_ = true;
        return x * f;
    }
}

namespace detail {

// ln k!, without std::lgamma (glibc's writes the global `signgam`, a data race when
// trials run on several threads). Exact sum below 16; Stirling's series above, whose
// truncation error is below 1/(1680·16^7) < 3e-12 absolute, far under what the
// rejection test resolves.
inline double log_factorial(double k) {
    if (k < 16.0) {
        double s = 0.0;
        for (int i = 2; i <= static_cast<int>(k); ++i) s += std::log(static_cast<double>(i));
        return s;
    }
    constexpr double half_log_2pi = 0.91893853320467274178;
    const double r = 1.0 / k, r2 = r * r;
    return (k + 0.5) * std::log(k) - k + half_log_2pi +
           r * (1.0 / 12.0 - r2 * (1.0 / 360.0 - r2 * (1.0 / 1260.0 - r2 / 1680.0)));
}

}  // namespace detail

inline poisson_law::poisson_law(double mean) : mean_(mean) {
    if (!(mean >= 0.0) || !(mean <= 1e15)) throw value_error("a Poisson mean in [0, 1e15]");
    if (mean < 10.0) {
        exp_neg_mean_ = std::exp(-mean);
        return;
    }
    // PTRS, W. Hörmann, "The transformed rejection method for generating Poisson random
    // variables", Insurance: Mathematics and Economics 12 (1993) 39-45. Constants as
    // published (and as in NumPy); acceptance about 0.9 per iteration.
    loglam_ = std::log(mean);
    b_ = 0.931 + 2.53 * std::sqrt(mean);
    a_ = -0.059 + 0.02483 * b_;
    const double invalpha = 1.1239 + 1.1328 / (b_ - 3.4);
    log_invalpha_ = std::log(invalpha);
    vr_ = 0.9277 - 3.6224 / (b_ - 2.0);
}

inline std::uint64_t poisson_law::operator()(philox_stream& s) const {
    const double mean = mean_;
    if (mean == 0.0) return 0;
    if (mean < 10.0) {
        // Inversion by sequential search: one uniform, about mean+1 steps.
        const double u = s.uniform();
        std::uint64_t k = 0;
        double p = exp_neg_mean_, F = p;
        while (u > F) {
            ++k;
            p *= mean / static_cast<double>(k);
            const double next = F + p;
            if (next == F) break;  // the remaining tail is below double resolution
            F = next;
        }
        return k;
    }
    for (;;) {
        const double U = s.uniform() - 0.5;
        const double V = s.uniform();
        const double us = 0.5 - std::fabs(U);
        const double kd = std::floor((2.0 * a_ / us + b_) * U + mean + 0.43);
        if (kd < 0.0 || kd > 0x1p62) continue;  // outside the support (or absurdly far out)
        if (us >= 0.07 && V <= vr_) return static_cast<std::uint64_t>(kd);
        if (us < 0.013 && V > us) continue;
        if (std::log(V) + log_invalpha_ - std::log(a_ / (us * us) + b_) <=
            -mean + kd * loglam_ - detail::log_factorial(kd))
            return static_cast<std::uint64_t>(kd);
    }
}

inline std::uint64_t philox_stream::poisson(double mean) { return poisson_law(mean)(*this); }

inline std::uint64_t philox_stream::geometric(double p) {
    if (!(p > 0.0 && p <= 1.0)) throw value_error("a success probability in (0, 1]");
    const double u = uniform();  // always consume, so p = 1 keeps the stream aligned
    if (p == 1.0) return 0;
    // P(K >= k) = (1-p)^k  <=>  K = floor(ln U / ln(1-p)); log1p keeps small p accurate.
    const double k = std::floor(std::log(u) / std::log1p(-p));
    if (k >= 0x1p64) return std::numeric_limits<std::uint64_t>::max();
    return static_cast<std::uint64_t>(k);
}

}  // namespace costsim
