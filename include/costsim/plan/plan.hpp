// costsim/plan/plan.hpp — "here is my job and my deadline: what should I run it on?"
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

#include "costsim/engine/monte_carlo.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/plan/study_check.hpp"

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

/// Expands the scenario's plan section (plan_spec) into candidates; what cannot run is
/// listed in `excluded` with the reason. input_error at "/plan" when nothing can run.
scenario expand_plan(const scenario& s, std::vector<excluded_offer>& excluded);
plan_result run_plan(const scenario& s, const mc_options& o);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline scenario expand_plan(const scenario& s, std::vector<excluded_offer>& excluded) {
    scenario out = s;  // listed candidates already run at their offer's speed (scenario.hpp)
    if (!s.plan) return out;
    const plan_spec& p = *s.plan;
    const std::vector<std::string>& only = p.offers;
    std::vector<policy_kind> policies = {policy_kind::spot_only};
    if (s.deadline) policies.push_back(policy_kind::deadline_fallback);
    if (p.policies) policies = *p.policies;

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
        const interruption_spec* found = p.interruptions_for(o.id);
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
            if (p.gpus.empty()) counts.push_back(have);
            for (int n : p.gpus)
                if (n <= have) counts.push_back(n);
        }
        std::sort(counts.begin(), counts.end());
        counts.erase(std::unique(counts.begin(), counts.end()), counts.end());

        for (market_kind m : p.markets) {
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
                base.restart = p.restart;
                base.pointer = "/plan";
                const usec work = s.work_at(base.speedup);
                if (m != market_kind::spot) {
                    base.policy = policy_kind::on_demand;
                    out.candidates.push_back(base);
                    continue;
                }
                base.interruptions = intr;
                std::vector<checkpoint_spec> intervals;
                for (const checkpoint_request& ck : p.checkpoints) {
                    try {
                        intervals.push_back(resolve_checkpoint(ck, intr, work));
                    } catch (const value_error& e) {
                        throw input_error(s.file, p.checkpoint_cost_pointer, e.what());
                    }
                }
                if (intervals.empty()) intervals.push_back(checkpoint_spec{});
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
        throw input_error(s.file, "/plan",
                          "at least one candidate the catalog allows (all were excluded: see the reasons)");
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

}  // namespace costsim
