// costsim/plan/study_check.hpp — a scenario's figures side by side with its study's published ones.
//
// For a scenario whose workload names a "published" study (published.hpp): each published
// row's cost recomputed exactly by `quote` (the offer's own billing rule, at the runtime the
// scenario gives that offer), shown at the study's own precision, and each of the study's
// conclusions checked against costsim's per-run costs. Per-run costs are the exact invoice of
// one on-demand run for hourly offers, and for monthly offers the amortised cost of a server
// kept busy (the N-month commitment over N × 730 h, times the runtime).
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "costsim/engine/scenario.hpp"
#include "costsim/models/published.hpp"
#include "costsim/pricing/breakeven.hpp"
#include "costsim/pricing/invoice.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct study_row_check {
    std::string offer, note;
    std::string published;  ///< the amount as the study printed it
    std::string currency;
    exact costsim_exact;               ///< costsim's exact invoice total for the run
    std::string costsim_at_precision;  ///< rounded to the published figure's significant digits
    bool agrees = false;               ///< equal at the study's precision
    usec runtime{0};
    runtime_basis basis;
};

struct claim_result {
    std::string claim;
    bool holds = false;
    std::string evidence;  ///< costsim's figures behind the verdict
};

struct study_comparison {
    std::string study, source;
    std::vector<study_row_check> rows;
    std::vector<claim_result> claims;
};

/// Throws model_error when the scenario names no study, or an offer cannot be priced.
study_comparison compare_with_study(const scenario& s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

struct run_cost {
    const offer* o;
    bool amortised;  ///< a monthly offer kept busy
    exact cost;      ///< per run, in the scenario's currency
    exact hourly;    ///< the rate the run is billed at (offer + attached, or amortised)
};

inline usec runtime_of_offer(const scenario& s, const offer& o) { return s.work_at(s.runtime_on(o)->speedup); }

inline std::vector<run_cost> per_run_costs(const scenario& s, int months) {
    std::vector<run_cost> out;
    for (const auto& o : s.offers.offers) {
        if (!s.runtime_on(o)) continue;
        const usec rt = runtime_of_offer(s, o);
        if (o.on_demand) {
            quote_request q;
            q.market = market_kind::on_demand;
            q.start = s.start;
            q.duration = rt;
            q.in_currency = s.in_currency;
            out.push_back({&o, false, quote(s.offers, o, q).total_exact.amount(),
                           on_demand_hourly(s.offers, o, s.in_currency).per_hour().amount()});
        } else if (o.monthly) {
            const exact per_hour = amortised_hourly(s.offers, o, months, s.in_currency).per_hour().amount();
            out.push_back({&o, true, exact(per_hour * exact(rt.count()) / exact(3600000000LL)), per_hour});
        }
    }
    return out;
}

inline std::string money_text(const exact& x, const currency& c, int digits) {
    return to_significant_string(x, digits) + " " + std::string(c.code());
}

}  // namespace detail

inline study_comparison compare_with_study(const scenario& s) {
    if (!s.study) throw model_error("the scenario's workload names no \"published\" study");
    const published_study& st = *s.study;
    study_comparison r{st.study, st.source, {}, {}};
    int digits = 2;
    for (const auto& row : st.rows) {
        if (!row.reported_cost) continue;
        const offer* o = s.offers.find(row.offer);
        study_row_check c;
        c.offer = row.offer;
        c.note = row.note;
        c.published = row.reported_text;
        c.currency = std::string(row.reported_cost->currency_of().code());
        const auto rt = s.runtime_on(*o);
        c.runtime = detail::runtime_of_offer(s, *o);
        c.basis = rt->basis;
        quote_request q;
        q.market = row.market;
        q.start = s.start;
        q.duration = c.runtime;
        q.in_currency = row.reported_cost->currency_of();
        c.costsim_exact = quote(s.offers, *o, q).total_exact.amount();
        const int d = significant_digits(row.reported_text);
        digits = std::max(digits, d);
        c.costsim_at_precision = to_significant_string(c.costsim_exact, d);
        c.agrees = parse_decimal(c.costsim_at_precision) == parse_decimal(row.reported_text);
        r.rows.push_back(std::move(c));
    }

    const currency& cur = s.in_currency;
    for (const auto& k : st.claims) {
        claim_result c{k.text, false, {}};
        std::vector<detail::run_cost> costs = detail::per_run_costs(s, k.months);
        std::stable_sort(costs.begin(), costs.end(), [](const auto& a, const auto& b) { return a.cost < b.cost; });
        auto label = [&](const detail::run_cost& x) {
            return x.o->id +
                   (x.amortised ? " (amortised over " + std::to_string(k.months) + " months)" : std::string()) + " " +
                   detail::money_text(x.cost, cur, digits);
        };
        switch (k.check) {
            case claim_check::cheapest_when_busy: {
                if (costs.empty()) break;
                c.holds = costs.front().o->id == k.subject;
                c.evidence = "cheapest per run: " + label(costs.front());
                if (costs.size() > 1) c.evidence += "; next: " + label(costs[1]);
                break;
            }
            case claim_check::cheapest_vm_provider: {
                auto vm = std::find_if(costs.begin(), costs.end(), [](const auto& x) { return !x.amortised; });
                if (vm == costs.end()) break;
                c.holds = vm->o->provider == k.subject;
                c.evidence = "cheapest hourly run: " + label(*vm);
                auto other = std::find_if(costs.begin(), costs.end(), [&](const auto& x) {
                    return !x.amortised && x.o->provider != vm->o->provider;
                });
                if (other != costs.end()) c.evidence += "; cheapest of another provider: " + label(*other);
                break;
            }
            case claim_check::cheaper_gpu_better_value: {
                // Within each provider, single-GPU hourly offers by hourly rate: per-run cost must
                // not fall as the rate rises (compared at the study's precision). Multi-GPU
                // servers are the multi_gpu_uses_one claim's.
                std::map<std::string, std::vector<detail::run_cost>> by_provider;
                for (const auto& x : costs)
                    if (!x.amortised && x.o->gpus && x.o->gpus->count == 1) by_provider[x.o->provider].push_back(x);
                c.holds = true;
                for (auto& [prov, v] : by_provider) {
                    if (v.size() < 2) continue;
                    std::stable_sort(v.begin(), v.end(),
                                     [](const auto& a, const auto& b) { return a.hourly < b.hourly; });
                    std::string line = prov + ":";
                    for (std::size_t i = 0; i < v.size(); ++i) {
                        const exact cost = parse_decimal(to_significant_string(v[i].cost, digits));
                        if (i > 0) {
                            const exact prev = parse_decimal(to_significant_string(v[i - 1].cost, digits));
                            const bool ok = prev <= cost;
                            c.holds = c.holds && ok;
                            line += ok ? " <=" : " >";
                        }
                        line += " " + v[i].o->gpus->model + " " + detail::money_text(v[i].cost, cur, digits);
                    }
                    c.evidence += (c.evidence.empty() ? "" : "; ") + line;
                }
                if (c.evidence.empty()) c.evidence = "no provider has two GPU offers to compare";
                break;
            }
            case claim_check::multi_gpu_uses_one: {
                c.holds = !s.scaling_efficiency.has_value();
                for (const auto& x : costs)
                    if (x.o->gpus && x.o->gpus->count > 1)
                        c.evidence += (c.evidence.empty() ? "" : "; ") + x.o->id + " (" +
                                      std::to_string(x.o->gpus->count) +
                                      " GPUs) runs on one: " + detail::money_text(x.cost, cur, digits);
                if (c.evidence.empty()) c.evidence = "no multi-GPU offer";
                c.evidence += c.holds ? " (the workload states no scaling efficiency)"
                                      : " (the workload's scaling efficiency uses them)";
                break;
            }
        }
        r.claims.push_back(std::move(c));
    }
    return r;
}

}  // namespace costsim
