// simulator/trace_stats_cmd.cpp — `costsim trace-stats FILE`: what a spot trace says.
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/io/trace_json.hpp"
#include "costsim/models/trace.hpp"
#include "text.hpp"

namespace costsim::cli {

int run_trace_stats(const trace_stats_args& a) {
    spot_trace t = load_spot_trace(a.trace, a.sense);
    trace_stats s = compute_trace_stats(t);
    if (a.json) {
        json j = to_json(s);
        j["trace"] = t.name();
        j["sense"] = std::string(to_string(t.sense()));
        std::cout << j.dump() << "\n" << std::flush;
        return 0;
    }
    std::string out = bold(fmt::format("costsim trace-stats: {} — {} ticks of {} ({:.2f} h)", t.name(), s.ticks,
                                       format_duration(s.gap), s.length.count())) +
                      "\n";
    out += fmt::format(
        "  values read as {}; spot available {:.1f} % of the ticks; {} preemptions\n",
        t.sense() == trace_sense::preempted ? "preempted (non-zero: not available)" : "obtainable instances (0: none)",
        100 * s.availability, s.preemptions);
    out += fmt::format(
        "  Poisson rate for a Monte Carlo model: {:.4f} per hour of availability (mean lifetime {:.2f} h)\n\n",
        s.poisson_rate.per_hour(), s.poisson_rate.mean_time_between().count());
    text_table tab({{"runs", align::left},
                    {"count", align::right},
                    {"cut by trace ends", align::right},
                    {"mean h", align::right},
                    {"min h", align::right},
                    {"P05 h", align::right},
                    {"P50 h", align::right},
                    {"P95 h", align::right},
                    {"max h", align::right}});
    auto row = [&](const char* name, const run_stats& r) {
        if (r.count == 0) {
            tab.add({name, "0", "0", "-", "-", "-", "-", "-", "-"});
            return;
        }
        tab.add({name, fmt::format("{}", r.count), fmt::format("{}", r.censored), fmt::format("{:.2f}", r.mean.count()),
                 fmt::format("{:.2f}", r.min.count()), fmt::format("{:.2f}", r.p05.count()),
                 fmt::format("{:.2f}", r.p50.count()), fmt::format("{:.2f}", r.p95.count()),
                 fmt::format("{:.2f}", r.max.count())});
    };
    row("spot lifetimes (available)", s.lifetimes);
    row("outages (unavailable)", s.outages);
    out += tab.render();
    std::cout << out << std::flush;
    return 0;
}

// `costsim trace-stats`: its options, registered on the app; run when named.
command add_trace_stats(CLI::App& app) {
    auto ts = std::make_shared<trace_stats_args>();
    auto* trace_stats = app.add_subcommand("trace-stats", "availability, spot lifetimes and outages of a trace");
    trace_stats->add_option("trace", ts->trace, "spot trace file")->required();
    trace_stats
        ->add_option("--sense", ts->sense_text,
                     "what the values count: preempted (Can't Be Late: non-zero = no spot, the default) or "
                     "obtainable (SpotHedge: instances obtainable, 0 = none)")
        ->check(CLI::IsMember({"preempted", "obtainable"}));
    trace_stats->add_flag("--json", ts->json, "one JSON object");
    return {trace_stats, [ts] {
                ts->sense = parse_trace_sense(ts->sense_text);
                return run_trace_stats(*ts);
            }};
}

}  // namespace costsim::cli
