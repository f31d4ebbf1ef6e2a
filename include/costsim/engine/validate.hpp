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

#include <boost/math/distributions/normal.hpp>
#include <boost/math/distributions/students_t.hpp>

#include "costsim/core/enum_names.hpp"
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
template <>
struct enum_table<session_end> {
    static constexpr std::string_view what = "a session end";
    static constexpr std::array<enum_entry<session_end>, 4> entries{
        {{session_end::completed, "completed"},
         {session_end::killed, "killed"},
         {session_end::stopped_on_notice, "stopped_on_notice"},
         {session_end::failed, "failed"}}};
};
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
    double step = 0;        ///< mean step (checkpoint writes apart), the first excluded
    double checkpoint = 0;  ///< mean checkpoint write (0 without one)
    double restore = 0;     ///< reading a checkpoint back (the runner's measurement)
    double tail = 0;        ///< last step to exit
    /// The job's predicted wall time without interruptions.
    double job_seconds(const validate_spec& v) const;
};
/// From an uninterrupted calibration run (value_error if it is not one).
calibration calibrate(const session_trace& t, double restore_seconds);
/// value_error when the runner exited 0 before step `steps` (a runner that ignores --steps).
void require_reached(const session_trace& t, std::int64_t steps);
/// The same times scaled by `factor` (a slower or faster machine).
calibration scaled(calibration c, double factor);

/// What one runner process's progress lines time: each step (from the end of the previous
/// step, or of the checkpoint written after it; the first from "ready") and each
/// checkpoint write.
struct session_timing {
    std::vector<double> steps;  ///< in order, the session's first step included
    std::vector<double> checkpoints;
};
session_timing time_session(const session_trace& t);

/// One real run's own times (real seconds), from the progress lines of its sessions: how
/// fast the machine ran this run, apart from what the model decides (interruptions, lost
/// work, waits).
struct run_speed {
    std::size_t steps_timed = 0;                      ///< steps behind `step` (each session's first excluded)
    double step = 0;                                  ///< mean step: what the job's steps took, slow ones included
    double step_p10 = 0, step_p50 = 0, step_p90 = 0;  ///< its spread within the run
    double startup = 0;                               ///< the first session's, as calibrate() times it
    std::optional<double> restore;                    ///< resumed sessions' start-up beyond the first's (mean)
    std::optional<double> checkpoint;                 ///< mean write
    std::optional<double> tail;                       ///< the last session's, last step to exit
    /// This run's times as a calibration; what the run did not show (a restore without a
    /// resume, a checkpoint without one) is `fallback`'s.
    calibration as_calibration(const calibration& fallback) const;
};
/// From the sessions of one run that completed; value_error when they time fewer than two
/// steps (a runner that prints no progress lines, or too few).
run_speed measure_run(const std::vector<session_trace>& sessions);

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
    run_speed speed;  ///< measured from its progress lines (a modelled run: none)
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

/// The model's own run on the draws a real run used: candidate k of s (a scenario built from
/// that run's measured times) run by run_trial on `events` and `waits` (off spot: its one
/// session), in real seconds, its sessions billed by bill(). Set against the real run, it
/// shows what costsim models (interruptions, lost work, restarts, billing) apart from how
/// fast the machine was.
real_run model_run(const scenario& s, const candidate& k, double time_scale, philox_stream& events,
                   philox_stream& waits);

/// The prediction and the real runs of one candidate, side by side.
struct validation_row {
    candidate_result predicted;  ///< model hours and the scenario's currency
    std::vector<real_run> runs;
    /// modelled[i]: model_run on run i's draws with run i's measured times.
    std::vector<real_run> modelled;
    double real_makespan_mean = 0, real_billed_mean = 0, real_cost_mean = 0;
    double makespan_error = 0;  ///< (predicted mean − real mean) / real mean
    double cost_error = 0;
    /// The model error given each run's measured speed: (mean of modelled − mean of real) /
    /// mean of real; none without modelled runs.
    std::optional<double> model_makespan_error, model_cost_error;
    std::size_t makespan_inside = 0, cost_inside = 0;  ///< runs within [P05, P95]
};
validation_row compare(candidate_result predicted, std::vector<real_run> runs, std::vector<real_run> modelled = {});
/// Whether x lies in the predicted 90 % interval [P05, P95], ends included.
constexpr bool within_p05_p95(const summary& predicted, double x) noexcept {
    return x >= predicted.p05 && x <= predicted.p95;
}

/// How the machine's speed moved over the calibration bursts.
struct speed_spread {
    std::size_t bursts = 0;
    double step_min = 0, step_max = 0;  ///< the bursts' steps
    double change = 0;                  ///< step_max / step_min − 1
    double sigma = 0;                   ///< sample sd of log(step) over the bursts
    /// The per-run speed factor's sd of log: a lognormal whose 90 % interval is the Student-t
    /// prediction interval of a next run's log step, mean and sd both estimated from the
    /// bursts — sigma × √(1 + 1/n) × t(0.95, n − 1) / z(0.95). A lognormal of sd sigma would
    /// take both as exact, and with a handful of bursts it is too narrow (n = 3: 2.05 × sigma;
    /// n = 11: 1.16 × sigma). The lognormal's tails beyond it are lighter than the t's, which
    /// with few bursts would put 1 % of runs at 10 times the step. 0 with fewer than 2 bursts.
    double factor_sigma = 0;
};
/// From the bursts' calibrations (at least one).
speed_spread spread_of(const std::vector<calibration>& bursts);
/// The bursts pooled: each time the median over the bursts, the step their geometric mean
/// (the median of the lognormal speed factor the prediction draws around it).
calibration pooled(const std::vector<calibration>& bursts);
/// Above this change between bursts validate warns that the model error is the figure to trust.
inline constexpr double speed_change_warning = 0.10;

struct validation_result {
    std::string scenario, currency;
    validate_spec spec;
    calibration calib;                ///< the bursts pooled: what the prediction ran at
    std::vector<calibration> bursts;  ///< in order; the first sized the job
    speed_spread speed;
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

inline std::string_view to_string(session_end e) noexcept { return enum_name(e); }

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

inline session_timing time_session(const session_trace& t) {
    session_timing r;
    if (!t.ready) return r;
    // Each step runs from the end of the previous step, or of the checkpoint written after it.
    double prev = *t.ready;
    std::size_t ci = 0;
    for (const auto& [n, at] : t.steps) {
        r.steps.push_back(at - prev);
        prev = at;
        if (ci < t.checkpoints.size() && t.checkpoints[ci].first == n) {
            r.checkpoints.push_back(t.checkpoints[ci].second - at);
            prev = t.checkpoints[ci].second;
            ++ci;
        }
    }
    return r;
}

inline calibration calibrate(const session_trace& t, double restore_seconds) {
    if (t.how != session_end::completed || !t.ready || t.steps.size() < 2)
        throw value_error("the calibration run did not complete two steps (" + std::string(to_string(t.how)) + ", " +
                          std::to_string(t.steps.size()) + " step progress lines)");
    const session_timing st = time_session(t);
    calibration c;
    c.steps = static_cast<std::int64_t>(t.steps.size());
    c.restore = restore_seconds;
    // The mean, not the median: a job takes its steps' mean, the slow ones a neighbour
    // causes included. That one burst may catch a neighbour's spike is what several bursts,
    // and the spread they carry into the prediction, are for.
    double sum = 0;
    for (auto it = st.steps.begin() + 1; it != st.steps.end(); ++it) sum += *it;
    c.step = sum / static_cast<double>(st.steps.size() - 1);
    c.startup = *t.ready + std::max(0.0, st.steps.front() - c.step);
    double writes = 0;
    for (double w : st.checkpoints) writes += w;
    c.checkpoint = st.checkpoints.empty() ? 0.0 : writes / static_cast<double>(st.checkpoints.size());
    c.tail = std::max(0.0, t.end - t.steps.back().second);
    return c;
}

inline void require_reached(const session_trace& t, std::int64_t steps) {
    if (t.how == session_end::completed && t.last_step() < steps)
        throw value_error("the runner exited 0 after step " + std::to_string(t.last_step()) + " of " +
                          std::to_string(steps) + " (its progress lines said so)");
}

inline calibration scaled(calibration c, double factor) {
    for (double* x : {&c.startup, &c.step, &c.checkpoint, &c.restore, &c.tail}) *x *= factor;
    return c;
}

inline calibration run_speed::as_calibration(const calibration& fallback) const {
    calibration c = fallback;
    c.steps = static_cast<std::int64_t>(steps_timed);
    c.step = step;
    c.startup = startup;
    if (restore) c.restore = *restore;
    if (checkpoint) c.checkpoint = *checkpoint;
    if (tail) c.tail = *tail;
    return c;
}

inline run_speed measure_run(const std::vector<session_trace>& sessions) {
    run_speed r;
    std::vector<double> steps, writes;
    std::vector<std::pair<const session_trace*, double>> started;  // a session and its first step
    for (const session_trace& t : sessions) {
        const session_timing st = time_session(t);
        if (st.steps.empty()) continue;
        started.emplace_back(&t, st.steps.front());
        steps.insert(steps.end(), st.steps.begin() + 1, st.steps.end());
        writes.insert(writes.end(), st.checkpoints.begin(), st.checkpoints.end());
    }
    if (steps.size() < 2)
        throw value_error("its progress lines timed " + std::to_string(steps.size()) +
                          " steps, too few to time the run (at least 2 besides each session's first)");
    r.steps_timed = steps.size();
    double sum = 0;
    for (double x : steps) sum += x;
    r.step = sum / static_cast<double>(steps.size());
    std::sort(steps.begin(), steps.end());
    r.step_p50 = quantile_sorted(steps, 0.5);
    r.step_p10 = quantile_sorted(steps, 0.1);
    r.step_p90 = quantile_sorted(steps, 0.9);
    auto startup_of = [&](const std::pair<const session_trace*, double>& s) {
        return *s.first->ready + std::max(0.0, s.second - r.step);
    };
    // A session that resumed from a checkpoint restored it; one that started from step 0
    // (the first, or one killed before any checkpoint) did not.
    double fresh = 0, resumed = 0;
    std::size_t n_fresh = 0, n_resumed = 0;
    for (const auto& s : started)
        if (s.first->first_step > 0)
            resumed += startup_of(s), ++n_resumed;
        else
            fresh += startup_of(s), ++n_fresh;
    r.startup = n_fresh ? fresh / static_cast<double>(n_fresh) : startup_of(started.front());
    if (n_resumed) r.restore = std::max(0.0, resumed / static_cast<double>(n_resumed) - r.startup);
    if (!writes.empty()) {
        double sum = 0;
        for (double w : writes) sum += w;
        r.checkpoint = sum / static_cast<double>(writes.size());
    }
    const session_trace& last = sessions.back();
    if (last.how == session_end::completed && !last.steps.empty())
        r.tail = std::max(0.0, last.end - last.steps.back().second);
    return r;
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
    std::vector<session_trace> traces;  // what each session's progress lines showed
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
        require_reached(t, v.steps);
        traces.push_back(t);
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
    r.speed = measure_run(traces);
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

inline real_run model_run(const scenario& s, const candidate& k, double time_scale, philox_stream& events,
                          philox_stream& waits) {
    const double to_real = 3600.0 / time_scale;  // model hours to real seconds
    real_run r;
    if (k.policy != policy_kind::spot_only) {
        const double len = to_fast_hours(std::chrono::duration_cast<usec>(k.restart.overhead) + s.work_of(k)).count();
        r.sessions.push_back(
            {0.0, len * to_real, std::numeric_limits<double>::infinity(), 0, 0, session_end::completed, 0.0});
        r.wall = len * to_real;
    } else {
        // The price path only prices the trial's own cost, which bill() replaces with the
        // exact invoices of its sessions, as for a real run.
        const constant_spot_price price(fast_price_per_hour(0.0));
        std::vector<session_record> log;
        const trial_result m = run_trial(make_campaign(s, k), price, events, waits, &log);
        for (std::size_t i = 0; i < log.size(); ++i) {
            real_session ses;
            ses.start = log[i].start.count() * to_real;
            ses.end = ses.start + log[i].length.count() * to_real;
            ses.how = log[i].interrupted ? session_end::killed : session_end::completed;
            if (i + 1 < log.size()) ses.delay_after = log[i + 1].start.count() * to_real - ses.end;
            r.sessions.push_back(ses);
        }
        r.interruptions = m.interruptions;
        r.wall = m.makespan.count() * to_real;
    }
    bill(s, k, time_scale, r);
    return r;
}

inline validation_row compare(candidate_result predicted, std::vector<real_run> runs, std::vector<real_run> modelled) {
    validation_row row;
    row.predicted = std::move(predicted);
    row.runs = std::move(runs);
    row.modelled = std::move(modelled);
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
    if (!row.modelled.empty() && row.modelled.size() == row.runs.size()) {
        double makespan = 0, cost = 0;
        for (const auto& m : row.modelled) {
            makespan += m.model_makespan_hours / n;
            cost += to_double(m.cost.amount()) / n;
        }
        row.model_makespan_error = rel(makespan, row.real_makespan_mean);
        row.model_cost_error = rel(cost, row.real_cost_mean);
    }
    return row;
}

inline speed_spread spread_of(const std::vector<calibration>& bursts) {
    speed_spread r;
    r.bursts = bursts.size();
    if (bursts.empty()) return r;
    r.step_min = r.step_max = bursts.front().step;
    double sum = 0, sum2 = 0;
    for (const auto& b : bursts) {
        r.step_min = std::min(r.step_min, b.step);
        r.step_max = std::max(r.step_max, b.step);
        sum += std::log(b.step);
    }
    const double n = static_cast<double>(bursts.size()), mean = sum / n;
    for (const auto& b : bursts) sum2 += (std::log(b.step) - mean) * (std::log(b.step) - mean);
    r.sigma = bursts.size() > 1 ? std::sqrt(sum2 / (n - 1)) : 0.0;
    if (bursts.size() > 1) {
        const boost::math::students_t t(n - 1);
        const boost::math::normal z;
        r.factor_sigma =
            r.sigma * std::sqrt(1 + 1 / n) * boost::math::quantile(t, 0.95) / boost::math::quantile(z, 0.95);
    }
    r.change = r.step_min > 0 ? r.step_max / r.step_min - 1 : 0.0;
    return r;
}

inline calibration pooled(const std::vector<calibration>& bursts) {
    calibration c;
    std::vector<double> xs;
    auto med = [&](double calibration::*f) {
        xs.clear();
        for (const auto& b : bursts) xs.push_back(b.*f);
        return median(xs);
    };
    c.startup = med(&calibration::startup);
    c.checkpoint = med(&calibration::checkpoint);
    c.restore = med(&calibration::restore);
    c.tail = med(&calibration::tail);
    double logs = 0;
    for (const auto& b : bursts) {
        logs += std::log(b.step);
        c.steps += b.steps;
    }
    c.step = std::exp(logs / static_cast<double>(bursts.size()));
    return c;
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
