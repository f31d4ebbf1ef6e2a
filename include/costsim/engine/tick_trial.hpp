// costsim/engine/tick_trial.hpp — one campaign on a tick grid: a *Can't Be Late* policy against spot
// availability (a real trace window, or one drawn by the Monte Carlo engine).
//
// Semantics (those of the paper's simulator, tick by tick; cbl_policy.hpp has the rules):
//  - at the start of tick i the job learns whether spot is available during the tick; a
//    spot instance it held during tick i−1 is preempted if not (the work it did during
//    tick i−1 is kept: the job resumes from there, paying d on its next instance);
//  - the policy asks for spot, on-demand or nothing for tick i; asking for an instance
//    other than the one held starts a new instance (the old one is released at the tick
//    boundary), whose first d of running time makes no progress;
//  - an instance held during a tick makes min(gap − overhead left, work left) of progress;
//  - the job ends in the tick in which its work completes; nothing runs afterwards.
// Accounting:
//  - per_tick ("billing": "per_tick", the paper's): every tick an instance is held is
//    charged in full at its price (the spot price path integrated over the tick), the
//    last one included;
//  - otherwise each session (one instance, from the tick it starts to its preemption,
//    release or the job's completion, mid-tick) is billed by the offer's increment and
//    minimum, as in trial.hpp.
// makespan is the moment the work completes (mid-tick); `outlasted` says the availability
// source ended first (a trace window is never wrapped around).
//
// Event-driven: instead of visiting every tick, the engine decides once per *event* —
// a change of availability (the trace is stored as runs of equal ticks), the end of a
// changeover delay, the job's last tick, or a tick at which the policy changes its mind,
// found by bisection over the extrapolated state (the policies' prefix property,
// cbl_policy.hpp). `run_tick_trial_per_tick` is the plain tick-by-tick loop with the same
// semantics, kept as the reference the tests compare against.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <vector>

#include "costsim/core/error.hpp"
#include "costsim/core/fast_units.hpp"
#include "costsim/engine/cbl_policy.hpp"
#include "costsim/engine/trial.hpp"
#include "costsim/models/spot_price.hpp"
#include "costsim/models/trace.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// Availability over ticks 0 .. end()−1, queried with non-decreasing ticks.
template <class S>
concept availability_source = requires(S& s, std::int64_t t) {
    { s.available(t) } -> std::same_as<bool>;
    { s.run_end(t) } -> std::same_as<std::int64_t>;  ///< first tick after t with other availability (<= end())
    { s.end() } -> std::same_as<std::int64_t>;
};

/// A window [start, stop) of a trace, as ticks 0 .. stop − start − 1.
class trace_window_source {
public:
    trace_window_source(const spot_trace& t, std::int64_t start, std::int64_t stop)
        : t_(&t), start_(start), stop_(stop) {}
    bool available(std::int64_t i) const noexcept { return t_->available(start_ + i); }
    std::int64_t run_end(std::int64_t i) const noexcept { return std::min(t_->run_end(start_ + i), stop_) - start_; }
    std::int64_t end() const noexcept { return stop_ - start_; }

private:
    const spot_trace* t_;
    std::int64_t start_, stop_;
};

struct tick_campaign {
    tick_policy policy = tick_policy::spot_only;
    usec gap{0};
    usec work{0};
    usec changeover{0};            ///< d (the restart overhead)
    std::optional<usec> deadline;  ///< required by greedy and uniform_progress
    bool per_tick_billing = false;
    fast_billing billing;                     ///< per session, when not per_tick
    fast_price_per_hour on_demand{0.0};       ///< attached resources included
    fast_price_per_hour extra_per_hour{0.0};  ///< attached resources, added to the spot price
};

/// One instance the job held: [start, end) in microseconds from the window's start.
struct tick_session {
    instance_kind kind = instance_kind::none;
    std::int64_t start_us = 0, end_us = 0;
};

struct tick_trial_result {
    trial_result result;
    bool outlasted = false;    ///< the source ended before the work was done
    std::int64_t ticks = 0;    ///< ticks elapsed (the last one included)
    std::uint32_t events = 0;  ///< decisions taken (ticks visited by the event loop)
};

template <availability_source Source, spot_price_path Price>
tick_trial_result run_tick_trial(const tick_campaign& c, Source& src, Price& price);

template <availability_source Source, spot_price_path Price>
tick_trial_result run_tick_trial_per_tick(const tick_campaign& c, Source& src, Price& price);

/// run_tick_trial that also appends each instance the job held, in order, to `sessions`
/// (what a report draws on the availability timeline); the gaps between them are waits.
template <availability_source Source, spot_price_path Price>
tick_trial_result run_tick_trial_recorded(const tick_campaign& c, Source& src, Price& price,
                                          std::vector<tick_session>& sessions);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

template <class Source, class Price>
tick_trial_result tick_loop(const tick_campaign& c, Source& src, Price& price, bool event_driven,
                            std::vector<tick_session>* record = nullptr) {
    const std::int64_t g = c.gap.count(), W = c.work.count(), d = c.changeover.count();
    if (g <= 0) throw model_error("a tick campaign needs a positive tick length");
    if ((c.policy == tick_policy::greedy || c.policy == tick_policy::uniform_progress) && !c.deadline)
        throw model_error("greedy and uniform_progress need a deadline");
    auto hours = [](std::int64_t us) { return to_fast_hours(usec(us)); };

    tick_trial_result out;
    trial_result& r = out.result;
    tick_view v;
    v.gap = c.gap;
    v.work = c.work;
    v.changeover = c.changeover;
    v.deadline = c.deadline.value_or(usec(0));

    instance_kind last = instance_kind::none;  // held during the previous tick
    instance_kind session = instance_kind::none;
    std::int64_t session_start = 0;
    std::int64_t t = 0, done = 0, oh = 0;

    auto close_session = [&](std::int64_t end_us) {
        if (session == instance_kind::none) return;
        if (record) record->push_back({session, session_start, end_us});
        if (!c.per_tick_billing) {
            fast_hours billed = c.billing.bill(hours(end_us - session_start));
            if (session == instance_kind::spot)
                r.cost += price.cost(hours(session_start), hours(session_start) + billed) + c.extra_per_hour * billed;
            else
                r.cost += c.on_demand * billed;
            r.billed += billed;
        }
        session = instance_kind::none;
    };

    for (;;) {
        if (done >= W) break;
        if (t >= src.end()) {
            out.outlasted = true;
            close_session(t * g);
            r.makespan = hours(t * g);
            break;
        }
        ++out.events;
        const bool avail = src.available(t);
        instance_kind cur = last;
        if (last == instance_kind::spot && !avail) {
            cur = instance_kind::none;
            ++r.interruptions;
            close_session(t * g);
        }
        v.tick = t;
        v.done = usec(done);
        v.overhead_left = usec(oh);
        v.holding = cur;
        v.spot_available = avail;
        const instance_kind req = decide(c.policy, v);
        if (req == instance_kind::spot && !avail) throw model_error("a policy asked for spot while none is available");
        if (req != cur) {
            close_session(t * g);
            if (req != instance_kind::none) {
                session = req;
                session_start = t * g;
                oh = d;
            }
        }

        std::int64_t k = 1;
        if (event_driven && !(req != instance_kind::none && oh > 0)) {
            std::int64_t kmax = std::min(src.run_end(t), src.end()) - t;
            if (req != instance_kind::none) kmax = std::min(kmax, ceil_div(W - done, g));
            // The decision repeats on a prefix of the following ticks: find where it stops.
            tick_view w = v;
            w.holding = req;
            w.overhead_left = usec(0);
            auto same = [&](std::int64_t j) {
                w.tick = t + j;
                w.done = usec(done + (req != instance_kind::none ? j * g : 0));
                return decide(c.policy, w) == req;
            };
            std::int64_t a = 1, b = std::max<std::int64_t>(kmax, 1);
            while (a < b) {
                std::int64_t m = a + (b - a) / 2;
                if (same(m))
                    a = m + 1;
                else
                    b = m;
            }
            k = a;
        }

        std::int64_t progress = 0, used_last = 0;
        if (req != instance_kind::none) {
            if (oh > 0) {  // k == 1
                const std::int64_t spent = std::min(oh, g);
                oh -= spent;
                progress = std::min(g - spent, W - done);
                used_last = spent + progress;
            } else {
                progress = std::min(k * g, W - done);
                used_last = progress - (k - 1) * g;
            }
            if (c.per_tick_billing) {
                const fast_hours held = hours(k * g);
                if (req == instance_kind::spot)
                    r.cost += price.cost(hours(t * g), hours((t + k) * g)) + c.extra_per_hour * held;
                else
                    r.cost += c.on_demand * held;
                r.billed += held;
            }
            if (req == instance_kind::spot) r.spot_work += hours(progress);
            done += progress;
        }
        last = req;
        if (done >= W) {
            const std::int64_t finish = (t + k - 1) * g + used_last;
            close_session(finish);
            r.makespan = hours(finish);
            t += k;
            break;
        }
        t += k;
    }
    out.ticks = t;
    return out;
}

}  // namespace detail

template <availability_source Source, spot_price_path Price>
tick_trial_result run_tick_trial(const tick_campaign& c, Source& src, Price& price) {
    return detail::tick_loop(c, src, price, true);
}

template <availability_source Source, spot_price_path Price>
tick_trial_result run_tick_trial_per_tick(const tick_campaign& c, Source& src, Price& price) {
    return detail::tick_loop(c, src, price, false);
}

template <availability_source Source, spot_price_path Price>
tick_trial_result run_tick_trial_recorded(const tick_campaign& c, Source& src, Price& price,
                                          std::vector<tick_session>& sessions) {
    return detail::tick_loop(c, src, price, true, &sessions);
}

}  // namespace costsim
