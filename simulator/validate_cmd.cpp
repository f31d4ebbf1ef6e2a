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
#include <memory>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/core/runner_protocol.hpp"
#include "costsim/engine/validate.hpp"
#include "costsim/workflow/validation.hpp"
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

std::string render(const validation_result& r) {
    const auto& c = r.calib;
    const auto& sp = r.speed;
    const double k = r.spec.time_scale;
    std::string out = fmt::format("costsim validate: {} ({} steps of `costsim-bench", r.scenario, r.spec.steps);
    for (const auto& a : r.spec.bench) out += " " + a;
    out += fmt::format("`, checkpoint every {} steps)\n", r.spec.checkpoint_every);
    out += fmt::format(
        "time scale: 1 real second stands for {:g} model seconds;\n  interruption rates, restart delays and "
        "billing act in model time\n",
        k);
    out += fmt::format(
        "calibration ({} uninterrupted bursts of {} steps, before, between and after the real runs):\n  step "
        "{:.4f}-{:.4f} s, pooled {:.4f} s;\n  start-up {:.3f} s, checkpoint {:.4f} s, restore {:.4f} s, tail "
        "{:.3f} s -> the job alone: {:.1f} s\n",
        sp.bursts, r.spec.calibration_steps, sp.step_min, sp.step_max, c.step, c.startup, c.checkpoint, c.restore,
        c.tail, c.job_seconds(r.spec));
    out += fmt::format(
        "speed spread: the bursts' step times differ by up to {:.0f} % (sd {:.1f} % in log),\n  carried into the "
        "prediction as a lognormal per-run speed factor of sd {:.1f} %\n  (the Student-t interval of a next "
        "run, given {} bursts)\n",
        100 * sp.change, 100 * sp.sigma, 100 * sp.factor_sigma, sp.bursts);
    if (sp.change > speed_change_warning)
        out += bold(fmt::format("warning: the machine's speed changed by {:.0f} % during validation (burst steps "
                                "{:.4f} to {:.4f} s);\n  the model error below is the figure to trust",
                                100 * sp.change, sp.step_min, sp.step_max)) +
               "\n";
    out += "\n";
    for (const auto& row : r.rows) {
        const auto& p = row.predicted;
        out += bold(fmt::format("{} {} {}", p.offer, to_string(p.market), to_string(p.policy))) + "\n";
        out += fmt::format(
            "  predicted ({} trials): wall {:.1f} s [P05 {:.1f}, P95 {:.1f}];\n    makespan {:.3f} h [{:.3f}, {:.3f}]; "
            "billed {:.3f} h;\n    cost {:.4f} {} [{:.4f}, {:.4f}]; interruptions {:.2f}\n",
            r.trials, p.makespan_hours.mean * 3600 / k, p.makespan_hours.p05 * 3600 / k,
            p.makespan_hours.p95 * 3600 / k, p.makespan_hours.mean, p.makespan_hours.p05, p.makespan_hours.p95,
            p.billed_hours.mean, p.cost.mean, r.currency, p.cost.p05, p.cost.p95, p.interruptions_mean);
        text_table t({{"run", align::right},
                      {"wall s", align::right},
                      {"model s", align::right},
                      {"step s", align::right},
                      {"P10-P90", align::right},
                      {"speed", align::right},
                      {"start-up", align::right},
                      {"ckpt", align::right},
                      {"restore", align::right},
                      {"cost " + r.currency, align::right},
                      {"model", align::right},
                      {"intr", align::right},
                      {"inside", align::left}});
        auto opt = [](const std::optional<double>& x, const char* f) {
            return x ? fmt::format(fmt::runtime(f), *x) : std::string("-");
        };
        double step_sum = 0;
        for (std::size_t i = 0; i < row.runs.size(); ++i) {
            const auto& run = row.runs[i];
            const auto& s = run.speed;
            const double cost = to_double(run.cost.amount());
            const bool in = within_p05_p95(p.makespan_hours, run.model_makespan_hours);
            const real_run* m = i < row.modelled.size() ? &row.modelled[i] : nullptr;
            step_sum += s.step;
            t.add({std::to_string(i + 1), fmt::format("{:.1f}", run.wall), m ? fmt::format("{:.1f}", m->wall) : "-",
                   fmt::format("{:.4f}", s.step), fmt::format("{:.4f}-{:.4f}", s.step_p10, s.step_p90),
                   fmt::format("{:+.1f} %", 100 * (s.step / c.step - 1)), fmt::format("{:.3f}", s.startup),
                   opt(s.checkpoint, "{:.4f}"), opt(s.restore, "{:.4f}"), fmt::format("{:.4f}", cost),
                   m ? fmt::format("{:.4f}", to_double(m->cost.amount())) : "-", std::to_string(run.interruptions),
                   in ? "yes" : "no"});
        }
        const double n = static_cast<double>(std::max<std::size_t>(1, row.runs.size()));
        t.add({"mean", fmt::format("{:.1f}", row.real_makespan_mean * 3600 / k), "",
               fmt::format("{:.4f}", step_sum / n), "", fmt::format("{:+.1f} %", 100 * (step_sum / n / c.step - 1)), "",
               "", "", fmt::format("{:.4f}", row.real_cost_mean), "", "", ""});
        out += t.render();
        out += fmt::format(
            "  model: the model's run on that run's draws at its measured times; speed: its mean step against "
            "the pooled one\n");
        out += fmt::format(
            "  error of the predicted mean: makespan {:+.1f} %, cost {:+.1f} %;\n  inside the predicted 90 % "
            "interval: makespan {} of {}, cost {} of {}\n",
            100 * row.makespan_error, 100 * row.cost_error, row.makespan_inside, row.runs.size(), row.cost_inside,
            row.runs.size());
        if (row.model_makespan_error && row.model_cost_error)
            out += fmt::format("  error given each run's measured speed: makespan {:+.1f} %, cost {:+.1f} %\n",
                               100 * *row.model_makespan_error, 100 * *row.model_cost_error);
        out += "\n";
    }
    return out;
}

}  // namespace

int run_validate(const validate_args& a, const validation_options& o) {
    const json doc = load_json_file(a.scenario);
    validate_spec spec = parse_validate_spec(json_cursor(doc, a.scenario));
    if (a.time_scale > 0) spec.time_scale = a.time_scale;
    scratch_dir dir;
    const auto t0 = std::chrono::steady_clock::now();
    runner_host host{launch,
                     [t0] { return seconds_since(t0); },
                     [](double sec) {
                         if (sec > 0) std::this_thread::sleep_for(std::chrono::duration<double>(sec));
                     },
                     find_bench(a.bench),
                     dir.path.string(),
                     [&](std::size_t ki, std::uint64_t run, const real_run& r) {
                         std::cerr << fmt::format(
                             "costsim validate: candidate {} run {}/{}: {:.1f} s, {} interruptions, step {:.4f} s\n",
                             ki + 1, run + 1, o.runs, r.wall, r.interruptions, r.speed.step);
                     },
                     [](std::size_t b, const calibration& c) {
                         std::cerr << fmt::format("costsim validate: calibration burst {}: step {:.4f} s\n", b + 1,
                                                  c.step);
                     }};
    const validation_result res = run_validation(doc, a.scenario, spec, o, host);
    std::cout << (a.json ? to_json(res).dump(2) + "\n" : render(res)) << std::flush;
    return 0;
}

// `costsim validate`: its options, registered on the app; run when named.
command add_validate(CLI::App& app) {
    auto va = std::make_shared<validate_args>();
    auto vo = std::make_shared<validation_options>();
    auto* validate = app.add_subcommand("validate",
                                        "predict a costsim-bench job, then run it for real K times with "
                                        "interruptions and resumes, and compare");
    validate->add_option("scenario", va->scenario, "costsim.scenario/v1 file with a \"validate\" section")->required();
    validate->add_option("--runs", vo->runs, "real runs per candidate (default 10)")->check(CLI::Range(1ULL, 10000ULL));
    validate->add_option("--trials", vo->trials, "Monte Carlo trials of the prediction (default 20000)")
        ->check(CLI::Range(100ULL, 100000000ULL));
    validate->add_option("--seed", vo->seed, "seed of the prediction and of the real interruptions (default 1)");
    validate
        ->add_option("--burst-every", vo->burst_every,
                     "real runs between calibration bursts (default 1; a burst also comes first and last, 3 at least)")
        ->check(CLI::Range(1ULL, 10000ULL));
    validate
        ->add_option("--time-scale", va->time_scale, "model seconds per real second (default: the scenario's, else 60)")
        ->check(CLI::Range(1e-3, 1e9));
    validate->add_option("--bench", va->bench,
                         "the costsim-bench executable (default: $COSTSIM_BENCH, beside costsim, PATH)");
    validate->add_flag("--json", va->json, "one JSON object");
    return {validate, [va, vo] { return run_validate(*va, *vo); }};
}

}  // namespace costsim::cli
