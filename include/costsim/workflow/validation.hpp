// costsim/workflow/validation.hpp — `costsim validate` as a library workflow: the
// simulator's prediction for a real costsim-bench job, set against real runs of that job
// that are interrupted and resumed.
//
// The loop:
//  1. calibrate: run the job's shape for calibration_steps, uninterrupted, and time (by
//     the runner's `--progress` lines) its start-up, each step, each checkpoint write and
//     its tail (held-out evaluation, output); the runner's measurement gives the restore.
//  2. predict: the scenario with work = steps × step + tail, checkpoints every
//     checkpoint_every × step costing the measured write, and a restart overhead of the
//     measured start-up + restore (+ the candidate's own), all × time_scale, simulated by
//     the ordinary Monte Carlo engine (monte_carlo.hpp): nothing here re-implements it.
//  3. run the job for real K times per candidate under a supervisor that draws each
//     session's time to interruption from the candidate's own campaign (the same models,
//     rates ÷ time_scale), kills the runner then (SIGKILL; with a notice, SIGTERM `notice`
//     earlier: the runner checkpoints after its step and exits), waits the drawn restart
//     delay and resumes it from its checkpoint; every session is logged and billed by the
//     exact invoice engine (quote) at model time.
//  4. compare: predicted mean / P05 / P95 of makespan, billed time and cost against each
//     real run, the error of the predicted mean, and the runs inside [P05, P95].
//
// The process control itself (fork, exec, signals, pipes) is the command's (simulator/);
// here it is an `Env` the supervisor is generic over, so tests drive it with a fake.
//
// It reads and writes files (the scenario document, the runner's measurement files), so it
// sits above io/; the pieces it strings together are validate.hpp's, with no format.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

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
};

/// Real runs per candidate, Monte Carlo trials of the prediction and the seed of both; the
/// defaults are `costsim validate`'s (--runs, --trials, --seed bind to these fields).
struct validation_options {
    std::uint64_t runs = 10, trials = 20000, seed = 1;
};

/// `costsim validate`, the whole workflow: calibrate (one uninterrupted run of
/// calibration_steps, whose measurement file gives the restore time), size the job to
/// job_minutes, predict with simulate(), run each candidate `runs` times for real under
/// interruptions and restart delays drawn from streams::real_run_events / real_run_waits,
/// bill every session, and compare. `doc` is the scenario read from `file`, `spec` its
/// "validate" section. input_error (the file, "/validate/...") when the runner fails.
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

inline validation_result run_validation(const json& doc, const std::string& file, validate_spec spec,
                                        const validation_options& o, const runner_host& host) {
    const std::string dir = host.scratch + "/";
    constexpr double never = std::numeric_limits<double>::infinity();

    // 1. calibrate: one uninterrupted run, timed by its progress lines.
    const session_trace cal_trace = host.launch(
        runner_argv(host.bench, spec, spec.calibration_steps, dir + "calibration.pt", dir + "calibration.json"), never,
        never);
    if (cal_trace.how == session_end::failed)
        throw input_error(file, "/validate/bench",
                          "flags costsim-bench runs with (its calibration run failed: " + cal_trace.detail + ")");
    const std::vector<measurement> ms = load_measurements(dir + "calibration.json");
    const double restore = ms.front().checkpoint ? ms.front().checkpoint->restore_seconds : 0.0;
    validation_result res;
    res.calib = calibrate(cal_trace, restore);
    try {
        size_job(spec, res.calib);
    } catch (const value_error& e) {
        throw input_error(file, "/validate", e.what());
    }
    res.spec = spec;

    // 2. predict, with the Monte Carlo engine.
    const scenario s = validation_scenario(doc, file, spec, res.calib);
    mc_options mo;
    mo.trials = o.trials;
    mo.seed = o.seed;
    const simulation_result pred = simulate(s, mo);
    res.scenario = s.name;
    res.currency = pred.currency;
    res.trials = o.trials;
    res.seed = o.seed;

    // 3. run for real, 4. compare.
    const double origin = host.now();
    for (std::size_t ki = 0; ki < s.candidates.size(); ++ki) {
        const candidate& k = s.candidates[ki];
        std::vector<real_run> runs;
        for (std::uint64_t run = 0; run < o.runs; ++run) {
            const std::string name = "run-" + std::to_string(ki) + "-" + std::to_string(run);
            const std::vector<std::string> argv = runner_argv(host.bench, spec, spec.steps, dir + name + ".pt",
                                                              dir + name + ".json", k.policy == policy_kind::spot_only);
            const supervisor_env env{[&](double term, double kill) { return host.launch(argv, term, kill); },
                                     [&] { return host.now() - origin; }, host.sleep};
            const auto id = static_cast<std::uint32_t>(ki);
            philox_stream events(rng_seed(o.seed), trial_index(run), streams::real_run_events(id));
            philox_stream waits(rng_seed(o.seed), trial_index(run), streams::real_run_waits(id));
            runs.push_back(supervise(s, k, spec, res.calib, events, waits, env));
            if (host.ran) host.ran(ki, run, runs.back());
        }
        res.rows.push_back(compare(pred.candidates[ki], std::move(runs)));
    }
    return res;
}

}  // namespace costsim
