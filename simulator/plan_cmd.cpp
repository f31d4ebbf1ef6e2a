// simulator/plan_cmd.cpp — `costsim plan`: every candidate the scenario allows, ranked.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "text.hpp"

namespace costsim::cli {

// "1.08h published": a candidate's runtime and where it comes from, for the table.
static std::string runtime_cell(const scenario& s, const candidate& k) {
    return fmt::format("{:.2f}h {}", to_fast_hours(s.work_of(k)).count(), to_string(k.runtime.source));
}

std::string render_sources(const plan_result& p) {
    const scenario& s = p.expanded;
    std::vector<std::string> runtimes, spot;
    for (const auto& row : p.rows) {
        const candidate& k = s.candidates[row.candidate_index];
        const offer& o = s.offer_of(k);
        std::string r =
            fmt::format("    {}{}: {} — {}\n", o.id, k.gpus_used > 1 ? fmt::format(" on {} GPUs", k.gpus_used) : "",
                        runtime_cell(s, k), k.runtime.basis);
        if (std::find(runtimes.begin(), runtimes.end(), r) == runtimes.end()) runtimes.push_back(std::move(r));
        if (k.market == market_kind::spot) {
            std::string i = fmt::format("    {}: {}\n", o.id, describe(k.interruptions));
            if (std::find(spot.begin(), spot.end(), i) == spot.end()) spot.push_back(std::move(i));
        }
    }
    std::string out =
        "\n  runtimes (measured: costsim-bench; published: a study's figure; estimate: a proxy or guess):\n";
    for (const auto& r : runtimes) out += r;
    if (!spot.empty()) {
        out += "  spot interruptions:\n";
        for (const auto& i : spot) out += i;
    }
    return out;
}

// The study's published costs and conclusions beside costsim's own figures.
static std::string render_study(const study_comparison& c) {
    std::string out = "\n" + bold("  The study's published figures beside costsim's") + " (" + c.study + ")\n";
    text_table t({{"offer", align::left},
                  {"runtime", align::right},
                  {"source", align::left},
                  {"published", align::right},
                  {"costsim exact", align::right},
                  {"at its precision", align::right},
                  {"agrees", align::left}});
    for (const auto& r : c.rows)
        t.add({r.offer, fmt::format("{:.2f}h", to_fast_hours(r.runtime).count()),
               std::string(to_string(r.basis.source)), r.published + " " + r.currency,
               to_decimal_string(r.costsim_exact, 4) + " " + r.currency, r.costsim_at_precision + " " + r.currency,
               r.agrees ? "yes" : "NO"});
    out += t.render("    ");
    out +=
        "    costsim: the exact invoice of one on-demand run of that runtime by the offer's own billing rule;\n"
        "    each runtime is the published cost over the billed hourly rate (see runtimes above), so the\n"
        "    agreement checks the billing, not the speed. The plan's on-demand rows add the start-up overhead.\n";
    out += "\n" + bold("  The study's conclusions, on costsim's figures") + "\n";
    for (const auto& k : c.claims)
        out += fmt::format("    {:<7} {}\n            {}\n", k.holds ? "holds" : "FAILS", k.claim, k.evidence);
    return out;
}

std::string render_plan(const plan_result& p) {
    const simulation_result& r = p.simulation;
    const scenario& s = p.expanded;
    std::string out = bold(fmt::format("costsim plan: {} — {} candidates, {} trials each, seed {}, {}", r.scenario,
                                       p.rows.size(), r.trials, r.seed, r.currency)) +
                      "\n";
    out += fmt::format("  work {:.3f} h at reference speed ({}: {}){}\n\n", to_fast_hours(s.work).count(),
                       to_string(s.work_basis.source), s.work_basis.basis,
                       s.deadline ? ", deadline " + format_duration(*s.deadline) : std::string());
    text_table t({{"#", align::right},
                  {"offer", align::left},
                  {"market", align::left},
                  {"policy", align::left},
                  {"GPUs", align::right},
                  {"ckpt", align::right},
                  {"runtime", align::right},
                  {"cost " + r.currency, align::right},
                  {"P95 cost", align::right},
                  {"time h", align::right},
                  {"P95 time h", align::right},
                  {"P(deadline)", align::right},
                  {"", align::left}});
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
        const plan_row& row = p.rows[i];
        const candidate_result& c = row.result;
        const checkpoint_rule rule = c.checkpoint.rule;
        std::string ckpt = rule == checkpoint_rule::none ? "-" : fmt::format("{:.2f}h", c.checkpoint.every.count());
        if (rule == checkpoint_rule::young || rule == checkpoint_rule::daly)
            ckpt = std::string(to_string(rule)) + " " + ckpt;
        const std::string market(to_string(c.market)), policy(to_string(c.policy));
        std::string marks = row.pareto ? "pareto" : "";
        if (p.recommended && *p.recommended == i) marks += marks.empty() ? "<- recommended" : ", <- recommended";
        t.add({std::to_string(i + 1), c.offer, market, c.policy == policy_kind::on_demand ? "-" : policy,
               std::to_string(row.gpus_used), ckpt, runtime_cell(s, s.candidates[row.candidate_index]),
               fmt::format("{:.2f}", c.cost.mean), fmt::format("{:.2f}", c.cost.p95),
               fmt::format("{:.2f}", c.makespan_hours.mean), fmt::format("{:.2f}", c.makespan_hours.p95),
               r.deadline_hours ? fmt::format("{:.1f} %", 100 * c.deadline_met) : "-", marks});
    }
    out += t.render();
    out += render_sources(p);
    if (!p.excluded.empty()) {
        out += "\n  excluded:\n";
        for (const auto& e : p.excluded)
            out += fmt::format("    {} ({}): {}\n", e.offer, e.market == "*" ? "all markets" : e.market, e.reason);
    }
    out += "\n";
    if (p.recommended) {
        const auto& c = p.rows[*p.recommended].result;
        out += bold(fmt::format("  Recommendation: {} {}{}, expected {:.2f} {} (P95 {:.2f}) in {:.1f} h{}.", c.offer,
                                to_string(c.market),
                                c.policy == policy_kind::on_demand ? "" : " (" + std::string(to_string(c.policy)) + ")",
                                c.cost.mean, r.currency, c.cost.p95, c.makespan_hours.mean,
                                r.deadline_hours
                                    ? fmt::format(", meets the deadline in {:.1f} % of trials", 100 * c.deadline_met)
                                    : std::string())) +
               "\n";
    } else {
        out += bold(fmt::format("  No candidate meets the deadline with {:.0f} % probability.",
                                100 * deadline_confidence)) +
               "\n";
    }
    if (p.study) out += render_study(*p.study);
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
