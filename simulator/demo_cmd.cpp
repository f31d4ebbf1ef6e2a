// simulator/demo_cmd.cpp — `costsim demo`: the bundled default campaign, planned.
//
// The GPU-platform study's BiLSTM job (scenarios/bilstm_sentiment_demo.json) across its
// providers' offers, on-demand, spot (with interruptions and checkpoints) and monthly,
// ranked by expected cost with a recommendation and the command for the full report; then
// the V100 spot run relaunched across us-east-1's zones, replayed on their real traces.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "costsim/io/failover_json.hpp"
#include "failover_run.hpp"
#include "text.hpp"

#ifndef COSTSIM_SOURCE_DIR
#define COSTSIM_SOURCE_DIR ""
#endif

namespace costsim::cli {

std::string find_share_dir() {
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("COSTSIM_SHARE_DIR"); env && *env) return env;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path installed = exe.parent_path().parent_path() / "share" / "costsim";
        if (fs::is_directory(installed / "scenarios", ec)) return installed.string();
    }
    return COSTSIM_SOURCE_DIR;
}

scenario with_plan_candidates(scenario s, const char* command) {
    std::string note;
    s = listed_or_planned(std::move(s), note);
    if (!note.empty()) std::cerr << "costsim " << command << ": " << note << " (costsim plan ranks them)\n";
    return s;
}

namespace {

// The study's V100 spot run when a preempted job moves to another us-east-1 zone
// (scenarios/failover_demo_p3.json), replayed on the four zones' 2023 traces: the
// home zone alone, its deadline fallback, and failover with and without it.
std::string failover_section(const std::string& share) {
    namespace fs = std::filesystem;
    const std::string file = (fs::path(share) / "scenarios" / "failover_demo_p3.json").string();
    const resolved_failover r =
        resolve_failover(load_failover_study(file), share + "/pricing_data/gpu_platforms_2018.json");
    const failover_study& s = r.study;
    const failover_run run = run_failover_study(r, false);
    const std::string home = s.zones[0].name;
    std::vector<std::size_t> rows;
    std::optional<std::size_t> alone, fallback, over, over_fb;
    for (std::size_t i = 0; i < run.strategies.size(); ++i) {
        const auto& st = run.strategies[i];
        if (st.policy == "spot_only" && st.where != home) continue;
        rows.push_back(i);
        if (st.policy == "spot_only") alone = i;
        if (st.policy == "deadline fallback") fallback = i;
        if (st.policy == "failover spot_only") over = i;
        if (st.policy == "failover + fallback") over_fb = i;
    }
    std::string out = "\n";
    out += wrap(fmt::format("Spot across zones: {} spot relaunched, when preempted, in the {} zone with the most "
                            "spot over the last {}, replayed on the zones' real traces ({} windows; every tick's work "
                            "is kept, so no checkpoint interval), prices in {} as of {}:",
                            r.zones[0].of->instance, r.zones[0].region,
                            s.recent_window ? format_duration(*s.recent_window) : std::string("-"), run.windows.size(),
                            r.currency, r.zones[0].price_date),
                "  ");
    out += failover_table(run, run.replayed, s.deadline.has_value(), rows, "    ");
    auto met = [&](std::size_t i) {
        const auto& o = run.replayed[i].o;
        return fmt::format("{:.1f} %", 100.0 * static_cast<double>(o.met) / static_cast<double>(o.runs));
    };
    auto cost = [&](std::size_t i) {
        const auto& c = run.replayed[i].cost;
        return c ? fmt::format("{:.2f} {}", c->mean, r.currency) : std::string("-");
    };
    if (s.deadline && alone && fallback && over && over_fb)
        out += wrap(fmt::format("Staying in {} meets the {} deadline in {} of the windows; moving between the {} "
                                "zones, in {}; with the on-demand fallback as well, in {} for {} (the fallback "
                                "alone: {} for {}).",
                                home, format_duration(*s.deadline), met(*alone), r.zones.size(), met(*over),
                                met(*over_fb), cost(*over_fb), met(*fallback), cost(*fallback)),
                    "    ");
    out += wrap("every zone, and the Monte Carlo over each zone's resampled runs: costsim failover " + file, "    ");
    return out;
}

}  // namespace

int run_demo(const demo_args& a) {
    namespace fs = std::filesystem;
    const std::string scenario_file =
        a.scenario.empty() ? (fs::path(find_share_dir()) / "scenarios" / "bilstm_sentiment_demo.json").string()
                           : a.scenario;
    scenario s = load_scenario(scenario_file);
    mc_options o;
    o.trials = a.trials;
    o.seed = a.seed;
    plan_result p = in_context(scenario_file, "/plan", [&] { return run_plan(s, o); });
    if (a.json) {
        std::cout << to_json(p).dump() << "\n" << std::flush;
        return 0;
    }
    std::string out = render_plan(p);
    if (a.scenario.empty()) out += failover_section(find_share_dir());
    out += fmt::format(
        "\n  The full report (distributions, Pareto frontier, deadline):\n"
        "    costsim plan {} --report report.html\n",
        scenario_file);
    std::cout << out << std::flush;
    return 0;
}

// `costsim demo`: its options, registered on the app; run when named.
command add_demo(CLI::App& app) {
    auto d = std::make_shared<demo_args>();
    auto* demo = app.add_subcommand("demo", "the bundled default: the BiLSTM study's job planned on every offer");
    demo->add_option("--scenario", d->scenario, "another scenario to plan (default: the bundled BiLSTM study)");
    demo->add_option("--trials", d->trials, "trials per candidate (default 5000)")
        ->check(CLI::Range(1ULL, 100000000ULL));
    demo->add_option("--seed", d->seed, "seed (default 1)");
    demo->add_flag("--json", d->json, "JSON instead of a table");
    return {demo, [d] { return run_demo(*d); }};
}

}  // namespace costsim::cli
