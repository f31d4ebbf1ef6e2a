// costsim/models/restart.hpp — what an interruption costs besides the lost work.
//
// After an interruption the job waits `delay` for capacity (not billed unless `billed`),
// then every new session spends `overhead` of billed running time (boot, image pull,
// data load, checkpoint restore; the changeover delay d of "Can't Be Late") before
// progress resumes. The scenario's "restart": {"delay": "15m", "billed": false,
// "overhead": "12m"}.
//
// Delay distributions are small value types with `draw(philox_stream&)` and `mean()`;
// `restart_delay` is a std::variant of them, dispatched by std::visit (a jump table, not
// a virtual call). A trial draws its delays from a stream of their own (trial.hpp's
// campaign_draws), so a fixed delay draws nothing and switching the delay model shifts no
// other model's numbers.
#pragma once

#include <cmath>
#include <cstddef>
#include <utility>
#include <variant>
#include <vector>

#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/rng.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// Always the same delay (finite, >= 0).
struct fixed_delay {
    explicit fixed_delay(fast_hours d);
    fast_hours draw(philox_stream& s) const;
    fast_hours mean() const noexcept { return delay; }
    fast_hours delay;
};

/// Exponentially distributed with the given mean (finite, >= 0).
struct exponential_delay {
    explicit exponential_delay(fast_hours mean);
    fast_hours draw(philox_stream& s) const { return s.exponential(mean_); }
    fast_hours mean() const noexcept { return mean_; }

private:
    fast_hours mean_;
};

/// One of the observed delays, each with probability 1/n (non-empty, finite, >= 0).
struct empirical_delay {
    explicit empirical_delay(std::vector<fast_hours> samples);
    fast_hours draw(philox_stream& s) const;
    fast_hours mean() const noexcept { return mean_; }
    const std::vector<fast_hours>& samples() const noexcept { return samples_; }

private:
    std::vector<fast_hours> samples_;
    fast_hours mean_;
};

using restart_delay = std::variant<fixed_delay, exponential_delay, empirical_delay>;

fast_hours draw_delay(const restart_delay& d, philox_stream& s);
fast_hours mean_delay(const restart_delay& d);

/// Whether the wait for capacity is billed (e.g. a reserved-but-idle instance).
enum class delay_billing { unbilled, billed };

struct restart_model {
    restart_delay delay{fixed_delay(fast_hours(0.0))};
    delay_billing billing = delay_billing::unbilled;
    fast_hours overhead{0.0};  // billed, at the start of every session (the first included)

    restart_model() = default;
    /// overhead must be finite and >= 0 (value_error).
    restart_model(const restart_delay& d, delay_billing b, fast_hours overhead);
    bool delay_billed() const noexcept { return billing == delay_billing::billed; }
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {
inline fast_hours checked_delay(fast_hours d, const char* what) {
    if (!(d.count() >= 0.0) || !std::isfinite(d.count())) throw value_error(what);
    return d;
}
}  // namespace detail

inline fixed_delay::fixed_delay(fast_hours d)
    : delay(detail::checked_delay(d, "a finite, non-negative restart delay")) {}

inline fast_hours fixed_delay::draw(philox_stream&) const { return delay; }

inline exponential_delay::exponential_delay(fast_hours mean)
    : mean_(detail::checked_delay(mean, "a finite, non-negative mean restart delay")) {}

inline empirical_delay::empirical_delay(std::vector<fast_hours> samples) : samples_(std::move(samples)) {
    if (samples_.empty()) throw value_error("at least one observed restart delay");
    double sum = 0.0;
    for (fast_hours d : samples_) sum += detail::checked_delay(d, "finite, non-negative restart delays").count();
    mean_ = fast_hours(sum / static_cast<double>(samples_.size()));
}

inline fast_hours empirical_delay::draw(philox_stream& s) const {
    // u in (0,1) so u·n < n; the min guards the last ulp all the same.
    const auto n = samples_.size();
    const auto i = static_cast<std::size_t>(s.uniform() * static_cast<double>(n));
    return samples_[i < n ? i : n - 1];
}

inline fast_hours draw_delay(const restart_delay& d, philox_stream& s) {
    return std::visit([&s](const auto& m) { return m.draw(s); }, d);
}

inline fast_hours mean_delay(const restart_delay& d) {
    return std::visit([](const auto& m) { return m.mean(); }, d);
}

inline restart_model::restart_model(const restart_delay& d, delay_billing b, fast_hours oh)
    : delay(d), billing(b), overhead(detail::checked_delay(oh, "a finite, non-negative start-up overhead")) {}

}  // namespace costsim
