// costsim/pricing/breakeven.hpp — when does a dedicated server, or a GPU, pay for itself?
//
// Dedicated vs hourly: over a commitment of N months, a monthly offer costs
// N × monthly price + setup fee whatever it is used for; an hourly offer costs what the
// hours used cost under its rule (sustained-use tiers and a monthly cap included). The
// break-even utilisation is the number of hours per month above which the dedicated
// server is cheaper. Months are 730 h (8760 h / 12, the providers' convention for
// monthly equivalents); sessions are assumed long enough that increments and minimums
// do not matter. All arithmetic is exact.
//
// GPU vs CPU: per solution, an offer costs price per hour / throughput, so the GPU offer
// is cheaper per solution exactly when its throughput is more than
// (GPU price per hour / CPU price per hour) times the CPU's. Their JSON is
// io/breakeven_json.hpp.
#pragma once

#include <optional>
#include <string>

#include "costsim/core/money.hpp"
#include "costsim/pricing/billing.hpp"
#include "costsim/pricing/catalog.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// Hours in the month used for break-even figures.
inline const exact breakeven_month_hours{730};

struct dedicated_breakeven {
    int months;
    money commitment;       ///< N × monthly + setup fee, in the comparison currency
    price_per_hour hourly;  ///< offer + attached, before sustained use
    /// Hours per month above which the dedicated server is cheaper; none when the hourly
    /// offer is cheaper even at 730 h a month.
    std::optional<exact> hours_per_month;
    std::vector<exchange_rate> rates_used;
};

struct gpu_cpu_breakeven {
    price_per_hour gpu, cpu;
    exact throughput_ratio;  ///< GPU/CPU throughput above which the GPU is cheaper per solution
};

/// Throws model_error when an offer lacks the market or a rate is missing.
dedicated_breakeven breakeven_dedicated(const catalog& cat, const offer& monthly, const offer& hourly, int months,
                                        const currency& in);
gpu_cpu_breakeven breakeven_gpu_cpu(const catalog& cat, const offer& gpu, const offer& cpu, const currency& in);

/// An offer and its attached resources per hour of its on-demand market, in `in` (before
/// sustained use); model_error without the market or a rate.
price_per_hour on_demand_hourly(const catalog& cat, const offer& o, const currency& in);
/// A monthly offer kept busy: its N-month commitment (N × monthly price + setup fee) over
/// N months of 730 h, per hour; model_error without the market or a rate.
price_per_hour amortised_hourly(const catalog& cat, const offer& monthly, int months, const currency& in);

/// The hourly offer's charge for `hours` of use in one month (sustained use and cap applied).
money monthly_usage_cost(const offer& hourly, const price_per_hour& p, const exact& hours, const currency& in,
                         const catalog& cat);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {
inline price_per_hour hourly_total(const catalog& cat, const offer& o, const currency& in,
                                   std::vector<exchange_rate>* used) {
    if (!o.on_demand) throw model_error("offer \"" + o.id + "\" has no on_demand market");
    money total = convert(cat, o.on_demand->price.hourly().per_hour(), in, used);
    for (const auto& a : o.attached) total += convert(cat, a.price.hourly().per_hour(), in, used);
    return price_per_hour(total);
}
}  // namespace detail

inline money monthly_usage_cost(const offer& hourly, const price_per_hour& p, const exact& hours, const currency& in,
                                const catalog& cat) {
    money cost = hourly.billing.sustained
                     ? p.per_hour() * exact(breakeven_month_hours * hourly.billing.sustained->weighted_share(
                                                                        exact(0), exact(hours / breakeven_month_hours)))
                     : p.per_hour() * hours;
    if (hourly.billing.cap) {
        money cap = convert(cat, hourly.billing.cap->cap, in, nullptr);
        if (cap < cost) cost = cap;
    }
    return cost;
}

inline dedicated_breakeven breakeven_dedicated(const catalog& cat, const offer& monthly, const offer& hourly,
                                               int months, const currency& in) {
    if (!monthly.monthly) throw model_error("offer \"" + monthly.id + "\" has no monthly market");
    if (months < 1) throw model_error("a commitment of at least one month");
    std::vector<exchange_rate> used;
    money commitment = convert(cat, monthly.monthly->price.monthly().per_month(), in, &used) * exact(months);
    if (monthly.monthly->setup_fee) commitment += convert(cat, *monthly.monthly->setup_fee, in, &used);
    const price_per_hour p = detail::hourly_total(cat, hourly, in, &used);
    const money per_month = commitment / exact(months);

    dedicated_breakeven b{months, commitment, p, std::nullopt, {}};
    // The hourly cost of h hours is piecewise linear and non-decreasing in h (tiers, then a
    // cap): walk its pieces and solve cost(h) = per_month on the first piece that reaches it.
    std::vector<exact> knots{exact(0)};
    if (hourly.billing.sustained)
        for (const auto& t : hourly.billing.sustained->tiers()) knots.push_back(exact(t.up_to * breakeven_month_hours));
    else
        knots.push_back(breakeven_month_hours);
    for (std::size_t i = 1; i < knots.size(); ++i) {
        const money lo = monthly_usage_cost(hourly, p, knots[i - 1], in, cat);
        const money hi = monthly_usage_cost(hourly, p, knots[i], in, cat);
        if (hi < per_month) continue;
        if (hi == lo) break;  // flat (capped) piece below the commitment: never
        const money per_hour_on_piece = (hi - lo) / exact(knots[i] - knots[i - 1]);
        b.hours_per_month = exact(knots[i - 1] + (per_month - lo) / per_hour_on_piece);
        break;
    }
    b.rates_used = std::move(used);  // each rate once, in the order first used
    return b;
}

inline price_per_hour on_demand_hourly(const catalog& cat, const offer& o, const currency& in) {
    return detail::hourly_total(cat, o, in, nullptr);
}

inline price_per_hour amortised_hourly(const catalog& cat, const offer& monthly, int months, const currency& in) {
    if (!monthly.monthly) throw model_error("offer \"" + monthly.id + "\" has no monthly market");
    if (months < 1) throw model_error("a commitment of at least one month");
    money commitment = convert(cat, monthly.monthly->price.monthly().per_month(), in, nullptr) * exact(months);
    if (monthly.monthly->setup_fee) commitment += convert(cat, *monthly.monthly->setup_fee, in, nullptr);
    return price_per_hour(commitment / exact(exact(months) * breakeven_month_hours));
}

inline gpu_cpu_breakeven breakeven_gpu_cpu(const catalog& cat, const offer& gpu, const offer& cpu, const currency& in) {
    const price_per_hour g = detail::hourly_total(cat, gpu, in, nullptr);
    const price_per_hour c = detail::hourly_total(cat, cpu, in, nullptr);
    if (c.per_hour().amount() == 0) throw model_error("the CPU offer is free: a GPU can never be cheaper per solution");
    return {g, c, g.per_hour() / c.per_hour()};
}

}  // namespace costsim
