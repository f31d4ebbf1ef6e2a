// simulator/demo_cmd.cpp — `costsim demo`: the bundled default campaign, planned.
//
// The GPU-platform study's BiLSTM job (scenarios/bilstm_sentiment_demo.json) across its
// providers' offers, on-demand, spot (with interruptions and checkpoints) and monthly,
// ranked by expected cost with a recommendation and the command for the full report.
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/costsim.hpp"
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
    if (!s.candidates.empty() || !s.plan) return s;
    std::vector<excluded_offer> excluded;
    scenario planned = expand_plan(s, excluded);
    std::cerr << "costsim " << command << ": " << s.file << " lists no candidates; running its plan's "
              << planned.candidates.size() << " (costsim plan ranks them)\n";
    return planned;
}

int run_demo(const demo_args& a) {
    namespace fs = std::filesystem;
    const std::string scenario_file =
        a.scenario.empty() ? (fs::path(find_share_dir()) / "scenarios" / "bilstm_sentiment_demo.json").string()
                           : a.scenario;
    scenario s = load_scenario(scenario_file);
    mc_options o;
    o.trials = a.trials;
    o.seed = a.seed;
    plan_result p = [&] {
        try {
            return run_plan(s, o);
        } catch (const model_error& e) {
            throw input_error(scenario_file, "/plan", e.what());
        }
    }();
    if (a.json) {
        std::cout << to_json(p).dump() << "\n" << std::flush;
        return 0;
    }
    std::string out = render_plan(p);
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
