// simulator/main.cpp — the `costsim` command: argument parsing and dispatch only.
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"
#include "costsim/workflow/validation.hpp"

namespace {

// CLI11 reads "--duration -5m" as a missing value followed by an unknown flag; glue such
// values to their option so the duration parser can say what is wrong with them.
std::vector<std::string> glue_dash_values(int argc, char** argv) {
    static const char* const valued[] = {
        "--duration", "--start",   "--egress-gb",       "--currency",         "--trials",   "--target-rel-ci",
        "--seed",     "--threads", "--deadline",        "--months",           "--runs",     "--time-scale",
        "--work",     "--memory",  "--checkpoint-cost", "--restart-overhead", "--max-price"};
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
    app.name("costsim");  // parse(vector) never sees argv[0]: without this, usage reads "Usage: [OPTIONS]"
    app.require_subcommand(0, 1);
    app.set_version_flag("--version", std::string("costsim ") + COSTSIM_VERSION);

    cli::quote_args q;
    q.start = format_timestamp(default_campaign_start);
    auto* quote = app.add_subcommand("quote", "the exact invoice of one run");
    quote->add_option("--catalog", q.catalog, "costsim.catalog/v1 file")->required();
    quote->add_option("--offer", q.offer, "offer id in the catalog")->required();
    quote->add_option("--market", q.market, "on_demand | spot | monthly")->required();
    quote->add_option("--duration", q.duration, "run time: 90s, 15m, 1.5h, 2d or seconds")->required();
    quote->add_option("--start", q.start, "ISO 8601 UTC start (default " + q.start + ")");
    quote->add_option("--currency", q.currency, "invoice currency (converted with the catalog's rate)");
    quote->add_option("--egress-gb", q.egress_gb, "data transferred out, GB (decimal)");
    auto* quote_json = quote->add_flag("--json", q.json, "one JSON object, amounts as decimal strings");
    quote->add_flag("--csv", q.csv, "one CSV row per invoice line, then the total")->excludes(quote_json);

    cli::simulate_args sim;
    auto* simulate = app.add_subcommand("simulate", "Monte Carlo of a scenario's candidates");
    simulate->add_option("scenario", sim.scenario, "costsim.scenario/v1 file")->required();
    simulate->add_option("--trials", sim.trials, "trials per candidate (default 100000)")
        ->check(CLI::Range(1ULL, 100000000ULL));
    simulate->add_option("--seed", sim.seed, "seed of the Philox streams (default 1)");
    simulate->add_option("--threads", sim.threads, "worker threads (default: all cores)")->check(CLI::Range(1u, 4096u));
    simulate
        ->add_option("--target-rel-ci", sim.target_rel_ci,
                     "run until the 95 % CI half-width of each mean cost is below X of the mean")
        ->check(CLI::Range(1e-6, 1.0));
    auto* sim_json = simulate->add_flag("--json", sim.json, "one JSON object");
    simulate->add_flag("--csv", sim.csv, "one CSV row per candidate")->excludes(sim_json);
    simulate->add_flag("--progress", sim.progress, "progress bar on stderr (only on a terminal)");
    simulate->add_option("--report", sim.report, "also write the HTML report to this file");
    simulate->add_flag("--mpi", sim.mpi,
                       "split the trials across the ranks of mpirun; rank 0 prints (needs COSTSIM_WITH_MPI)");

    cli::plan_args pl;
    auto* plan = app.add_subcommand(
        "plan", "rank every candidate a scenario (or the job given as flags) allows; Pareto frontier; recommendation");
    plan->add_option("scenario", pl.scenario, "costsim.scenario/v1 file (or the job as flags: --work, --gpu, ...)");
    plan->add_option("--work", pl.work, "quick mode: the job's run time on --gpu, e.g. 10h");
    plan->add_option("--gpu", pl.gpu,
                     "quick mode: the GPU model the work is stated on (e.g. A100-80GB); more models, comma-separated, "
                     "or \"all\", are planned at the speed table's ratio (default: its reference, every model)");
    plan->add_option("--gpus", pl.gpus, "quick mode: the job runs on exactly N GPUs (default 1)")
        ->check(CLI::Range(1, 1024))
        ->each([&](const std::string&) { pl.gpus_given = true; });
    plan->add_option("--memory", pl.memory, "quick mode: GPU memory the job needs per GPU, e.g. 40GiB");
    plan->add_option("--market", pl.market, "quick mode: markets, comma-separated (default on_demand,spot)");
    plan->add_option("--cloud", pl.cloud, "quick mode: providers, comma-separated (e.g. aws,lambda; default all)");
    plan->add_option("--region", pl.region, "quick mode: regular expression on region, zone or offer id");
    plan->add_option("--catalog", pl.catalog, "quick mode: catalog (default the bundled 2026 one)");
    plan->add_option("--speed", pl.speed, "quick mode: relative speed table (default the bundled 2026 one)");
    plan->add_option("--checkpoint-cost", pl.checkpoint_cost,
                     "quick mode: time one spot checkpoint takes (default 1m)");
    plan->add_option("--restart-overhead", pl.restart_overhead,
                     "quick mode: start-up time billed at every (re)start (default 0s)");
    plan->add_flag("--allow-unknown-memory", pl.allow_unknown_memory,
                   "plan offers whose GPU memory the catalog does not give");
    plan->add_option("--deadline", pl.deadline, "deadline (overrides the scenario's), e.g. 52h");
    plan->add_option("--trials", pl.trials, "trials per candidate (default 20000; quick mode: to a 1 % interval)")
        ->check(CLI::Range(1ULL, 100000000ULL))
        ->each([&](const std::string&) { pl.trials_given = true; });
    plan->add_option("--target-rel-ci", pl.target_rel_ci,
                     "run each candidate until the 95 % CI half-width of its mean cost is below X of the mean")
        ->check(CLI::Range(1e-6, 1.0));
    plan->add_option("--top", pl.top, "rows of the table (default 15)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}))
        ->each([&](const std::string&) { pl.top_given = true; });
    plan->add_flag("--all", pl.all, "every row of the table");
    plan->add_flag("--explain", pl.explain, "every runtime basis, spot model and exclusion, per offer");
    plan->add_option("--seed", pl.seed, "seed (default 1)");
    plan->add_option("--threads", pl.threads, "worker threads (default: all cores)")->check(CLI::Range(1u, 4096u));
    plan->add_option("--report", pl.report, "also write the HTML report to this file");
    auto* plan_json = plan->add_flag("--json", pl.json, "one JSON object");
    plan->add_flag("--csv", pl.csv, "one CSV row per candidate")->excludes(plan_json);

    cli::offers_args of;
    auto* offers = app.add_subcommand("offers", "the catalog browsed: offers filtered and sorted by price");
    offers->add_option("--catalog", of.catalog, "catalog (default the bundled 2026 one)");
    offers->add_option("--gpu", of.gpu, "GPU models, comma-separated (e.g. H100,H100-SXM)");
    offers->add_option("--cloud", of.cloud, "providers, comma-separated (e.g. aws,lambda)");
    offers->add_option("--region", of.region, "regular expression on region, zone or offer id");
    offers->add_option("--market", of.market, "only offers with this market (on_demand, spot, monthly); sorts by it");
    offers->add_option("--max-price", of.max_price, "at most this price per hour in the sorting market (decimal)");
    offers->add_option("--top", of.top, "rows of the table (default 40; --json and --csv: all)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
    offers->add_flag("--all", of.all, "every matching offer in the table");
    auto* offers_json = offers->add_flag("--json", of.json, "one JSON object");
    offers->add_flag("--csv", of.csv, "one CSV row per offer")->excludes(offers_json);

    cli::breakeven_args be;
    auto* breakeven =
        app.add_subcommand("breakeven", "dedicated vs hourly utilisation, or GPU vs CPU throughput ratio");
    breakeven->add_option("--catalog", be.catalog, "costsim.catalog/v1 file")->required();
    breakeven->add_option("--monthly", be.monthly, "monthly (dedicated) offer id");
    breakeven->add_option("--hourly", be.hourly, "hourly offer id to compare it with");
    breakeven->add_option("--months", be.months, "commitment in months (default 12)")->check(CLI::Range(1, 1200));
    breakeven->add_option("--gpu", be.gpu, "GPU offer id");
    breakeven->add_option("--cpu", be.cpu, "CPU offer id to compare it with");
    breakeven->add_option("--currency", be.currency, "comparison currency (default USD)");
    breakeven->add_flag("--json", be.json, "one JSON object");

    cli::report_args rep;
    auto* report = app.add_subcommand("report", "a self-contained HTML report of a simulate/plan --json result");
    report->add_option("result", rep.result, "RESULT.json from simulate --json or plan --json")->required();
    report->add_option("-o,--output", rep.output, "the HTML file to write")->required();

    cli::replay_args rp;
    auto* replay = app.add_subcommand("replay", "every candidate on windows of a real spot availability trace");
    replay->add_option("scenario", rp.scenario, "costsim.scenario/v1 file")->required();
    replay->add_option("--trace", rp.trace, "spot trace {\"metadata\": {\"gap_seconds\": N}, \"data\": [...]}")
        ->required();
    auto* rp_starts = replay->add_option("--starts", rp.starts, "N start points spread over the trace (default 100)")
                          ->check(CLI::Range(1ULL, 10000000ULL));
    replay->add_option("--windows", rp.windows, "[start, end) tick windows per trace name (random_windows.json)")
        ->excludes(rp_starts);
    replay->add_option("--deadline", rp.deadline, "deadline instead of the scenario's (e.g. 52h)");
    replay->add_flag("--json", rp.json, "one JSON object");

    cli::trace_stats_args ts;
    auto* trace_stats = app.add_subcommand("trace-stats", "availability, spot lifetimes and outages of a trace");
    trace_stats->add_option("trace", ts.trace, "spot trace file")->required();
    trace_stats->add_flag("--json", ts.json, "one JSON object");

    cli::import_args im;
    auto* import =
        app.add_subcommand("import", "convert real price data: skypilot CSV | aws-price-history | aws-spot-advisor");
    import->add_option("format", im.format, "skypilot | aws-price-history | aws-spot-advisor")
        ->required()
        ->check(CLI::IsMember({"skypilot", "aws-price-history", "aws-spot-advisor"}));
    import
        ->add_option("file", im.files,
                     "the file to read; skypilot: one or more, each FILE (the cloud is --provider) or PROVIDER=FILE "
                     "(e.g. aws=aws.csv lambda=lambda.csv), all into one catalog")
        ->required();
    import->add_option("--provider", im.provider, "skypilot: the cloud a FILE without PROVIDER= lists (default aws)");
    import->add_option("--as-of", im.as_of, "catalog date YYYY-MM-DD (default: the first file's modification date)");
    import->add_option("--name", im.name, "catalog name (default: from the file name)");
    import->add_option("--source", im.source, "skypilot: the catalog's source (default: the files)");
    import->add_option("--region", im.region, "aws-spot-advisor: only this region");
    import->add_option("--os", im.os, "aws-spot-advisor: only this OS (Linux, Windows)");
    import->add_option("--instance", im.instance, "aws-spot-advisor / aws-price-history: only this instance type");

    cli::demo_args d;
    cli::validate_args va;
    costsim::validation_options vo;
    auto* validate = app.add_subcommand("validate",
                                        "predict a costsim-bench job, then run it for real K times with "
                                        "interruptions and resumes, and compare");
    validate->add_option("scenario", va.scenario, "costsim.scenario/v1 file with a \"validate\" section")->required();
    validate->add_option("--runs", vo.runs, "real runs per candidate (default 10)")->check(CLI::Range(1ULL, 10000ULL));
    validate->add_option("--trials", vo.trials, "Monte Carlo trials of the prediction (default 20000)")
        ->check(CLI::Range(100ULL, 100000000ULL));
    validate->add_option("--seed", vo.seed, "seed of the prediction and of the real interruptions (default 1)");
    validate
        ->add_option("--time-scale", va.time_scale, "model seconds per real second (default: the scenario's, else 60)")
        ->check(CLI::Range(1e-3, 1e9));
    validate->add_option("--bench", va.bench,
                         "the costsim-bench executable (default: $COSTSIM_BENCH, beside costsim, PATH)");
    validate->add_flag("--json", va.json, "one JSON object");

    auto* demo = app.add_subcommand("demo", "the bundled default: the BiLSTM study's job planned on every offer");
    demo->add_option("--scenario", d.scenario, "another scenario to plan (default: the bundled BiLSTM study)");
    demo->add_option("--trials", d.trials, "trials per candidate (default 5000)")
        ->check(CLI::Range(1ULL, 100000000ULL));
    demo->add_option("--seed", d.seed, "seed (default 1)");
    demo->add_flag("--json", d.json, "JSON instead of a table");

    try {
        std::vector<std::string> args = glue_dash_values(argc, argv);
        std::reverse(args.begin(), args.end());  // CLI11 takes the vector reversed
        app.parse(args);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "costsim: command line: " << e.what() << " (see costsim --help)\n";
        return 2;
    }

    try {
        if (*quote) return cli::run_quote(q);
        if (*simulate) return cli::run_simulate(sim);
        if (*plan) return cli::run_plan(pl);
        if (*offers) return cli::run_offers(of);
        if (*breakeven) return cli::run_breakeven(be);
        if (*report) return cli::run_report(rep);
        if (*replay) return cli::run_replay(rp);
        if (*trace_stats) return cli::run_trace_stats(ts);
        if (*import) return cli::run_import(im);
        if (*validate) return cli::run_validate(va, vo);
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
