// costsim/models/interruptions.hpp — when a spot session gets interrupted.
//
// Each model is a small value type with
//     fast_hours time_to_interruption(philox_stream&) const;   // from the session's start
//     fast_hours mean_time_to_interruption() const;            // M, for Young/Daly
// so the trial loop is templated on it (concept `interruption_model`): no virtual call
// per event. Time is session running time (boot/overhead and checkpoints included),
// measured from the moment the instance starts; a new session starts a fresh clock.
//
// Models:
//  - poisson_interruptions{hazard}: memoryless, exponential time to interruption.
//  - advisor_interruptions(bucket): AWS Spot Instance Advisor "frequency of
//    interruption" bucket → Poisson hazard, CALIBRATED on real traces. The band orders the
//    risk; it does not set its level. Read naively ("f of instances running a whole
//    730 h month are interrupted", f the band's midpoint 2.5/7.5/12.5/17.5 %, 25 % for
//    ">20 %": λ = -ln(1 - f)/730 h) the ">20 %" band is 0.00039 per hour, while the
//    bundled p3.2xlarge and p2.xlarge traces — types the Advisor puts in that band in
//    every region they were recorded in — show about 0.5 per hour of spot running. So:
//        λ(band) = λ_anchor · ln(1 - f(band)) / ln(1 - f(">20 %")),
//    λ_anchor the ">20 %" band's rate pooled over those traces (advisor_anchor_per_hour,
//    recomputed from the traces by the tests), the other bands at the naive reading's
//    ratios to it (×0.088, ×0.271, ×0.464, ×0.669). advisor_naive_hazard keeps the naive
//    reading for comparison.
//  - max_lifetime{lifetime, hazard}: GCE preemptible VMs are stopped after 24 h and may
//    be preempted before; the session ends at min(lifetime, Exp(hazard)).
//  - interruption_notice{notice}: not a model of *when*, but of the warning before it
//    (AWS: 2 minutes). A checkpoint that is due can be written in the notice if it fits.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/fast_units.hpp"
#include "costsim/core/rng.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

template <class M>
concept interruption_model = requires(const M& m, philox_stream& s) {
    { m.time_to_interruption(s) } -> std::same_as<fast_hours>;
    { m.mean_time_to_interruption() } -> std::same_as<fast_hours>;
};

/// Hours in the month of the Spot Advisor's "% interrupted per month" (8760 h / 12).
inline constexpr fast_hours advisor_month{730.0};

struct poisson_interruptions {
    hazard rate;

    constexpr explicit poisson_interruptions(hazard r) noexcept : rate(r) {}
    fast_hours time_to_interruption(philox_stream& s) const { return s.exponential(rate); }
    fast_hours mean_time_to_interruption() const noexcept { return rate.mean_time_between(); }
};

/// The Spot Advisor's frequency-of-interruption buckets, in the order of its `r` index.
enum class advisor_bucket { under_5 = 0, from_5_to_10 = 1, from_10_to_15 = 2, from_15_to_20 = 3, over_20 = 4 };

/// From the Advisor JSON's `r` (0..4); value_error otherwise.
advisor_bucket advisor_bucket_from_index(int r);
/// From the Advisor's labels "<5%", "5-10%", "10-15%", "15-20%", ">20%"; value_error otherwise.
advisor_bucket parse_advisor_bucket(std::string_view label);
/// The Advisor's label: "<5%", "5-10%", "10-15%", "15-20%", ">20%".
std::string_view advisor_band_text(advisor_bucket b) noexcept;
/// Representative fraction of instances interrupted per month (midpoint; 0.25 for >20 %).
double advisor_monthly_fraction(advisor_bucket b) noexcept;
/// The naive reading, λ = -ln(1 - f) / 730 h: about 1,000 times below what traces of a
/// type in the band show. For comparison only.
hazard advisor_naive_hazard(advisor_bucket b);
/// The band's rate relative to the ">20 %" band's: ln(1 - f(b)) / ln(1 - 0.25).
double advisor_band_scale(advisor_bucket b) noexcept;
/// The ">20 %" band's interruptions per hour of spot running, pooled over the 13 bundled
/// 1-GPU AWS availability traces (p3.2xlarge 2022-10 and 2023-02, 9 zones; p2.xlarge
/// 2022-10, 2 zones): 2,370 lifetimes in 4,465 h of spot running, 0.5308 per hour.
inline constexpr double advisor_anchor_per_hour = 0.531;
/// The calibrated rate: anchor · advisor_band_scale(b).
hazard advisor_hazard(advisor_bucket b, hazard anchor = hazard(advisor_anchor_per_hour));
inline poisson_interruptions advisor_interruptions(advisor_bucket b) {
    return poisson_interruptions(advisor_hazard(b));
}

struct max_lifetime {
    fast_hours lifetime;
    hazard rate;  // preemption before the cap; zero for "only the cap"

    /// lifetime must be positive and finite (value_error).
    explicit max_lifetime(fast_hours life, hazard r = hazard{});
    fast_hours time_to_interruption(philox_stream& s) const;
    /// E[min(L, Exp(λ))] = (1 - e^{-λL}) / λ; L when λ = 0.
    fast_hours mean_time_to_interruption() const noexcept;
};

struct interruption_notice {
    fast_hours notice;

    /// notice must be finite and >= 0 (value_error).
    explicit interruption_notice(fast_hours n);
    /// When, on the session clock, the notice of an interruption at `at` arrives
    /// (never before the session started).
    fast_hours warned_at(fast_hours at) const noexcept;
    /// Whether a checkpoint of cost δ, started when the notice arrives, finishes before
    /// the interruption: δ <= notice.
    bool checkpoint_fits(fast_hours delta) const noexcept;
    /// Same, for an interruption `at` into the session: a session younger than the
    /// notice gets only its age (δ <= min(notice, at)).
    bool checkpoint_fits(fast_hours delta, fast_hours at) const noexcept;
};

/// AWS's two-minute spot interruption notice.
inline interruption_notice aws_interruption_notice() { return interruption_notice(fast_hours(2.0 / 60.0)); }
/// GCE preemptible: at most 24 h, plus a Poisson preemption hazard.
inline max_lifetime gce_preemptible(hazard r = hazard{}) { return max_lifetime(fast_hours(24.0), r); }

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline advisor_bucket advisor_bucket_from_index(int r) {
    if (r < 0 || r > 4) throw value_error("a Spot Advisor interruption bucket index 0..4, got " + std::to_string(r));
    return static_cast<advisor_bucket>(r);
}

inline advisor_bucket parse_advisor_bucket(std::string_view label) {
    static constexpr std::array<std::string_view, 5> labels{"<5%", "5-10%", "10-15%", "15-20%", ">20%"};
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (label == labels[i]) return static_cast<advisor_bucket>(i);
    throw value_error("a Spot Advisor bucket \"<5%\", \"5-10%\", \"10-15%\", \"15-20%\" or \">20%\", got \"" +
                      std::string(label) + "\"");
}

inline std::string_view advisor_band_text(advisor_bucket b) noexcept {
    switch (b) {
        case advisor_bucket::under_5: return "<5%";
        case advisor_bucket::from_5_to_10: return "5-10%";
        case advisor_bucket::from_10_to_15: return "10-15%";
        case advisor_bucket::from_15_to_20: return "15-20%";
        case advisor_bucket::over_20: return ">20%";
    }
    return "?";
}

inline double advisor_monthly_fraction(advisor_bucket b) noexcept {
    switch (b) {
        case advisor_bucket::under_5: return 0.025;
        case advisor_bucket::from_5_to_10: return 0.075;
        case advisor_bucket::from_10_to_15: return 0.125;
        case advisor_bucket::from_15_to_20: return 0.175;
        case advisor_bucket::over_20: return 0.25;  // open-ended: a stated, conservative-ish guess
    }
    return 0.25;  // unreachable for valid enumerators
}

inline hazard advisor_naive_hazard(advisor_bucket b) {
    return hazard(-std::log1p(-advisor_monthly_fraction(b)) / advisor_month.count());
}

inline double advisor_band_scale(advisor_bucket b) noexcept {
    return std::log1p(-advisor_monthly_fraction(b)) / std::log1p(-advisor_monthly_fraction(advisor_bucket::over_20));
}

inline hazard advisor_hazard(advisor_bucket b, hazard anchor) {
    return hazard(anchor.per_hour() * advisor_band_scale(b));
}

inline max_lifetime::max_lifetime(fast_hours life, hazard r) : lifetime(life), rate(r) {
    if (!(life.count() > 0.0) || !std::isfinite(life.count())) throw value_error("a positive, finite maximum lifetime");
}

inline fast_hours max_lifetime::time_to_interruption(philox_stream& s) const {
    return std::min(lifetime, s.exponential(rate));  // always draws: streams stay aligned
}

inline fast_hours max_lifetime::mean_time_to_interruption() const noexcept {
    const double l = rate.per_hour(), L = lifetime.count();
    if (l == 0.0) return lifetime;
    return fast_hours(-std::expm1(-l * L) / l);
}

inline interruption_notice::interruption_notice(fast_hours n) : notice(n) {
    if (!(n.count() >= 0.0) || !std::isfinite(n.count()))
        throw value_error("a finite, non-negative interruption notice");
}

inline fast_hours interruption_notice::warned_at(fast_hours at) const noexcept {
    return std::max(fast_hours(0.0), at - notice);
}

inline bool interruption_notice::checkpoint_fits(fast_hours delta) const noexcept { return delta <= notice; }

inline bool interruption_notice::checkpoint_fits(fast_hours delta, fast_hours at) const noexcept {
    return delta <= std::min(notice, at);
}

}  // namespace costsim
