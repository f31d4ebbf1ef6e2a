// simulator/failover_run.hpp — a resolved failover study run as `costsim failover` prints it:
// the compared strategies (on-demand, spot_only per zone, the deadline fallback, failover with
// and without it), each replayed on the zones' aligned traces and drawn by Monte Carlo, and
// the table of their figures. Shared by the failover command and the demo.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "costsim/core/stats.hpp"
#include "costsim/engine/failover.hpp"
#include "costsim/io/failover_json.hpp"
#include "text.hpp"

namespace costsim::cli {

/// One compared strategy: its campaign and how the table names it.
struct failover_strategy {
    std::string policy, where;
    failover_campaign c;
};

/// A strategy's outcomes and, where any run finished, their cost and time summaries.
struct failover_row {
    std::optional<summary> cost, time;
    failover_outcomes o;
};

struct failover_run {
    std::vector<failover_strategy> strategies;
    std::vector<tick_window> windows;               ///< the replay's
    std::int64_t mc_horizon = 0;                    ///< ticks a Monte Carlo trial may run
    std::vector<failover_row> replayed, simulated;  ///< per strategy; simulated empty without trials
};

/// Every strategy of the study, replayed and (with `monte_carlo`) simulated; input_error at
/// the home zone's trace when the traces are too short for one window.
failover_run run_failover_study(const resolved_failover& r, bool monte_carlo = true);

/// The strategies' table (the rows `only` names, else all), in the study's currency.
std::string failover_table(const failover_run& run, const std::vector<failover_row>& rows, bool with_deadline,
                           const std::vector<std::size_t>& only = {}, const std::string& indent = "  ");

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline failover_run run_failover_study(const resolved_failover& r, bool monte_carlo) {
    const failover_study& s = r.study;
    failover_run run;
    const std::string home = s.zones[0].name;
    const std::string all = fmt::format("{} zones, {}", r.zones.size(), to_string(s.order));
    auto& ss = run.strategies;
    ss.push_back({"on_demand", home, r.in_zone(0, tick_policy::on_demand)});
    for (std::size_t z = 0; z < r.zones.size(); ++z)
        ss.push_back({"spot_only", s.zones[z].name, r.in_zone(z, tick_policy::spot_only)});
    if (s.deadline) ss.push_back({"deadline fallback", home, r.in_zone(0, tick_policy::greedy)});
    ss.push_back({"failover spot_only", all, r.over_all(tick_policy::spot_only)});
    if (s.deadline) ss.push_back({"failover + fallback", all, r.over_all(tick_policy::greedy)});

    // Replay: every window of the aligned traces, each to their end.
    const usec horizon = s.deadline ? *s.deadline : s.work + s.changeover;
    try {
        run.windows = failover_windows(r.ticks, r.gap, horizon, s.replay_starts);
    } catch (const value_error& e) {
        throw input_error(s.file, s.zones[0].pointer + "/trace", e.what());
    }
    std::vector<const spot_trace*> traces;
    std::vector<zone_runs> runs;
    for (const auto& z : r.zones) {
        traces.push_back(&z.trace);
        runs.push_back(z.runs);
    }
    // Monte Carlo: long enough for a job with no spot for 20 times its horizon to be rare;
    // what still runs then is counted as not finished.
    const usec longest = std::max(horizon, s.work + s.changeover + s.relaunch);
    run.mc_horizon = 20 * ceil_div(longest.count(), r.gap.count());
    const std::int64_t lookback = s.recent_window ? ceil_div(s.recent_window->count(), r.gap.count()) : 0;
    auto row_of = [](failover_outcomes o) {
        failover_row row;
        if (o.finished > 0) {
            row.cost = summarize(o.cost);
            row.time = summarize(o.makespan);
        }
        row.o = std::move(o);
        return row;
    };
    for (const auto& st : ss) {
        run.replayed.push_back(row_of(replay_failover(st.c, traces, run.windows)));
        if (monte_carlo)
            run.simulated.push_back(row_of(simulate_failover(st.c, runs, s.trials, s.seed, lookback, run.mc_horizon)));
    }
    return run;
}

inline std::string failover_table(const failover_run& run, const std::vector<failover_row>& rows, bool with_deadline,
                                  const std::vector<std::size_t>& only, const std::string& indent) {
    text_table t({{"policy", align::left},
                  {"where", align::left},
                  {"mean cost", align::right},
                  {"P95 cost", align::right},
                  {"mean h", align::right},
                  {"P95 h", align::right},
                  {with_deadline ? "P(deadline)" : "finished", align::right},
                  {"preempt.", align::right},
                  {"moves", align::right},
                  {"spot work", align::right}});
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (!only.empty() && std::find(only.begin(), only.end(), i) == only.end()) continue;
        const auto& s = rows[i];
        const auto& o = s.o;
        const double f = o.finished > 0 ? static_cast<double>(o.finished) : 1.0;
        auto num = [&](const std::optional<summary>& x, double summary::*m, const char* spec) {
            return x ? fmt::format(fmt::runtime(spec), (*x).*m) : std::string("-");
        };
        const double met = static_cast<double>(with_deadline ? o.met : o.finished) / static_cast<double>(o.runs);
        t.add({run.strategies[i].policy, run.strategies[i].where, num(s.cost, &summary::mean, "{:.2f}"),
               num(s.cost, &summary::p95, "{:.2f}"), num(s.time, &summary::mean, "{:.1f}"),
               num(s.time, &summary::p95, "{:.1f}"), fmt::format("{:.1f} %", 100 * met),
               fmt::format("{:.2f}", o.interruptions / f), fmt::format("{:.2f}", o.moves / f),
               o.finished > 0
                   ? fmt::format("{:.0f} %", 100 * o.spot_work_hours / (o.spot_work_hours + o.on_demand_work_hours))
                   : std::string("-")});
    }
    return t.render(indent);
}

}  // namespace costsim::cli
