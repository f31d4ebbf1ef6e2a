// costsim/engine/replay.hpp — trace replay: every candidate of a scenario on what really happened.
//
// `replay(scenario, trace, options)` runs each candidate (tick_trial.hpp) on windows of a
// real spot availability trace (trace.hpp) and summarizes the replays with the statistics
// of `costsim simulate` (mean, standard error, CI, quantiles of cost and time), plus the
// fraction of work done on spot and the fraction of replays that met the deadline.
//
// Windows:
//  - `windows`: the given [start, end) tick windows (the paper's `random_windows.json`,
//    keyed by the trace file's stem); a window that ends past the trace is refused;
//  - `starts` = N: N start ticks spread evenly over [0, ticks − H], H = the ticks the
//    deadline spans (or the work plus the restart overhead without a deadline), each
//    running to the end of the trace. A trace shorter than H is refused.
// A job that has not finished when its window (or the trace) ends is counted as
// `outlasted`: it is never wrapped around to the trace's start. Its cost and time are
// unknown, so it is left out of the cost and time statistics, and counts as a missed
// deadline in `deadline_met` (= replays that finished by the deadline / all replays).
// A candidate that outlasts every window has no cost or time statistics (null in JSON).
//
// What a candidate means in replay:
//  - the trace replaces the interruption model and the restart delay (capacity comes back
//    when the trace says so); restart "overhead" is the changeover delay d;
//  - progress is kept across preemptions (the *Can't Be Late* model): a candidate with a
//    "checkpoint" is refused, as are "deadline_fallback" (continuous-time; use greedy or
//    uniform_progress), a simulated ("ou_jump") price and the monthly market;
//  - on-demand candidates run the on_demand tick policy: one instance from the start
//    (d, then the work);
//  - billing: "per_tick" charges every tick held in full (the paper's accounting);
//    otherwise each session is billed by the offer's increment and minimum (sustained use,
//    caps and fees are not applied in replay). Spot is charged at the scenario's spot
//    price (constant, or its history from the scenario's start = each window's first tick).
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "costsim/core/stats.hpp"
#include "costsim/engine/campaign_build.hpp"
#include "costsim/engine/candidate_result.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/engine/tick_trial.hpp"
#include "costsim/engine/trial_summary.hpp"
#include "costsim/models/trace.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct replay_options {
    std::uint64_t starts = 100;              ///< used when `windows` is null
    const trace_windows* windows = nullptr;  ///< the windows file, if given
    std::optional<usec> deadline;            ///< overrides the scenario's
};

struct replay_candidate {
    candidate_result stats;  ///< cost/time statistics over the finished replays
    std::uint64_t finished = 0, outlasted = 0;
    std::optional<double> saving_vs_on_demand;  ///< 1 − mean cost / on-demand mean cost (same offer)
    /// The instances held in the first window (µs from its start), for a report's timeline.
    std::vector<tick_session> first_window_sessions;
    bool first_window_outlasted = false;
};

/// A run of equal availability of the trace: ticks [start, end).
struct availability_run {
    std::int64_t start = 0, end = 0;
    bool available = false;
};

struct replay_result {
    std::string scenario, trace, windows_from;  ///< windows_from: the windows file, or "starts"
    usec gap{0};
    std::int64_t trace_ticks = 0;
    std::uint64_t replays = 0;
    std::string currency;
    std::optional<double> deadline_hours;
    fast_hours work{0};
    std::vector<replay_candidate> candidates;
    tick_window first_window;                 ///< the window whose sessions each candidate records
    std::vector<availability_run> spot_runs;  ///< the trace as runs, over the first window
};

/// The windows the options select on trace `t` for a job spanning `horizon`.
std::vector<tick_window> replay_windows(const spot_trace& t, const replay_options& o, usec horizon);

/// Replays every candidate; input_error (naming the scenario and the candidate's pointer)
/// for what replay does not model, or when no replay finishes.
replay_result replay(const scenario& s, const spot_trace& t, const replay_options& o);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::vector<tick_window> replay_windows(const spot_trace& t, const replay_options& o, usec horizon) {
    std::vector<tick_window> out;
    if (o.windows) {
        const auto& list = o.windows->of(t.name());
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (list[i].end > t.ticks())
                throw input_error(o.windows->file, "/windows/" + json_pointer_token(t.name()) + "/" + std::to_string(i),
                                  "a window inside the trace (" + std::to_string(t.ticks()) + " ticks), got [" +
                                      std::to_string(list[i].start) + ", " + std::to_string(list[i].end) + ")");
            out.push_back(list[i]);
        }
        return out;
    }
    const std::int64_t h = ceil_div(horizon.count(), t.gap().count());
    if (h > t.ticks())
        throw input_error(t.file().empty() ? t.name() : t.file(), "/data",
                          "a trace at least as long as the job's horizon (" + format_duration(horizon) + " = " +
                              std::to_string(h) + " ticks); it has " + std::to_string(t.ticks()) + " ticks");
    const std::int64_t span = t.ticks() - h;
    const auto n = static_cast<std::int64_t>(o.starts);
    for (std::int64_t i = 0; i < n; ++i) {
        std::int64_t s = n == 1 ? 0 : static_cast<std::int64_t>((static_cast<i128>(span) * i) / (n - 1));
        out.push_back({s, t.ticks()});
    }
    return out;
}

namespace detail {

// Replays candidate c over every window: the finished replays' outcomes into m (with m.met
// counting those done by deadline_hours, the replay's deadline), the others counted in
// `outlasted`.
template <class Price>
void replay_candidate_on(const tick_campaign& c, const spot_trace& t, const std::vector<tick_window>& ws, Price& price,
                         std::optional<double> deadline_hours, candidate_metrics<exact_metric, plain_mean>& m,
                         std::uint64_t& outlasted, replay_candidate& rc) {
    for (std::size_t i = 0; i < ws.size(); ++i) {
        const auto& w = ws[i];
        trace_window_source src(t, w.start, w.end);
        tick_trial_result r =
            i == 0 ? run_tick_trial_recorded(c, src, price, rc.first_window_sessions) : run_tick_trial(c, src, price);
        if (i == 0) rc.first_window_outlasted = r.outlasted;
        if (r.outlasted) {
            ++outlasted;
            continue;
        }
        m.cost.add(r.result.cost.value());
        m.makespan.add(r.result.makespan.count());
        m.billed.add(r.result.billed.count());
        m.interruptions.add(r.result.interruptions);
        m.spot_work.add(r.result.spot_work.count());
        m.met += meets_deadline(r.result.makespan.count(), deadline_hours) ? 1 : 0;
    }
}

}  // namespace detail

inline replay_result replay(const scenario& s, const spot_trace& t, const replay_options& o) {
    replay_result out;
    out.scenario = s.name;
    out.trace = t.name();
    out.windows_from = o.windows ? o.windows->file : "starts";
    out.gap = t.gap();
    out.trace_ticks = t.ticks();
    out.currency = std::string(s.in_currency.code());
    std::optional<usec> deadline = o.deadline ? o.deadline : s.deadline;
    if (deadline) out.deadline_hours = to_fast_hours(*deadline).count();
    out.work = to_fast_hours(s.work);

    usec overhead{0};
    for (const auto& k : s.candidates)
        overhead = std::max(overhead, std::chrono::duration_cast<usec>(k.restart.overhead));
    const usec horizon = deadline ? std::max(*deadline, s.work + overhead) : s.work + overhead;
    const std::vector<tick_window> ws = replay_windows(t, o, horizon);
    out.replays = ws.size();
    if (!ws.empty()) {
        out.first_window = ws.front();
        for (std::int64_t i = ws.front().start; i < ws.front().end; i = t.run_end(i))
            out.spot_runs.push_back(
                {i - ws.front().start, std::min(t.run_end(i), ws.front().end) - ws.front().start, t.available(i)});
    }

    scenario sc = s;
    sc.deadline = deadline;
    for (const auto& k : s.candidates) {
        auto refuse = [&](const std::string& where, const std::string& what) {
            throw input_error(s.file, k.pointer + where, what);
        };
        if (k.market == market_kind::monthly) refuse("/market", "\"on_demand\" or \"spot\" in trace replay");
        if (k.policy == policy_kind::deadline_fallback)
            refuse("/policy",
                   "\"greedy\", \"uniform_progress\", \"spot_only\" or \"on_demand\" in trace replay "
                   "(deadline_fallback is a continuous-time Monte Carlo policy)");
        if (k.checkpoint.rule != checkpoint_rule::none)
            refuse("/checkpoint",
                   "no checkpoint in trace replay (progress is kept across preemptions; the restore "
                   "cost is restart.overhead, the changeover delay d)");
        if (k.price.model != price_spec::kind::market)
            refuse("/price", "the market's spot price in trace replay (a simulated price path is Monte Carlo only)");
        if (needs_deadline(k.policy) && !deadline)
            refuse("/policy", "a deadline (" + std::string(to_string(k.policy)) + " needs one)");

        tick_campaign c = at_candidate(s, k, [&] { return make_tick_campaign(sc, k, t.gap()); });
        candidate_metrics<exact_metric, plain_mean> m;
        std::uint64_t outlasted = 0;
        replay_candidate rc;
        const offer& of = s.offer_of(k);
        auto run = [&](auto& price) {
            detail::replay_candidate_on(c, t, ws, price, out.deadline_hours, m, outlasted, rc);
        };
        if (k.market != market_kind::spot || std::holds_alternative<quoted_price>(of.spot->price)) {
            fast_price_per_hour p{0.0};
            if (k.market == market_kind::spot)
                p = at_candidate(s, k, [&] { return hourly_price(sc, of, std::get<quoted_price>(of.spot->price)); });
            constant_spot_price cp(p);
            run(cp);
        } else {
            std::vector<price_point> pts = spot_history_points(of, s.start);
            const auto& h = std::get<spot_history>(of.spot->price);
            const double factor =
                at_candidate(s, k, [&] {
                    return hourly_price(sc, of, quoted_price{money(exact(1), h.currency), price_unit::hour, false, {}});
                }).value();
            for (auto& p : pts) p.price = fast_price_per_hour(p.price.value() * factor);
            piecewise_spot_price pp(std::move(pts));
            run(pp);
        }
        rc.finished = m.cost.count();
        rc.outlasted = outlasted;
        rc.stats = describe_candidate(s, k);
        candidate_result& cr = rc.stats;
        // The one summariser (trial_summary.hpp); the deadline is judged over every window,
        // finished or not.
        if (rc.finished > 0) summarize_candidate(m, to_fast_hours(s.work_of(k)).count(), cr);
        cr.deadline_met = static_cast<double>(m.met) / static_cast<double>(ws.size());
        out.candidates.push_back(std::move(rc));
    }
    // Savings against the first on-demand candidate of the same offer.
    for (auto& c : out.candidates) {
        if (c.finished == 0) continue;
        for (const auto& od : out.candidates) {
            if (od.finished > 0 && od.stats.offer == c.stats.offer && od.stats.policy == policy_kind::on_demand) {
                if (od.stats.cost.mean > 0) c.saving_vs_on_demand = 1.0 - c.stats.cost.mean / od.stats.cost.mean;
                break;
            }
        }
    }
    return out;
}

}  // namespace costsim
