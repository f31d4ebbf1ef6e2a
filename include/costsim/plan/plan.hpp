// costsim/plan/plan.hpp — "here is my job and my deadline: what should I run it on?"
//
// The planner expands what a scenario allows into candidates — every offer of its
// catalog × market × policy × checkpoint interval (fixed, Young, Daly) × GPU count
// (where the workload has a scaling efficiency) — lists those that cannot run the job
// (with too little or unknown GPU memory, no speed figure, another GPU count than the job's,
// a spot price above the on-demand one)
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
//               a list of models, each for the offers it names ({"offers": [ids], ...}), or
//               selects ({"where": {"cloud", "region", "zone", "gpu"}, ...}), or, without
//               either, for every other spot offer; the first that covers an offer is its.
//   "gpus":     [1, 2, 8]   GPU counts to try where the offer has that many (default: 1,
//               and every offer's full count when the workload has a scaling_efficiency)
//   "failover": {"relaunch": D}   also plan spot with failover: the offers of one instance
//               (same GPU, on-demand price, billing, interruption model) in several zones
//               give their cheapest-spot offer one more candidate per spot policy and
//               interval that relaunches a preempted run in another of those zones, at its
//               spot price (failover_sets, trial.hpp; default relaunch 3 min)
// The workload's planning facts: "speed" {GPU model or "cpu": relative speed} (work is
// hours at speed 1), "published" runtimes and measurements (scenario.hpp: each offer's
// runtime comes from the best figure there is, and says which; an offer with none is
// excluded), "scaling_efficiency" e
// (n GPUs run 1 + (n − 1)·e times as fast; else a class table's published per-doubling
// speed-up), "gpu_memory_gib" (offers with less are excluded; an offer whose catalog row
// gives no memory is checked against its GPU variant's spec where speeds are per variant). Candidates listed explicitly
// in "candidates" are planned too.
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "costsim/engine/monte_carlo.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/plan/study_check.hpp"
#include "costsim/pricing/offer_lookup.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// An offer, or one of its markets, the plan leaves out, and why. `market` is empty when
/// every market of the offer is left out.
struct excluded_offer {
    std::string offer;
    std::optional<market_kind> market;
    std::string reason;
};

/// A ranked row refers to its candidate and result (plan_result::candidate_of, result_of),
/// stored once: the table, --json and --csv are all written from these rows.
struct plan_row {
    std::size_t candidate_index;  ///< into plan_result::expanded.candidates and simulation.candidates
    bool pareto = false;
    bool meets_deadline = false;  ///< deadline met with >= 95 % probability
};

/// The recommendation rerun with its interruption rate scaled (interruption_spec::scaled):
/// how far its cost, time and P(deadline) rest on the rate's level.
struct rate_sensitivity {
    double factor = 1.0;
    double rate_per_hour = 0.0;
    candidate_result result;
};

struct plan_result {
    scenario expanded;             ///< the scenario with every planned candidate
    simulation_result simulation;  ///< in candidate order
    std::vector<plan_row> rows;    ///< by expected cost, cheapest first
    std::vector<excluded_offer> excluded;
    std::optional<std::size_t> recommended;  ///< index into rows
    /// The workload's published study, its figures beside costsim's (study_check.hpp).
    std::optional<study_comparison> study;
    /// A spot recommendation at its interruption rate ÷3 and ×3 (the same seed, the
    /// planned checkpoint interval); empty otherwise.
    std::vector<rate_sensitivity> sensitivity;

    const candidate& candidate_of(const plan_row& row) const { return expanded.candidates[row.candidate_index]; }
    const candidate_result& result_of(const plan_row& row) const { return simulation.candidates[row.candidate_index]; }
};

/// The factors of plan_result::sensitivity.
inline constexpr std::array<double, 2> sensitivity_factors{1.0 / 3.0, 3.0};

/// Probability with which a recommended candidate must meet the deadline.
inline constexpr double deadline_confidence = 0.95;

/// Expands the scenario's plan section (plan_spec) into candidates; what cannot run is
/// listed in `excluded` with the reason. input_error at "/plan" when nothing can run.
scenario expand_plan(const scenario& s, std::vector<excluded_offer>& excluded);
plan_result run_plan(const scenario& s, const mc_options& o);
/// What `simulate` and `replay` run: the scenario's listed candidates, or, where it lists
/// none but has a plan section, the plan's (never an empty run). `note` is set to say so:
/// "FILE lists no candidates; running its plan's N".
scenario listed_or_planned(scenario s, std::string& note);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {
std::vector<std::size_t> identical_groups(const scenario& s, const std::vector<bool>& planned);
std::vector<std::vector<std::size_t>> failover_sets(const scenario& s, const std::vector<bool>& planned);
}  // namespace detail

inline scenario expand_plan(const scenario& s, std::vector<excluded_offer>& excluded) {
    scenario out = s;  // listed candidates already run at their offer's speed (scenario.hpp)
    if (!s.plan) return out;
    const plan_spec& p = *s.plan;
    const std::vector<std::string>& only = p.offers;
    std::vector<bool> planned(s.offers.offers.size(), only.empty());
    if (!only.empty()) {
        std::map<std::string_view, std::size_t> index;
        for (std::size_t i = 0; i < s.offers.offers.size(); ++i) index.emplace(s.offers.offers[i].id, i);
        for (const auto& id : only)
            if (auto it = index.find(id); it != index.end()) planned[it->second] = true;
    }
    const std::vector<std::size_t> group = detail::identical_groups(s, planned);
    const std::vector<std::vector<std::size_t>> failover_set =
        p.failover_relaunch ? detail::failover_sets(s, planned) : std::vector<std::vector<std::size_t>>{};
    auto first_of_group = [&](std::size_t oi) { return group[oi] == oi; };
    auto group_of = [&](std::size_t oi) {
        std::vector<std::size_t> v;
        for (std::size_t j = oi + 1; j < group.size(); ++j)
            if (group[j] == oi) v.push_back(j);
        return v;
    };
    std::vector<policy_kind> policies = {policy_kind::spot_only};
    if (s.deadline) policies.push_back(policy_kind::deadline_fallback);
    if (p.policies) policies = *p.policies;

    for (std::size_t oi = 0; oi < s.offers.offers.size(); ++oi) {
        const offer& o = s.offers.offers[oi];
        if (!planned[oi]) continue;
        auto exclude = [&](std::optional<market_kind> market, const std::string& why) {
            excluded.push_back({o.id, market, why});
        };
        if (!first_of_group(oi)) continue;  // planned once, as the first offer of its group
        const auto runtime = s.runtime_on(o);
        if (!runtime) {
            if (o.gpus && s.variants && s.speed_key(o).empty())
                exclude(std::nullopt, "no runtime figure for GPU model \"" + o.gpus->model + "\": the variant table " +
                                          s.variants->name + " maps it to no GPU variant");
            else
                exclude(std::nullopt, "no runtime figure for " +
                                          (o.gpus ? "GPU model \"" + s.speed_key(o) + "\""
                                                  : std::string("a CPU-only offer (\"cpu\")")) +
                                          ": no measurement, published row or entry in the workload's \"speed\"");
            continue;
        }
        const interruption_spec none;
        const interruption_spec* found = p.interruptions_for(o.id);
        const interruption_spec& intr = found ? *found : none;
        const std::optional<double> memory = s.gpu_memory_of(o);  // the catalog's, else its variant's spec
        const std::string gpu_name = o.gpus ? (s.speed_key(o).empty() || s.speed_key(o) == o.gpus->model
                                                   ? o.gpus->model
                                                   : o.gpus->model + " (" + s.speed_key(o) + ")")
                                            : std::string();
        if (s.gpu_memory_gib && o.gpus && memory && *memory < *s.gpu_memory_gib) {
            exclude(std::nullopt, "the job needs " + format_quantity(*s.gpu_memory_gib) + " GiB of GPU memory; " +
                                      gpu_name + " has " + format_quantity(*memory) + " GiB" +
                                      (o.gpus->memory_gib ? "" : " (its variant's spec)"));
            continue;
        }
        if (s.gpu_memory_gib && !o.gpus) {
            exclude(std::nullopt,
                    "the job needs a GPU with " + format_quantity(*s.gpu_memory_gib) + " GiB; the offer has none");
            continue;
        }
        if (s.gpu_memory_gib && !memory && !p.allow_unknown_memory) {
            exclude(std::nullopt, "the job needs " + format_quantity(*s.gpu_memory_gib) +
                                      " GiB of GPU memory; the catalog does not say how much " + o.gpus->model +
                                      " has (allow_unknown_memory / --allow-unknown-memory plans it anyway)");
            continue;
        }
        const int have = o.gpus ? o.gpus->count : 1;
        if (p.gpu_count && have != *p.gpu_count) {
            exclude(std::nullopt, "the job runs on " + std::to_string(*p.gpu_count) + " GPU" +
                                      (*p.gpu_count > 1 ? "s" : "") + "; the offer has " + std::to_string(have) +
                                      (o.gpus ? "" : " (no GPU)"));
            continue;
        }
        std::vector<int> counts{1};
        if (p.gpu_count) {
            counts = {*p.gpu_count};
        } else if (s.scaling_efficiency || s.scaling) {
            if (p.gpus.empty()) counts.push_back(have);
            for (int n : p.gpus)
                if (n <= have) counts.push_back(n);
        }
        std::sort(counts.begin(), counts.end());
        counts.erase(std::unique(counts.begin(), counts.end()), counts.end());

        for (market_kind m : p.markets) {
            if (!o.has_market(m)) continue;
            if (m == market_kind::spot && !found)
                if (auto why = p.no_interruption_model.find(o.id); why != p.no_interruption_model.end()) {
                    exclude(m, why->second + ", and no other interruption model is given for it");
                    continue;
                }
            const auto* fit = found ? std::get_if<spot_models::trace_fit>(&found->model) : nullptr;
            if (m == market_kind::spot && fit && fit->trace.lifetimes.empty()) {
                exclude(m, "its spot trace " + std::filesystem::path(fit->trace.file).filename().string() +
                               " never had spot capacity (0 % of its ticks)");
                continue;
            }
            if (m == market_kind::spot && o.on_demand && std::holds_alternative<quoted_price>(o.spot->price)) {
                const auto spot = listed_price_per_hour(o, market_kind::spot);
                const auto od = listed_price_per_hour(o, market_kind::on_demand);
                if (spot && od && *spot > *od) {
                    exclude(m, "the catalog's spot price " + format_quantity(*spot) + " is above its on-demand price " +
                                   format_quantity(*od) + " (swapped or stale at the source?)");
                    continue;
                }
            }
            const currency cur = o.market_currency(m);
            if (!(cur == s.in_currency) && !s.offers.rate(cur, s.in_currency)) {
                exclude(m, "no exchange rate from " + std::string(cur.code()) + " to " +
                               std::string(s.in_currency.code()) + " in the catalog");
                continue;
            }
            for (int n : counts) {
                candidate base;
                base.origin = candidate_origin::planned;
                base.offer_index = oi;
                base.identical_offers = group_of(oi);
                base.market = m;
                base.gpus_used = n;
                // With gpu_count the work is stated on that many GPUs: no scaling to apply.
                const int scaled = p.gpu_count ? 1 : n;
                base.runtime = runtime->basis;
                if (scaled > 1 && s.scaling_efficiency) {  // the workload's own figure comes first
                    base.speedup = runtime->speedup * (1.0 + (scaled - 1) * *s.scaling_efficiency);
                    base.runtime.basis += "; " + std::to_string(n) + " GPUs at scaling efficiency " +
                                          format_quantity(*s.scaling_efficiency);
                } else if (scaled > 1 && s.scaling) {
                    base.speedup = runtime->speedup * s.scaling->speedup(scaled);
                    base.runtime.source = weakest(base.runtime.source, s.scaling->basis.source);
                    base.runtime.basis +=
                        "; " + std::to_string(n) + " GPUs, " + format_quantity(s.scaling->speedup(scaled)) + "x one (" +
                        format_quantity(s.scaling->per_doubling) + " per doubling: " + s.scaling->basis.basis + ")";
                } else {
                    base.speedup = runtime->speedup;
                }
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
                for (const checkpoint_request& ck : p.checkpoints)
                    intervals.push_back(in_context(s.file, p.checkpoint_cost_pointer,
                                                   [&] { return resolve_checkpoint(ck, intr, work); }));
                if (intervals.empty()) intervals.push_back(checkpoint_spec{});
                // Failover: the same instance in its other zones as one more candidate.
                const std::vector<std::size_t> none_listed;
                const std::vector<std::size_t>& set = failover_set.empty() ? none_listed : failover_set[oi];
                const int zones = static_cast<int>(set.size());
                const bool failover =
                    p.failover_relaunch && zones > 1 && !intr.lifetimes().empty() && !intr.outages().empty();
                if (p.failover_relaunch && zones > 1 && !failover && n == counts.front())
                    exclude(market_kind::spot,
                            "no failover candidate over its " + std::to_string(zones) +
                                " zones: failover draws each zone's capacity from resampled lifetimes and "
                                "outages, and its interruption model (" +
                                std::string(to_string(intr.kind())) + ") has " +
                                (intr.lifetimes().empty() ? "no lifetimes" : "no outages"));
                for (policy_kind pol : policies) {
                    if (pol == policy_kind::deadline_fallback && !o.on_demand) {
                        exclude(market_kind::spot, "deadline_fallback needs an on-demand market to fall back to");
                        continue;
                    }
                    for (const auto& ckpt : intervals) {
                        candidate k = base;
                        k.policy = pol;
                        k.checkpoint = ckpt;
                        out.candidates.push_back(k);
                        if (failover) {
                            k.failover_zones = zones;
                            k.relaunch = *p.failover_relaunch;
                            k.failover_offers = set;
                            out.candidates.push_back(k);
                        }
                    }
                }
            }
        }
    }
    if (out.candidates.empty())
        throw input_error(
            s.file, "/plan",
            "at least one candidate the catalog allows (all " + std::to_string(excluded.size()) +
                " offers or markets were left out" +
                (excluded.empty() ? std::string(")")
                                  : ", e.g. " + excluded.front().offer + ": " + excluded.front().reason + ")"));
    return out;
}

namespace detail {
// Candidates that would run the same campaign share one simulation: same offer, market,
// policy, GPU speed-up and models, and the same *effective* checkpoint interval (an
// interval at or beyond the work is no checkpoint at all, whichever rule chose it).
// Listed candidates carry their own models: each is its own campaign (`listed`, its index).
struct campaign_key {
    std::size_t listed;  ///< planned: SIZE_MAX
    std::size_t offer_index;
    market_kind market;
    policy_kind policy;
    int failover_zones;
    double speedup, every, cost;
    auto operator<=>(const campaign_key&) const = default;
};
inline campaign_key campaign_key_of(const scenario& s, const candidate& k, std::size_t index) {
    const double work = to_fast_hours(s.work_of(k)).count();
    const bool ckpt = k.checkpoint.rule != checkpoint_rule::none && k.checkpoint.every.count() < work;
    return {k.origin == candidate_origin::listed ? index : static_cast<std::size_t>(-1),
            k.offer_index,
            k.market,
            k.policy,
            k.failover_zones,
            k.speedup,
            ckpt ? k.checkpoint.every.count() : -1.0,
            ckpt ? k.checkpoint.cost.count() : -1.0};
}

// Offers a plan may pool (identical_groups, failover_sets): constant prices, no attached
// resources, fees, egress tiers or monthly market. Others always stand alone.
inline bool poolable(const offer& o) {
    return o.attached.empty() && o.fees.empty() && o.egress.empty() && !o.monthly &&
           (!o.spot || std::holds_alternative<quoted_price>(o.spot->price));
}
// What makes two poolable offers the same instance for a job: provider, instance, GPUs
// (model, count, memory), on-demand price, billing rule, estimate or not, and the plan's
// interruption model for it.
using instance_key = std::tuple<std::string, std::string, std::string, int, double, std::string, std::string, bool,
                                const interruption_spec*>;
inline std::string price_text(const quoted_price& q) {
    return to_decimal_string(q.amount.amount()) + " " + std::string(q.amount.currency_of().code()) + "/" +
           std::to_string(static_cast<int>(q.per));
}
inline instance_key instance_key_of(const scenario& s, const offer& o) {
    return {o.provider,
            o.instance,
            o.gpus ? o.gpus->model : std::string(),
            o.gpus ? o.gpus->count : 0,
            o.gpus && o.gpus->memory_gib ? *o.gpus->memory_gib : -1.0,
            o.on_demand ? price_text(o.on_demand->price) : std::string(),
            o.billing.describe(market_kind::on_demand) + "|" +
                (o.spot ? o.billing.describe(market_kind::spot) : std::string()),
            o.estimate,
            s.plan->interruptions_for(o.id)};
}

// For each planned offer, the first planned offer identical to it for the job: the same
// instance (instance_key) at the same spot price. Offers that are not poolable are their
// own group. group[i] == i marks the first.
inline std::vector<std::size_t> identical_groups(const scenario& s, const std::vector<bool>& planned) {
    std::map<std::pair<instance_key, std::string>, std::size_t> first;
    std::vector<std::size_t> group(s.offers.offers.size());
    for (std::size_t i = 0; i < s.offers.offers.size(); ++i) {
        const offer& o = s.offers.offers[i];
        group[i] = i;
        if (!poolable(o) || !s.plan || !planned[i]) continue;
        std::pair k{instance_key_of(s, o), o.spot ? price_text(std::get<quoted_price>(o.spot->price)) : std::string()};
        auto [it, fresh] = first.try_emplace(std::move(k), i);
        if (!fresh) group[i] = it->second;
    }
    return group;
}

// For each planned offer with the cheapest spot price of its failover set, the set: every
// planned offer of the same provider, instance, GPUs, on-demand price, billing rule and
// interruption model whose spot price is quoted and not above its on-demand one (its
// zones and regions), itself first, then by spot price (ties in catalog order). Sets of
// one offer, and the other offers, get none.
inline std::vector<std::vector<std::size_t>> failover_sets(const scenario& s, const std::vector<bool>& planned) {
    std::map<instance_key, std::vector<std::pair<double, std::size_t>>> sets;  // (spot per hour, offer)
    for (std::size_t i = 0; i < s.offers.offers.size(); ++i) {
        const offer& o = s.offers.offers[i];
        if (!o.spot || !poolable(o) || !s.plan || !planned[i]) continue;
        const auto spot = listed_price_per_hour(o, market_kind::spot);
        const auto od = listed_price_per_hour(o, market_kind::on_demand);
        instance_key k = instance_key_of(s, o);
        if (!spot || (od && *spot > *od) || !std::get<const interruption_spec*>(k)) continue;
        sets[std::move(k)].emplace_back(*spot, i);
    }
    std::vector<std::vector<std::size_t>> out(s.offers.offers.size());
    for (auto& [k, v] : sets) {
        if (v.size() < 2) continue;
        std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<std::size_t> set;
        for (const auto& [price, i] : v) set.push_back(i);
        out[set.front()] = std::move(set);
    }
    return out;
}
}  // namespace detail

inline scenario listed_or_planned(scenario s, std::string& note) {
    note.clear();
    if (!s.candidates.empty() || !s.plan) return s;
    std::vector<excluded_offer> excluded;
    scenario planned = expand_plan(s, excluded);
    note = s.file + " lists no candidates; running its plan's " + std::to_string(planned.candidates.size());
    return planned;
}

inline plan_result run_plan(const scenario& s, const mc_options& o) {
    plan_result r;
    r.expanded = expand_plan(s, r.excluded);
    // Simulate each distinct campaign once, then give every candidate its campaign's result.
    scenario distinct = r.expanded;
    distinct.candidates.clear();
    std::vector<std::size_t> which(r.expanded.candidates.size());
    std::map<detail::campaign_key, std::size_t> keys;
    for (std::size_t i = 0; i < r.expanded.candidates.size(); ++i) {
        const candidate& k = r.expanded.candidates[i];
        auto [it, fresh] = keys.try_emplace(detail::campaign_key_of(s, k, i), distinct.candidates.size());
        which[i] = it->second;
        if (fresh) distinct.candidates.push_back(k);
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
    for (std::size_t i = 0; i < r.simulation.candidates.size(); ++i)
        r.rows.push_back({i, false, r.simulation.candidates[i].deadline_met >= deadline_confidence});
    std::stable_sort(r.rows.begin(), r.rows.end(), [&](const plan_row& a, const plan_row& b) {
        return r.result_of(a).cost.mean < r.result_of(b).cost.mean;
    });
    // Pareto frontier of (expected cost, expected time): no other row is at least as good
    // in both and better in one.
    for (auto& a : r.rows) {
        a.pareto = std::none_of(r.rows.begin(), r.rows.end(), [&](const plan_row& b) {
            const double ca = r.result_of(a).cost.mean, ta = r.result_of(a).makespan_hours.mean;
            const double cb = r.result_of(b).cost.mean, tb = r.result_of(b).makespan_hours.mean;
            return cb <= ca && tb <= ta && (cb < ca || tb < ta);
        });
    }
    for (std::size_t i = 0; i < r.rows.size(); ++i)
        if (!r.simulation.deadline_hours || r.rows[i].meets_deadline) {
            r.recommended = i;
            break;
        }
    if (r.recommended) {
        const candidate& k = r.expanded.candidates[r.rows[*r.recommended].candidate_index];
        if (k.market == market_kind::spot && k.interruptions.rate().per_hour() > 0) {
            scenario one = r.expanded;
            one.candidates.clear();
            mc_options quiet = o;
            quiet.progress = nullptr;
            const std::uint64_t n = r.result_of(r.rows[*r.recommended]).trials;
            if (n) quiet.trials = n, quiet.target_rel_ci.reset();  // as many trials as the row had
            for (double f : sensitivity_factors) {
                candidate scaled = k;
                scaled.interruptions = k.interruptions.scaled(f);
                one.candidates = {scaled};
                r.sensitivity.push_back(
                    {f, scaled.interruptions.rate().per_hour(), simulate(one, quiet).candidates.at(0)});
            }
        }
    }
    if (s.study) r.study = compare_with_study(s);
    return r;
}

}  // namespace costsim
