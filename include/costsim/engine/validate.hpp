// costsim/engine/validate.hpp — the parts of `costsim validate` that model a real run: the
// calibration of a costsim-bench job, a supervisor that interrupts and resumes it as a
// candidate's campaign would, the exact bill of its sessions, and the comparison with the
// simulator's prediction.
//
// The workflow that strings them together (calibrate, size, predict, run, compare) is
// run_validation (workflow/validation.hpp); the "validate" section is read by
// io/validate_json.hpp. The process control itself (fork, exec, signals, pipes) is the
// command's (simulator/); here it is an `Env` the supervisor is generic over, so tests
// drive it with a fake.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "costsim/core/runner_protocol.hpp"
#include "costsim/core/stats.hpp"
#include "costsim/core/streams.hpp"
#include "costsim/engine/monte_carlo.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/engine/trial.hpp"
#include "costsim/pricing/invoice.hpp"

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

/// Real seconds × time_scale as model microseconds (measured times are not whole
/// microseconds: rounded to the nearest).
usec model_usec(double real_seconds, double time_scale);

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

/// The runner's command line for `steps` steps of the spec's job: `bench`, the spec's
/// "bench" command, then the flags the supervisor sets (runner_protocol.hpp): progress
/// lines, the output file and, with `checkpoints` (on spot), a checkpoint every
/// checkpoint_every steps (when that is fewer than `steps`) and resume.
std::vector<std::string> runner_argv(const std::string& bench, const validate_spec& v, std::int64_t steps,
                                     const std::string& checkpoint, const std::string& output, bool checkpoints = true);

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

inline usec model_usec(double real_seconds, double time_scale) {
    return usec(std::llround(real_seconds * time_scale * 1e6));
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
        const usec start = model_usec(ses.start, time_scale);
        const usec len = model_usec(held, time_scale);
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

}  // namespace costsim
