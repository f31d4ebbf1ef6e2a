// costsim/validate.hpp — `costsim validate`: the simulator's prediction for a real
// costsim-bench job, set against real runs of that job that are interrupted and resumed.
//
// A validate scenario is a costsim.scenario/v1 file whose workload is a costsim-bench job,
// described by a top-level "validate" object instead of "work":
//   "validate": {
//     "bench": ["bilstm-sentiment", "--vocab", "2000", ...],  the runner's subcommand and
//              shape flags (not --steps, --warmup, --epochs, --checkpoint*, --resume,
//              --progress, -o/--output, --kill-*: validate sets those);
//     "steps": 1200,                     the full job, in optimiser steps; absent: as many
//                                        as fill "job_minutes" (default 2) of real time at
//                                        the calibrated speed (jobs sized for minutes);
//     "checkpoint_every_steps": 100,     0 or absent: no checkpoints;
//     "calibration_steps": 150,          default: max(2 × every + 1, steps / 10), at most
//                                        steps (without steps: max(2 × every + 1, 100));
//     "time_scale": 60                   model seconds per real second (default 60: a real
//                                        minute stands for a model hour)
//   }
// Candidates are spot_only (any interruption model but trace windows) or on_demand; they
// carry no "checkpoint" (the job's own, timed by the calibration, is used) and may carry
// a restart "overhead" (billed time spent before the runner starts, e.g. a boot).
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
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "costsim/invoice.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/io/measurement_json.hpp"
#include "costsim/monte_carlo.hpp"
#include "costsim/runner_protocol.hpp"
#include "costsim/scenario.hpp"
#include "costsim/stats.hpp"
#include "costsim/streams.hpp"
#include "costsim/trial.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct validate_spec {
    std::vector<std::string> bench;     ///< subcommand and shape flags
    std::int64_t steps = 0;             ///< 0 until sized (size_job) when the file gives none
    std::int64_t checkpoint_every = 0;  ///< 0: none
    std::int64_t calibration_steps = 0;
    double job_minutes = 2;  ///< real minutes the job is sized to when "steps" is absent
    double time_scale = 60;  ///< model seconds per real second
};

/// Reads "/validate" of a scenario document (input_error with its pointer).
validate_spec parse_validate_spec(const json_cursor& root);

/// How one runner process ended.
enum class session_end { completed, killed, stopped_on_notice, failed };
std::string_view to_string(session_end e) noexcept;

/// One runner process as the supervisor saw it; times are real seconds since its spawn.
struct session_trace {
    std::optional<double> ready;                               ///< "progress ready" (after any restore)
    std::int64_t first_step = 0;                               ///< the step it resumed from
    std::vector<std::pair<std::int64_t, double>> steps;        ///< step n finished at t
    std::vector<std::pair<std::int64_t, double>> checkpoints;  ///< checkpoint n written at t
    double end = 0;                                            ///< exit seen (or killed) at
    session_end how = session_end::failed;
    std::string detail;  ///< failed: the exit status and the runner's last words
    std::int64_t last_step() const { return steps.empty() ? first_step : steps.back().first; }
};

/// What the calibration run measured, real seconds.
struct calibration {
    std::int64_t steps = 0;
    double startup = 0;     ///< spawn to ready, plus the first step's excess over a step
    double step = 0;        ///< median step (checkpoint writes apart), the first excluded
    double checkpoint = 0;  ///< mean checkpoint write (0 without one)
    double restore = 0;     ///< reading a checkpoint back (the runner's measurement)
    double tail = 0;        ///< last step to exit
    /// The job's predicted wall time without interruptions.
    double job_seconds(const validate_spec& v) const;
};
/// From an uninterrupted calibration run (value_error if it is not one).
calibration calibrate(const session_trace& t, double restore_seconds);

/// Without "steps": the steps that fill job_minutes of real time (at least the calibration's).
void size_job(validate_spec& v, const calibration& c);

/// The scenario the prediction runs: the document with "/workload/work", each candidate's
/// checkpoint and restart overhead filled in from the calibration, in model time.
scenario validation_scenario(const json& doc, const std::string& file, const validate_spec& v, const calibration& c);

/// One real session, in real seconds since the run started; `model_*` are × time_scale.
struct real_session {
    double start = 0, end = 0;  ///< held from, to (a boot overhead included)
    double kill_at = 0;         ///< drawn interruption, since start (∞: none)
    std::int64_t from_step = 0, to_step = 0;
    session_end how = session_end::completed;
    double delay_after = 0;  ///< the restart delay waited after it
};

struct real_run {
    std::vector<real_session> sessions;
    double wall = 0;  ///< real seconds, first spawn to the job's end
    std::uint32_t interruptions = 0;
    double model_makespan_hours = 0, model_billed_hours = 0;
    money cost = money::zero(currency("USD"));  ///< exact, the invoices of every session
};

/// What the supervisor needs from the operating system. `launch` starts the runner (resuming
/// when a checkpoint exists), sends SIGTERM at `term_at` and SIGKILL at `kill_at` seconds
/// after its spawn (∞: never) and returns what it saw; `now` is a monotonic clock in
/// seconds; `sleep` waits.
struct supervisor_env {
    std::function<session_trace(double term_at, double kill_at)> launch;
    std::function<double()> now;
    std::function<void(double)> sleep;
};

/// Runs the job once to completion under candidate `k` of the validation scenario `s`:
/// interruption times drawn from `events` and restart delays from `waits`, exactly as
/// run_trial draws them (campaign_draws), in model hours, ÷ time_scale. Throws model_error
/// if a runner fails.
real_run supervise(const scenario& s, const candidate& k, const validate_spec& v, const calibration& cal,
                   philox_stream& events, philox_stream& waits, const supervisor_env& env);

/// The exact bill of a real run's sessions (model time from s.start).
void bill(const scenario& s, const candidate& k, double time_scale, real_run& r);

/// The prediction and the real runs of one candidate, side by side.
struct validation_row {
    candidate_result predicted;  ///< model hours and the scenario's currency
    std::vector<real_run> runs;
    double real_makespan_mean = 0, real_billed_mean = 0, real_cost_mean = 0;
    double makespan_error = 0;  ///< (predicted mean − real mean) / real mean
    double cost_error = 0;
    std::size_t makespan_inside = 0, cost_inside = 0;  ///< runs within [P05, P95]
};
validation_row compare(candidate_result predicted, std::vector<real_run> runs);
/// Whether x lies in the predicted 90 % interval [P05, P95], ends included.
constexpr bool within_p05_p95(const summary& predicted, double x) noexcept {
    return x >= predicted.p05 && x <= predicted.p95;
}

struct validation_result {
    std::string scenario, currency;
    validate_spec spec;
    calibration calib;
    std::uint64_t trials = 0, seed = 0;
    std::vector<validation_row> rows;
};
json to_json(const validation_result& r);

/// The runner's command line for `steps` steps of the spec's job: `bench`, the spec's
/// "bench" command, then the flags the supervisor sets (runner_protocol.hpp): progress
/// lines, the output file and, with `checkpoints` (on spot), a checkpoint every
/// checkpoint_every steps (when that is fewer than `steps`) and resume.
std::vector<std::string> runner_argv(const std::string& bench, const validate_spec& v, std::int64_t steps,
                                     const std::string& checkpoint, const std::string& output, bool checkpoints = true);

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

inline std::string_view to_string(session_end e) noexcept {
    switch (e) {
        case session_end::completed: return "completed";
        case session_end::killed: return "killed";
        case session_end::stopped_on_notice: return "stopped_on_notice";
        case session_end::failed: return "failed";
    }
    return "?";
}

inline validate_spec parse_validate_spec(const json_cursor& root) {
    auto c = root["validate"];
    c.expect_object({"bench", "steps", "job_minutes", "checkpoint_every_steps", "calibration_steps", "time_scale"});
    validate_spec v;
    auto b = c["bench"];
    for (const auto& a : b.elements(true)) {
        std::string s = a.string();
        const std::string flag = s.substr(0, s.find('='));
        if (runner::is_supervisor_flag(flag))
            a.fail("a costsim-bench flag that validate does not set itself (" + flag + " is set by validate)");
        v.bench.push_back(std::move(s));
    }
    if (v.bench.front() != "bilstm-sentiment" && v.bench.front() != "resnet-cifar")
        b.elements().front().fail("a training workload: \"bilstm-sentiment\" or \"resnet-cifar\"");
    constexpr std::int64_t most = std::int64_t{1} << 40;
    if (auto st = c.optional("steps")) {
        v.steps = st->integer(2, most);
        if (auto jm = c.optional("job_minutes"))
            jm->fail("no \"job_minutes\" beside \"steps\" (it sizes a job without steps)");
    } else if (auto jm = c.optional("job_minutes")) {
        v.job_minutes = jm->number(0.05, 1e6);
    }
    if (auto e = c.optional("checkpoint_every_steps")) {
        v.checkpoint_every = e->integer(0, most);
        if (v.steps > 0 && v.checkpoint_every >= v.steps)
            e->fail("fewer steps than /validate/steps (" + std::to_string(v.steps) + "), or 0");
    }
    const std::int64_t least = 2 * v.checkpoint_every + 1;
    v.calibration_steps =
        v.steps > 0 ? std::min(v.steps, std::max(least, v.steps / 10)) : std::max<std::int64_t>(least, 100);
    if (auto cs = c.optional("calibration_steps")) v.calibration_steps = cs->integer(2, v.steps > 0 ? v.steps : most);
    if (auto ts = c.optional("time_scale")) v.time_scale = ts->number(1e-3, 1e9);
    return v;
}

inline double calibration::job_seconds(const validate_spec& v) const {
    const double checkpoints = v.checkpoint_every > 0 ? static_cast<double>((v.steps - 1) / v.checkpoint_every) : 0.0;
    return startup + static_cast<double>(v.steps) * step + checkpoints * checkpoint + tail;
}

inline void size_job(validate_spec& v, const calibration& c) {
    if (v.steps > 0) return;
    const double per_step =
        c.step + (v.checkpoint_every > 0 ? c.checkpoint / static_cast<double>(v.checkpoint_every) : 0.0);
    const double budget = v.job_minutes * 60.0 - c.startup - c.tail;
    v.steps = std::max(v.calibration_steps, static_cast<std::int64_t>(std::llround(std::max(0.0, budget) / per_step)));
    if (v.checkpoint_every >= v.steps)
        throw value_error("/validate/checkpoint_every_steps (" + std::to_string(v.checkpoint_every) +
                          ") is not below the job's " + std::to_string(v.steps) + " steps sized to job_minutes");
}

inline calibration calibrate(const session_trace& t, double restore_seconds) {
    if (t.how != session_end::completed || !t.ready || t.steps.size() < 2)
        throw value_error("the calibration run did not complete two steps (" + std::string(to_string(t.how)) + ")");
    calibration c;
    c.steps = static_cast<std::int64_t>(t.steps.size());
    c.restore = restore_seconds;
    // Each step runs from the end of the previous step, or of the checkpoint written after it.
    double prev = *t.ready, ckpt_sum = 0;
    std::size_t ci = 0;
    std::vector<double> steps;
    for (const auto& [n, at] : t.steps) {
        steps.push_back(at - prev);
        prev = at;
        if (ci < t.checkpoints.size() && t.checkpoints[ci].first == n) {
            ckpt_sum += t.checkpoints[ci].second - at;
            prev = t.checkpoints[ci].second;
            ++ci;
        }
    }
    // The median, not the mean: on a shared machine a neighbour's burst during the short
    // calibration would otherwise be charged to every step of the long job.
    c.step = median(std::vector<double>(steps.begin() + 1, steps.end()));
    c.startup = *t.ready + std::max(0.0, steps.front() - c.step);
    c.checkpoint = ci ? ckpt_sum / static_cast<double>(ci) : 0.0;
    c.tail = std::max(0.0, t.end - t.steps.back().second);
    return c;
}

namespace detail {
/// Real seconds × time_scale as model microseconds: measured times are not whole microseconds.
inline usec model_usec(double real_seconds, double time_scale) {
    return usec(std::llround(real_seconds * time_scale * 1e6));
}
}  // namespace detail

inline scenario validation_scenario(const json& doc, const std::string& file, const validate_spec& v,
                                    const calibration& c) {
    auto seconds = [&](double real) {
        return static_cast<double>(detail::model_usec(real, v.time_scale).count()) / 1e6;
    };
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
        double overhead = seconds(c.startup + c.restore);
        if (cc.has("restart") && cc["restart"].has("overhead"))
            overhead += static_cast<double>(cc["restart"]["overhead"].duration().count()) / 1e6;
        if (!cj.contains("restart")) cj["restart"] = json::object();
        cj["restart"]["overhead"] = overhead;
    }
    d.erase("validate");
    return parse_scenario(json_cursor(d, file));
}

inline real_run supervise(const scenario& s, const candidate& k, const validate_spec& v, const calibration& cal,
                          philox_stream& events, philox_stream& waits, const supervisor_env& env) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    const bool spot = k.policy == policy_kind::spot_only;
    const campaign c = spot ? make_campaign(s, k) : campaign{};
    const campaign_draws draws(c);
    const double to_real = 3600.0 / v.time_scale;  // model hours to real seconds
    // The candidate's own overhead (beyond the measured start-up and restore, which the
    // runner spends by itself) is a billed wait before the runner starts, e.g. a boot.
    const double boot = std::max(0.0, k.restart.overhead.count() * to_real - cal.startup - cal.restore);
    real_run r;
    r.cost = money::zero(s.in_currency);
    const double t0 = env.now();
    for (;;) {
        if (r.sessions.size() > max_sessions_per_trial)
            throw model_error("the job does not finish: over 10^6 sessions");
        real_session ses;
        ses.start = env.now() - t0;
        double x = inf;
        if (spot) {
            x = draws.time_to_interruption(events).count() * to_real;
        }
        ses.kill_at = x;
        double term = inf;
        if (spot && c.notice && std::isfinite(x)) term = std::max(0.0, x - c.notice->notice.count() * to_real);
        session_trace t;
        double held = 0;
        if (x <= boot) {  // interrupted while booting: the runner never started
            env.sleep(x);
            held = x;
            t.how = session_end::killed;
            t.first_step = r.sessions.empty() ? 0 : r.sessions.back().to_step;
        } else {
            if (boot > 0) env.sleep(boot);
            t = env.launch(term - boot, x - boot);
            held = boot + t.end;
            // Stopped by the notice (checkpointed, or still starting up when SIGTERM came): the
            // instance is held until the interruption itself, as the model bills it.
            if (t.how != session_end::completed && std::isfinite(x) && x > held) {
                env.sleep(x - held);
                held = x;
            }
        }
        if (t.how == session_end::failed) throw model_error("costsim-bench failed: " + t.detail);
        ses.from_step = t.first_step;
        ses.to_step = t.last_step();
        ses.how = t.how;
        ses.end = ses.start + held;
        if (t.how == session_end::completed) {
            r.sessions.push_back(ses);
            break;
        }
        ++r.interruptions;
        ses.delay_after = draws.wait(waits).count() * to_real;
        r.sessions.push_back(ses);
        env.sleep(ses.delay_after);
    }
    r.wall = r.sessions.back().end;
    bill(s, k, v.time_scale, r);
    return r;
}

inline void bill(const scenario& s, const candidate& k, double time_scale, real_run& r) {
    const offer& o = s.offer_of(k);
    const bool billed_delay = k.restart.delay_billed();
    money total = money::zero(s.in_currency);
    usec billed{0};
    for (const auto& ses : r.sessions) {
        const double held = ses.end - ses.start + (billed_delay ? ses.delay_after : 0.0);
        const usec start = detail::model_usec(ses.start, time_scale);
        const usec len = detail::model_usec(held, time_scale);
        const invoice inv = quote(s.offers, o, {k.market, s.start + start, len, std::nullopt, s.in_currency});
        total += inv.total_exact;
        billed += inv.billed;
    }
    r.cost = total;
    r.model_billed_hours = to_fast_hours(billed).count();
    r.model_makespan_hours = r.wall * time_scale / 3600.0;
}

inline validation_row compare(candidate_result predicted, std::vector<real_run> runs) {
    validation_row row;
    row.predicted = std::move(predicted);
    row.runs = std::move(runs);
    const double n = static_cast<double>(row.runs.size());
    for (const auto& r : row.runs) {
        row.real_makespan_mean += r.model_makespan_hours / n;
        row.real_billed_mean += r.model_billed_hours / n;
        const double cost = to_double(r.cost.amount());
        row.real_cost_mean += cost / n;
        row.makespan_inside += within_p05_p95(row.predicted.makespan_hours, r.model_makespan_hours) ? 1 : 0;
        row.cost_inside += within_p05_p95(row.predicted.cost, cost) ? 1 : 0;
    }
    auto rel = [](double p, double m) { return m > 0 ? (p - m) / m : 0.0; };
    row.makespan_error = rel(row.predicted.makespan_hours.mean, row.real_makespan_mean);
    row.cost_error = rel(row.predicted.cost.mean, row.real_cost_mean);
    return row;
}

inline json to_json(const validation_result& r) {
    auto band = [](const summary& s) { return json{{"mean", s.mean}, {"p05", s.p05}, {"p50", s.p50}, {"p95", s.p95}}; };
    json rows = json::array();
    const double k = r.spec.time_scale;
    for (const auto& row : r.rows) {
        json runs = json::array();
        for (const auto& run : row.runs) {
            json sessions = json::array();
            for (const auto& s : run.sessions)
                sessions.push_back({{"start_seconds", s.start},
                                    {"end_seconds", s.end},
                                    {"kill_at_seconds", std::isfinite(s.kill_at) ? json(s.kill_at) : json(nullptr)},
                                    {"from_step", s.from_step},
                                    {"to_step", s.to_step},
                                    {"exit", to_string(s.how)},
                                    {"delay_after_seconds", s.delay_after}});
            runs.push_back({{"wall_seconds", run.wall},
                            {"makespan_hours", run.model_makespan_hours},
                            {"billed_hours", run.model_billed_hours},
                            {"cost", to_decimal_string(run.cost.amount())},
                            {"interruptions", run.interruptions},
                            {"sessions", std::move(sessions)}});
        }
        const auto& p = row.predicted;
        rows.push_back({{"offer", p.offer},
                        {"market", std::string(to_string(p.market))},
                        {"policy", std::string(to_string(p.policy))},
                        {"predicted",
                         {{"makespan_hours", band(p.makespan_hours)},
                          {"billed_hours", band(p.billed_hours)},
                          {"cost", band(p.cost)},
                          {"interruptions_mean", p.interruptions_mean},
                          {"wall_seconds_mean", p.makespan_hours.mean * 3600.0 / k}}},
                        {"real",
                         {{"makespan_hours_mean", row.real_makespan_mean},
                          {"billed_hours_mean", row.real_billed_mean},
                          {"cost_mean", row.real_cost_mean},
                          {"wall_seconds_mean", row.real_makespan_mean * 3600.0 / k},
                          {"runs", std::move(runs)}}},
                        {"makespan_mean_error", row.makespan_error},
                        {"cost_mean_error", row.cost_error},
                        {"makespan_inside_p05_p95", row.makespan_inside},
                        {"cost_inside_p05_p95", row.cost_inside}});
    }
    const auto& c = r.calib;
    return {{"scenario", r.scenario},
            {"currency", r.currency},
            {"time_scale", k},
            {"time_scale_note",
             "1 real second stands for time_scale model seconds: interruption rates, restart delays "
             "and billing act in model time"},
            {"job",
             {{"bench", r.spec.bench}, {"steps", r.spec.steps}, {"checkpoint_every_steps", r.spec.checkpoint_every}}},
            {"calibration",
             {{"steps", c.steps},
              {"startup_seconds", c.startup},
              {"step_seconds", c.step},
              {"checkpoint_seconds", c.checkpoint},
              {"restore_seconds", c.restore},
              {"tail_seconds", c.tail},
              {"job_seconds", c.job_seconds(r.spec)}}},
            {"trials", r.trials},
            {"seed", r.seed},
            {"candidates", std::move(rows)}};
}

inline std::vector<std::string> runner_argv(const std::string& bench, const validate_spec& v, std::int64_t steps,
                                            const std::string& checkpoint, const std::string& output,
                                            bool checkpoints) {
    std::vector<std::string> a{bench};
    a.insert(a.end(), v.bench.begin(), v.bench.end());
    a.insert(a.end(), {std::string(runner::flag_steps), std::to_string(steps), std::string(runner::flag_warmup), "0",
                       std::string(runner::flag_progress), std::string(runner::flag_output), output});
    if (checkpoints && v.checkpoint_every > 0 && v.checkpoint_every < steps)
        a.insert(a.end(), {std::string(runner::flag_checkpoint), checkpoint, std::string(runner::flag_checkpoint_every),
                           std::to_string(v.checkpoint_every), std::string(runner::flag_resume)});
    return a;
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
