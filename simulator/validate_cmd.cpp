// simulator/validate_cmd.cpp — `costsim validate SCENARIO --runs K`: the prediction of
// validate.hpp against real interrupted-and-resumed costsim-bench runs. This file is only
// the operating-system shell: it finds the runner, starts it, reads its progress lines,
// signals it at the drawn times and renders the result; the logic is validate.hpp's.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "commands.hpp"
#include "costsim/io/measurement_json.hpp"
#include "costsim/measurement.hpp"
#include "costsim/runner_protocol.hpp"
#include "costsim/streams.hpp"
#include "costsim/validate.hpp"
#include "text.hpp"

namespace costsim::cli {
namespace {

namespace fs = std::filesystem;

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// --bench, else $COSTSIM_BENCH, else beside this executable (installed, or the build tree's
// bench_adapter/), else on PATH.
std::string find_bench(const std::string& given) {
    if (!given.empty()) {
        if (::access(given.c_str(), X_OK) != 0)
            throw input_error("command line", "--bench", "an executable costsim-bench, got " + given);
        return given;
    }
    if (const char* e = std::getenv("COSTSIM_BENCH"); e && *e) return find_bench(e);
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec).parent_path();
    for (const fs::path& p : {self / "costsim-bench", self / ".." / "bench_adapter" / "costsim-bench"})
        if (!ec && ::access(p.c_str(), X_OK) == 0) return p.string();
    if (const char* path = std::getenv("PATH")) {
        std::stringstream ss(path);
        for (std::string dir; std::getline(ss, dir, ':');)
            if (const fs::path p = fs::path(dir) / "costsim-bench"; ::access(p.c_str(), X_OK) == 0) return p.string();
    }
    throw input_error(
        "command line", "--bench",
        "the costsim-bench runner (built with -DCOSTSIM_WITH_TORCH=ON; pass --bench PATH or set COSTSIM_BENCH)");
}

// Starts the runner, signals it at the given times (seconds since its spawn) and records
// its `costsim-bench: progress` lines as they come.
session_trace launch(const std::vector<std::string>& argv, double term_at, double kill_at) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        ::dup2(fds[1], STDERR_FILENO);
        const int null = ::open("/dev/null", O_WRONLY);
        if (null >= 0) ::dup2(null, STDOUT_FILENO);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(fds[1]);
    session_trace t;
    bool termed = false, killed = false;
    std::string buf;
    std::deque<std::string> last_words;
    auto take_line = [&](const std::string& line, double at) {
        const auto p = runner::parse_progress_line(line);
        if (!p) {
            last_words.push_back(line);
            if (last_words.size() > 2) last_words.pop_front();
            return;
        }
        switch (p->event) {
            case runner::progress_event::ready: t.ready = at, t.first_step = p->step; break;
            case runner::progress_event::step: t.steps.emplace_back(p->step, at); break;
            case runner::progress_event::checkpoint: t.checkpoints.emplace_back(p->step, at); break;
            case runner::progress_event::stopped: break;  // the exit status says so
        }
    };
    for (bool eof = false; !eof;) {
        const double next = killed ? INFINITY : termed ? kill_at : std::min(term_at, kill_at);
        const double wait = next - seconds_since(t0);
        const int timeout = std::isfinite(wait) ? static_cast<int>(std::ceil(std::max(0.0, wait) * 1000.0)) : -1;
        pollfd p{fds[0], POLLIN, 0};
        const int rc = ::poll(&p, 1, timeout);
        const double now = seconds_since(t0);
        if (!killed && now >= kill_at) {
            ::kill(pid, SIGKILL);
            killed = true;
            t.end = now;
        } else if (!termed && !killed && now >= term_at) {
            ::kill(pid, SIGTERM);
            termed = true;
        }
        if (rc > 0) {
            char chunk[4096];
            const ssize_t got = ::read(fds[0], chunk, sizeof chunk);
            if (got <= 0) {
                eof = true;
            } else {
                buf.append(chunk, static_cast<std::size_t>(got));
                for (std::size_t nl; (nl = buf.find('\n')) != std::string::npos; buf.erase(0, nl + 1))
                    take_line(buf.substr(0, nl), now);
            }
        }
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!killed) t.end = seconds_since(t0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        t.how = session_end::completed;
    else if (WIFEXITED(status) && WEXITSTATUS(status) == runner::exit_after_notice && termed)
        t.how = session_end::stopped_on_notice;
    else if (WIFSIGNALED(status) &&
             ((WTERMSIG(status) == SIGKILL && killed) || (WTERMSIG(status) == SIGTERM && termed)))
        t.how = session_end::killed;
    else {
        t.how = session_end::failed;
        t.detail = WIFEXITED(status) ? fmt::format("exit status {}", WEXITSTATUS(status))
                                     : fmt::format("signal {}", WTERMSIG(status));
        for (const auto& w : last_words) t.detail += ": " + w;
    }
    return t;
}

// A temporary folder for checkpoints and measurements, removed whatever happens.
struct scratch_dir {
    fs::path path;
    scratch_dir() {
        std::string tmpl = (fs::temp_directory_path() / "costsim-validate-XXXXXX").string();
        if (!::mkdtemp(tmpl.data())) throw std::runtime_error("cannot create a temporary folder");
        path = tmpl;
    }
    ~scratch_dir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

// `checkpoints`: on spot (an on-demand run is never interrupted, so it writes none, as predicted).
std::vector<std::string> job_argv(const std::string& bench, const validate_spec& v, std::int64_t steps,
                                  const fs::path& checkpoint, const fs::path& out, bool checkpoints = true) {
    std::vector<std::string> a{bench};
    a.insert(a.end(), v.bench.begin(), v.bench.end());
    const std::vector<std::string> common{std::string(runner::flag_steps),
                                          std::to_string(steps),
                                          std::string(runner::flag_warmup),
                                          "0",
                                          std::string(runner::flag_progress),
                                          std::string(runner::flag_output),
                                          out.string()};
    a.insert(a.end(), common.begin(), common.end());
    if (checkpoints && v.checkpoint_every > 0 && v.checkpoint_every < steps) {
        const std::vector<std::string> ck{std::string(runner::flag_checkpoint), checkpoint.string(),
                                          std::string(runner::flag_checkpoint_every),
                                          std::to_string(v.checkpoint_every), std::string(runner::flag_resume)};
        a.insert(a.end(), ck.begin(), ck.end());
    }
    return a;
}

std::string render(const validation_result& r) {
    const auto& c = r.calib;
    const double k = r.spec.time_scale;
    std::string out = fmt::format("costsim validate: {} ({} steps of `costsim-bench", r.scenario, r.spec.steps);
    for (const auto& a : r.spec.bench) out += " " + a;
    out += fmt::format("`, checkpoint every {} steps)\n", r.spec.checkpoint_every);
    out += fmt::format(
        "time scale: 1 real second stands for {:g} model seconds; interruption rates, restart delays and "
        "billing act in model time\n",
        k);
    out += fmt::format(
        "calibration ({} steps, uninterrupted): start-up {:.3f} s, step {:.4f} s, checkpoint {:.4f} s, "
        "restore {:.4f} s, tail {:.3f} s -> the job alone: {:.1f} s\n\n",
        c.steps, c.startup, c.step, c.checkpoint, c.restore, c.tail, c.job_seconds(r.spec));
    for (const auto& row : r.rows) {
        const auto& p = row.predicted;
        out += bold(fmt::format("{} {} {}", p.offer, to_string(p.market), to_string(p.policy))) + "\n";
        out += fmt::format(
            "  predicted ({} trials): wall {:.1f} s [P05 {:.1f}, P95 {:.1f}]; makespan {:.3f} h [{:.3f}, {:.3f}]; "
            "billed {:.3f} h; cost {:.4f} {} [{:.4f}, {:.4f}]; interruptions {:.2f}\n",
            r.trials, p.makespan_hours.mean * 3600 / k, p.makespan_hours.p05 * 3600 / k,
            p.makespan_hours.p95 * 3600 / k, p.makespan_hours.mean, p.makespan_hours.p05, p.makespan_hours.p95,
            p.billed_hours.mean, p.cost.mean, r.currency, p.cost.p05, p.cost.p95, p.interruptions_mean);
        text_table t({{"run", align::right},
                      {"wall s", align::right},
                      {"makespan h", align::right},
                      {"billed h", align::right},
                      {"cost " + r.currency, align::right},
                      {"interruptions", align::right},
                      {"sessions", align::right},
                      {"inside P05-P95", align::left}});
        int i = 0;
        for (const auto& run : row.runs) {
            const double cost = to_double(run.cost.amount());
            const bool in = within_p05_p95(p.makespan_hours, run.model_makespan_hours);
            t.add({std::to_string(++i), fmt::format("{:.1f}", run.wall),
                   fmt::format("{:.3f}", run.model_makespan_hours), fmt::format("{:.3f}", run.model_billed_hours),
                   fmt::format("{:.4f}", cost), std::to_string(run.interruptions), std::to_string(run.sessions.size()),
                   in ? "yes" : "no"});
        }
        t.add({"mean", fmt::format("{:.1f}", row.real_makespan_mean * 3600 / k),
               fmt::format("{:.3f}", row.real_makespan_mean), fmt::format("{:.3f}", row.real_billed_mean),
               fmt::format("{:.4f}", row.real_cost_mean), "", "", ""});
        out += t.render();
        out += fmt::format(
            "  error of the predicted mean: makespan {:+.1f} %, cost {:+.1f} %; inside the predicted 90 % "
            "interval: makespan {} of {}, cost {} of {}\n\n",
            100 * row.makespan_error, 100 * row.cost_error, row.makespan_inside, row.runs.size(), row.cost_inside,
            row.runs.size());
    }
    return out;
}

}  // namespace

int run_validate(const validate_args& a) {
    const json doc = load_json_file(a.scenario);
    const json_cursor root(doc, a.scenario);
    validate_spec spec = parse_validate_spec(root);
    if (a.time_scale > 0) spec.time_scale = a.time_scale;
    const std::string bench = find_bench(a.bench);
    scratch_dir dir;

    // 1. calibrate
    const std::int64_t cal_steps = spec.calibration_steps;
    const auto cal_trace =
        launch(job_argv(bench, spec, cal_steps, dir.path / "calibration.pt", dir.path / "calibration.json"), INFINITY,
               INFINITY);
    if (cal_trace.how == session_end::failed)
        throw input_error(a.scenario, "/validate/bench",
                          "flags costsim-bench runs with (its calibration run failed: " + cal_trace.detail + ")");
    const auto ms = load_measurements((dir.path / "calibration.json").string());
    const double restore = ms.front().checkpoint ? ms.front().checkpoint->restore_seconds : 0.0;
    validation_result res;
    res.calib = calibrate(cal_trace, restore);
    try {
        size_job(spec, res.calib);
    } catch (const value_error& e) {
        throw input_error(a.scenario, "/validate", e.what());
    }
    res.spec = spec;

    // 2. predict, with the library's Monte Carlo engine
    const scenario s = validation_scenario(doc, a.scenario, spec, res.calib);
    mc_options o;
    o.trials = a.trials;
    o.seed = a.seed;
    const simulation_result pred = simulate(s, o);
    res.scenario = s.name;
    res.currency = pred.currency;
    res.trials = a.trials;
    res.seed = a.seed;

    // 3. run for real, 4. compare
    const auto t_origin = std::chrono::steady_clock::now();
    for (std::size_t ki = 0; ki < s.candidates.size(); ++ki) {
        const candidate& k = s.candidates[ki];
        std::vector<real_run> runs;
        for (std::uint64_t run = 0; run < a.runs; ++run) {
            const fs::path ckpt = dir.path / fmt::format("run-{}-{}.pt", ki, run);
            const auto argv = job_argv(bench, spec, spec.steps, ckpt, dir.path / fmt::format("run-{}-{}.json", ki, run),
                                       k.policy == policy_kind::spot_only);
            supervisor_env env{[&](double term, double kill) { return launch(argv, term, kill); },
                               [&] { return seconds_since(t_origin); },
                               [](double sec) {
                                   if (sec > 0) std::this_thread::sleep_for(std::chrono::duration<double>(sec));
                               }};
            const auto id = static_cast<std::uint32_t>(ki);
            philox_stream events(rng_seed(a.seed), trial_index(run), streams::real_run_events(id));
            philox_stream waits(rng_seed(a.seed), trial_index(run), streams::real_run_waits(id));
            runs.push_back(supervise(s, k, spec, res.calib, events, waits, env));
            std::cerr << fmt::format("costsim validate: candidate {} run {}/{}: {:.1f} s, {} interruptions\n", ki + 1,
                                     run + 1, a.runs, runs.back().wall, runs.back().interruptions);
        }
        res.rows.push_back(compare(pred.candidates[ki], std::move(runs)));
    }
    std::cout << (a.json ? to_json(res).dump(2) + "\n" : render(res)) << std::flush;
    return 0;
}

}  // namespace costsim::cli
