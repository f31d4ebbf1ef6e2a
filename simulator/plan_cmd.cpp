// simulator/plan_cmd.cpp — `costsim plan`: every candidate the scenario allows, ranked.
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "text.hpp"

namespace costsim::cli {

std::string render_plan(const plan_result& p) {
    const simulation_result& r = p.simulation;
    const scenario& s = p.expanded;
    std::string out = bold(fmt::format("costsim plan: {} — {} candidates, {} trials each, seed {}, {}", r.scenario,
                                       p.rows.size(), r.trials, r.seed, r.currency)) + "\n";
    out += fmt::format("  work {} at reference speed{}\n\n", format_duration(s.work),
                       s.deadline ? ", deadline " + format_duration(*s.deadline) : std::string());
    text_table t({{"#", align::right},
                  {"offer", align::left},
                  {"market", align::left},
                  {"policy", align::left},
                  {"GPUs", align::right},
                  {"ckpt", align::right},
                  {"cost " + r.currency, align::right},
                  {"P95 cost", align::right},
                  {"time h", align::right},
                  {"P95 time h", align::right},
                  {"P(deadline)", align::right},
                  {"", align::left}});
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
        const plan_row& row = p.rows[i];
        const candidate_result& c = row.result;
        std::string ckpt = c.checkpoint_rule == "none" ? "-" : fmt::format("{:.2f}h", c.checkpoint.every.count());
        if (c.checkpoint_rule == "young" || c.checkpoint_rule == "daly") ckpt = c.checkpoint_rule + " " + ckpt;
        std::string marks = row.pareto ? "pareto" : "";
        if (p.recommended && *p.recommended == i) marks += marks.empty() ? "<- recommended" : ", <- recommended";
        t.add({std::to_string(i + 1), c.offer, c.market, c.policy == "on_demand" ? "-" : c.policy,
               std::to_string(row.gpus_used), ckpt, fmt::format("{:.2f}", c.cost.mean), fmt::format("{:.2f}", c.cost.p95),
               fmt::format("{:.2f}", c.makespan_hours.mean), fmt::format("{:.2f}", c.makespan_hours.p95),
               r.deadline_hours ? fmt::format("{:.1f} %", 100 * c.deadline_met) : "-", marks});
    }
    out += t.render();
    if (!p.excluded.empty()) {
        out += "\n  excluded:\n";
        for (const auto& e : p.excluded)
            out += fmt::format("    {} ({}): {}\n", e.offer, e.market == "*" ? "all markets" : e.market, e.reason);
    }
    out += "\n";
    if (p.recommended) {
        const auto& c = p.rows[*p.recommended].result;
        out += bold(fmt::format("  Recommendation: {} {}{}, expected {:.2f} {} (P95 {:.2f}) in {:.1f} h{}.", c.offer, c.market,
                                c.policy == "on_demand" ? "" : " (" + c.policy + ")", c.cost.mean, r.currency, c.cost.p95,
                                c.makespan_hours.mean,
                                r.deadline_hours ? fmt::format(", meets the deadline in {:.1f} % of trials", 100 * c.deadline_met)
                                                 : std::string())) +
               "\n";
    } else {
        out += bold(fmt::format("  No candidate meets the deadline with {:.0f} % probability.", 100 * deadline_confidence)) + "\n";
    }
    return out;
}

int run_plan(const plan_args& a) {
    scenario s = load_scenario(a.scenario);
    if (!a.deadline.empty()) {
        usec d;
        try {
            d = parse_duration(a.deadline);
        } catch (const value_error& e) {
            throw input_error("command line", "--deadline", e.what());
        }
        if (d <= usec(0)) throw input_error("command line", "--deadline", "a positive deadline");
        s.deadline = d;
    }
    mc_options o;
    o.trials = a.trials;
    o.seed = a.seed;
    o.threads = a.threads;
    plan_result p = [&] {
        try {
            return run_plan(s, o);
        } catch (const model_error& e) {
            throw input_error(a.scenario, "/plan", e.what());
        }
    }();
    json j = to_json(p);
    if (!a.report.empty()) write_report(j, a.report);
    std::string out = a.json ? j.dump() + "\n" : a.csv ? to_csv(p.simulation) : render_plan(p);
    std::cout << out << std::flush;
    return 0;
}

}  // namespace costsim::cli
