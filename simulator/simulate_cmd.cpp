// simulator/simulate_cmd.cpp — `costsim simulate`: Monte Carlo of every candidate.
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <unistd.h>

#ifdef COSTSIM_HAVE_MPI
#include <mpi.h>
#endif

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "progress.hpp"
#include "text.hpp"

namespace costsim::cli {

namespace {

std::string render_text(const scenario& s, const simulation_result& r) {
    std::string out =
        bold(fmt::format("costsim simulate: {} — {} trials, seed {}, {}", r.scenario, r.trials, r.seed, r.currency)) +
        "\n";
    out += fmt::format("  work {}{}\n\n", format_duration(s.work),
                       s.deadline ? ", deadline " + format_duration(*s.deadline) : std::string());
    text_table t({{"offer", align::left},
                  {"market", align::left},
                  {"policy", align::left},
                  {"ckpt every", align::right},
                  {"cost mean " + r.currency, align::right},
                  {"±95%", align::right},
                  {"P50", align::right},
                  {"P95", align::right},
                  {"P99", align::right},
                  {"time mean h", align::right},
                  {"P95 h", align::right},
                  {"billed h", align::right},
                  {"interrupts", align::right},
                  {"deadline met", align::right}});
    for (const auto& c : r.candidates) {
        const checkpoint_rule rule = c.checkpoint.rule;
        std::string every = rule == checkpoint_rule::none ? "-" : fmt::format("{:.3f}h", c.checkpoint.every.count());
        if (rule == checkpoint_rule::young || rule == checkpoint_rule::daly)
            every += " " + std::string(to_string(rule));
        t.add({c.offer, std::string(to_string(c.market)), std::string(to_string(c.policy)), every,
               fmt::format("{:.2f}", c.cost.mean), fmt::format("{:.2f}", c.cost.ci95_hi - c.cost.mean),
               fmt::format("{:.2f}", c.cost.p50), fmt::format("{:.2f}", c.cost.p95), fmt::format("{:.2f}", c.cost.p99),
               fmt::format("{:.2f}", c.makespan_hours.mean), fmt::format("{:.2f}", c.makespan_hours.p95),
               fmt::format("{:.2f}", c.billed_hours.mean), fmt::format("{:.2f}", c.interruptions_mean),
               r.deadline_hours ? fmt::format("{:.1f} %", 100 * c.deadline_met) : "-"});
    }
    return out + t.render();
}

}  // namespace

namespace {

#ifdef COSTSIM_HAVE_MPI
// MPI for one `simulate --mpi` run: every rank runs its share of each round's trials,
// an in-place all-gather completes the columns, and every rank summarizes the same data;
// only rank 0 writes. Errors are the same on every rank (the same scenario and options),
// so each rank reports and leaves on its own; MPI_Abort covers anything else.
struct mpi_session {
    mpi_session() {
        int ready = 0;
        MPI_Initialized(&ready);
        if (!ready) MPI_Init(nullptr, nullptr);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
    }
    ~mpi_session() { MPI_Finalize(); }
    mpi_session(const mpi_session&) = delete;
    mpi_session& operator=(const mpi_session&) = delete;
    static void all_gather(std::span<double> round, std::span<const std::uint64_t> offsets) {
        std::vector<int> counts, displs;
        for (std::size_t i = 0; i + 1 < offsets.size(); ++i) {
            counts.push_back(static_cast<int>(offsets[i + 1] - offsets[i]));
            displs.push_back(static_cast<int>(offsets[i]));
        }
        MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, round.data(), counts.data(), displs.data(), MPI_DOUBLE,
                       MPI_COMM_WORLD);
    }
    int rank = 0, size = 1;
};
#endif

}  // namespace

int run_simulate(const simulate_args& a) {
    if (is_failover_study(a.scenario)) {  // its Monte Carlo over the zones (failover_cmd.cpp)
        for (auto [flag, given] : {std::pair{"--csv", a.csv},
                                   {"--mpi", a.mpi},
                                   {"--report", !a.report.empty()},
                                   {"--target-rel-ci", a.target_rel_ci > 0},
                                   {"--threads", a.threads > 0}})
            if (given) throw input_error("command line", flag, "no " + std::string(flag) + " for a failover study");
        failover_args f;
        f.study = a.scenario;
        f.json = a.json;
        f.part = failover_part::monte_carlo;
        if (a.trials_given) f.trials = a.trials;
        if (a.seed_given) f.seed = a.seed;
        return run_failover(f);
    }
    // MPI starts only for a run that uses it (a failover study above refuses --mpi).
#ifdef COSTSIM_HAVE_MPI
    std::optional<mpi_session> mpi;
    if (a.mpi) mpi.emplace();
    const bool writer = !mpi || mpi->rank == 0;
#else
    if (a.mpi) throw value_error("--mpi: this costsim was built without MPI (configure with -DCOSTSIM_WITH_MPI=ON)");
    const bool writer = true;
#endif
    scenario s = with_plan_candidates(load_scenario(a.scenario), "simulate");
    mc_options o;
#ifdef COSTSIM_HAVE_MPI
    if (mpi) {
        o.scale_out = mc_options::partition{static_cast<unsigned>(mpi->rank), static_cast<unsigned>(mpi->size),
                                            &mpi_session::all_gather};
        if (mpi->size > 1 && a.trials < static_cast<std::uint64_t>(mpi->size))
            throw value_error("--mpi: fewer trials than ranks");
    }
#endif
    o.trials = a.trials;
    o.seed = a.seed;
    o.threads = a.threads;
    if (a.target_rel_ci > 0) o.target_rel_ci = a.target_rel_ci;
    // A bar on a terminal after 2 s (at once with --progress); nothing on a pipe.
    progress_bar bar("simulate", a.progress);
    if (writer) o.progress = [&bar](double f) { bar(f); };
    simulation_result r = in_context(a.scenario, "/candidates", [&] { return simulate(s, o); });
    bar.clear();
    if (!writer) return 0;
    if (!a.report.empty()) write_report(to_json(r), a.report);
    std::string out = a.json ? to_json(r).dump() + "\n" : a.csv ? to_csv(r) : render_text(s, r);
    std::cout << out << std::flush;
    return 0;
}

// `costsim simulate`: its options, registered on the app; run when named.
command add_simulate(CLI::App& app) {
    auto sim = std::make_shared<simulate_args>();
    auto* simulate = app.add_subcommand("simulate", "Monte Carlo of a scenario's candidates");
    simulate->add_option("scenario", sim->scenario, "costsim.scenario/v1 file, or a costsim.failover/v1 study")
        ->required();
    simulate
        ->add_option("--trials", sim->trials,
                     "trials per candidate (default 100000; a failover study: its own, else 4000)")
        ->check(CLI::Range(1ULL, 100000000ULL))
        ->each([sim](const std::string&) { sim->trials_given = true; });
    simulate->add_option("--seed", sim->seed, "seed of the Philox streams (default 1)")
        ->each([sim](const std::string&) { sim->seed_given = true; });
    simulate->add_option("--threads", sim->threads, "worker threads (default: all cores)")
        ->check(CLI::Range(1u, 4096u));
    simulate
        ->add_option("--target-rel-ci", sim->target_rel_ci,
                     "run until the 95 % CI half-width of each mean cost is below X of the mean")
        ->check(CLI::Range(1e-6, 1.0));
    auto* sim_json = simulate->add_flag("--json", sim->json, "one JSON object");
    simulate->add_flag("--csv", sim->csv, "one CSV row per candidate")->excludes(sim_json);
    simulate->add_flag("--progress", sim->progress,
                       "progress bar on stderr from the start (without it: after 2 s; only on a terminal)");
    simulate->add_option("--report", sim->report, "also write the HTML report to this file");
    simulate->add_flag("--mpi", sim->mpi,
                       "split the trials across the ranks of mpirun; rank 0 prints (needs COSTSIM_WITH_MPI)");
    return {simulate, [sim] { return run_simulate(*sim); }};
}

}  // namespace costsim::cli
