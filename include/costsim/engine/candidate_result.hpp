// costsim/engine/candidate_result.hpp — what every engine reports about one candidate.
//
// simulate, replay and validate summarise a candidate's trials alike: its offer, market,
// policy and checkpoint; mean, standard error, 95 % CI and quantiles of cost and makespan;
// the percentiles 0, 1, ..., 100 % for the charts. The fields live here, and their JSON in
// io/result_json.hpp, once, so that the three outputs cannot drift apart.
#pragma once

#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "costsim/core/stats.hpp"
#include "costsim/engine/scenario.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct candidate_result {
    std::string offer;
    market_kind market = market_kind::on_demand;
    policy_kind policy = policy_kind::on_demand;
    summary cost, makespan_hours, billed_hours;
    /// Type-7 quantiles at 0, 1, ..., 100 % (for charts: histograms with equal-probability
    /// bins and CDFs).
    std::vector<double> cost_quantiles, makespan_quantiles;
    double interruptions_mean = 0, spot_work_fraction = 0;
    double deadline_met = 1.0;  ///< fraction of trials done by the deadline (1 without one)
    /// Trials run for this candidate when each ran to its own target (mc_options::
    /// each_candidate; 1 for a fixed outcome); 0: the result's `trials`.
    std::uint64_t trials = 0;
    checkpoint_spec checkpoint;  ///< as resolved; `rule` says which (none: `every` is the whole work)
    int failover_zones = 1;      ///< spot with failover over this many zones (candidate::failover_zones)
    fast_hours relaunch{0};      ///< ... and its relaunch delay
};

/// The offer, market, policy and checkpoint of a candidate, as every result reports them
/// (a candidate without checkpoints has one stretch: `every` is its whole work).
candidate_result describe_candidate(const scenario& s, const candidate& k);
/// 0, 0.01, ..., 1: the percentiles a candidate reports (for the charts).
std::span<const double> percent_points();

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline candidate_result describe_candidate(const scenario& s, const candidate& k) {
    candidate_result c;
    c.offer = s.offer_of(k).id;
    c.market = k.market;
    c.policy = k.policy;
    c.checkpoint = k.checkpoint;
    if (k.checkpoint.rule == checkpoint_rule::none) c.checkpoint.every = to_fast_hours(s.work_of(k));
    c.failover_zones = k.failover_zones;
    c.relaunch = k.relaunch;
    return c;
}

inline std::span<const double> percent_points() {
    static const std::vector<double> ps = [] {
        std::vector<double> v;
        for (int i = 0; i <= 100; ++i) v.push_back(i / 100.0);
        return v;
    }();
    return ps;
}

}  // namespace costsim
