// costsim/engine/trial.hpp — one spot campaign, simulated event by event.
//
// The reference model (SPEC.md): the job needs `work` hours; it checkpoints after every
// `every` hours of work, each checkpoint taking `cost` hours of billed running time (the
// last stretch needs none). While a spot instance runs, interruptions arrive from the
// interruption model; an interruption loses the work since the last completed
// checkpoint, then the job waits the restart delay (billed only when the restart model
// says so) and resumes on a new session, which first spends the restart overhead
// (billed, no progress). Every session is billed on its own by the offer's increment
// and minimum, at the spot price in force over its billed interval.
//
// Extensions, each documented where it acts:
//  - max lifetime: a session also ends `lifetime` after it started;
//  - interruption notice: when a checkpoint fits in the notice (δ <= notice), the work
//    done up to the notice is saved by an emergency checkpoint;
//  - empirical lifetimes and outages ("trace_fit", resampled from a real trace): a
//    session's time to interruption is one of `lifetimes` and the wait after an
//    interruption one of `outages`, each drawn uniformly, instead of the hazard and the
//    restart delay;
//  - deadline_fallback: the policy runs on spot until the slack no longer covers the
//    work left since the last checkpoint plus one restart, i.e. until
//        switch time = deadline − (overhead + work not yet checkpointed),
//    watched continuously (on spot, while waiting for capacity, during a boot); at that
//    instant it leaves spot (work since the last checkpoint is lost) and finishes on
//    on-demand, on time. It never misses a deadline that on-demand alone could meet from
//    the start (deadline >= overhead + work);
//  - failover over N zones of one instance and interruption model (plan's failover
//    market): after an interruption the run relaunches in another zone that has capacity
//    and runs at that zone's spot price (campaign::failover_zones, zone_price_ratio; the
//    wait and the zone are campaign_draws::failover_wait's).
//
// Event-driven: a session draws its time to interruption once (the model is memoryless,
// and a lifetime cap is per session) and skips the whole stretches that end before it in
// one multiplication (so a trial costs O(sessions), whatever the checkpoint interval); no
// time grid is visited, and the only random variates are one per session (drawn one
// session ahead, see run_prepared) and one per random delay.
// The fast representation is double hours; `session_record`s let a test replay the
// same trajectory through the exact billing engine.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "costsim/core/fast_units.hpp"
#include "costsim/core/rng.hpp"
#include "costsim/models/interruptions.hpp"
#include "costsim/models/restart.hpp"
#include "costsim/models/spot_price.hpp"
#include "costsim/pricing/offer.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// An offer's increment and minimum in the fast representation.
struct fast_billing {
    fast_hours increment{1.0 / 3600.0};
    fast_hours minimum{0.0};
    static fast_billing from(const increment_rule& r) { return {to_fast_hours(r.increment), to_fast_hours(r.minimum)}; }
    /// Rounded up to the increment, raised to the minimum; 0 for an empty session.
    fast_hours bill(fast_hours length) const;
};

/// A trial that needs more sessions than this is reported as not finishing.
inline constexpr std::uint64_t max_sessions_per_trial = 1000000;

enum class campaign_policy { spot_only, deadline_fallback };

struct campaign {
    fast_hours work{0};
    fast_hours every{0};            ///< work between checkpoints (>= work: none)
    fast_hours checkpoint_cost{0};  ///< δ
    std::optional<fast_hours> deadline;
    campaign_policy policy = campaign_policy::spot_only;
    fast_billing billing;
    fast_price_per_hour extra_per_hour{0.0};  ///< attached resources, added to the spot price
    fast_price_per_hour on_demand{0.0};       ///< fallback price, attached resources included
    hazard rate{};
    std::optional<fast_hours> lifetime;
    std::optional<interruption_notice> notice;
    restart_model restart;
    /// Non-empty: resampled times to interruption (trace_fit). A view: the samples (the
    /// scenario's candidate) must outlive the campaign.
    std::span<const fast_hours> lifetimes;
    std::span<const fast_hours> outages;  ///< non-empty: resampled waits for capacity (trace_fit)
    /// Failover over this many independent zones sharing the interruption model (1: none;
    /// > 1 needs lifetimes and outages): after an interruption each other zone has capacity with its stationary
    /// probability E[lifetime] / (E[lifetime] + E[outage]); the run relaunches in one that
    /// has after `relaunch`, else waits for the first zone to come back (each a fresh outage
    /// draw), plus `relaunch` when that is not the zone that preempted it.
    int failover_zones = 1;
    fast_hours relaunch{0};
    /// Failover: each zone's spot price over the first's, zones in the order tried (by
    /// price, the first the cheapest and the run's first); empty: all the same price.
    std::vector<double> zone_price_ratio;
};

/// One of `samples`, uniformly (non-empty).
fast_hours resample(std::span<const fast_hours> samples, philox_stream& s);

/// How a campaign draws its random times, prepared once per campaign: a spot session's
/// time to interruption on its own clock (the hazard's exponential or a resampled
/// lifetime, capped by the maximum lifetime), from the `events` stream, and the wait for
/// capacity after an interruption (the restart delay or a resampled outage), from the
/// `waits` stream. Two streams, so that the delay model never shifts the interruptions: a
/// fixed delay draws nothing. run_trial draws with this, and so does anything that must
/// follow the same trajectory (validate.hpp's supervisor).
class campaign_draws {
public:
    explicit campaign_draws(const campaign& c) noexcept;
    fast_hours time_to_interruption(philox_stream& events) const;
    /// The hazard's exponential: time_to_interruption without resampled or capped lifetimes.
    fast_hours exponential(philox_stream& events) const { return fast_hours(events.standard_exponential() * mean_); }
    fast_hours wait(philox_stream& waits) const;
    /// Failover: the probability that another zone has capacity when a run is preempted.
    double zone_up() const noexcept { return zone_up_; }
    struct relaunch_at {
        fast_hours delay;
        int zone;
    };
    /// Failover: the wait after a preemption in zone `from` and the zone the run relaunches
    /// in. The other zones are tried in order (the one that preempted last): the first with
    /// capacity, after the relaunch delay; none: the first back (each a fresh outage draw;
    /// `from` itself ties first), plus the relaunch delay when it is another.
    relaunch_at failover_wait(philox_stream& waits, int from) const;

private:
    const campaign* c_;
    double mean_;         // 1/hazard (+inf for a zero hazard): one multiplication per draw
    double zone_up_ = 0;  // failover only
};

struct session_record {
    fast_hours start;   ///< since the campaign start
    fast_hours length;  ///< running time (overhead, work, checkpoints)
    fast_hours billed;  ///< after increment, minimum, and a billed restart delay
    fast_hours billed_delay{0};
    market_kind market;
    bool interrupted;
};

struct trial_result {
    fast_money cost{0.0};
    fast_hours makespan{0};
    fast_hours billed{0};
    fast_hours spot_work{0};  ///< work (committed) done on spot
    std::uint32_t interruptions = 0;
};

class prepared_campaign;
namespace detail {
template <bool fallback, bool plain, class PricePath>
trial_result run_prepared(const prepared_campaign&, PricePath&, philox_stream&, philox_stream&,
                          std::vector<session_record>*);
}  // namespace detail

/// A campaign with what every trial of it computes first done once: its draws, and the
/// reciprocals that spare a session its divisions. A view: `c` must outlive it.
class prepared_campaign {
public:
    explicit prepared_campaign(const campaign& c) noexcept;
    const campaign& spec() const noexcept { return *c_; }
    /// The hazard's exponential alone draws the times to interruption (no resampled or
    /// capped lifetimes), the restart delay is fixed, and no notice is given: the case a
    /// trial runs without those checks.
    bool plain() const noexcept { return plain_; }

private:
    template <bool, bool, class PricePath>
    friend trial_result detail::run_prepared(const prepared_campaign&, PricePath&, philox_stream&, philox_stream&,
                                             std::vector<session_record>*);
    const campaign* c_;
    campaign_draws draws_;
    double W_, tau_, C_, O_, D_, full_len_, per_full_len_, full_left_, per_increment_;
    bool plain_;
    double fixed_delay_;  // plain_: the restart delay
};

/// One campaign. `events` drives interruptions, `waits` the waits after them (see
/// campaign_draws); `price` is this trial's spot price path (any spot_price_path).
/// Appends sessions to `log` when given. A Monte Carlo loop prepares the campaign once.
template <class PricePath>
trial_result run_trial(const prepared_campaign& c, PricePath& price, philox_stream& events, philox_stream& waits,
                       std::vector<session_record>* log = nullptr);
template <class PricePath>
trial_result run_trial(const campaign& c, PricePath& price, philox_stream& events, philox_stream& waits,
                       std::vector<session_record>* log = nullptr);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline fast_hours resample(std::span<const fast_hours> samples, philox_stream& s) {
    const auto n = samples.size();
    auto i = static_cast<std::size_t>(s.uniform() * static_cast<double>(n));
    return samples[std::min(i, n - 1)];
}

inline campaign_draws::campaign_draws(const campaign& c) noexcept
    : c_(&c), mean_(c.rate.per_hour() > 0.0 ? 1.0 / c.rate.per_hour() : std::numeric_limits<double>::infinity()) {
    if (c.failover_zones > 1 && !c.lifetimes.empty() && !c.outages.empty()) {
        double up = 0, down = 0;
        for (fast_hours l : c.lifetimes) up += (c.lifetime ? std::min(l, *c.lifetime) : l).count();
        for (fast_hours o : c.outages) down += o.count();
        up /= static_cast<double>(c.lifetimes.size());
        down /= static_cast<double>(c.outages.size());
        zone_up_ = up / (up + down);
    }
}

inline fast_hours campaign_draws::time_to_interruption(philox_stream& events) const {
    // A standard exponential is > 0 (uniform() < 1), so a zero hazard gives +inf, not NaN.
    const fast_hours x = c_->lifetimes.empty() ? exponential(events) : resample(c_->lifetimes, events);
    return c_->lifetime ? std::min(x, *c_->lifetime) : x;
}

inline fast_hours campaign_draws::wait(philox_stream& waits) const {
    if (c_->failover_zones > 1) return failover_wait(waits, 0).delay;
    return c_->outages.empty() ? draw_delay(c_->restart.delay, waits) : resample(c_->outages, waits);
}

inline campaign_draws::relaunch_at campaign_draws::failover_wait(philox_stream& waits, int from) const {
    const fast_hours own = resample(c_->outages, waits);
    // Every other zone, in turn: capacity now (relaunch there), else its own wait.
    fast_hours other = fast_hours(std::numeric_limits<double>::infinity());
    int first_back = from;
    for (int z = 0; z < c_->failover_zones; ++z) {
        if (z == from) continue;
        if (waits.uniform() < zone_up_) return {c_->relaunch, z};
        const fast_hours o = resample(c_->outages, waits);
        if (o < other) other = o, first_back = z;
    }
    return other < own ? relaunch_at{other + c_->relaunch, first_back} : relaunch_at{own, from};
}

namespace detail {
// floor and ceil of a double by an integer conversion, exact for |v| < 2^52 (the
// truncation of such a value is an integer both conversions represent exactly), and
// std::floor/std::ceil elsewhere. Baseline x86-64 has no rounding instruction (SSE4.1's
// roundsd), and the inlined fallback costs three times as many instructions.
inline double floor_of(double v) {
    if (!(v > -0x1p52 && v < 0x1p52)) return std::floor(v);
    const double t = static_cast<double>(static_cast<std::int64_t>(v));
    return t > v ? t - 1.0 : t;
}
inline double ceil_of(double v) {
    if (!(v > -0x1p52 && v < 0x1p52)) return std::ceil(v);
    const double t = static_cast<double>(static_cast<std::int64_t>(v));
    return t < v ? t + 1.0 : t;
}

// The stretches that end with a checkpoint in the work left from `done` (all but the
// last); the 1e-9 keeps binary noise from counting an exact multiple of tau as one more.
inline double checkpointed_stretches_left(double W, double tau, double done) {
    return ceil_of((W - done) / tau - 1e-9) - 1.0;
}

// fast_billing::bill with 1/increment given (a session multiplies, not divides).
inline fast_hours bill(const fast_billing& b, double per_increment, fast_hours length) {
    if (!(length.count() > 0)) return fast_hours(0);
    // Binary noise must not push an exact multiple into the next increment.
    double n = ceil_of(length.count() * per_increment - 1e-9);
    return std::max(fast_hours(n * b.increment.count()), b.minimum);
}
}  // namespace detail

inline fast_hours fast_billing::bill(fast_hours length) const {
    return detail::bill(*this, 1.0 / increment.count(), length);
}

inline prepared_campaign::prepared_campaign(const campaign& c) noexcept
    : c_(&c),
      draws_(c),
      W_(c.work.count()),
      tau_(std::min(c.every.count(), W_)),
      C_(c.checkpoint_cost.count()),
      O_(c.restart.overhead.count()),
      D_(c.deadline ? c.deadline->count() : std::numeric_limits<double>::infinity()),
      full_len_(tau_ + C_),
      per_full_len_(1.0 / full_len_),
      full_left_(detail::checkpointed_stretches_left(W_, tau_, 0.0)),
      per_increment_(1.0 / c.billing.increment.count()),
      plain_(c.lifetimes.empty() && !c.lifetime && c.outages.empty() && !c.notice && c.failover_zones <= 1 &&
             std::holds_alternative<fixed_delay>(c.restart.delay)),
      fixed_delay_(plain_ ? std::get<fixed_delay>(c.restart.delay).delay.count() : 0.0) {}

namespace detail {
// run_trial's body, compiled once per policy: spot_only sessions then carry none of
// deadline_fallback's checks (about 15 % of the bookkeeping instructions of a session),
// and a plain campaign (prepared_campaign::plain) none of the lifetime, notice and
// delay-model checks either (about 7 % of the engine's time on the reference scenario).
template <bool fallback, bool plain, class PricePath>
trial_result run_prepared(const prepared_campaign& pc, PricePath& price, philox_stream& events, philox_stream& waits,
                          std::vector<session_record>* log) {
    constexpr double eps = 1e-12;
    const campaign& c = *pc.c_;
    const campaign_draws& draws = pc.draws_;
    const double W = pc.W_, tau = pc.tau_, C = pc.C_, O = pc.O_, D = pc.D_;

    trial_result r;
    double t = 0.0, committed = 0.0;
    bool force_on_demand = false;
    int zone = 0;  // failover: the zone the spot run is in (campaign::zone_price_ratio)

    // deadline_fallback: the last instant at which on-demand (overhead + the work not yet
    // checkpointed) still finishes by the deadline.
    auto switch_at = [&](double done) { return D - O - (W - done); };
    // The next stretch from `done`: work in it, whether a checkpoint ends it (unless it
    // finishes the job), and its running time.
    struct next_stretch {
        double w;
        bool checkpointed;
        double len;
    };
    auto stretch = [&](double done) {
        double left = W - done;
        double w = std::min(tau, left);
        bool checkpointed = w < left - eps;
        return next_stretch{w, checkpointed, checkpointed ? w + C : w};
    };

    // Every stretch but the last is `tau + C` long, so the number of them that end before
    // the interruption at session age x is one multiplication: a session costs O(1), not
    // one loop pass per checkpoint. (Not under deadline_fallback, which must watch each
    // one.) `full_left`, the checkpointed stretches left, follows `committed`; it is
    // recomputed only when a notice saves part of a stretch.
    const double full_len = pc.full_len_, per_full_len = pc.per_full_len_;
    double full_left = pc.full_left_;
    auto skip_stretches = [&](double x, double& age, double& done, trial_result& res) {
        if (!(full_left >= 1.0) || !(x - age >= full_len)) return;
        double k = std::min(detail::floor_of((x - age) * per_full_len), full_left);
        if (age + k * full_len > x) k -= 1.0;  // the product rounded up
        if (!(k >= 1.0)) return;
        age += k * full_len;
        done += k * tau;
        full_left -= k;
        res.spot_work += fast_hours(k * tau);
    };

    // The next spot session's time to interruption is drawn one session ahead: the draw
    // depends on nothing the sessions compute, so its Philox block and logarithm run while
    // the current session is booked, instead of lengthening every session's dependency
    // chain. The values and their order are those of drawing on demand; a trial draws one
    // more than it uses.
    auto draw_x = [&] {
        return plain ? draws.exponential(events).count() : draws.time_to_interruption(events).count();
    };
    double next_x = draw_x();
    std::uint64_t sessions = 0;
    while (committed < W - eps) {
        if (++sessions > max_sessions_per_trial)
            throw model_error(
                "the campaign does not finish: over 10^6 sessions in one trial (interruptions too "
                "frequent for the checkpoint interval, or a lifetime shorter than one stretch)");
        if (fallback && (force_on_demand || t >= switch_at(committed))) {
            double len = O + (W - committed);
            fast_hours billed = detail::bill(c.billing, pc.per_increment_, fast_hours(len));
            r.cost += c.on_demand * billed;
            r.billed += billed;
            if (log)
                log->push_back({fast_hours(t), fast_hours(len), billed, fast_hours(0), market_kind::on_demand, false});
            t += len;
            committed = W;
            break;
        }

        // A spot session from t: draw when it will be interrupted, on its own clock.
        const double s0 = t;
        const double x = next_x;
        next_x = draw_x();
        double age = 0.0;
        bool interrupted = false, leave_spot = false;
        const double boot_switch = fallback ? switch_at(committed) - s0 : std::numeric_limits<double>::infinity();
        if (fallback && boot_switch < std::min(x, O)) {  // the slack runs out while booting
            age = std::max(boot_switch, 0.0);
            leave_spot = true;
        } else if (x < O) {
            age = x;
            interrupted = true;
        } else {
            age = O;
            while (committed < W - eps) {
                if (!fallback) skip_stretches(x, age, committed, r);
                auto [w, checkpointed, len] = stretch(committed);
                const double trigger = fallback ? switch_at(committed) - s0 : std::numeric_limits<double>::infinity();
                if (fallback && trigger < age + len && trigger <= x) {  // leave before the stretch ends or is lost
                    age = std::max(trigger, age);
                    leave_spot = true;
                    break;
                }
                if (x >= age + len) {
                    age += len;
                    committed += w;
                    if (checkpointed) full_left -= 1.0;
                    r.spot_work += fast_hours(w);
                    continue;
                }
                if (!plain && c.notice && c.notice->checkpoint_fits(fast_hours(C), fast_hours(x))) {
                    double saved = std::clamp(c.notice->warned_at(fast_hours(x)).count() - age, 0.0, w);
                    committed += saved;
                    full_left = checkpointed_stretches_left(W, tau, committed);
                    r.spot_work += fast_hours(saved);
                }
                age = x;
                interrupted = true;
                break;
            }
        }
        t = s0 + age;
        double delay = 0.0;
        int next_zone = zone;
        if (interrupted) {
            ++r.interruptions;
            if (plain) {
                delay = pc.fixed_delay_;
            } else if (c.failover_zones > 1) {
                const auto w = draws.failover_wait(waits, zone);
                delay = w.delay.count();
                next_zone = w.zone;
            } else {
                delay = draws.wait(waits).count();
            }
            if (fallback && t + delay >= switch_at(committed)) {  // stop waiting: on-demand, on time
                delay = std::max(0.0, switch_at(committed) - t);
                force_on_demand = true;
            }
        }
        fast_hours billed_delay(c.restart.delay_billed() ? delay : 0.0);
        fast_hours billed = detail::bill(c.billing, pc.per_increment_, fast_hours(age) + billed_delay);
        fast_money spot_cost = price.cost(fast_hours(s0), fast_hours(s0) + billed);
        if (!plain && !c.zone_price_ratio.empty()) spot_cost *= c.zone_price_ratio[static_cast<std::size_t>(zone)];
        r.cost += spot_cost + c.extra_per_hour * billed;
        zone = next_zone;
        r.billed += billed;
        if (log)
            log->push_back({fast_hours(s0), fast_hours(age), billed, billed_delay, market_kind::spot, interrupted});
        t += delay;
        if (leave_spot) force_on_demand = true;
    }
    r.makespan = fast_hours(t);
    return r;
}
}  // namespace detail

template <class PricePath>
trial_result run_trial(const prepared_campaign& c, PricePath& price, philox_stream& events, philox_stream& waits,
                       std::vector<session_record>* log) {
    if (c.spec().policy == campaign_policy::deadline_fallback)
        return detail::run_prepared<true, false>(c, price, events, waits, log);
    return c.plain() ? detail::run_prepared<false, true>(c, price, events, waits, log)
                     : detail::run_prepared<false, false>(c, price, events, waits, log);
}

template <class PricePath>
trial_result run_trial(const campaign& c, PricePath& price, philox_stream& events, philox_stream& waits,
                       std::vector<session_record>* log) {
    return run_trial(prepared_campaign(c), price, events, waits, log);
}

}  // namespace costsim
