// Tests of costsim/engine/validate.hpp: the validate spec, the calibration's arithmetic, the
// prediction's scenario, and the supervisor driven by a fake runner on a virtual clock —
// which must draw interruptions exactly as run_trial does, and bill exactly.
#include <costsim/engine/validate.hpp>
#include <costsim/io/scenario_json.hpp>
#include <costsim/io/validate_json.hpp>
#include <costsim/workflow/validation.hpp>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

namespace {

json validate_doc(const std::string& candidates = "") {
    json d = json::parse(R"({"schema": "costsim.scenario/v1", "name": "v", "currency": "USD",
      "offers": [{"id": "ref/p3", "provider": "ref", "instance": "p3.2xlarge",
                  "markets": {"on_demand": {"price": {"amount": "3.06", "per": "hour"}},
                              "spot": {"price": {"amount": "0.9731", "per": "hour"}}},
                  "billing": {"increment": "1s", "minimum": "0s"}}],
      "workload": {"name": "tiny"},
      "validate": {"bench": ["bilstm-sentiment", "--vocab", "500"], "steps": 205, "checkpoint_every_steps": 20,
                   "time_scale": 60},
      "candidates": [{"offer": "ref/p3", "market": "spot", "policy": "spot_only",
                      "interruptions": {"model": "poisson", "rate_per_hour": 0.5},
                      "restart": {"delay": "3m", "billed": false}},
                     {"offer": "ref/p3", "market": "on_demand", "policy": "on_demand"}]})");
    if (!candidates.empty()) d["candidates"] = json::parse(candidates);
    return d;
}

// A runner on a virtual clock: start-up (plus `restore` when it resumes), then steps of
// fixed length, a checkpoint write after every `every`-th step but the last, a tail; it
// resumes from its last checkpoint, loses what came after it when killed, and on SIGTERM
// checkpoints after its step and exits.
struct fake_runner {
    double startup = 1.0, step = 0.1, checkpoint = 0.05, tail = 0.3, restore = 0;
    std::int64_t steps = 205, every = 20, saved = 0;
    double clock = 0;
    std::int64_t slow_after = -1;  ///< steps after this one take slow_step (-1: none)
    double slow_step = 0;
    double step_time(std::int64_t n) const { return slow_after >= 0 && n > slow_after ? slow_step : step; }

    session_trace launch(double term_at, double kill_at) {
        session_trace t;
        t.first_step = saved;
        double now = startup + (saved > 0 ? restore : 0.0);
        auto over = [&](double at) { return at > kill_at; };
        if (over(now)) return clock += kill_at, t.how = session_end::killed, t.end = kill_at, t;
        t.ready = now;
        for (std::int64_t n = saved + 1; n <= steps; ++n) {
            if (over(now + step_time(n))) return clock += kill_at, t.how = session_end::killed, t.end = kill_at, t;
            now += step_time(n);
            t.steps.emplace_back(n, now);
            const bool due = n % every == 0 && n < steps;
            if (due || (now >= term_at && n < steps)) {
                if (over(now + checkpoint)) return clock += kill_at, t.how = session_end::killed, t.end = kill_at, t;
                now += checkpoint;
                saved = n;
                t.checkpoints.emplace_back(n, now);
                if (!due || now >= term_at) {
                    clock += now;
                    t.how = session_end::stopped_on_notice;
                    t.end = now;
                    return t;
                }
            }
        }
        if (over(now + tail)) return clock += kill_at, t.how = session_end::killed, t.end = kill_at, t;
        now += tail;
        clock += now;
        t.how = session_end::completed;
        t.end = now;
        return t;
    }
    supervisor_env env() {
        return {[this](double term, double kill) { return launch(term, kill); }, [this] { return clock; },
                [this](double s) { clock += s; }};
    }
};

calibration exact_calibration(const fake_runner& f) {
    calibration c;
    c.startup = f.startup;
    c.step = f.step;
    c.checkpoint = f.checkpoint;
    c.tail = f.tail;
    return c;
}

// The validate document with its spot candidate interrupted 4 times a model hour, its spec,
// the fake runner's exact calibration and the validation scenario at it.
struct busy_job_parts {
    json d;
    validate_spec v;
    calibration c;
    scenario s;
};
busy_job_parts busy_job() {
    json d = validate_doc();
    d["candidates"][0]["interruptions"]["rate_per_hour"] = 4;
    validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    const calibration c = exact_calibration(fake_runner{});
    scenario s = validation_scenario(d, "v.json", v, c);
    return {std::move(d), std::move(v), c, std::move(s)};
}

}  // namespace

TEST_CASE("the validate section is read with its defaults, and flags validate sets itself are refused") {
    const json d = validate_doc();
    const validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    CHECK(v.bench == std::vector<std::string>{"bilstm-sentiment", "--vocab", "500"});
    CHECK(v.steps == 205);
    CHECK(v.checkpoint_every == 20);
    CHECK(v.calibration_steps == 41);  // max(2 × 20 + 1, 205 / 10)
    CHECK(v.time_scale == 60);

    json bad = d;
    bad["validate"]["bench"].push_back("--steps=5");
    CHECK_THROWS_WITH_AS(
        parse_validate_spec(json_cursor(bad, "v.json")),
        doctest::Contains("v.json: /validate/bench/3: a costsim-bench flag that validate does not set"), input_error);
    bad = d;
    bad["validate"]["checkpoint_every_steps"] = 205;
    CHECK_THROWS_WITH_AS(parse_validate_spec(json_cursor(bad, "v.json")),
                         doctest::Contains("/validate/checkpoint_every_steps"), input_error);
    bad = d;
    bad["validate"]["bench"][0] = "distilbert-inference";
    CHECK_THROWS_WITH_AS(parse_validate_spec(json_cursor(bad, "v.json")), doctest::Contains("/validate/bench/0"),
                         input_error);
}

TEST_CASE("without steps the job is sized to job_minutes of real time at the calibrated speed") {
    json d = validate_doc();
    d["validate"].erase("steps");
    d["validate"]["job_minutes"] = 1;
    validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    CHECK(v.steps == 0);
    CHECK(v.calibration_steps == 100);  // max(2 × 20 + 1, 100)
    size_job(v, exact_calibration(fake_runner{}));
    // 60 s − 1 s start-up − 0.3 s tail, at 0.1 s a step plus 0.05 s every 20 steps: 58.7 / 0.1025
    CHECK(v.steps == 573);
    d["validate"]["steps"] = 100;
    CHECK_THROWS_WITH_AS(parse_validate_spec(json_cursor(d, "v.json")), doctest::Contains("/validate/job_minutes"),
                         input_error);
}

TEST_CASE("the calibration recovers start-up, step, checkpoint and tail from an uninterrupted run") {
    fake_runner f;
    f.steps = 41;
    const session_trace t = f.launch(INFINITY, INFINITY);
    const calibration c = calibrate(t, 0.02);
    CHECK(c.steps == 41);
    CHECK(c.startup == doctest::Approx(1.0));
    CHECK(c.step == doctest::Approx(0.1));
    CHECK(c.checkpoint == doctest::Approx(0.05));
    CHECK(c.tail == doctest::Approx(0.3));
    CHECK(c.restore == 0.02);
    // The whole job: 1 + 205 × 0.1 + 10 checkpoints × 0.05 + 0.3 (no checkpoint after the last step).
    const validate_spec v = parse_validate_spec(json_cursor(validate_doc(), "v.json"));
    CHECK(c.job_seconds(v) == doctest::Approx(22.3 + 0.02 * 0));
    CHECK_THROWS_AS(calibrate(fake_runner{}.launch(INFINITY, 5.0), 0), value_error);
}

TEST_CASE("the prediction's scenario takes work, checkpoints and overhead from the calibration, in model time") {
    const json d = validate_doc();
    const validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    calibration c = exact_calibration(fake_runner{});
    c.restore = 0.5;
    const scenario s = validation_scenario(d, "v.json", v, c);
    CHECK(to_fast_hours(s.work).count() == doctest::Approx((205 * 0.1 + 0.3) * 60 / 3600));
    const candidate& spot = s.candidates[0];
    CHECK(spot.checkpoint.every.count() == doctest::Approx(20 * 0.1 * 60 / 3600));
    CHECK(spot.checkpoint.cost.count() == doctest::Approx(0.05 * 60 / 3600));
    CHECK(spot.restart.overhead.count() == doctest::Approx(1.5 * 60 / 3600));

    CHECK_THROWS_WITH_AS(validation_scenario(validate_doc(R"([{"offer": "ref/p3", "market": "spot",
                           "checkpoint": {"every": "1h", "cost": "1m"}}])"),
                                             "v.json", v, c),
                         doctest::Contains("v.json: /candidates/0/checkpoint: no \"checkpoint\""), input_error);
    json dl = validate_doc(R"([{"offer": "ref/p3", "market": "spot", "policy": "deadline_fallback"}])");
    dl["deadline"] = "10h";
    CHECK_THROWS_WITH_AS(validation_scenario(dl, "v.json", v, c), doctest::Contains("/candidates/0/policy"),
                         input_error);
    json w = validate_doc();
    w["workload"]["work"] = "1h";
    CHECK_THROWS_WITH_AS(validation_scenario(w, "v.json", v, c), doctest::Contains("/workload/work"), input_error);
}

TEST_CASE("the supervisor draws interruptions and delays exactly as run_trial does, and bills each session exactly") {
    const auto [d, v, c, s] = busy_job();
    const campaign camp = make_campaign(s, s.candidates[0]);
    const constant_spot_price price(fast_price_per_hour(0.9731));
    int interrupted = 0, with_many = 0;
    for (std::uint64_t trial = 0; trial < 200; ++trial) {
        fake_runner f;
        philox_stream a(rng_seed(4), trial_index(trial), stream_id(0)),
            b(rng_seed(4), trial_index(trial), stream_id(0));
        philox_stream aw(rng_seed(4), trial_index(trial), stream_id(1)),
            bw(rng_seed(4), trial_index(trial), stream_id(1));
        const real_run r = supervise(s, s.candidates[0], v, c, a, aw, f.env());
        const trial_result m = run_trial(camp, price, b, bw);
        // The fake runner is the model's job to the step, so the trajectories coincide.
        CHECK(r.interruptions == m.interruptions);
        CHECK(r.model_makespan_hours == doctest::Approx(m.makespan.count()).epsilon(1e-9));
        CHECK(r.model_billed_hours == doctest::Approx(m.billed.count()).epsilon(1e-6));
        CHECK(to_double(r.cost.amount()) == doctest::Approx(m.cost.value()).epsilon(1e-6));
        CHECK(r.sessions.size() == r.interruptions + 1);
        CHECK(r.sessions.back().how == session_end::completed);
        CHECK(r.sessions.back().to_step == 205);
        interrupted += r.interruptions > 0;
        with_many += r.interruptions > 1;
    }
    CHECK(interrupted > 100);  // λ = 4/h over about 0.37 model hours plus restarts: 1 − e^−1.5 ≈ 78 % see one
    CHECK(with_many > 10);
}

TEST_CASE("an on-demand candidate runs once, uninterrupted, and costs its exact invoice") {
    const json d = validate_doc();
    const validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    const calibration c = exact_calibration(fake_runner{});
    const scenario s = validation_scenario(d, "v.json", v, c);
    fake_runner f;
    philox_stream e(rng_seed(1), trial_index(0), stream_id(0)), w(rng_seed(1), trial_index(0), stream_id(1));
    const real_run r = supervise(s, s.candidates[1], v, c, e, w, f.env());
    REQUIRE(r.sessions.size() == 1);
    CHECK(r.wall == doctest::Approx(c.job_seconds(v)));
    // 22.3 real s × 60 = 1338 model s at 3.06 $/h, per second: 1338 × 3.06 / 3600 = 1.1373 exactly.
    CHECK(to_decimal_string(r.cost.amount()) == "1.1373");
}

TEST_CASE("a notice makes the runner checkpoint and stop; the instance is held until the interruption") {
    json d = validate_doc(R"([{"offer": "ref/p3", "market": "spot", "policy": "spot_only",
                              "interruptions": {"model": "poisson", "rate_per_hour": 2, "notice": "30s"},
                              "restart": {"delay": "1m"}}])");
    const validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    const calibration c = exact_calibration(fake_runner{});
    const scenario s = validation_scenario(d, "v.json", v, c);
    int stopped = 0;
    for (std::uint64_t trial = 0; trial < 50; ++trial) {
        fake_runner f;
        philox_stream e(rng_seed(2), trial_index(trial), stream_id(0)),
            w(rng_seed(2), trial_index(trial), stream_id(1));
        const real_run r = supervise(s, s.candidates[0], v, c, e, w, f.env());
        for (const auto& ses : r.sessions)
            if (ses.how != session_end::completed) {
                ++stopped;
                CHECK(ses.end - ses.start == doctest::Approx(ses.kill_at));  // held to the interruption
            }
        CHECK(r.sessions.back().how == session_end::completed);
    }
    CHECK(stopped > 10);
}

TEST_CASE("compare counts the runs inside the predicted P05-P95 and the error of the predicted mean") {
    candidate_result p;
    p.makespan_hours.mean = 1.1;
    p.makespan_hours.p05 = 0.9;
    p.makespan_hours.p95 = 1.5;
    p.cost.mean = 1.0;
    p.cost.p05 = 0.8;
    p.cost.p95 = 1.2;
    std::vector<real_run> runs(4);
    const double makespans[] = {0.85, 1.0, 1.2, 0.95};
    const char* costs[] = {"0.9", "1.3", "1.0", "0.8"};
    for (int i = 0; i < 4; ++i) {
        runs[i].model_makespan_hours = makespans[i];
        runs[i].cost = money(parse_decimal(costs[i]), currency("USD"));
    }
    const validation_row row = compare(p, runs);
    CHECK(row.real_makespan_mean == doctest::Approx(1.0));
    CHECK(row.makespan_error == doctest::Approx(0.1));
    CHECK(row.makespan_inside == 3);
    CHECK(row.real_cost_mean == doctest::Approx(1.0));
    CHECK(row.cost_error == doctest::Approx(0.0));
    CHECK(row.cost_inside == 3);  // 1.3 is above P95; 0.8 is on the edge, inside
}

TEST_CASE("the runner's command line is the spec's bench command and the supervisor's own flags") {
    const json d = validate_doc();
    const validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    using sv = std::vector<std::string>;
    CHECK(runner_argv("/bin/costsim-bench", v, 205, "/tmp/c.pt", "/tmp/m.json") ==
          sv{"/bin/costsim-bench", "bilstm-sentiment", "--vocab", "500", "--steps", "205", "--warmup", "0",
             "--progress", "--output", "/tmp/m.json", "--checkpoint", "/tmp/c.pt", "--checkpoint-every", "20",
             "--resume"});
    // On demand (never interrupted) and a job shorter than one checkpoint interval write none.
    CHECK(runner_argv("b", v, 205, "c", "m", false) == sv{"b", "bilstm-sentiment", "--vocab", "500", "--steps", "205",
                                                          "--warmup", "0", "--progress", "--output", "m"});
    CHECK(runner_argv("b", v, 20, "c", "m").size() == 11);
    // Every flag it adds is one a spec may not set itself.
    for (const std::string& a : runner_argv("b", v, 205, "c", "m"))
        if (a.rfind("--", 0) == 0 && a != "--vocab") CHECK(runner::is_supervisor_flag(a));
}

TEST_CASE("each real run's own step, start-up, checkpoint, restore and tail come from its progress lines") {
    const auto [d, v, c, s] = busy_job();
    int resumed = 0;
    for (std::uint64_t trial = 0; trial < 40; ++trial) {
        fake_runner f;  // a machine 30 % slower than the calibration, with a 0.2 s restore
        f.step = 0.13;
        f.checkpoint = 0.07;
        f.restore = 0.2;
        philox_stream e(rng_seed(5), trial_index(trial), stream_id(0)),
            w(rng_seed(5), trial_index(trial), stream_id(1));
        const real_run r = supervise(s, s.candidates[0], v, c, e, w, f.env());
        CHECK(r.speed.step == doctest::Approx(0.13));
        CHECK(r.speed.step_p10 == doctest::Approx(0.13));
        CHECK(r.speed.step_p90 == doctest::Approx(0.13));
        CHECK(r.speed.startup == doctest::Approx(1.0));
        REQUIRE(r.speed.checkpoint);
        CHECK(*r.speed.checkpoint == doctest::Approx(0.07));
        REQUIRE(r.speed.tail);
        CHECK(*r.speed.tail == doctest::Approx(0.3));
        if (r.speed.restore) {
            ++resumed;
            CHECK(*r.speed.restore == doctest::Approx(0.2));
        }
        CHECK(r.speed.steps_timed >= 200);
    }
    CHECK(resumed > 10);
}

TEST_CASE("the model given a run's measured times and its own draws reproduces that run, whatever its speed") {
    const auto [d, v, c, s] = busy_job();
    for (std::size_t ki : {std::size_t{0}, std::size_t{1}}) {
        for (std::uint64_t trial = 0; trial < 60; ++trial) {
            fake_runner f;  // 25 % slower than calibrated: the calibrated model is off, the measured one is not
            f.step = 0.125;
            f.checkpoint = 0.06;
            f.tail = 0.4;
            if (ki == 1) f.every = 1000000;  // on demand the runner writes no checkpoint
            philox_stream e(rng_seed(6), trial_index(trial), stream_id(0)),
                w(rng_seed(6), trial_index(trial), stream_id(1));
            const real_run r = supervise(s, s.candidates[ki], v, c, e, w, f.env());
            const scenario sr = validation_scenario(d, "v.json", v, r.speed.as_calibration(c));
            philox_stream me(rng_seed(6), trial_index(trial), stream_id(0)),
                mw(rng_seed(6), trial_index(trial), stream_id(1));
            const real_run m = model_run(sr, sr.candidates[ki], v.time_scale, me, mw);
            CHECK(m.interruptions == r.interruptions);
            CHECK(m.sessions.size() == r.sessions.size());
            CHECK(m.wall == doctest::Approx(r.wall).epsilon(1e-9));
            CHECK(m.model_billed_hours == doctest::Approx(r.model_billed_hours).epsilon(1e-6));
            CHECK(to_double(m.cost.amount()) == doctest::Approx(to_double(r.cost.amount())).epsilon(1e-6));
            // At the calibrated speed the same draws give a shorter run.
            philox_stream ce(rng_seed(6), trial_index(trial), stream_id(0)),
                cw(rng_seed(6), trial_index(trial), stream_id(1));
            CHECK(model_run(s, s.candidates[ki], v.time_scale, ce, cw).wall < r.wall);
        }
    }
}

TEST_CASE("a runner whose step time changes mid-run shows it as speed error while the model error stays within 1 %") {
    const auto [d, v, c, s] = busy_job();
    validation_options o;
    o.trials = 2000;
    const simulation_result pred = predict(d, "v.json", v, c, speed_spread{}, o);
    for (std::size_t ki : {std::size_t{0}, std::size_t{1}}) {
        std::vector<real_run> runs, modelled;
        for (std::uint64_t trial = 0; trial < 30; ++trial) {
            fake_runner f;  // calibrated at 0.1 s a step; from step 103 on the machine slows to 0.15 s
            f.slow_after = 102;
            f.slow_step = 0.15;
            if (ki == 1) f.every = 1000000;
            philox_stream e(rng_seed(8), trial_index(trial), stream_id(0)),
                w(rng_seed(8), trial_index(trial), stream_id(1));
            runs.push_back(supervise(s, s.candidates[ki], v, c, e, w, f.env()));
            const real_run& r = runs.back();
            // The speed error shows the change: about half the steps at each speed.
            CHECK(r.speed.step / c.step - 1 == doctest::Approx(0.25).epsilon(0.1));
            CHECK(r.speed.step_p10 == doctest::Approx(0.1));
            CHECK(r.speed.step_p90 == doctest::Approx(0.15));
            const scenario sr = validation_scenario(d, "v.json", v, r.speed.as_calibration(c));
            philox_stream me(rng_seed(8), trial_index(trial), stream_id(0)),
                mw(rng_seed(8), trial_index(trial), stream_id(1));
            modelled.push_back(model_run(sr, sr.candidates[ki], v.time_scale, me, mw));
        }
        const validation_row row = compare(pred.candidates[ki], std::move(runs), std::move(modelled));
        INFO("candidate " << ki << ": error of the predicted mean " << row.makespan_error << ", given the speed "
                          << *row.model_makespan_error);
        REQUIRE(row.model_makespan_error);
        CHECK(std::abs(*row.model_makespan_error) < 0.01);
        CHECK(std::abs(*row.model_cost_error) < 0.01);
        CHECK(row.makespan_error < -0.15);  // the calibrated prediction misses the slowdown
    }
}

TEST_CASE("a runner that prints too few progress lines to time is refused, not given a made-up speed") {
    session_trace silent;  // exited 0 without a progress line
    silent.how = session_end::completed;
    silent.end = 0.5;
    CHECK_THROWS_WITH_AS(measure_run({silent}), doctest::Contains("timed 0 steps, too few"), value_error);
    CHECK_THROWS_WITH_AS(calibrate(silent, 0), doctest::Contains("0 step progress lines"), value_error);
    session_trace two = silent;  // ready and two steps: the first of a session is not timed
    two.ready = 0.1;
    two.steps = {{1, 0.2}, {2, 0.3}};
    CHECK_THROWS_WITH_AS(measure_run({two}), doctest::Contains("timed 1 steps"), value_error);
    two.steps.emplace_back(3, 0.4);
    CHECK(measure_run({two}).step == doctest::Approx(0.1));

    // The supervisor refuses a runner that exits 0 before the job's last step.
    const json d = validate_doc();
    const validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    const calibration c = exact_calibration(fake_runner{});
    const scenario s = validation_scenario(d, "v.json", v, c);
    const supervisor_env quits{[&](double, double) { return silent; }, [] { return 0.0; }, [](double) {}};
    philox_stream e(rng_seed(1), trial_index(0), stream_id(0)), w(rng_seed(1), trial_index(0), stream_id(1));
    CHECK_THROWS_WITH_AS(supervise(s, s.candidates[1], v, c, e, w, quits),
                         doctest::Contains("exited 0 after step 0 of 205"), value_error);
}

TEST_CASE("the bursts pool into one calibration, and their spread is the sd of log step") {
    std::vector<calibration> bursts(3, exact_calibration(fake_runner{}));
    bursts[0].step = 0.1;
    bursts[1].step = 0.12;
    bursts[2].step = 0.11;
    bursts[1].startup = 3.0;
    const speed_spread sp = spread_of(bursts);
    CHECK(sp.bursts == 3);
    CHECK(sp.step_min == 0.1);
    CHECK(sp.step_max == 0.12);
    CHECK(sp.change == doctest::Approx(0.2));
    const double m = (std::log(0.1) + std::log(0.12) + std::log(0.11)) / 3;
    const double var =
        (std::pow(std::log(0.1) - m, 2) + std::pow(std::log(0.12) - m, 2) + std::pow(std::log(0.11) - m, 2)) / 2;
    CHECK(sp.sigma == doctest::Approx(std::sqrt(var)));
    // Widened to the Student-t prediction interval of a next run: √(1 + 1/3) × t(0.95, 2) / z(0.95).
    CHECK(sp.factor_sigma == doctest::Approx(std::sqrt(var) * std::sqrt(4.0 / 3) * 2.919986 / 1.644854));
    const calibration p = pooled(bursts);
    CHECK(p.step == doctest::Approx(std::cbrt(0.1 * 0.12 * 0.11)));
    CHECK(p.startup == 1.0);  // the median: one slow start-up does not move it
    CHECK(spread_of({bursts[0]}).sigma == 0.0);
    CHECK(spread_of({bursts[0]}).factor_sigma == 0.0);
}

TEST_CASE("the prediction carries the speed spread as a lognormal per-run factor, and without one is simulate's") {
    const json d = validate_doc();
    const validate_spec v = parse_validate_spec(json_cursor(d, "v.json"));
    const calibration c = exact_calibration(fake_runner{});
    validation_options o;
    o.trials = 5000;
    o.seed = 3;
    const simulation_result flat = predict(d, "v.json", v, c, speed_spread{}, o);
    mc_options mo;
    mo.trials = 5000;
    mo.seed = 3;
    const simulation_result direct = simulate(validation_scenario(d, "v.json", v, c), mo);
    CHECK(flat.candidates[0].makespan_hours.mean == direct.candidates[0].makespan_hours.mean);
    CHECK(flat.candidates[1].makespan_hours.p95 == flat.candidates[1].makespan_hours.p05);  // on demand: one point

    // Five bursts of sd 0.1 in log: the factor's 90 % interval is the Student-t prediction
    // interval of a next run, exp(±0.1 × √(1 + 1/5) × t(0.95, 4)).
    std::vector<calibration> five(5, c);
    for (int b = 0; b < 5; ++b) five[b].step = c.step * std::exp(0.1 * (b - 2) / std::sqrt(2.5));
    const speed_spread sp = spread_of(five);
    CHECK(sp.sigma == doctest::Approx(0.1));
    const double t_half = 0.1 * std::sqrt(1.2) * 2.131847;
    CHECK(speed_factor(sp, 0.95) == doctest::Approx(std::exp(t_half)).epsilon(1e-6));
    CHECK(speed_factor(sp, 0.5) == doctest::Approx(1.0));
    const simulation_result noisy = predict(d, "v.json", v, c, sp, o);
    // On demand every time scales with the factor: block g (100 trials of the 5000) is the
    // fixed run times the factor at (g + ½) / 50, so P95 is block 47's (p = 0.95).
    const double fixed = flat.candidates[1].makespan_hours.p50;
    const summary& od = noisy.candidates[1].makespan_hours;
    CHECK(od.p50 == doctest::Approx(fixed).epsilon(0.01));
    CHECK(od.p95 / fixed == doctest::Approx(std::exp(t_half)).epsilon(0.002));
    CHECK(od.p05 / fixed == doctest::Approx(std::exp(-t_half)).epsilon(0.002));
    const double fs = sp.factor_sigma;
    CHECK(od.mean / fixed == doctest::Approx(std::exp(fs * fs / 2)).epsilon(0.005));
    // Wider than a lognormal of the bursts' own sd would make it.
    CHECK(od.p95 / fixed > std::exp(0.1 * 1.6449) * 1.05);
    // One burst has no spread to carry.
    CHECK(predict(d, "v.json", v, c, spread_of({c}), o).candidates[0].cost.p95 == flat.candidates[0].cost.p95);
    // Spot widens too, and the same seed gives the same bytes.
    CHECK(noisy.candidates[0].makespan_hours.p95 > flat.candidates[0].makespan_hours.p95);
    CHECK(predict(d, "v.json", v, c, sp, o).candidates[0].cost.p95 == noisy.candidates[0].cost.p95);
    // Three bursts a hundred times apart: the slowest speed they allow cannot finish between
    // interruptions, and the error says it is the bursts' spread, not the file.
    std::vector<calibration> three(3, c);
    three[0].step = 0.01;
    three[2].step = 1.0;
    const speed_spread wild = spread_of(three);
    CHECK_THROWS_WITH_AS(predict(d, "v.json", v, c, wild, o),
                         doctest::Contains("v.json: /validate: calibration bursts close enough in speed to predict "
                                           "from: their steps (0.01 to 1 s, 3 bursts)"),
                         input_error);
}
