// simulator/replay_cmd.cpp — `costsim replay`: every candidate on windows of a real spot trace.
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "costsim/engine/replay.hpp"
#include "text.hpp"

namespace costsim::cli {

namespace {

std::string render_text(const replay_result& r, trace_sense sense) {
    std::string out =
        bold(fmt::format("costsim replay: {} on trace {} — {} replays ({}), {} ticks of {}", r.scenario, r.trace,
                         r.replays,
                         r.windows_from == "starts" ? "evenly spread starts" : "windows of " + r.windows_from,
                         r.trace_ticks, format_duration(r.gap))) +
        "\n";
    out += fmt::format(
        "  work {:.4g} h{}; interruptions and waits for capacity from the trace, read as {}\n\n", r.work.count(),
        r.deadline_hours ? fmt::format(", deadline {:.4g} h", *r.deadline_hours) : std::string(),
        sense == trace_sense::preempted ? "preempted (non-zero: not available)" : "obtainable instances (0: none)");
    text_table t({{"offer", align::left},
                  {"market", align::left},
                  {"policy", align::left},
                  {"cost mean " + r.currency, align::right},
                  {"±95%", align::right},
                  {"P50", align::right},
                  {"P95", align::right},
                  {"saving vs OD", align::right},
                  {"time mean h", align::right},
                  {"max h", align::right},
                  {"on spot", align::right},
                  {"interrupts", align::right},
                  {"deadline met", align::right},
                  {"outlasted", align::right}});
    std::uint64_t outlasted = 0;
    for (const auto& rc : r.candidates) {
        const auto& c = rc.stats;
        outlasted += rc.outlasted;
        if (rc.finished == 0) {
            t.add({c.offer, std::string(to_string(c.market)), std::string(to_string(c.policy)), "-", "-", "-", "-", "-",
                   "-", "-", "-", "-", r.deadline_hours ? fmt::format("{:.1f} %", 100 * c.deadline_met) : "-",
                   fmt::format("{}", rc.outlasted)});
            continue;
        }
        t.add({c.offer, std::string(to_string(c.market)), std::string(to_string(c.policy)),
               fmt::format("{:.2f}", c.cost.mean),
               std::isfinite(c.cost.std_error) ? fmt::format("{:.2f}", c.cost.ci95_hi - c.cost.mean) : "-",
               fmt::format("{:.2f}", c.cost.p50), fmt::format("{:.2f}", c.cost.p95),
               rc.saving_vs_on_demand ? fmt::format("{:.1f} %", 100 * *rc.saving_vs_on_demand) : "-",
               fmt::format("{:.2f}", c.makespan_hours.mean), fmt::format("{:.2f}", c.makespan_hours.max),
               fmt::format("{:.1f} %", 100 * c.spot_work_fraction), fmt::format("{:.2f}", c.interruptions_mean),
               r.deadline_hours ? fmt::format("{:.1f} %", 100 * c.deadline_met) : "-",
               fmt::format("{}", rc.outlasted)});
    }
    out += t.render();
    if (outlasted > 0)
        out += fmt::format(
            "\n  outlasted: the job had not finished when its window (or the trace) ended; such replays are\n"
            "  not wrapped around, are left out of cost and time, and count as missed deadlines.\n");
    return out;
}

}  // namespace

int run_replay(const replay_args& a) {
    if (is_failover_study(a.scenario)) {  // replayed on its zones' own traces (failover_cmd.cpp)
        for (auto [flag, given] : {std::pair{"--trace", !a.trace.empty()},
                                   {"--windows", !a.windows.empty()},
                                   {"--deadline", !a.deadline.empty()},
                                   {"--sense", a.sense_given}})
            if (given)
                throw input_error("command line", flag,
                                  "no " + std::string(flag) + " for a failover study (its zones name their traces)");
        failover_args f;
        f.study = a.scenario;
        f.json = a.json;
        f.part = failover_part::replay;
        if (a.starts) f.starts = a.starts;
        return run_failover(f);
    }
    if (a.trace.empty()) throw input_error("command line", "--trace", "a spot trace to replay the scenario on");
    scenario s = with_plan_candidates(load_scenario(a.scenario), "replay");
    spot_trace t = load_spot_trace(a.trace, a.sense);
    replay_options o;
    std::optional<trace_windows> w;
    if (!a.windows.empty()) {
        w = load_trace_windows(a.windows);
        o.windows = &*w;
    }
    if (a.starts) o.starts = a.starts;
    if (!a.deadline.empty()) {
        o.deadline = flag_value("--deadline", [&] { return parse_duration(a.deadline); });
        if (*o.deadline < s.work)
            throw input_error("command line", "--deadline",
                              "a deadline of at least the work (" + format_duration(s.work) + ")");
    }
    replay_result r = in_context(a.scenario, "/candidates", [&] { return replay(s, t, o); });
    std::string out;
    if (a.json) {
        json j = to_json(r);
        j["sense"] = std::string(to_string(t.sense()));
        out = j.dump() + "\n";
    } else {
        out = render_text(r, t.sense());
    }
    std::cout << out << std::flush;
    return 0;
}

// `costsim replay`: its options, registered on the app; run when named.
command add_replay(CLI::App& app) {
    auto rp = std::make_shared<replay_args>();
    auto* replay = app.add_subcommand("replay", "every candidate on windows of a real spot availability trace");
    replay->add_option("scenario", rp->scenario, "costsim.scenario/v1 file, or a costsim.failover/v1 study")
        ->required();
    replay->add_option("--trace", rp->trace,
                       "spot trace {\"metadata\": {\"gap_seconds\": N}, \"data\": [...]} (not for a failover "
                       "study, whose zones name theirs)");
    auto* rp_starts = replay->add_option("--starts", rp->starts, "N start points spread over the trace (default 100)")
                          ->check(CLI::Range(1ULL, 10000000ULL));
    replay->add_option("--windows", rp->windows, "[start, end) tick windows per trace name (random_windows.json)")
        ->excludes(rp_starts);
    replay->add_option("--deadline", rp->deadline, "deadline instead of the scenario's (e.g. 52h)");
    replay
        ->add_option("--sense", rp->sense_text,
                     "what the trace's values count: preempted (Can't Be Late: non-zero = no spot, the default) or "
                     "obtainable (SpotHedge: instances obtainable, 0 = none)")
        ->check(CLI::IsMember({"preempted", "obtainable"}))
        ->each([rp](const std::string&) { rp->sense_given = true; });
    replay->add_flag("--json", rp->json, "one JSON object");
    return {replay, [rp] {
                rp->sense = parse_trace_sense(rp->sense_text);
                return run_replay(*rp);
            }};
}

}  // namespace costsim::cli
