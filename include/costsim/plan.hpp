// costsim/plan.hpp — "here is my job and my deadline: what should I run it on?"
//
// The planner expands what a scenario allows into candidates — every offer of its
// catalog × market × policy × checkpoint interval (fixed, Young, Daly) × GPU count
// (where the workload has a scaling efficiency) — lists those that cannot run the job
// with the reason, simulates the rest with the Monte Carlo engine, ranks them by
// expected cost, marks the cost/time Pareto frontier (expected cost vs expected time to
// solution) and recommends the cheapest candidate that meets the deadline with at least
// 95 % probability (the cheapest overall when there is no deadline).
//
// The scenario's "plan" section (every field optional):
//   "offers":   ["id", ...]                 only these offers (default: all)
//   "markets":  ["on_demand", "spot", "monthly"]   (default: all three)
//   "policies": ["spot_only", "deadline_fallback"] for spot (default: spot_only, plus
//               deadline_fallback when there is a deadline)
//   "checkpoint": {"cost": D, "every": [D | "young" | "daly", ...]} for spot (default: none)
//   "interruptions": {...}, "restart": {...}   as for a candidate (spot; restart also
//               gives on-demand runs their start-up overhead). "interruptions" may also be
//               a list of models, each for the offers it names ({"offers": [ids], ...}) or,
//               without "offers", for every other spot offer: a trace fitted per GPU/region.
//   "gpus":     [1, 2, 8]   GPU counts to try where the offer has that many (default: 1,
//               and every offer's full count when the workload has a scaling_efficiency)
// The workload's planning facts: "speed" {GPU model or "cpu": relative speed} (work is
// hours at speed 1), "published" runtimes and measurements (scenario.hpp: each offer's
// runtime comes from the best figure there is, and says which; an offer with none is
// excluded), "scaling_efficiency" e
// (n GPUs run 1 + (n − 1)·e times as fast), "gpu_memory_gib" (offers with less are
// excluded). Candidates listed explicitly in "candidates" are planned too.
#pragma once

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "costsim/monte_carlo.hpp"
#include "costsim/scenario.hpp"
#include "costsim/study_check.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct excluded_offer {
    std::string offer, market, reason;
};

struct plan_row {
    candidate_result result;
    std::size_t candidate_index;  ///< into plan_result::expanded.candidates
    int gpus_used = 1;
    double speedup = 1.0;
    bool pareto = false;
    bool meets_deadline = false;  ///< deadline met with >= 95 % probability
};

struct plan_result {
    scenario expanded;             ///< the scenario with every planned candidate
    simulation_result simulation;  ///< in candidate order
    std::vector<plan_row> rows;    ///< by expected cost, cheapest first
    std::vector<excluded_offer> excluded;
    std::optional<std::size_t> recommended;  ///< index into rows
    /// The workload's published study, its figures beside costsim's (study_check.hpp).
    std::optional<study_comparison> study;
};

/// Probability with which a recommended candidate must meet the deadline.
inline constexpr double deadline_confidence = 0.95;

/// Expands the scenario's plan (throws input_error with the JSON pointer on bad input).
scenario expand_plan(const scenario& s, std::vector<excluded_offer>& excluded);
plan_result run_plan(const scenario& s, const mc_options& o);

json to_json(const plan_result& p);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

// The plan's "interruptions": one model for every spot offer, or a list of models each for
// the offers it names ("offers": [ids]) or for all (no "offers"); the first that names an
// offer wins, else the first without "offers", else none.
struct planned_interruptions {
    std::vector<std::vector<std::string>> offers;  ///< empty: every offer
    std::vector<interruption_spec> specs;
    const interruption_spec* for_offer(const std::string& id) const {
        for (std::size_t i = 0; i < specs.size(); ++i)
            if (std::find(offers[i].begin(), offers[i].end(), id) != offers[i].end()) return &specs[i];
        for (std::size_t i = 0; i < specs.size(); ++i)
            if (offers[i].empty()) return &specs[i];
        return nullptr;
    }
};

inline planned_interruptions parse_planned_interruptions(const json_cursor& c, const catalog& cat) {
    planned_interruptions r;
    if (!c.value().is_array()) {
        r.offers.emplace_back();
        r.specs.push_back(parse_interruptions(c));
        return r;
    }
    for (const auto& e : c.elements(true)) {
        if (!e.value().is_object()) e.fail("an interruption model object");
        json spec = e.value();
        std::vector<std::string> ids;
        if (auto os = e.optional("offers")) {
            for (const auto& id : os->elements(true)) {
                ids.push_back(id.string());
                if (!cat.find(ids.back())) id.fail("an offer id of the scenario's catalog");
            }
            spec.erase("offers");
        }
        const json_cursor sc(spec, e.file(), e.pointer());
        r.offers.push_back(std::move(ids));
        r.specs.push_back(parse_interruptions(sc));
    }
    return r;
}

}  // namespace detail

inline scenario expand_plan(const scenario& s, std::vector<excluded_offer>& excluded) {
    scenario out = s;  // listed candidates already run at their offer's speed (scenario.hpp)
    if (!s.plan) return out;

    const json plan_doc = *s.plan;
    const json_cursor p(plan_doc, s.file, "/plan");
    p.expect_object({"offers", "markets", "policies", "checkpoint", "interruptions", "restart", "gpus"});

    std::vector<std::string> only;
    if (auto os = p.optional("offers"))
        for (const auto& e : os->elements(true)) {
            only.push_back(e.string());
            if (!s.offers.find(only.back())) e.fail("an offer id of the scenario's catalog");
        }
    std::vector<market_kind> markets = {market_kind::on_demand, market_kind::spot, market_kind::monthly};
    if (auto ms = p.optional("markets")) {
        markets.clear();
        for (const auto& e : ms->elements(true))
            markets.push_back(parse_market_kind(e.choice({"on_demand", "spot", "monthly"})));
    }
    std::vector<policy_kind> policies = {policy_kind::spot_only};
    if (s.deadline) policies.push_back(policy_kind::deadline_fallback);
    if (auto ps = p.optional("policies")) {
        policies.clear();
        for (const auto& e : ps->elements(true)) {
            const std::string name = e.choice({"spot_only", "deadline_fallback"});
            const policy_kind pk = name == "spot_only" ? policy_kind::spot_only : policy_kind::deadline_fallback;
            if (needs_deadline(pk) && !s.deadline) e.fail("a top-level \"deadline\" (" + name + " needs one)");
            policies.push_back(pk);
        }
    }
    detail::planned_interruptions intrs;
    if (auto i = p.optional("interruptions")) intrs = detail::parse_planned_interruptions(*i, s.offers);
    restart_model restart;
    if (auto r = p.optional("restart")) {
        try {
            restart = parse_restart(*r);
        } catch (const value_error& e) {
            r->fail(e.what());
        }
    }
    std::vector<int> gpu_counts;
    if (auto g = p.optional("gpus"))
        for (const auto& e : g->elements(true)) gpu_counts.push_back(static_cast<int>(e.integer(1, 1024)));

    for (std::size_t oi = 0; oi < s.offers.offers.size(); ++oi) {
        const offer& o = s.offers.offers[oi];
        if (!only.empty() && std::find(only.begin(), only.end(), o.id) == only.end()) continue;
        auto exclude = [&](const std::string& market, const std::string& why) {
            excluded.push_back({o.id, market, why});
        };
        const auto runtime = s.runtime_on(o);
        if (!runtime) {
            exclude("*",
                    "no runtime figure for " +
                        (o.gpus ? "GPU model \"" + o.gpus->model + "\"" : std::string("a CPU-only offer (\"cpu\")")) +
                        ": no measurement, published row or entry in the workload's \"speed\"");
            continue;
        }
        const interruption_spec none;
        const interruption_spec* found = intrs.for_offer(o.id);
        const interruption_spec& intr = found ? *found : none;
        if (s.gpu_memory_gib && o.gpus && o.gpus->memory_gib && *o.gpus->memory_gib < *s.gpu_memory_gib) {
            exclude("*", "the job needs " + format_quantity(*s.gpu_memory_gib) + " GiB of GPU memory; " +
                             o.gpus->model + " has " + format_quantity(*o.gpus->memory_gib) + " GiB");
            continue;
        }
        if (s.gpu_memory_gib && !o.gpus) {
            exclude("*", "the job needs a GPU with " + format_quantity(*s.gpu_memory_gib) + " GiB; the offer has none");
            continue;
        }
        const int have = o.gpus ? o.gpus->count : 1;
        std::vector<int> counts{1};
        if (s.scaling_efficiency) {
            if (gpu_counts.empty()) counts.push_back(have);
            for (int n : gpu_counts)
                if (n <= have) counts.push_back(n);
        }
        std::sort(counts.begin(), counts.end());
        counts.erase(std::unique(counts.begin(), counts.end()), counts.end());

        for (market_kind m : markets) {
            if (!o.has_market(m)) continue;
            const currency cur = o.market_currency(m);
            if (!(cur == s.in_currency) && !s.offers.rate(cur, s.in_currency)) {
                exclude(std::string(to_string(m)), "no exchange rate from " + std::string(cur.code()) + " to " +
                                                       std::string(s.in_currency.code()) + " in the catalog");
                continue;
            }
            for (int n : counts) {
                candidate base;
                base.offer_index = oi;
                base.market = m;
                base.gpus_used = n;
                base.speedup = runtime->speedup * (1.0 + (n - 1) * s.scaling_efficiency.value_or(0.0));
                base.runtime = runtime->basis;
                if (n > 1)
                    base.runtime.basis += "; " + std::to_string(n) + " GPUs at scaling efficiency " +
                                          format_quantity(*s.scaling_efficiency);
                base.restart = restart;
                base.pointer = "/plan";
                const usec work = s.work_at(base.speedup);
                if (m != market_kind::spot) {
                    base.policy = policy_kind::on_demand;
                    out.candidates.push_back(base);
                    continue;
                }
                base.interruptions = intr;
                std::vector<checkpoint_spec> intervals;
                if (auto ck = p.optional("checkpoint")) {
                    ck->expect_object({"every", "cost"});
                    for (const auto& e : (*ck)["every"].elements(true))
                        intervals.push_back(resolve_checkpoint(e, (*ck)["cost"], intr, work));
                } else {
                    intervals.push_back(checkpoint_spec{});
                }
                for (policy_kind pol : policies) {
                    if (pol == policy_kind::deadline_fallback && !o.on_demand) {
                        exclude("spot", "deadline_fallback needs an on-demand market to fall back to");
                        continue;
                    }
                    for (const auto& ckpt : intervals) {
                        candidate k = base;
                        k.policy = pol;
                        k.checkpoint = ckpt;
                        out.candidates.push_back(k);
                    }
                }
            }
        }
    }
    if (out.candidates.empty())
        p.fail("at least one candidate the catalog allows (all were excluded: see the reasons)");
    return out;
}

namespace detail {
// Candidates that would run the same campaign share one simulation: same offer, market,
// policy, GPU speed-up and models, and the same *effective* checkpoint interval (an
// interval at or beyond the work is no checkpoint at all, whichever rule chose it).
inline std::string campaign_key(const scenario& s, const candidate& k) {
    const double work = to_fast_hours(s.work_of(k)).count();
    const bool ckpt = k.checkpoint.rule != checkpoint_rule::none && k.checkpoint.every.count() < work;
    std::ostringstream key;
    key.precision(17);
    key << k.offer_index << '|' << static_cast<int>(k.market) << '|' << static_cast<int>(k.policy) << '|' << k.speedup
        << '|' << (ckpt ? k.checkpoint.every.count() : -1.0) << '|' << (ckpt ? k.checkpoint.cost.count() : -1.0) << '|'
        << k.pointer;  // listed candidates carry their own models: never merged with others
    return key.str();
}
}  // namespace detail

inline plan_result run_plan(const scenario& s, const mc_options& o) {
    plan_result r;
    r.expanded = expand_plan(s, r.excluded);
    // Simulate each distinct campaign once, then give every candidate its campaign's result.
    scenario distinct = r.expanded;
    distinct.candidates.clear();
    std::vector<std::size_t> which(r.expanded.candidates.size());
    std::vector<std::string> keys;
    for (std::size_t i = 0; i < r.expanded.candidates.size(); ++i) {
        const candidate& k = r.expanded.candidates[i];
        const std::string key = k.pointer == "/plan" ? detail::campaign_key(s, k) : k.pointer + "#" + std::to_string(i);
        auto it = std::find(keys.begin(), keys.end(), key);
        which[i] = static_cast<std::size_t>(it - keys.begin());
        if (it == keys.end()) {
            keys.push_back(key);
            distinct.candidates.push_back(k);
        }
    }
    const simulation_result shared = simulate(distinct, o);
    r.simulation = shared;
    r.simulation.candidates.clear();
    for (std::size_t i = 0; i < which.size(); ++i) {
        candidate_result c = shared.candidates[which[i]];
        const candidate& k = r.expanded.candidates[i];
        c.checkpoint = k.checkpoint;  // each row keeps the rule it was planned with
        if (k.checkpoint.rule == checkpoint_rule::none) c.checkpoint.every = to_fast_hours(s.work_of(k));
        r.simulation.candidates.push_back(std::move(c));
    }
    for (std::size_t i = 0; i < r.simulation.candidates.size(); ++i) {
        const candidate& k = r.expanded.candidates[i];
        plan_row row{r.simulation.candidates[i], i, k.gpus_used, k.speedup, false, false};
        row.meets_deadline = row.result.deadline_met >= deadline_confidence;
        r.rows.push_back(std::move(row));
    }
    std::stable_sort(r.rows.begin(), r.rows.end(),
                     [](const plan_row& a, const plan_row& b) { return a.result.cost.mean < b.result.cost.mean; });
    // Pareto frontier of (expected cost, expected time): no other row is at least as good
    // in both and better in one.
    for (auto& a : r.rows) {
        a.pareto = std::none_of(r.rows.begin(), r.rows.end(), [&](const plan_row& b) {
            const double ca = a.result.cost.mean, ta = a.result.makespan_hours.mean;
            const double cb = b.result.cost.mean, tb = b.result.makespan_hours.mean;
            return cb <= ca && tb <= ta && (cb < ca || tb < ta);
        });
    }
    for (std::size_t i = 0; i < r.rows.size(); ++i)
        if (!r.simulation.deadline_hours || r.rows[i].meets_deadline) {
            r.recommended = i;
            break;
        }
    if (s.study) r.study = compare_with_study(s);
    return r;
}

inline json to_json(const plan_result& p) {
    json base = to_json(p.simulation);
    json rows = json::array();
    for (std::size_t i = 0; i < p.rows.size(); ++i) {
        const plan_row& row = p.rows[i];
        json c = base["candidates"][row.candidate_index];
        c["rank"] = i + 1;
        c["gpus_used"] = row.gpus_used;
        c["speedup"] = row.speedup;
        c["pareto"] = row.pareto;
        c["meets_deadline_95"] = row.meets_deadline;
        const candidate& k = p.expanded.candidates[row.candidate_index];
        c["runtime"] = {{"hours", to_fast_hours(p.expanded.work_of(k)).count()},
                        {"source", to_string(k.runtime.source)},
                        {"basis", k.runtime.basis}};
        if (k.market == market_kind::spot) c["interruption_model"] = to_json(k.interruptions);
        rows.push_back(c);
    }
    base["candidates"] = rows;
    json ex = json::array();
    for (const auto& e : p.excluded) ex.push_back(json{{"offer", e.offer}, {"market", e.market}, {"reason", e.reason}});
    base["excluded"] = ex;
    base["recommended"] = p.recommended ? json(*p.recommended + 1) : json(nullptr);
    base["deadline_confidence"] = deadline_confidence;
    if (p.study) base["study"] = to_json(*p.study);
    return base;
}

}  // namespace costsim
