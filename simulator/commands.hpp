// simulator/commands.hpp — the costsim subcommands: thin shells over include/costsim.
//
// Each command registers its own options on the CLI11 app (add_X in X_cmd.cpp), calls the
// library when the command line names it, and renders text or JSON; main.cpp only parses
// and dispatches, and says every command's errors the one way (run_command). Output is composed in full before anything
// is printed, so a failure never leaves half an output behind.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "costsim/io/json_input.hpp"
#include "costsim/models/trace.hpp"
#include "costsim/workflow/quick_flags.hpp"

namespace costsim {
struct scenario;
struct plan_result;
struct validation_options;
}  // namespace costsim

namespace CLI {
class App;
}  // namespace CLI

namespace costsim::cli {

/// A subcommand: registered on the app by its own *_cmd.cpp, run when the command line
/// names it.
struct command {
    CLI::App* app;
    std::function<int()> run;
};
command add_quote(CLI::App& app);
command add_simulate(CLI::App& app);
command add_plan(CLI::App& app);
command add_offers(CLI::App& app);
command add_breakeven(CLI::App& app);
command add_report(CLI::App& app);
command add_replay(CLI::App& app);
command add_trace_stats(CLI::App& app);
command add_import(CLI::App& app);
command add_validate(CLI::App& app);
command add_demo(CLI::App& app);
command add_failover(CLI::App& app);
/// Runs a command: an error about the input is one line on stderr and exit 2; anything
/// else, "internal error" and exit 1. The one place errors become messages.
int run_command(const std::function<int()>& run);

struct quote_args {
    std::string catalog, offer, market, duration, start, currency, egress_gb;
    bool json = false, csv = false;
};

struct demo_args {
    std::string scenario;  ///< empty: the bundled scenarios/bilstm_sentiment_demo.json
    std::uint64_t trials = 5000, seed = 1;
    bool json = false;
};

struct simulate_args {
    std::string scenario, report;
    std::uint64_t trials = 100000, seed = 1;
    unsigned threads = 0;
    double target_rel_ci = 0;
    bool json = false, csv = false, progress = false, mpi = false;
    bool trials_given = false, seed_given = false;  ///< a failover study keeps its own otherwise
};

struct plan_args {
    std::string scenario, report;
    std::uint64_t trials = 20000, seed = 1;
    unsigned threads = 0;
    double target_rel_ci = 0;
    bool json = false, csv = false, trials_given = false;
    // The text table: the top rows, or all; --explain: every runtime basis and exclusion.
    std::size_t top = 15;
    bool top_given = false, all = false, explain = false;
    // Quick mode: the job as flags instead of a scenario file (workflow/quick_flags.hpp);
    // --deadline is kept there too, and overrides a scenario file's.
    costsim::quick_flags quick;
    bool quick_mode() const { return !quick.work.empty() || !quick.model.empty(); }
};

/// How the plan's text table is shown.
struct plan_view {
    std::size_t top = 15;
    bool all = false, explain = false;
};

struct breakeven_args {
    std::string catalog, monthly, hourly, gpu, cpu, currency = "USD";
    int months = 12;
    bool json = false;
};

struct report_args {
    std::string result, output;
};

// Issue 6: real spot data (replay_cmd.cpp, trace_stats_cmd.cpp, import_cmd.cpp).
struct replay_args {
    std::string scenario, trace, windows, deadline;
    std::uint64_t starts = 0;  ///< 0: the library's default (100) unless --windows
    std::string sense_text = "preempted";
    trace_sense sense = trace_sense::preempted;  ///< what the trace's values count
    bool json = false, sense_given = false;
};
/// `costsim failover STUDY`; simulate and replay run one part of it when given a study.
enum class failover_part { both, replay, monte_carlo };
struct failover_args {
    std::string study, catalog;
    std::optional<std::uint64_t> starts, trials, seed;
    bool json = false;
    failover_part part = failover_part::both;
};
struct trace_stats_args {
    std::string trace;
    std::string sense_text = "preempted";
    trace_sense sense = trace_sense::preempted;
    bool json = false;
};
struct import_args {
    /// skypilot: each file "PATH" (the cloud is --provider) or "PROVIDER=PATH"; one catalog of all.
    std::vector<std::string> files;
    /// skypilot: "FILE=DATE", the date of one file's prices (FILE: its name or its path as given).
    std::vector<std::string> price_dates;
    std::string format, provider = "aws", as_of, name, source, region, os, instance;
};
// Issue 7: `costsim validate` (validate_cmd.cpp).
struct validate_args {
    std::string scenario, bench;
    double time_scale = 0;  ///< 0: the scenario's
    bool json = false;
};
/// `o` holds --runs, --trials and --seed: their defaults are validation_options' (validate.hpp).
int run_validate(const validate_args& a, const validation_options& o);

int run_replay(const replay_args& a);
int run_trace_stats(const trace_stats_args& a);
int run_import(const import_args& a);

/// `costsim offers`: the catalog browsed (offers_cmd.cpp).
struct offers_args {
    std::string catalog, gpu, cloud, region, market, max_price;
    std::size_t top = 40;
    bool all = false, json = false, csv = false;
};
int run_offers(const offers_args& a);

int run_quote(const quote_args& a);
int run_plan(const plan_args& a);
int run_failover(const failover_args& a);
/// Whether `file` is a failover study (costsim.failover/v1), which simulate and replay
/// hand to run_failover.
bool is_failover_study(const std::string& file);
int run_breakeven(const breakeven_args& a);
int run_report(const report_args& a);
/// Writes the HTML report of a simulate/plan JSON result to `path`, atomically.
void write_report(const costsim::json& result, const std::string& path);
int run_simulate(const simulate_args& a);
int run_demo(const demo_args& a);

/// A scenario that lists no candidates but has a plan runs the plan's candidates (said on
/// stderr); never an empty result.
costsim::scenario with_plan_candidates(costsim::scenario s, const char* command);

/// The folder holding the bundled scenarios/ and pricing_data/: $COSTSIM_SHARE_DIR,
/// <prefix>/share/costsim next to an installed binary, or the source tree it was built from.
std::string find_share_dir();
/// The plan as an aligned table (at most 120 columns) with its legend and recommendation.
std::string render_plan(const plan_result& p, const plan_view& v = {});
/// The legend under a plan table: each offer's runtime and its source, each spot model.
std::string render_sources(const plan_result& p);

}  // namespace costsim::cli
