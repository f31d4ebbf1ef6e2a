// simulator/main.cpp — the `costsim` command: argument parsing and dispatch only.
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/error.hpp"

namespace {

// CLI11 reads "--duration -5m" as a missing value followed by an unknown flag; glue such
// values to their option so the duration parser can say what is wrong with them.
std::vector<std::string> glue_dash_values(int argc, char** argv) {
    static const char* const valued[] = {"--duration", "--start",   "--egress-gb",     "--gpu-hours",
                                         "--currency", "--trials",  "--target-rel-ci", "--seed", "--threads"};
    std::vector<std::string> out;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        bool is_valued = false;
        for (const char* v : valued) is_valued = is_valued || a == v;
        if (is_valued && i + 1 < argc && argv[i + 1][0] == '-') {
            out.push_back(a + "=" + argv[++i]);
        } else {
            out.push_back(a);
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace costsim;
    CLI::App app{"costsim: what an ML job will cost, and how long it will take, on each offer"};
    app.require_subcommand(0, 1);

    cli::quote_args q;
    q.start = "2026-02-01T00:00:00Z";
    auto* quote = app.add_subcommand("quote", "the exact invoice of one run");
    quote->add_option("--catalog", q.catalog, "costsim.catalog/v1 file")->required();
    quote->add_option("--offer", q.offer, "offer id in the catalog")->required();
    quote->add_option("--market", q.market, "on_demand | spot | monthly")->required();
    quote->add_option("--duration", q.duration, "run time: 90s, 15m, 1.5h, 2d or seconds")->required();
    quote->add_option("--start", q.start, "ISO 8601 UTC start (default 2026-02-01T00:00:00Z)");
    quote->add_option("--currency", q.currency, "invoice currency (converted with the catalog's rate)");
    quote->add_option("--egress-gb", q.egress_gb, "data transferred out, GB (decimal)");
    quote->add_flag("--json", q.json, "one JSON object, amounts as decimal strings");

    cli::simulate_args sim;
    auto* simulate = app.add_subcommand("simulate", "Monte Carlo of a scenario's candidates");
    simulate->add_option("scenario", sim.scenario, "costsim.scenario/v1 file")->required();
    simulate->add_option("--trials", sim.trials, "trials per candidate (default 100000)")->check(CLI::Range(1ULL, 100000000ULL));
    simulate->add_option("--seed", sim.seed, "seed of the Philox streams (default 1)");
    simulate->add_option("--threads", sim.threads, "worker threads (default: all cores)")->check(CLI::Range(1u, 4096u));
    simulate->add_option("--target-rel-ci", sim.target_rel_ci,
                         "run until the 95 % CI half-width of each mean cost is below X of the mean")
        ->check(CLI::Range(1e-6, 1.0));
    auto* sim_json = simulate->add_flag("--json", sim.json, "one JSON object");
    simulate->add_flag("--csv", sim.csv, "one CSV row per candidate")->excludes(sim_json);
    simulate->add_flag("--progress", sim.progress, "progress bar on stderr (only on a terminal)");

    cli::demo_args d;
    auto* demo = app.add_subcommand("demo", "the bundled default: one job priced on every bundled offer");
    demo->add_option("--gpu-hours", d.gpu_hours, "GPU time of the job (default 10h)");
    demo->add_option("--start", d.start, "start date (default 2026-02-01)");
    demo->add_option("--currency", d.currency, "comparison currency (default USD)");
    demo->add_option("--data", d.data_dir, "folder of catalogs (default: bundled pricing_data)");
    demo->add_flag("--json", d.json, "JSON instead of a table");

    try {
        std::vector<std::string> args = glue_dash_values(argc, argv);
        std::reverse(args.begin(), args.end());  // CLI11 takes the vector reversed
        app.parse(args);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "costsim: command line: " << e.what() << " (see costsim --help)\n";
        return 2;
    }

    try {
        if (*quote) return cli::run_quote(q);
        if (*simulate) return cli::run_simulate(sim);
        if (d.data_dir.empty()) d.data_dir = cli::find_data_dir(argv[0]);
        return cli::run_demo(d);  // `costsim` alone runs the demo
    } catch (const input_error& e) {
        std::cerr << "costsim: " << e.what() << "\n";
        return 2;
    } catch (const value_error& e) {
        std::cerr << "costsim: command line: " << e.what() << "\n";
        return 2;
    } catch (const model_error& e) {
        std::cerr << "costsim: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "costsim: internal error: " << e.what() << "\n";
        return 1;
    }
}
