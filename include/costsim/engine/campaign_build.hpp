// costsim/engine/campaign_build.hpp — from a scenario's candidate to the campaign an engine runs.
//
// simulate (monte_carlo.hpp), replay (replay.hpp) and validate (validate.hpp) all price a
// candidate alike: its offer's time prices and attached resources, per hour, converted into
// the scenario's currency at the catalog's rate; its checkpoint rule, restart model and
// interruption model; the deadline. This header is where that happens, once.
#pragma once

#include <chrono>
#include <string>

#include "costsim/core/money.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/engine/tick_trial.hpp"
#include "costsim/engine/trial.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// An amount of offer `o` in the scenario's currency, at the catalog's rate (unchanged when
/// it is already in it): catalog.hpp's convert(). Throws missing_exchange_rate, a
/// model_error, when the catalog has no rate.
money in_scenario_currency(const scenario& s, const offer& o, const money& m);
/// A quoted time price, per hour, in the scenario's currency.
fast_price_per_hour hourly_price(const scenario& s, const offer& o, const quoted_price& p);

/// f(), with a model_error (or value_error) met while running candidate k (a missing exchange rate, a policy
/// its market cannot run, a campaign that never finishes) rethrown as an input_error at that
/// candidate: the scenario's file and the candidate's pointer ("/candidates/2", or "/plan").
template <class F>
decltype(auto) at_candidate(const scenario& s, const candidate& k, F&& f);

/// The campaign a spot candidate runs (exposed for tests and the exact replay check).
campaign make_campaign(const scenario& s, const candidate& k);
/// The tick campaign of a greedy / uniform_progress / spot_only / on_demand candidate on
/// ticks of `gap` (prices converted to the scenario's currency; d = restart overhead).
tick_campaign make_tick_campaign(const scenario& s, const candidate& k, usec gap);
/// The Monte Carlo decision tick of a candidate: "tick", else its trace_fit trace's gap,
/// else 10 minutes.
usec mc_tick_of(const candidate& k);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

template <class F>
decltype(auto) at_candidate(const scenario& s, const candidate& k, F&& f) {
    return in_context(s.file, k.pointer, std::forward<F>(f));
}

inline money in_scenario_currency(const scenario& s, const offer&, const money& m) {
    return convert(s.offers, m, s.in_currency);
}

inline fast_price_per_hour hourly_price(const scenario& s, const offer& o, const quoted_price& p) {
    return fast_price_per_hour(to_double(in_scenario_currency(s, o, p.hourly().per_hour()).amount()));
}

inline campaign make_campaign(const scenario& s, const candidate& k) {
    const offer& o = s.offer_of(k);
    campaign c;
    c.work = to_fast_hours(s.work_of(k));
    c.every = k.checkpoint.rule == checkpoint_rule::none ? c.work : k.checkpoint.every;
    c.checkpoint_cost = k.checkpoint.rule == checkpoint_rule::none ? fast_hours(0) : k.checkpoint.cost;
    if (s.deadline) c.deadline = to_fast_hours(*s.deadline);
    switch (k.policy) {
        case policy_kind::spot_only: c.policy = campaign_policy::spot_only; break;
        case policy_kind::deadline_fallback: c.policy = campaign_policy::deadline_fallback; break;
        default:
            throw model_error("policy \"" + std::string(to_string(k.policy)) +
                              "\" runs on a tick grid (make_tick_campaign), not as a continuous-time campaign");
    }
    if (k.per_tick_billing)
        throw model_error(
            "\"billing\": \"per_tick\" charges ticks: it applies to greedy, uniform_progress and "
            "`costsim replay` only");
    c.billing = fast_billing::from(o.billing.increment);
    fast_price_per_hour extra{0.0};
    for (const auto& a : o.attached) extra += hourly_price(s, o, a.price);
    c.extra_per_hour = extra;
    if (o.on_demand) c.on_demand = hourly_price(s, o, o.on_demand->price) + extra;
    c.rate = k.interruptions.rate();
    c.lifetime = k.interruptions.lifetime;
    if (k.interruptions.notice) c.notice = interruption_notice(*k.interruptions.notice);
    c.restart = k.restart;
    c.lifetimes = k.interruptions.lifetimes();
    c.outages = k.interruptions.outages();
    if (k.failover_zones > 1) {
        if (c.lifetimes.empty() || c.outages.empty())
            throw model_error("failover over " + std::to_string(k.failover_zones) +
                              " zones draws each zone's capacity from resampled lifetimes and outages; the "
                              "interruption model \"" +
                              std::string(to_string(k.interruptions.kind())) + "\" has none");
        c.failover_zones = k.failover_zones;
        c.relaunch = k.relaunch;
        if (!k.failover_offers.empty()) {
            if (k.failover_offers.size() != static_cast<std::size_t>(k.failover_zones))
                throw model_error("failover over " + std::to_string(k.failover_zones) + " zones lists " +
                                  std::to_string(k.failover_offers.size()) + " offers");
            auto spot_of = [&](std::size_t oi) {
                const offer& z = s.offers.offers.at(oi);
                const auto* q = z.spot ? std::get_if<quoted_price>(&z.spot->price) : nullptr;
                if (!q) throw model_error("failover zone " + z.id + " has no quoted spot price");
                return hourly_price(s, z, *q).value();
            };
            std::vector<double> prices;  // the candidate's own zone first
            for (std::size_t oi : k.failover_offers) prices.push_back(spot_of(oi));
            for (double p : prices) c.zone_price_ratio.push_back(prices.front() > 0 ? p / prices.front() : 1.0);
        }
    }
    return c;
}

inline tick_campaign make_tick_campaign(const scenario& s, const candidate& k, usec gap) {
    const offer& o = s.offer_of(k);
    tick_campaign c;
    switch (k.policy) {
        case policy_kind::on_demand: c.policy = tick_policy::on_demand; break;
        case policy_kind::spot_only: c.policy = tick_policy::spot_only; break;
        case policy_kind::greedy: c.policy = tick_policy::greedy; break;
        case policy_kind::uniform_progress: c.policy = tick_policy::uniform_progress; break;
        case policy_kind::deadline_fallback:
            throw model_error(
                "policy \"deadline_fallback\" is a continuous-time Monte Carlo policy; on ticks use "
                "\"greedy\" or \"uniform_progress\"");
    }
    if (k.failover_zones > 1)
        throw model_error(
            "failover runs in continuous time (spot_only, deadline_fallback); `costsim failover` "
            "replays it on ticks");
    c.gap = gap;
    c.work = s.work_of(k);
    c.changeover = std::chrono::duration_cast<usec>(k.restart.overhead);
    c.deadline = s.deadline;
    c.per_tick_billing = k.per_tick_billing;
    c.billing = fast_billing::from(o.billing.increment);
    fast_price_per_hour extra{0.0};
    for (const auto& a : o.attached) extra += hourly_price(s, o, a.price);
    c.extra_per_hour = extra;
    if (o.on_demand) c.on_demand = hourly_price(s, o, o.on_demand->price) + extra;
    return c;
}

inline usec mc_tick_of(const candidate& k) {
    if (k.tick) return *k.tick;
    if (const auto* t = std::get_if<spot_models::trace_fit>(&k.interruptions.model)) return t->gap;
    return std::chrono::duration_cast<usec>(std::chrono::minutes(10));
}

}  // namespace costsim
