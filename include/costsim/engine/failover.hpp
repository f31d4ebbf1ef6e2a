// costsim/engine/failover.hpp — a spot job that, when preempted, relaunches in the next zone of a
// list (SkyPilot managed jobs' EAGER_NEXT_REGION; SpotHedge spreads over zones the same way).
//
// The job runs on the tick grid of tick_trial.hpp with the same semantics (a preemption is
// seen at a tick's start, work done in the tick before is kept, every new instance spends
// the changeover delay d before it makes progress, the policies of cbl_policy.hpp decide),
// with several zones instead of one:
//  - each zone has its own availability, spot price and billing; the policy sees spot as
//    available when the zone it runs in still has capacity or, holding none, when any zone
//    has;
//  - asking for spot while holding none picks a zone that has capacity at that tick:
//      listed / price: the first in cyclic order after the zone of the last spot instance
//        (the zone that just preempted is tried last; "price" is the list sorted by spot
//        price by whoever builds the campaign);
//      recent: the zone with the highest share of available ticks over the last
//        `recent_ticks` (what the source knows of them), ties in list order;
//  - on-demand (greedy and uniform_progress's safety net, or the on_demand policy) runs in
//    the fallback zone;
//  - an instance in a zone other than the last instance's pays the relaunch delay on top
//    of d (a same-zone restart pays d alone, so failover over one zone *is* the single-zone
//    tick trial: tested), and when the region changes the checkpoint moves: checkpoint_gb
//    times the egress price of the zone it leaves, where that price is known (counted in
//    `unpriced_transfers` where not).
// Every session is billed by its zone's increment and minimum at its zone's price. Tick by
// tick (no event skipping): failover windows are hours to days of ticks.
//
// Availability comes from a `zone_availability` source: aligned real traces (replay) or
// runs drawn per zone from each trace's own lifetimes and outages, started at a random,
// stationary point of the alternating process (Monte Carlo; each zone of each trial has
// its own Philox stream).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/enum_names.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/fast_units.hpp"
#include "costsim/core/rng.hpp"
#include "costsim/core/streams.hpp"
#include "costsim/engine/cbl_policy.hpp"
#include "costsim/engine/trial.hpp"
#include "costsim/models/trace.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// How the next zone is chosen (see the top of this file).
enum class failover_order : std::uint8_t { listed, price, recent };
template <>
struct enum_table<failover_order> {
    static constexpr std::string_view what = "";
    static constexpr std::array<enum_entry<failover_order>, 3> entries{
        {{failover_order::listed, "listed"},
         {failover_order::price, "price", "cheapest spot first"},
         {failover_order::recent, "recent", "most available over the look-back first"}}};
};
std::string_view to_string(failover_order o) noexcept;
/// "listed", "price" or "recent"; value_error otherwise.
failover_order parse_failover_order(std::string_view s);

struct failover_zone {
    std::string name;    ///< "us-central1-a"
    std::string region;  ///< a move to another region transfers the checkpoint
    fast_price_per_hour spot{0.0};
    fast_price_per_hour on_demand{0.0};  ///< used when this is the fallback zone
    fast_billing billing;
    std::optional<fast_money> egress_per_gb;  ///< leaving this zone's region; unknown: not charged
    std::size_t lane = 0;                     ///< which of the source's zones is this one's availability
};

struct failover_campaign {
    std::vector<failover_zone> zones;  ///< in the order tried (listed or by price)
    std::size_t fallback = 0;          ///< the zone on-demand runs in
    failover_order order = failover_order::listed;
    std::int64_t recent_ticks = 0;  ///< order recent: the look-back, in ticks (> 0)
    tick_policy policy = tick_policy::spot_only;
    usec gap{0}, work{0};
    usec changeover{0};  ///< d, paid by every new instance
    usec relaunch{0};    ///< added when the new instance is in another zone than the last
    std::optional<usec> deadline;
    double checkpoint_gb = 0;
};

/// Availability of every zone: available(z, t) for earliest() <= t < end(), t may go back
/// by up to the look-back (the `recent` order), otherwise queried with t non-decreasing.
template <class S>
concept zone_availability = requires(S& s, std::size_t z, std::int64_t t) {
    { s.available(z, t) } -> std::same_as<bool>;
    { s.end() } -> std::same_as<std::int64_t>;
    { s.earliest() } -> std::same_as<std::int64_t>;
};

struct failover_trial_result {
    trial_result result;
    bool outlasted = false;                ///< the source ended before the work was done
    std::uint32_t moves = 0;               ///< instances started in another zone than the last one's
    std::uint32_t transfers = 0;           ///< checkpoint moves between regions
    std::uint32_t unpriced_transfers = 0;  ///< ... of which with no egress price
    fast_money transfer_cost{0.0};         ///< included in result.cost
    fast_hours on_demand_work{0};
};

/// Runs one job; model_error for a campaign that cannot run (no zones, a bad fallback, a
/// deadline policy with no deadline, order recent with no look-back).
template <zone_availability Source>
failover_trial_result run_failover_trial(const failover_campaign& c, Source& src);

/// Aligned traces (same tick, same length), as zones, over the window [start, stop) of
/// them: tick t is trace tick start + t; the look-back reaches back to trace tick 0.
class aligned_traces_window {
public:
    aligned_traces_window(const std::vector<const spot_trace*>& traces, std::int64_t start, std::int64_t stop)
        : traces_(&traces), start_(start), stop_(stop) {}
    bool available(std::size_t z, std::int64_t t) const noexcept { return (*traces_)[z]->available(start_ + t); }
    std::int64_t end() const noexcept { return stop_ - start_; }
    std::int64_t earliest() const noexcept { return -start_; }

private:
    const std::vector<const spot_trace*>* traces_;
    std::int64_t start_, stop_;
};

/// A zone's alternating availability process, as run lengths in ticks (every run of the
/// zone's trace, those cut by its ends included). No lifetimes: never available; no
/// outages: always available.
struct zone_runs {
    std::vector<std::int64_t> lifetimes, outages;
};
/// The runs of a trace.
zone_runs runs_of(const spot_trace& t);

/// Every zone's availability drawn for one Monte Carlo trial: each zone alternates runs
/// resampled from its own lifetimes and outages, entered at a stationary random point (up
/// with probability E[lifetime] / (E[lifetime] + E[outage]), a run of that state with
/// probability proportional to its length, a uniform tick inside it), `lookback` ticks
/// before tick 0.
class drawn_zones {
public:
    /// streams[z] is zone z's stream; horizon > 0 ticks.
    drawn_zones(const std::vector<zone_runs>& zones, std::vector<philox_stream>& streams, std::int64_t lookback,
                std::int64_t horizon);
    bool available(std::size_t z, std::int64_t t);
    std::int64_t end() const noexcept { return horizon_; }
    std::int64_t earliest() const noexcept { return -lookback_; }

private:
    struct lane {
        bool first_available = false;
        std::vector<std::int64_t> ends;  // run i covers [ends[i-1], ends[i]) (from -lookback)
    };
    void extend(std::size_t z, std::int64_t t);
    const std::vector<zone_runs>* zones_;
    std::vector<philox_stream>* streams_;
    std::int64_t lookback_, horizon_;
    std::vector<lane> lanes_;
};

/// What a campaign did over many runs (replay windows or Monte Carlo trials).
struct failover_outcomes {
    std::uint64_t runs = 0, finished = 0, met = 0;  ///< met: finished by the deadline (all, without one)
    std::vector<double> cost, makespan;             ///< per finished run, in run order
    /// Sums over the finished runs.
    double interruptions = 0, moves = 0, transfers = 0, unpriced_transfers = 0, transfer_cost = 0;
    double spot_work_hours = 0, on_demand_work_hours = 0;
    void add(const failover_trial_result& r, std::optional<usec> deadline);
};

/// Replays the campaign on windows [start, end) of aligned traces (lane z = traces[z]).
failover_outcomes replay_failover(const failover_campaign& c, const std::vector<const spot_trace*>& traces,
                                  const std::vector<tick_window>& windows);

/// `starts` windows whose starts are spread evenly over [0, ticks − horizon ticks], each
/// running to the traces' end; value_error when the traces are shorter than the horizon.
std::vector<tick_window> failover_windows(std::int64_t ticks, usec gap, usec horizon, std::uint64_t starts);

/// Monte Carlo: trial t draws lane z's availability from `runs[z]` with its own stream
/// (seed, t, streams::failover_zone(z)), so every campaign of a study sees the same drawn
/// zones in trial t (common random numbers: their differences are paired). A trial stops
/// at `horizon_ticks` (counted as outlasted).
failover_outcomes simulate_failover(const failover_campaign& c, const std::vector<zone_runs>& runs,
                                    std::uint64_t trials, std::uint64_t seed, std::int64_t lookback_ticks,
                                    std::int64_t horizon_ticks);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(failover_order o) noexcept { return enum_name(o); }

inline failover_order parse_failover_order(std::string_view s) { return parse_enum<failover_order>(s); }

inline zone_runs runs_of(const spot_trace& t) {
    zone_runs r;
    for (std::int64_t i = 0; i < t.ticks(); i = t.run_end(i))
        (t.available(i) ? r.lifetimes : r.outages).push_back(t.run_end(i) - i);
    return r;
}

namespace detail {

// A run length drawn from `runs` with probability proportional to its length (the run a
// random instant falls in), and the ticks left in it from a uniform point inside.
inline std::int64_t stationary_residual(const std::vector<std::int64_t>& runs, std::int64_t total, philox_stream& s) {
    auto pick = static_cast<std::int64_t>(s.uniform() * static_cast<double>(total));
    pick = std::min(pick, total - 1);
    for (std::int64_t len : runs) {
        if (pick < len) return len - pick;
        pick -= len;
    }
    return 1;  // unreachable: pick < total
}

}  // namespace detail

inline drawn_zones::drawn_zones(const std::vector<zone_runs>& zones, std::vector<philox_stream>& streams,
                                std::int64_t lookback, std::int64_t horizon)
    : zones_(&zones), streams_(&streams), lookback_(lookback), horizon_(horizon), lanes_(zones.size()) {
    if (streams.size() != zones.size()) throw model_error("drawn_zones: one stream per zone");
    if (horizon <= 0 || lookback < 0) throw model_error("drawn_zones: a positive horizon");
    for (std::size_t z = 0; z < zones.size(); ++z) {
        const zone_runs& m = zones[z];
        lane& l = lanes_[z];
        std::int64_t up = 0, down = 0;
        for (auto x : m.lifetimes) up += x;
        for (auto x : m.outages) down += x;
        philox_stream& s = streams[z];
        if (up == 0 || down == 0) {  // one state for ever
            l.first_available = up > 0;
            l.ends.push_back(std::numeric_limits<std::int64_t>::max() / 4);
            continue;
        }
        // P(up at a random instant) = E[lifetime] / (E[lifetime] + E[outage]).
        const double mu = static_cast<double>(up) / static_cast<double>(m.lifetimes.size()),
                     md = static_cast<double>(down) / static_cast<double>(m.outages.size());
        l.first_available = s.uniform() * (mu + md) < mu;
        l.ends.push_back(-lookback + detail::stationary_residual(l.first_available ? m.lifetimes : m.outages,
                                                                 l.first_available ? up : down, s));
    }
}

inline void drawn_zones::extend(std::size_t z, std::int64_t t) {
    lane& l = lanes_[z];
    const zone_runs& m = (*zones_)[z];
    philox_stream& s = (*streams_)[z];
    while (l.ends.back() <= t) {
        // run i is available when (i even) == first_available
        const bool up = ((l.ends.size() % 2) == 0) == l.first_available;
        const auto& pool = up ? m.lifetimes : m.outages;
        auto i = static_cast<std::size_t>(s.uniform() * static_cast<double>(pool.size()));
        i = std::min(i, pool.size() - 1);
        l.ends.push_back(l.ends.back() + pool[i]);
    }
}

inline bool drawn_zones::available(std::size_t z, std::int64_t t) {
    extend(z, t);
    const lane& l = lanes_[z];
    const auto i = static_cast<std::size_t>(std::upper_bound(l.ends.begin(), l.ends.end(), t) - l.ends.begin());
    return ((i % 2) == 0) == l.first_available;
}

template <zone_availability Source>
failover_trial_result run_failover_trial(const failover_campaign& c, Source& src) {
    const std::int64_t g = c.gap.count(), W = c.work.count(), d = c.changeover.count();
    const std::size_t nz = c.zones.size();
    if (g <= 0) throw model_error("a failover campaign needs a positive tick length");
    if (nz == 0) throw model_error("a failover campaign needs at least one zone");
    if (c.fallback >= nz) throw model_error("the failover fallback zone is not one of its zones");
    if ((c.policy == tick_policy::greedy || c.policy == tick_policy::uniform_progress) && !c.deadline)
        throw model_error("greedy and uniform_progress need a deadline");
    if (c.order == failover_order::recent && c.recent_ticks <= 0)
        throw model_error("failover order \"recent\" needs a positive look-back");
    auto hours = [](std::int64_t us) { return to_fast_hours(usec(us)); };

    failover_trial_result out;
    trial_result& r = out.result;
    tick_view v;
    v.gap = c.gap;
    v.work = c.work;
    // The safety net plans for the longest changeover a new instance may need.
    v.changeover = usec(d + c.relaunch.count());
    v.deadline = c.deadline.value_or(usec(0));

    instance_kind last = instance_kind::none;  // held during the previous tick
    std::size_t zone = 0;                      // the zone of the instance held
    std::optional<std::size_t> last_zone;      // the zone of the last instance started
    std::optional<std::size_t> last_spot_zone;
    instance_kind session = instance_kind::none;
    std::int64_t session_start = 0, t = 0, done = 0, oh = 0;

    auto close_session = [&](std::int64_t end_us) {
        if (session == instance_kind::none) return;
        const failover_zone& fz = c.zones[zone];
        const fast_hours billed = fz.billing.bill(hours(end_us - session_start));
        r.cost += (session == instance_kind::spot ? fz.spot : fz.on_demand) * billed;
        r.billed += billed;
        session = instance_kind::none;
    };
    auto share_recent = [&](std::size_t z) {
        const std::int64_t from = std::max(t - c.recent_ticks, src.earliest());
        if (from >= t) return 0.0;
        std::int64_t up = 0;
        for (std::int64_t i = from; i < t; ++i) up += src.available(c.zones[z].lane, i) ? 1 : 0;
        return static_cast<double>(up) / static_cast<double>(t - from);
    };
    auto choose_spot_zone = [&]() -> std::size_t {
        if (c.order == failover_order::recent) {
            std::optional<std::size_t> best;
            double best_share = -1;
            for (std::size_t z = 0; z < nz; ++z) {
                if (!src.available(c.zones[z].lane, t)) continue;
                const double sh = share_recent(z);
                if (sh > best_share) {
                    best = z;
                    best_share = sh;
                }
            }
            return *best;
        }
        const std::size_t first = last_spot_zone ? (*last_spot_zone + 1) % nz : 0;
        for (std::size_t i = 0; i < nz; ++i)
            if (src.available(c.zones[(first + i) % nz].lane, t)) return (first + i) % nz;
        return nz;  // unreachable: the policy asked for spot only if some zone has it
    };

    for (;;) {
        if (done >= W) break;
        if (t >= src.end()) {
            out.outlasted = true;
            close_session(t * g);
            r.makespan = hours(t * g);
            break;
        }
        instance_kind cur = last;
        if (last == instance_kind::spot && !src.available(c.zones[zone].lane, t)) {
            cur = instance_kind::none;
            ++r.interruptions;
            close_session(t * g);
        }
        bool any = cur == instance_kind::spot;
        for (std::size_t z = 0; z < nz && !any; ++z) any = src.available(c.zones[z].lane, t);
        v.tick = t;
        v.done = usec(done);
        v.overhead_left = usec(oh);
        v.holding = cur;
        v.spot_available = any;
        const instance_kind req = decide(c.policy, v);
        if (req != cur) {
            close_session(t * g);
            if (req != instance_kind::none) {
                zone = req == instance_kind::spot ? choose_spot_zone() : c.fallback;
                if (zone >= nz) throw model_error("a policy asked for spot while no zone has any");
                oh = d;
                if (last_zone && *last_zone != zone) {
                    ++out.moves;
                    oh += c.relaunch.count();
                    const failover_zone& from = c.zones[*last_zone];
                    if (from.region != c.zones[zone].region && c.checkpoint_gb > 0) {
                        ++out.transfers;
                        if (from.egress_per_gb) {
                            const fast_money m = *from.egress_per_gb * c.checkpoint_gb;
                            out.transfer_cost += m;
                            r.cost += m;
                        } else {
                            ++out.unpriced_transfers;
                        }
                    }
                }
                last_zone = zone;
                if (req == instance_kind::spot) last_spot_zone = zone;
                session = req;
                session_start = t * g;
            }
        }
        std::int64_t progress = 0, used = 0;
        if (req != instance_kind::none) {
            const std::int64_t spent = std::min(oh, g);
            oh -= spent;
            progress = std::min(g - spent, W - done);
            used = spent + progress;
            if (req == instance_kind::spot)
                r.spot_work += hours(progress);
            else
                out.on_demand_work += hours(progress);
            done += progress;
        }
        last = req;
        if (done >= W) {
            const std::int64_t finish = t * g + used;
            close_session(finish);
            r.makespan = hours(finish);
            ++t;
            break;
        }
        ++t;
    }
    return out;
}

inline void failover_outcomes::add(const failover_trial_result& r, std::optional<usec> deadline) {
    ++runs;
    if (r.outlasted) return;
    ++finished;
    cost.push_back(r.result.cost.value());
    makespan.push_back(r.result.makespan.count());
    if (!deadline || r.result.makespan.count() <= to_fast_hours(*deadline).count() + 1e-9) ++met;
    interruptions += r.result.interruptions;
    moves += r.moves;
    transfers += r.transfers;
    unpriced_transfers += r.unpriced_transfers;
    transfer_cost += r.transfer_cost.value();
    spot_work_hours += r.result.spot_work.count();
    on_demand_work_hours += r.on_demand_work.count();
}

inline failover_outcomes replay_failover(const failover_campaign& c, const std::vector<const spot_trace*>& traces,
                                         const std::vector<tick_window>& windows) {
    failover_outcomes out;
    for (const auto& z : c.zones)
        if (z.lane >= traces.size()) throw model_error("a failover zone has no trace");
    for (const auto& w : windows) {
        aligned_traces_window src(traces, w.start, w.end);
        out.add(run_failover_trial(c, src), c.deadline);
    }
    return out;
}

inline std::vector<tick_window> failover_windows(std::int64_t ticks, usec gap, usec horizon, std::uint64_t starts) {
    const std::int64_t h = ceil_div(horizon.count(), gap.count());
    if (h > ticks)
        throw value_error("traces at least as long as the job's horizon (" + format_duration(horizon) + " = " +
                          std::to_string(h) + " ticks); they have " + std::to_string(ticks));
    std::vector<tick_window> out;
    const auto n = static_cast<std::int64_t>(starts);
    for (std::int64_t i = 0; i < n; ++i)
        out.push_back({n == 1 ? 0 : static_cast<std::int64_t>(static_cast<i128>(ticks - h) * i / (n - 1)), ticks});
    return out;
}

inline failover_outcomes simulate_failover(const failover_campaign& c, const std::vector<zone_runs>& runs,
                                           std::uint64_t trials, std::uint64_t seed, std::int64_t lookback_ticks,
                                           std::int64_t horizon_ticks) {
    failover_outcomes out;
    for (const auto& z : c.zones)
        if (z.lane >= runs.size()) throw model_error("a failover zone has no fitted runs");
    std::vector<philox_stream> streams;
    for (std::uint64_t t = 0; t < trials; ++t) {
        streams.clear();
        for (std::size_t z = 0; z < runs.size(); ++z)
            streams.emplace_back(rng_seed(seed), trial_index(t), streams::failover_zone(static_cast<std::uint32_t>(z)));
        drawn_zones src(runs, streams, lookback_ticks, horizon_ticks);
        out.add(run_failover_trial(c, src), c.deadline);
    }
    return out;
}

}  // namespace costsim
