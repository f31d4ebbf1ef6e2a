// costsim/workflow/validation.hpp — `costsim validate` as a library workflow: the
// simulator's prediction for a real costsim-bench job, set against real runs of that job
// that are interrupted and resumed.
//
// The loop:
//  1. calibrate, in bursts: run the job's shape for calibration_steps, uninterrupted, and
//     time (by the runner's `--progress` lines) its start-up, each step, each checkpoint
//     write and its tail (held-out evaluation, output); the runner's measurement gives the
//     restore. One burst before the real runs (it sizes the job), one after every
//     `burst_every` of them, and at least three: a machine's speed drifts (a neighbour, a
//     thermal limit), and one calibration taken as exact turns that drift into model error.
//  2. run the job for real K times per candidate under a supervisor that draws each
//     session's time to interruption from the candidate's own campaign (the same models,
//     rates ÷ time_scale), kills the runner then (SIGKILL; with a notice, SIGTERM `notice`
//     earlier: the runner checkpoints after its step and exits), waits the drawn restart
//     delay and resumes it from its checkpoint; every session is logged and billed by the
//     exact invoice engine (quote) at model time, and each run's own step, start-up,
//     checkpoint and restore times are measured from its progress lines.
//  3. predict: the scenario with work = steps × step + tail, checkpoints every
//     checkpoint_every × step costing the measured write, and a restart overhead of the
//     measured start-up + restore (+ the candidate's own), all × time_scale, simulated by
//     the ordinary Monte Carlo engine (monte_carlo.hpp), at the bursts' pooled speed times
//     a lognormal per-run speed factor whose spread is the bursts' (predict()). The real
//     runs inform nothing in it but through the bursts between them.
//  4. compare: predicted mean / P05 / P95 of makespan, billed time and cost against each
//     real run, the error of the predicted mean, and the runs inside [P05, P95]; and, per
//     run, the model's own run (model_run) on that run's draws with that run's measured
//     times: the model error, apart from how fast the machine happened to be.
//
// The process control itself (fork, exec, signals, pipes) is the command's (simulator/);
// here it is an `Env` the supervisor is generic over, so tests drive it with a fake.
//
// It reads and writes files (the scenario document, the runner's measurement files), so it
// sits above io/; the pieces it strings together are validate.hpp's, with no format.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include <boost/math/distributions/normal.hpp>

#include "costsim/core/streams.hpp"
#include "costsim/engine/monte_carlo.hpp"
#include "costsim/engine/validate.hpp"
#include "costsim/io/measurement_json.hpp"
#include "costsim/io/scenario_json.hpp"
#include "costsim/io/validate_json.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// The scenario the prediction runs: the document with "/workload/work", each candidate's
/// checkpoint and restart overhead filled in from the calibration, in model time.
scenario validation_scenario(const json& doc, const std::string& file, const validate_spec& v, const calibration& c);

/// What run_validation needs from the operating system.
struct runner_host {
    /// Starts the runner with `argv` and sends it SIGTERM at `term_at` and SIGKILL at
    /// `kill_at` real seconds after its start (infinity: never); its session, as its
    /// progress lines told it.
    std::function<session_trace(const std::vector<std::string>& argv, double term_at, double kill_at)> launch;
    std::function<double()> now;        ///< real seconds, from any origin
    std::function<void(double)> sleep;  ///< waits this many real seconds
    std::string bench;                  ///< the runner's executable
    std::string scratch;                ///< a folder for checkpoints and measurement files
    /// Called after each real run (candidate index, run index, the run); may be empty.
    std::function<void(std::size_t, std::uint64_t, const real_run&)> ran;
    /// Called after each calibration burst (its index, what it measured); may be empty.
    std::function<void(std::size_t, const calibration&)> calibrated;
};

/// Real runs per candidate, Monte Carlo trials of the prediction and the seed of both; the
/// defaults are `costsim validate`'s (--runs, --trials, --seed bind to these fields).
struct validation_options {
    std::uint64_t runs = 10, trials = 20000, seed = 1;
    std::uint64_t burst_every = 1;  ///< real runs between calibration bursts (--burst-every)
};

/// Blocks of trials the prediction's speed factor is stratified over.
inline constexpr std::uint64_t speed_blocks = 50;
/// The speed factor at probability p (0 < p < 1): exp(sp.factor_sigma × z_p), z_p the
/// standard normal quantile; 1 when the bursts show no spread (fewer than two, or all alike).
double speed_factor(const speed_spread& sp, double p);
/// The prediction of the scenario at calibration `c` with the machine's speed noise: the
/// trials in min(speed_blocks, trials) equal blocks, block g at `c` scaled by
/// speed_factor(sp, (g + ½) / G) — a stratified draw of the per-run speed factor, of median
/// 1. No spread: simulate() at `c`.
simulation_result predict(const json& doc, const std::string& file, const validate_spec& v, const calibration& c,
                          const speed_spread& sp, const validation_options& o);

/// `costsim validate`, the whole workflow: calibrate in bursts (uninterrupted runs of
/// calibration_steps, whose measurement files give the restore time; the first sizes the
/// job to job_minutes), run each candidate `runs` times for real under interruptions and
/// restart delays drawn from streams::real_run_events / real_run_waits, bill every session,
/// predict with the bursts' speed and spread (predict()), model each run on its own draws
/// at its own measured speed (model_run), and compare. `doc` is the scenario read from
/// `file`, `spec` its "validate" section. input_error (the file, "/validate/...") when the
/// runner fails or prints too few progress lines to time.
validation_result run_validation(const json& doc, const std::string& file, validate_spec spec,
                                 const validation_options& o, const runner_host& host);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline scenario validation_scenario(const json& doc, const std::string& file, const validate_spec& v,
                                    const calibration& c) {
    // Durations travel with their unit, to the microsecond.
    auto seconds = [&](double real) { return format_seconds(model_usec(real, v.time_scale)) + "s"; };
    json d = doc;
    const json_cursor root(doc, file);
    auto wl = root["workload"];
    if (wl.has("work")) wl["work"].fail("no \"work\" in a validate scenario (the calibration run measures it)");
    if (wl.has("measurements")) wl["measurements"].fail("no \"measurements\" in a validate scenario");
    d["workload"]["work"] = seconds(static_cast<double>(v.steps) * c.step + c.tail);
    for (std::size_t i = 0; i < d["candidates"].size(); ++i) {
        const json_cursor cc = root["candidates"].elements()[i];
        if (cc.has("checkpoint"))
            cc["checkpoint"].fail(
                "no \"checkpoint\" in a validate scenario (the job checkpoints every "
                "/validate/checkpoint_every_steps steps, timed by the calibration)");
        const std::string policy = cc.has("policy") ? cc["policy"].string() : "spot_only";
        if (policy != "spot_only" && policy != "on_demand")
            cc["policy"].fail("\"spot_only\" or \"on_demand\" (the policies validate can run for real)");
        json& cj = d["candidates"][i];
        if (v.checkpoint_every > 0 && policy == "spot_only")
            cj["checkpoint"] = {{"every", seconds(static_cast<double>(v.checkpoint_every) * c.step)},
                                {"cost", seconds(c.checkpoint)}};
        usec overhead = model_usec(c.startup + c.restore, v.time_scale);
        if (cc.has("restart") && cc["restart"].has("overhead")) overhead += cc["restart"]["overhead"].duration();
        if (!cj.contains("restart")) cj["restart"] = json::object();
        cj["restart"]["overhead"] = format_seconds(overhead) + "s";
    }
    d.erase("validate");
    return parse_scenario(json_cursor(d, file));
}

inline double speed_factor(const speed_spread& sp, double p) {
    if (!(sp.factor_sigma > 0)) return 1.0;
    return std::exp(sp.factor_sigma * boost::math::quantile(boost::math::normal(), p));
}

inline simulation_result predict(const json& doc, const std::string& file, const validate_spec& v, const calibration& c,
                                 const speed_spread& sp, const validation_options& o) {
    const scenario base = validation_scenario(doc, file, v, c);
    mc_options mo;
    mo.trials = o.trials;
    mo.seed = o.seed;
    if (!(sp.factor_sigma > 0) || o.trials == 0) return simulate(base, mo);
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t n = base.candidates.size();
    std::vector<trial_table> tables(n);
    for (auto& t : tables) t.resize(o.trials);
    const std::uint64_t blocks = std::min(speed_blocks, o.trials);
    for (std::uint64_t g = 0; g < blocks; ++g) {
        const std::uint64_t from = o.trials * g / blocks, to = o.trials * (g + 1) / blocks;
        const double f = speed_factor(sp, (static_cast<double>(g) + 0.5) / static_cast<double>(blocks));
        // The base scenario above was checked at the pooled speed; a block the model cannot
        // finish is the bursts' spread's doing, and is said so.
        const scenario sg = [&] {
            try {
                return validation_scenario(doc, file, v, scaled(c, f));
            } catch (const input_error& e) {
                throw input_error(file, "/validate",
                                  "calibration bursts close enough in speed to predict from: their steps (" +
                                      format_quantity(sp.step_min) + " to " + format_quantity(sp.step_max) + " s, " +
                                      std::to_string(sp.bursts) + " bursts) put a run's step at up to " +
                                      format_quantity(f) + " times the pooled one, and at that speed " + e.pointer() +
                                      " needs " + e.expected() +
                                      "; calibrate more often (--burst-every) or on a quieter machine");
            }
        }();
        // Off spot every trial is the one uninterrupted session: simulate()'s fixed outcome,
        // from one trial of the block's scenario.
        mc_options one;
        one.trials = 1;
        one.threads = 1;
        const simulation_result once = simulate(sg, one);
        for (std::size_t i = 0; i < n; ++i) {
            const candidate& k = sg.candidates[i];
            if (k.market != market_kind::spot) {
                const candidate_result& fixed = once.candidates[i];
                for (std::uint64_t t = from; t < to; ++t) {
                    tables[i].cost[t] = fixed.cost.mean;
                    tables[i].makespan[t] = fixed.makespan_hours.mean;
                    tables[i].billed[t] = fixed.billed_hours.mean;
                    tables[i].interruptions[t] = 0;
                    tables[i].spot_work[t] = 0;
                }
            } else {
                // Trial t's draws are keyed by t alone, as in simulate(): block g only sets its speed.
                run_spot_trials(sg, k, static_cast<std::uint32_t>(i), o.seed, from, to, threads, tables[i]);
            }
        }
    }
    simulation_result r;
    r.scenario = base.name;
    r.trials = o.trials;
    r.seed = o.seed;
    r.currency = std::string(base.in_currency.code());
    if (base.deadline) r.deadline_hours = to_fast_hours(*base.deadline).count();
    for (std::size_t i = 0; i < n; ++i) {
        const candidate& k = base.candidates[i];
        r.candidates.push_back(describe_candidate(base, k));
        summarize_candidate(exact_metrics(std::move(tables[i]), r.deadline_hours),
                            to_fast_hours(base.work_of(k)).count(), r.candidates[i]);
    }
    return r;
}

inline validation_result run_validation(const json& doc, const std::string& file, validate_spec spec,
                                        const validation_options& o, const runner_host& host) {
    const std::string dir = host.scratch + "/";
    constexpr double never = std::numeric_limits<double>::infinity();
    validation_result res;

    // 1. calibrate: uninterrupted runs, timed by their progress lines.
    auto burst = [&] {
        const std::size_t b = res.bursts.size();
        const std::string name = "burst-" + std::to_string(b);
        const session_trace t =
            host.launch(runner_argv(host.bench, spec, spec.calibration_steps, dir + name + ".pt", dir + name + ".json"),
                        never, never);
        if (t.how == session_end::failed)
            throw input_error(file, "/validate/bench",
                              "flags costsim-bench runs with (its calibration run failed: " + t.detail + ")");
        try {
            // The progress lines first: a runner that prints none writes no measurement file either.
            calibration c = calibrate(t, 0.0);
            require_reached(t, spec.calibration_steps);
            const std::vector<measurement> ms = load_measurements(dir + name + ".json");
            c.restore = ms.front().checkpoint ? ms.front().checkpoint->restore_seconds : 0.0;
            res.bursts.push_back(c);
        } catch (const value_error& e) {
            throw input_error(file, "/validate/bench",
                              "a runner whose progress lines time its steps (calibration burst " +
                                  std::to_string(b + 1) + ": " + e.what() + ")");
        }
        if (host.calibrated) host.calibrated(b, res.bursts.back());
    };
    burst();
    in_context(file, "/validate", [&] { size_job(spec, res.bursts.front()); });
    res.spec = spec;

    // 2. run for real, with a burst after every burst_every runs. The supervisor draws from
    // the candidates' models, which the calibration does not change: the first burst's
    // scenario serves.
    const scenario s = validation_scenario(doc, file, spec, res.bursts.front());
    const double origin = host.now();
    std::vector<std::vector<real_run>> runs(s.candidates.size());
    const std::uint64_t every = std::max<std::uint64_t>(1, o.burst_every);
    std::uint64_t done = 0;
    for (std::size_t ki = 0; ki < s.candidates.size(); ++ki) {
        const candidate& k = s.candidates[ki];
        for (std::uint64_t run = 0; run < o.runs; ++run) {
            const std::string name = "run-" + std::to_string(ki) + "-" + std::to_string(run);
            const std::vector<std::string> argv = runner_argv(host.bench, spec, spec.steps, dir + name + ".pt",
                                                              dir + name + ".json", k.policy == policy_kind::spot_only);
            const supervisor_env env{[&](double term, double kill) { return host.launch(argv, term, kill); },
                                     [&] { return host.now() - origin; }, host.sleep};
            const auto id = static_cast<std::uint32_t>(ki);
            philox_stream events(rng_seed(o.seed), trial_index(run), streams::real_run_events(id));
            philox_stream waits(rng_seed(o.seed), trial_index(run), streams::real_run_waits(id));
            try {
                runs[ki].push_back(supervise(s, k, spec, res.bursts.front(), events, waits, env));
            } catch (const value_error& e) {
                throw input_error(file, "/validate/bench",
                                  "a runner whose progress lines time its steps (candidate " + std::to_string(ki + 1) +
                                      ", run " + std::to_string(run + 1) + ": " + e.what() + ")");
            }
            if (host.ran) host.ran(ki, run, runs[ki].back());
            if (++done % every == 0) burst();
        }
    }
    if (done % every != 0) burst();  // one after the last run
    while (res.bursts.size() < 3) burst();

    // 3. predict at the bursts' speed and spread.
    res.calib = pooled(res.bursts);
    res.speed = spread_of(res.bursts);
    const simulation_result pred = predict(doc, file, spec, res.calib, res.speed, o);
    res.scenario = s.name;
    res.currency = pred.currency;
    res.trials = o.trials;
    res.seed = o.seed;

    // 4. compare, and model each run on its own draws at its own measured speed.
    for (std::size_t ki = 0; ki < s.candidates.size(); ++ki) {
        std::vector<real_run> modelled;
        for (std::uint64_t run = 0; run < runs[ki].size(); ++run) {
            const scenario sr = validation_scenario(doc, file, spec, runs[ki][run].speed.as_calibration(res.calib));
            const auto id = static_cast<std::uint32_t>(ki);
            philox_stream events(rng_seed(o.seed), trial_index(run), streams::real_run_events(id));
            philox_stream waits(rng_seed(o.seed), trial_index(run), streams::real_run_waits(id));
            modelled.push_back(model_run(sr, sr.candidates[ki], spec.time_scale, events, waits));
        }
        res.rows.push_back(compare(pred.candidates[ki], std::move(runs[ki]), std::move(modelled)));
    }
    return res;
}

}  // namespace costsim
