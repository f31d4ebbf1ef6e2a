// costsim/pricing/offer.hpp — what can be bought: an offer, its markets, and how it is billed.
//
// An offer is one instance type (or dedicated server) of one provider in one place,
// with up to three markets (on-demand, spot, monthly), resources that must be attached
// to it and are billed with it (a GCE host VM for a GPU), recurring fees (storage),
// egress tiers and its billing rule. Prices stay as quoted (quoted_price) so that the
// catalog file round-trips; the invoice engine converts them exactly.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "costsim/core/money.hpp"
#include "costsim/pricing/billing.hpp"
#include "costsim/pricing/price.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

enum class market_kind { on_demand, spot, monthly };
std::string_view to_string(market_kind m) noexcept;
/// Throws value_error for anything but on_demand|spot|monthly.
market_kind parse_market_kind(std::string_view s);

struct gpu_spec {
    std::string model;
    int count = 1;
    std::optional<double> memory_gib;
};

/// A spot price history as written in data: prices from instants on, one unit, one currency.
struct spot_history {
    struct point {
        timestamp from;
        exact amount;
    };
    std::vector<point> points;
    costsim::currency currency;
    price_unit per;

    price_schedule schedule() const;
};

struct hourly_market {
    quoted_price price;
};
struct spot_market {
    std::variant<quoted_price, spot_history> price;
    /// The price that bills [from, to): constant, or the history's price in force.
    money charge(timestamp from, timestamp to) const;
    /// A representative per-hour price (the constant, or the history's time-weighted mean
    /// is not known without a window: the latest point) for listings.
    price_per_hour headline() const;
};
struct monthly_market {
    quoted_price price;
    std::optional<money> setup_fee;
};

struct attached_resource {
    std::string name;
    quoted_price price;
};
struct recurring_fee {
    std::string name;
    quoted_price price;  ///< per month
};

struct billing_spec {
    increment_rule increment;     ///< for on-demand and spot
    bool monthly_period = false;  ///< "period": "month" (dedicated servers)
    costsim::proration proration = proration::calendar;
    std::optional<monthly_cap> cap;
    std::optional<sustained_use> sustained;
    /// One line a person can read: "per 1s, min 60s; sustained use 100/80/60/40 %".
    std::string describe(market_kind m) const;
};

struct offer {
    std::string id, provider, region, instance;
    /// The availability zone within `region`, where the offer is sold per zone (AWS zone ids
    /// such as "use1-az6", Runpod's "US-TX-3"); empty where it is sold per region.
    std::string zone;
    std::optional<gpu_spec> gpus;
    std::optional<int> vcpus;
    std::optional<double> memory_gib;
    std::optional<hourly_market> on_demand;
    std::optional<spot_market> spot;
    std::optional<monthly_market> monthly;
    std::vector<attached_resource> attached;
    std::vector<recurring_fee> fees;
    egress_tiers egress{{}};
    billing_spec billing;
    std::string notes, source;
    bool estimate = false;

    bool has_market(market_kind m) const noexcept;
    /// The instance name for invoice lines (instance, else id).
    const std::string& display_name() const noexcept { return instance.empty() ? id : instance; }
    /// The currency the offer's market is priced in.
    costsim::currency market_currency(market_kind m) const;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(market_kind m) noexcept {
    switch (m) {
        case market_kind::on_demand: return "on_demand";
        case market_kind::spot: return "spot";
        case market_kind::monthly: return "monthly";
    }
    return "?";
}

inline market_kind parse_market_kind(std::string_view s) {
    for (auto m : {market_kind::on_demand, market_kind::spot, market_kind::monthly})
        if (s == to_string(m)) return m;
    throw value_error("a market: \"on_demand\", \"spot\" or \"monthly\", got \"" + std::string(s) + "\"");
}

inline price_schedule spot_history::schedule() const {
    std::vector<price_schedule::point> pts;
    pts.reserve(points.size());
    for (const auto& p : points)
        pts.push_back({p.from, quoted_price{money(p.amount, currency), per, false, {}}.hourly()});
    return price_schedule(std::move(pts));
}

inline money spot_market::charge(timestamp from, timestamp to) const {
    if (const auto* q = std::get_if<quoted_price>(&price)) return q->hourly() * billed_duration(to - from);
    return std::get<spot_history>(price).schedule().charge(from, to);
}

inline price_per_hour spot_market::headline() const {
    if (const auto* q = std::get_if<quoted_price>(&price)) return q->hourly();
    const auto& h = std::get<spot_history>(price);
    return quoted_price{money(h.points.back().amount, h.currency), h.per, false, {}}.hourly();
}

inline bool offer::has_market(market_kind m) const noexcept {
    switch (m) {
        case market_kind::on_demand: return on_demand.has_value();
        case market_kind::spot: return spot.has_value();
        case market_kind::monthly: return monthly.has_value();
    }
    return false;
}

inline costsim::currency offer::market_currency(market_kind m) const {
    switch (m) {
        case market_kind::on_demand: return on_demand.value().price.amount.currency_of();
        case market_kind::spot: return spot.value().headline().currency_of();
        case market_kind::monthly: return monthly.value().price.amount.currency_of();
    }
    throw model_error("unknown market");
}

inline std::string billing_spec::describe(market_kind m) const {
    std::string s;
    if (m == market_kind::monthly) {
        s = "monthly, ";
        s += proration == proration::calendar ? "prorated by calendar share" : "whole months";
    } else {
        s = "per " + format_duration(increment.increment);
        if (increment.minimum.count() > 0) s += ", min " + format_duration(increment.minimum);
        if (m == market_kind::spot) s += ", price in force";
        if (sustained && m == market_kind::on_demand) {
            s += "; sustained use ";
            std::string rates;
            for (const auto& t : sustained->tiers())
                rates += (rates.empty() ? "" : "/") + to_decimal_string(exact(t.rate * 100), 2);
            s += rates + " %";
        }
        if (cap)
            s += "; cap " + to_fixed_string(cap->cap.amount(), cap->cap.currency_of().minor_unit()) + " " +
                 std::string(cap->cap.currency_of().code()) + "/month";
    }
    return s;
}

}  // namespace costsim
