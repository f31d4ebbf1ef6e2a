// costsim/io/result_json.hpp — the engines' results as documents: `simulate --json` and
// --csv, `replay --json`, `plan --json` and the published-study comparison, as SPEC.md
// shapes them.
//
// Numbers that are not finite (no trial finished) are null; money amounts of the study
// comparison are decimal strings.
#pragma once

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>

#include "costsim/engine/candidate_result.hpp"
#include "costsim/engine/monte_carlo.hpp"
#include "costsim/engine/replay.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/plan/plan.hpp"
#include "costsim/plan/study_check.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// {"mean", "stderr", "ci95", "p05", "p50", "p95", "p99", "min", "max"}; a value that is not
/// finite (no trial finished) is null.
json to_json(const summary& s);
/// An interruption model and its (fitted) parameters, for plan output.
json to_json(const interruption_spec& i);
/// SPEC.md's `simulate --json` object.
json to_json(const simulation_result& r);
/// One row per candidate, a header line first.
std::string to_csv(const simulation_result& r);
/// `plan --csv`: the ranked rows (the same list as `plan --json` and the table), one per
/// row, a header line first: rank, offer, zones, market, policy, GPUs, checkpoint, runtime
/// and its source, cost and time (mean, P95), P(deadline), pareto, recommended, currency,
/// and the GPU variant (empty unless speeds are per variant).
std::string to_csv(const plan_result& p);
/// `simulate --json`'s shape, plus trace, replays, finished/outlasted and savings.
json to_json(const replay_result& r);
/// Amounts as decimal strings.
json to_json(const study_comparison& c);
/// `simulate --json`'s shape with the plan's rows (rank, Pareto, deadline, runtime basis),
/// the work they scale from ("work": hours, source, basis), exclusions, the recommendation
/// and the study comparison.
json to_json(const plan_result& p);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline json to_json(const summary& s) {
    auto num = [](double x) -> json { return std::isfinite(x) ? json(x) : json(nullptr); };
    return json{
        {"mean", num(s.mean)}, {"stderr", num(s.std_error)}, {"ci95", json::array({num(s.ci95_lo), num(s.ci95_hi)})},
        {"p05", num(s.p05)},   {"p50", num(s.p50)},          {"p95", num(s.p95)},
        {"p99", num(s.p99)},   {"min", num(s.min)},          {"max", num(s.max)}};
}

inline json to_json(const interruption_spec& i) {
    json j{{"model", std::string(to_string(i.kind()))},
           {"source", std::string(risk_source(i))},
           {"rate_per_hour", i.rate().per_hour()}};
    if (!i.proxy.empty()) j["proxy"] = i.proxy;
    auto sessions = [&](const resampled_sessions& r) {
        j["lifetimes"] = r.lifetimes.size();
        j["mean_lifetime_hours"] = i.mtbi().count();
        j["outages"] = r.outages.size();
        j["mean_outage_hours"] = i.mean_outage().count();
    };
    if (const auto* a = std::get_if<spot_models::advisor>(&i.model)) {
        if (a->band) {
            j["advisor_band"] = std::string(advisor_band_text(*a->band));
            if (!a->as_of.empty()) j["advisor_as_of"] = a->as_of;
        }
        if (a->shape && !a->shape->lifetimes.empty()) sessions(*a->shape);
    }
    if (const auto* t = std::get_if<spot_models::trace_fit>(&i.model)) {
        j["file"] = std::filesystem::path(t->trace.file).filename().string();
        sessions(t->trace);
        j["availability"] = t->trace.availability;
    }
    if (i.lifetime) j["lifetime_hours"] = i.lifetime->count();
    if (i.notice) j["notice_hours"] = i.notice->count();
    return j;
}

namespace detail {
// A replay candidate's sessions in the first window: hours from the window's start.
inline json first_window_json(const replay_candidate& rc) {
    json ss = json::array();
    for (const auto& x : rc.first_window_sessions)
        ss.push_back(json{{"start_hours", static_cast<double>(x.start_us) / 3.6e9},
                          {"end_hours", static_cast<double>(x.end_us) / 3.6e9},
                          {"market", std::string(to_string(x.kind))}});
    return json{{"outlasted", rc.first_window_outlasted}, {"sessions", ss}};
}

// What simulate's and replay's candidates begin with, in this order: which candidate it is,
// then cost, makespan and billed hours.
inline json candidate_head(const candidate_result& c) {
    return json{{"offer", c.offer},
                {"market", std::string(to_string(c.market))},
                {"policy", std::string(to_string(c.policy))},
                {"cost", to_json(c.cost)},
                {"makespan_hours", to_json(c.makespan_hours)},
                {"billed_hours", {{"mean", c.billed_hours.mean}, {"stderr", c.billed_hours.std_error}}}};
}
}  // namespace detail

inline json to_json(const simulation_result& r) {
    json cands = json::array();
    for (const auto& c : r.candidates) {
        json j = detail::candidate_head(c);
        j["checkpoint"] = {{"every_hours", c.checkpoint.every.count()},
                           {"cost_hours", c.checkpoint.cost.count()},
                           {"rule", std::string(to_string(c.checkpoint.rule))}};
        j["interruptions"] = {{"mean", c.interruptions_mean}};
        j["spot_work_fraction"] = c.spot_work_fraction;
        j["quantiles"] = {{"cost", c.cost_quantiles}, {"makespan_hours", c.makespan_quantiles}};
        j["deadline_met"] = c.deadline_met;
        if (c.trials) j["trials"] = c.trials;  // each candidate ran to its own target
        if (c.failover_zones > 1) j["failover"] = {{"zones", c.failover_zones}, {"relaunch_hours", c.relaunch.count()}};
        cands.push_back(j);
    }
    json out{{"scenario", r.scenario}, {"trials", r.trials}, {"seed", r.seed}, {"currency", r.currency}};
    out["deadline_hours"] = r.deadline_hours ? json(*r.deadline_hours) : json(nullptr);
    // Only past mc_options::exact_quantiles_up_to: how the quantiles were estimated.
    if (r.sketch_relative_error)
        out["quantile_method"] = {{"method", "ddsketch"}, {"relative_error", *r.sketch_relative_error}};
    out["candidates"] = cands;
    return out;
}

inline std::string to_csv(const simulation_result& r) {
    std::ostringstream o;
    o.precision(17);
    o << "offer,market,policy,checkpoint_every_hours,checkpoint_cost_hours";
    for (const char* m : {"cost", "makespan_hours"})
        for (const char* f : {"mean", "stderr", "ci95_lo", "ci95_hi", "p05", "p50", "p95", "p99", "min", "max"})
            o << "," << m << "_" << f;
    o << ",billed_hours_mean,interruptions_mean,deadline_met,currency,trials,seed\n";
    auto csv_field = [](const std::string& s) {
        if (s.find_first_of(",\"\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return q + "\"";
    };
    for (const auto& c : r.candidates) {
        o << csv_field(c.offer) << "," << to_string(c.market) << "," << to_string(c.policy) << ","
          << c.checkpoint.every.count() << "," << c.checkpoint.cost.count();
        for (const summary* s : {&c.cost, &c.makespan_hours})
            for (double v :
                 {s->mean, s->std_error, s->ci95_lo, s->ci95_hi, s->p05, s->p50, s->p95, s->p99, s->min, s->max})
                o << "," << v;
        o << "," << c.billed_hours.mean << "," << c.interruptions_mean << ",";
        o << c.deadline_met;
        o << "," << r.currency << "," << r.trials << "," << r.seed << "\n";
    }
    return o.str();
}

inline json to_json(const replay_result& r) {
    json cands = json::array();
    for (const auto& rc : r.candidates) {
        const auto& c = rc.stats;
        if (rc.finished == 0) {
            cands.push_back(json{{"offer", c.offer},
                                 {"market", std::string(to_string(c.market))},
                                 {"policy", std::string(to_string(c.policy))},
                                 {"cost", nullptr},
                                 {"makespan_hours", nullptr},
                                 {"deadline_met", c.deadline_met},
                                 {"finished", 0},
                                 {"outlasted", rc.outlasted},
                                 {"first_window", detail::first_window_json(rc)}});
            continue;
        }
        json j = detail::candidate_head(c);
        j["interruptions"] = {{"mean", c.interruptions_mean}};
        j["spot_work_fraction"] = c.spot_work_fraction;
        j["deadline_met"] = c.deadline_met;
        j["finished"] = rc.finished;
        j["outlasted"] = rc.outlasted;
        j["quantiles"] = {{"cost", c.cost_quantiles}, {"makespan_hours", c.makespan_quantiles}};
        j["saving_vs_on_demand"] = rc.saving_vs_on_demand ? json(*rc.saving_vs_on_demand) : json(nullptr);
        j["first_window"] = detail::first_window_json(rc);
        cands.push_back(j);
    }
    json out{{"scenario", r.scenario},
             {"trace", r.trace},
             {"gap_seconds", static_cast<double>(r.gap.count()) / 1e6},
             {"trace_ticks", r.trace_ticks},
             {"windows", r.windows_from},
             {"replays", r.replays},
             {"currency", r.currency},
             {"work_hours", r.work.count()}};
    out["deadline_hours"] = r.deadline_hours ? json(*r.deadline_hours) : json(nullptr);
    out["candidates"] = cands;
    // What a report draws: the first window of the trace as runs of availability, hours from
    // its start (each candidate's "first_window" holds its sessions in that window).
    const double gap_h = to_fast_hours(r.gap).count();
    json runs = json::array();
    for (const auto& a : r.spot_runs)
        runs.push_back(json{{"start_hours", static_cast<double>(a.start) * gap_h},
                            {"end_hours", static_cast<double>(a.end) * gap_h},
                            {"available", a.available}});
    out["first_window"] = {{"start_hours", static_cast<double>(r.first_window.start) * gap_h},
                           {"end_hours", static_cast<double>(r.first_window.end) * gap_h},
                           {"availability", runs}};
    return out;
}

inline std::string to_csv(const plan_result& p) {
    std::ostringstream o;
    o.precision(17);
    o << "rank,offer,zones,market,policy,failover_zones,gpus,checkpoint_rule,checkpoint_every_hours,runtime_hours,"
         "runtime_source,"
         "cost_mean,cost_p95,time_mean_hours,time_p95_hours,p_deadline,pareto,recommended,currency,gpu_variant\n";
    auto field = [](const std::string& s) {
        if (s.find_first_of(",\"\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return q + "\"";
    };
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
        const plan_row& row = p.rows[i];
        const candidate_result& c = p.result_of(row);
        const candidate& k = p.expanded.candidates[row.candidate_index];
        o << i + 1 << "," << field(c.offer) << "," << 1 + k.identical_offers.size() << "," << to_string(c.market) << ","
          << to_string(c.policy) << "," << c.failover_zones << "," << p.candidate_of(row).gpus_used << ","
          << to_string(c.checkpoint.rule) << "," << c.checkpoint.every.count() << ","
          << to_fast_hours(p.expanded.work_of(k)).count() << "," << to_string(k.runtime.source) << "," << c.cost.mean
          << "," << c.cost.p95 << "," << c.makespan_hours.mean << "," << c.makespan_hours.p95 << ",";
        if (p.simulation.deadline_hours) o << c.deadline_met;
        o << "," << (row.pareto ? "true" : "false") << "," << (p.recommended && *p.recommended == i ? "true" : "false")
          << "," << p.simulation.currency << ","
          << (p.expanded.variants ? field(p.expanded.speed_key(p.expanded.offer_of(k))) : std::string()) << "\n";
    }
    return o.str();
}

inline json to_json(const study_comparison& c) {
    json rows = json::array();
    for (const auto& r : c.rows)
        rows.push_back({{"offer", r.offer},
                        {"note", r.note},
                        {"currency", r.currency},
                        {"published", r.published},
                        {"costsim_exact", to_decimal_string(r.costsim_exact)},
                        {"costsim_at_published_precision", r.costsim_at_precision},
                        {"agrees", r.agrees},
                        {"runtime_hours", to_fast_hours(r.runtime).count()},
                        {"runtime_source", to_string(r.basis.source)},
                        {"runtime_basis", r.basis.basis}});
    json claims = json::array();
    for (const auto& k : c.claims) claims.push_back({{"claim", k.claim}, {"holds", k.holds}, {"evidence", k.evidence}});
    return {{"study", c.study}, {"source", c.source}, {"rows", rows}, {"conclusions", claims}};
}

inline json to_json(const plan_result& p) {
    json base = to_json(p.simulation);
    json rows = json::array();
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
        const plan_row& row = p.rows[i];
        json c = base["candidates"][row.candidate_index];
        const candidate& k = p.expanded.candidates[row.candidate_index];
        c["rank"] = i + 1;
        c["recommended"] = p.recommended && *p.recommended == i;
        c["zones"] = 1 + k.identical_offers.size();
        if (!k.identical_offers.empty()) {
            json same = json::array();
            for (std::size_t oi : k.identical_offers) same.push_back(p.expanded.offers.offers[oi].id);
            c["identical_offers"] = same;
        }
        c["gpus_used"] = p.candidate_of(row).gpus_used;
        if (p.expanded.variants) c["gpu_variant"] = p.expanded.speed_key(p.expanded.offer_of(k));
        // When the offer's prices are from (a catalog of several sources dates its offers apart).
        if (p.expanded.offers.as_of.ok())
            c["prices_as_of"] = to_string(p.expanded.offers.prices_as_of(p.expanded.offer_of(k)));
        c["speedup"] = p.candidate_of(row).speedup;
        c["pareto"] = row.pareto;
        c["meets_deadline_95"] = row.meets_deadline;
        c["runtime"] = {{"hours", to_fast_hours(p.expanded.work_of(k)).count()},
                        {"source", to_string(k.runtime.source)},
                        {"basis", k.runtime.basis}};
        if (k.market == market_kind::spot) c["interruption_model"] = to_json(k.interruptions);
        if (!k.failover_offers.empty()) {  // the zones, in the order tried
            json zs = json::array();
            for (std::size_t oi : k.failover_offers) zs.push_back(p.expanded.offers.offers[oi].id);
            c["failover"]["offers"] = zs;
        }
        rows.push_back(c);
    }
    base["candidates"] = rows;
    // The work every runtime above is scaled from, and where it comes from (for a job stated
    // by its size: the estimate's range and the end planned).
    base["work"] = {{"hours", to_fast_hours(p.expanded.work).count()},
                    {"source", to_string(p.expanded.work_basis.source)},
                    {"basis", p.expanded.work_basis.basis}};
    json ex = json::array();
    for (const auto& e : p.excluded)
        ex.push_back(json{{"offer", e.offer},
                          {"market", e.market ? std::string(to_string(*e.market)) : std::string("*")},
                          {"reason", e.reason}});
    base["excluded"] = ex;
    base["recommended"] = p.recommended ? json(*p.recommended + 1) : json(nullptr);
    base["deadline_confidence"] = deadline_confidence;
    // The named catalog's price date, for the report's "prices as of".
    if (!p.expanded.offers.name.empty() && p.expanded.offers.as_of.ok())
        base["catalog"] = {{"name", p.expanded.offers.name}, {"as_of", format_date(p.expanded.offers.as_of)}};
    if (p.study) base["study"] = to_json(*p.study);
    if (!p.sensitivity.empty()) {
        json sens = json::array();
        for (const auto& x : p.sensitivity)
            sens.push_back(json{{"factor", x.factor},
                                {"rate_per_hour", x.rate_per_hour},
                                {"cost", to_json(x.result.cost)},
                                {"makespan_hours", to_json(x.result.makespan_hours)},
                                {"deadline_met", x.result.deadline_met}});
        base["sensitivity"] = sens;
    }
    return base;
}

}  // namespace costsim
