// simulator/failover_cmd.cpp — `costsim failover STUDY`: a spot job that relaunches in the next
// zone when preempted, against single-zone spot, a deadline fallback and on-demand, replayed
// on the zones' real aligned traces and simulated by Monte Carlo over their fitted runs.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/core/stats.hpp"
#include "costsim/engine/failover.hpp"
#include "costsim/io/failover_json.hpp"
#include "failover_run.hpp"
#include "text.hpp"

namespace costsim::cli {

namespace {

json row_json(const failover_strategy& st, const failover_row& s) {
    const auto& o = s.o;
    const double f = o.finished > 0 ? static_cast<double>(o.finished) : 1.0;
    json j{{"policy", st.policy},
           {"where", st.where},
           {"runs", o.runs},
           {"finished", o.finished},
           {"deadline_met", static_cast<double>(o.met) / static_cast<double>(o.runs)},
           {"interruptions_mean", o.interruptions / f},
           {"moves_mean", o.moves / f},
           {"transfers_mean", o.transfers / f},
           {"unpriced_transfers", o.unpriced_transfers},
           {"transfer_cost_mean", o.transfer_cost / f},
           {"spot_share", o.finished > 0 ? o.spot_work_hours / (o.spot_work_hours + o.on_demand_work_hours) : 0.0}};
    auto sj = [](const std::optional<summary>& x) -> json {
        if (!x) return nullptr;
        return json{{"mean", x->mean}, {"std_error", x->std_error}, {"p50", x->p50}, {"p95", x->p95}, {"min", x->min},
                    {"max", x->max}};
    };
    j["cost"] = sj(s.cost);
    j["time_hours"] = sj(s.time);
    return j;
}

}  // namespace

bool is_failover_study(const std::string& file) {
    std::ifstream in(file);
    if (!in) return false;
    const json j = json::parse(in, nullptr, false);  // a bad file is the scenario reader's to refuse
    return !j.is_discarded() && j.is_object() && j.contains("schema") && j["schema"].is_string() &&
           j["schema"].get<std::string>() == failover_schema;
}

int run_failover(const failover_args& a) {
    failover_study study = load_failover_study(a.study);
    if (a.starts) study.replay_starts = *a.starts;
    if (a.trials) study.trials = *a.trials;
    if (a.seed) study.seed = *a.seed;
    if (!a.catalog.empty()) study.catalog = a.catalog;
    const resolved_failover r =
        resolve_failover(std::move(study), find_share_dir() + "/pricing_data/gpu_cloud_2026.json");
    const failover_study& s = r.study;
    const failover_run run = run_failover_study(r);
    const auto& ss = run.strategies;
    const auto& windows = run.windows;
    const std::int64_t mc_horizon = run.mc_horizon;

    if (a.json) {
        json j{{"schema", "costsim.failover_result/v1"},
               {"study", s.name},
               {"file", s.file},
               {"currency", r.currency},
               {"work_hours", to_fast_hours(s.work).count()},
               {"deadline_hours", s.deadline ? json(to_fast_hours(*s.deadline).count()) : json(nullptr)},
               {"order", std::string(to_string(s.order))},
               {"changeover", format_duration(s.changeover)},
               {"relaunch", format_duration(s.relaunch)},
               {"checkpoint_gb", s.checkpoint_gb}};
        json zones = json::array();
        for (std::size_t i = 0; i < r.zones.size(); ++i) {
            const auto& z = r.zones[i];
            zones.push_back({{"name", s.zones[i].name},
                             {"offer", z.of->id},
                             {"region", z.region},
                             {"price_proxy", z.price_proxy},
                             {"spot_per_hour", z.spot.value()},
                             {"on_demand_per_hour", z.on_demand ? json(z.on_demand->value()) : json(nullptr)},
                             {"prices_as_of", z.price_date},
                             {"trace", z.trace.name()},
                             {"sense", std::string(to_string(z.trace.sense()))},
                             {"availability", z.availability},
                             {"lifetimes", z.runs.lifetimes.size()},
                             {"outages", z.runs.outages.size()}});
        }
        j["zones"] = zones;
        json rep = json::array(), mc = json::array();
        for (std::size_t i = 0; i < ss.size(); ++i) {
            rep.push_back(row_json(ss[i], run.replayed[i]));
            mc.push_back(row_json(ss[i], run.simulated[i]));
        }
        if (a.part != failover_part::monte_carlo) j["replay"] = {{"windows", windows.size()}, {"rows", rep}};
        if (a.part != failover_part::replay)
            j["monte_carlo"] = {{"trials", s.trials}, {"seed", s.seed}, {"horizon_ticks", mc_horizon}, {"rows", mc}};
        std::cout << j.dump() << "\n" << std::flush;
        return 0;
    }

    std::string out = bold("costsim failover: " + s.name) + "\n";
    out += wrap(fmt::format("job: {} of work (stated){}; every new instance spends {} before it makes progress, {} "
                            "more in another zone",
                            format_duration(s.work), s.deadline ? ", deadline " + format_duration(*s.deadline) : "",
                            format_duration(s.changeover), format_duration(s.relaunch)),
                "  ");
    text_table zt({{"zone", align::left},
                   {"instance", align::left},
                   {"spot/h", align::right},
                   {"on-demand/h", align::right},
                   {"spot available", align::right},
                   {"trace (real data)", align::left}});
    std::vector<std::string> dates;
    for (std::size_t i = 0; i < r.zones.size(); ++i) {
        const auto& z = r.zones[i];
        zt.add({s.zones[i].name + (i == 0 ? " (home)" : ""), z.of->instance + (z.price_proxy ? " PROXY" : ""),
                fmt::format("{:.4g}", z.spot.value()), z.on_demand ? fmt::format("{:.4g}", z.on_demand->value()) : "-",
                fmt::format("{:.1f} %", 100 * z.availability), z.trace.name()});
        if (std::find(dates.begin(), dates.end(), z.price_date) == dates.end()) dates.push_back(z.price_date);
    }
    out += fmt::format("  zones, tried in {} order; on-demand and the deadline fallback run in the home zone:\n",
                       to_string(s.order));
    out += zt.render("    ");
    std::string dl;
    for (const auto& d : dates) dl += (dl.empty() ? "" : "; ") + d;
    out += wrap(fmt::format("prices in {} from catalog \"{}\" ({}); traces read as {}", r.currency, r.cat.name, dl,
                            to_string(r.zones[0].trace.sense())),
                "    ");
    // How region-level ids were matched, once per id.
    std::vector<std::pair<std::string, std::string>> notes;  // note, zones
    for (std::size_t i = 0; i < r.zones.size(); ++i) {
        if (r.zones[i].lookup_note.empty()) continue;
        auto it =
            std::find_if(notes.begin(), notes.end(), [&](const auto& n) { return n.first == r.zones[i].lookup_note; });
        if (it == notes.end())
            notes.emplace_back(r.zones[i].lookup_note, s.zones[i].name);
        else
            it->second += ", " + s.zones[i].name;
    }
    for (const auto& [note, zs] : notes) out += wrap(note + " (for " + zs + ")", "    ");
    for (std::size_t i = 0; i < r.zones.size(); ++i) {
        if (r.zones[i].price_proxy)
            out += wrap(s.zones[i].name + ": the catalog has no " + r.zones[i].of->instance + " in " +
                            r.zones[i].region + "; priced as " + r.zones[i].of->id + ", a PROXY",
                        "    ");
    }
    if (s.checkpoint_gb > 0) {
        // Egress prices grouped: "0.08 USD/GB out of every zone's region" when they agree.
        std::vector<std::pair<std::string, std::string>> eg;  // price text, zones
        std::size_t unpriced = 0;
        for (const auto& z : s.zones) {
            if (!z.egress_per_gb) {
                ++unpriced;
                continue;
            }
            const std::string p = fmt::format("{:.4g}", to_double(*z.egress_per_gb));
            auto it = std::find_if(eg.begin(), eg.end(), [&](const auto& e) { return e.first == p; });
            if (it == eg.end())
                eg.emplace_back(p, z.name);
            else
                it->second += ", " + z.name;
        }
        std::string et;
        for (const auto& [p, zs] : eg)
            et += (et.empty() ? "" : "; ") + p + " " + r.currency + "/GB out of " +
                  (eg.size() == 1 && unpriced == 0 ? std::string("every zone's region") : zs);
        out += wrap(fmt::format("checkpoint {:.4g} GB, moved when the region changes; egress (stated in the study): "
                                "{}{}",
                                s.checkpoint_gb, et.empty() ? "none" : et,
                                unpriced ? fmt::format(" ({} zones without a price: their moves are counted, not "
                                                       "charged)",
                                                       unpriced)
                                         : ""),
                    "  ");
    }
    if (a.part != failover_part::monte_carlo) {
        out += "\n" +
               bold(fmt::format("replayed on the real traces: {} windows, starts spread evenly, each to the "
                                "traces' end ({} ticks of {})",
                                windows.size(), r.ticks, format_duration(r.gap))) +
               "\n";
        out += failover_table(run, run.replayed, s.deadline.has_value());
    }
    if (a.part != failover_part::replay) {
        out += "\n" +
               bold(fmt::format("Monte Carlo: {} trials, seed {}; each zone's own spot lifetimes and outages", s.trials,
                                s.seed)) +
               "\n";
        out += wrap(
            "resampled from its trace, zones independent of each other, each entered at a random stationary "
            "point; every row sees the same drawn zones",
            "  ");
        out += failover_table(run, run.simulated, s.deadline.has_value());
    }
    if (a.part != failover_part::both)
        out += wrap(fmt::format("(a failover study: `costsim failover {}` gives the {} too)", a.study,
                                a.part == failover_part::replay ? "Monte Carlo" : "replay"),
                    "  ");
    out += wrap(fmt::format("costs in {}: every session billed by its zone's rule at its zone's price, plus the "
                            "checkpoint's egress. moves: relaunches in another zone. A run not finished when the "
                            "traces end (replay) or after {:.0f} h (Monte Carlo) is left out of cost and time and "
                            "counts as a missed deadline.",
                            r.currency, to_fast_hours(usec(mc_horizon * r.gap.count())).count()),
                "  ");
    std::cout << out << std::flush;
    return 0;
}

// `costsim failover`: its options, registered on the app; run when named.
command add_failover(CLI::App& app) {
    auto fa = std::make_shared<failover_args>();
    auto* cmd = app.add_subcommand(
        "failover", "a spot job relaunched in the next zone when preempted, against single-zone spot and on-demand");
    cmd->add_option("study", fa->study, "failover study (costsim.failover/v1)")->required();
    cmd->add_option("--catalog", fa->catalog,
                    "catalog of the zones' offers (default: the study's, else the bundled 2026 one)");
    cmd->add_option("--starts", fa->starts, "replay windows (default the study's, else 40)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000}));
    cmd->add_option("--trials", fa->trials, "Monte Carlo trials (default the study's, else 4000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10000000}));
    cmd->add_option("--seed", fa->seed, "Monte Carlo seed (default the study's, else 1)");
    cmd->add_flag("--json", fa->json, "one JSON object");
    return {cmd, [fa] { return run_failover(*fa); }};
}

}  // namespace costsim::cli
