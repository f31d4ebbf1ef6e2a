// costsim/engine/cbl_policy.hpp — the deadline-aware spot policies of *Can't Be Late* (NSDI '24).
//
// Wu, Chiang, Kossmann, Zhang, Stoica, Yang: "Can't Be Late: Optimizing Spot Instance
// Savings under Deadlines". A job needs `work` of compute before `deadline`; time is cut
// into ticks of `gap` (the trace's tick). At the start of every tick the policy sees
// whether spot capacity is available during the tick and which instance it holds (after a
// preemption it holds none), and asks for spot, on-demand or nothing for the tick. Every
// *new* instance (after a preemption, or a switch) first spends the changeover delay d of
// its running time before progress resumes; a pending delay is replaced, not added to, by
// a new one. Progress is kept across preemptions (d is the whole cost of one).
//
// With W the work left, t the elapsed time at the tick's start, D the deadline:
//     L  = ⌊(D − t)/gap⌋          ticks left before the deadline
//     n1 = ⌈(W + d)/gap⌉          ticks on-demand needs from a fresh start
//     n2 = ⌈(W + 2d)/gap⌉         the same with one more changeover to spare
//
// Greedy (the paper's reference greedy; its simulator's `strawman` policy):
//   1. W = 0: nothing.
//   2. spot if available, else nothing (wait with no instance);
//   3. if n2 >= L and the job holds no instance or on-demand: on-demand;
//   4. if n1 >= L: keep a running spot instance whose changeover delay is over, otherwise
//      on-demand (a running spot instance costs no new changeover; if it is preempted
//      later, on-demand from then still needs only d more) — with d = 0, spot whenever it
//      is available.
//   So: far from the deadline, spot when available, else wait; within 2d of the last
//   moment, on-demand unless already on a spot instance; within d, on-demand unless on a
//   spot instance that is already making progress.
//
// Uniform Progress (the paper's policy; its simulator's `rc_cr_threshold`):
//   with done = work − W and the line  work × t / D  (the progress a job needs to be on
//   pace to finish exactly at the deadline),
//   1. W = 0: nothing;
//   2. spot if available, else nothing;
//   3. behind the line (done < work·t/D): spot if available, else on-demand;
//   4. hysteresis: on on-demand, stay there while spot is unavailable or the job is not
//      yet ahead of the line 2d later (done <= work·(t + 2d)/D);
//   5. the same safety net as Greedy (steps 3 and 4).
// Comparisons are exact (integer microseconds, 128-bit products), not floating point.
//
// Also expressed in this form for the replay engine: on_demand (always on-demand) and
// spot_only (spot when available, else wait; no deadline).
//
// Property the replay engine relies on (and tests): while the job keeps the instance the
// policy asked for and availability does not change, the set of ticks at which the
// policy repeats its decision is a prefix — each condition above moves monotonically
// (L − n1 and L − n2 are constant while an instance makes full progress, L falls by one a
// tick while idle, the line's lead grows while running and shrinks while idle, the
// hysteresis margin shrinks while on on-demand). So the first tick where the decision
// changes can be found by bisection.
#pragma once

#include <cstdint>
#include <string_view>

#include "costsim/core/duration.hpp"
#include "costsim/core/enum_names.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

enum class instance_kind : std::uint8_t { none, spot, on_demand };
template <>
struct enum_table<instance_kind> {
    static constexpr std::string_view what = "an instance";
    static constexpr std::array<enum_entry<instance_kind>, 3> entries{
        {{instance_kind::none, "none"}, {instance_kind::spot, "spot"}, {instance_kind::on_demand, "on_demand"}}};
};
std::string_view to_string(instance_kind k) noexcept;

enum class tick_policy : std::uint8_t { on_demand, spot_only, greedy, uniform_progress };

/// What a policy sees at the start of a tick.
struct tick_view {
    std::int64_t tick = 0;                        ///< ticks since the job started
    usec gap{0};                                  ///< tick length (> 0)
    usec work{0};                                 ///< total work
    usec done{0};                                 ///< work done so far
    usec deadline{0};                             ///< since the job started (greedy, uniform_progress)
    usec changeover{0};                           ///< d
    usec overhead_left{0};                        ///< changeover delay the current instance still has to spend
    instance_kind holding = instance_kind::none;  ///< after a preemption: none
    bool spot_available = false;
};

/// The instance the policy asks for during this tick.
instance_kind decide(tick_policy p, const tick_view& v) noexcept;

/// ⌊a/b⌋ and ⌈a/b⌉ for b > 0, any sign of a.
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept;
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) noexcept;

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(instance_kind k) noexcept { return enum_name(k); }

constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
    std::int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}
constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) noexcept {
    std::int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

namespace detail {

// Steps 3 and 4 of Greedy: the safety net both deadline policies share.
inline instance_kind safety_net(const tick_view& v, instance_kind request) noexcept {
    const std::int64_t g = v.gap.count();
    const std::int64_t left = (v.work - v.done).count();
    const std::int64_t d = v.changeover.count();
    const std::int64_t L = floor_div(v.deadline.count() - v.tick * g, g);
    const std::int64_t n1 = ceil_div(left + d, g);
    const std::int64_t n2 = ceil_div(left + 2 * d, g);
    if (n2 >= L && v.holding != instance_kind::spot) request = instance_kind::on_demand;
    if (n1 >= L) {
        request = v.holding == instance_kind::spot && v.overhead_left.count() == 0 ? instance_kind::spot
                                                                                   : instance_kind::on_demand;
        if (d == 0 && v.spot_available) request = instance_kind::spot;
    }
    return request;
}

}  // namespace detail

inline instance_kind decide(tick_policy p, const tick_view& v) noexcept {
    if (v.done >= v.work) return instance_kind::none;
    const instance_kind spot_or_wait = v.spot_available ? instance_kind::spot : instance_kind::none;
    switch (p) {
        case tick_policy::on_demand: return instance_kind::on_demand;
        case tick_policy::spot_only: return spot_or_wait;
        case tick_policy::greedy: return detail::safety_net(v, spot_or_wait);
        case tick_policy::uniform_progress: {
            const i128 W0 = v.work.count(), D = v.deadline.count(), done = v.done.count();
            const i128 t = i128(v.tick) * v.gap.count();
            instance_kind r = spot_or_wait;
            if (done * D < t * W0) r = v.spot_available ? instance_kind::spot : instance_kind::on_demand;  // behind
            if (v.holding == instance_kind::on_demand &&
                (!v.spot_available || (t + 2 * i128(v.changeover.count())) * W0 >= done * D))
                r = instance_kind::on_demand;  // hysteresis
            return detail::safety_net(v, r);
        }
    }
    return instance_kind::none;
}

}  // namespace costsim
