// costsim/io/validate_json.hpp — the "validate" section of a validate scenario, and
// `costsim validate --json`.
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
#pragma once

#include <cmath>
#include <optional>
#include <string>

#include "costsim/engine/validate.hpp"
#include "costsim/io/json_input.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// Reads "/validate" of a scenario document (input_error with its pointer).
validate_spec parse_validate_spec(const json_cursor& root);

/// `costsim validate --json`: the calibration, and per candidate the prediction beside each
/// real run and the errors.
json to_json(const validation_result& r);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

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

inline json to_json(const validation_result& r) {
    auto band = [](const summary& s) { return json{{"mean", s.mean}, {"p05", s.p05}, {"p50", s.p50}, {"p95", s.p95}}; };
    auto optional = [](const std::optional<double>& x) { return x ? json(*x) : json(nullptr); };
    auto calibration_json = [&](const calibration& c) {
        return json{{"steps", c.steps},
                    {"startup_seconds", c.startup},
                    {"step_seconds", c.step},
                    {"checkpoint_seconds", c.checkpoint},
                    {"restore_seconds", c.restore},
                    {"tail_seconds", c.tail},
                    {"job_seconds", c.job_seconds(r.spec)}};
    };
    auto sessions_json = [](const real_run& run) {
        json sessions = json::array();
        for (const auto& s : run.sessions)
            sessions.push_back({{"start_seconds", s.start},
                                {"end_seconds", s.end},
                                {"kill_at_seconds", std::isfinite(s.kill_at) ? json(s.kill_at) : json(nullptr)},
                                {"from_step", s.from_step},
                                {"to_step", s.to_step},
                                {"exit", to_string(s.how)},
                                {"delay_after_seconds", s.delay_after}});
        return sessions;
    };
    json rows = json::array();
    const double k = r.spec.time_scale;
    for (const auto& row : r.rows) {
        json runs = json::array();
        for (std::size_t i = 0; i < row.runs.size(); ++i) {
            const real_run& run = row.runs[i];
            const run_speed& sp = run.speed;
            json one = {{"wall_seconds", run.wall},
                        {"makespan_hours", run.model_makespan_hours},
                        {"billed_hours", run.model_billed_hours},
                        {"cost", to_decimal_string(run.cost.amount())},
                        {"interruptions", run.interruptions},
                        {"speed",
                         {{"steps_timed", sp.steps_timed},
                          {"step_seconds", sp.step},
                          {"step_p10_seconds", sp.step_p10},
                          {"step_p50_seconds", sp.step_p50},
                          {"step_p90_seconds", sp.step_p90},
                          {"startup_seconds", sp.startup},
                          {"restore_seconds", optional(sp.restore)},
                          {"checkpoint_seconds", optional(sp.checkpoint)},
                          {"tail_seconds", optional(sp.tail)},
                          {"speed_error", r.calib.step > 0 ? sp.step / r.calib.step - 1 : 0.0}}},
                        {"sessions", sessions_json(run)}};
            if (i < row.modelled.size()) {
                const real_run& m = row.modelled[i];
                one["modelled"] = {{"wall_seconds", m.wall},
                                   {"makespan_hours", m.model_makespan_hours},
                                   {"billed_hours", m.model_billed_hours},
                                   {"cost", to_decimal_string(m.cost.amount())},
                                   {"interruptions", m.interruptions},
                                   {"sessions", sessions_json(m)}};
            }
            runs.push_back(std::move(one));
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
                        {"model_error_given_measured_speed",
                         {{"makespan", optional(row.model_makespan_error)}, {"cost", optional(row.model_cost_error)}}},
                        {"makespan_inside_p05_p95", row.makespan_inside},
                        {"cost_inside_p05_p95", row.cost_inside}});
    }
    json bursts = json::array();
    for (const auto& b : r.bursts) bursts.push_back(calibration_json(b));
    return {{"scenario", r.scenario},
            {"currency", r.currency},
            {"time_scale", k},
            {"time_scale_note",
             "1 real second stands for time_scale model seconds: interruption rates, restart delays "
             "and billing act in model time"},
            {"job",
             {{"bench", r.spec.bench}, {"steps", r.spec.steps}, {"checkpoint_every_steps", r.spec.checkpoint_every}}},
            {"calibration", calibration_json(r.calib)},
            {"calibration_bursts", std::move(bursts)},
            {"speed",
             {{"bursts", r.speed.bursts},
              {"step_min_seconds", r.speed.step_min},
              {"step_max_seconds", r.speed.step_max},
              {"change", r.speed.change},
              {"sigma_log_step", r.speed.sigma},
              {"factor_sigma_log", r.speed.factor_sigma},
              {"factor_note",
               "the per-run speed factor is lognormal with sd factor_sigma_log in log: sigma_log_step "
               "widened so that its 90 % interval is the Student-t prediction interval of a next run "
               "(mean and sd both estimated from the bursts)"},
              {"changed_over_warning", r.speed.change > speed_change_warning}}},
            {"trials", r.trials},
            {"seed", r.seed},
            {"candidates", std::move(rows)}};
}

}  // namespace costsim
