// costsim/pricing/offer.hpp — what can be bought: an offer, its markets, and how it is billed.
//
// An offer is one instance type (or dedicated server) of one provider in one place,
// with up to three markets (on-demand, spot, monthly), resources that must be attached
// to it and are billed with it (a GCE host VM for a GPU), recurring fees (storage),
// egress tiers and its billing rule. Prices stay as quoted (quoted_price) so that the
// catalog file round-trips; the invoice engine converts them exactly.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "costsim/core/enum_names.hpp"
#include "costsim/core/money.hpp"
#include "costsim/pricing/billing.hpp"
#include "costsim/pricing/price.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

enum class market_kind { on_demand, spot, monthly };
template <>
struct enum_table<market_kind> {
    static constexpr std::string_view what = "a market";
    static constexpr std::array<enum_entry<market_kind>, 3> entries{
        {{market_kind::on_demand, "on_demand"}, {market_kind::spot, "spot"}, {market_kind::monthly, "monthly"}}};
};
std::string_view to_string(market_kind m) noexcept;
/// Throws value_error for anything but on_demand|spot|monthly.
market_kind parse_market_kind(std::string_view s);

/// The day an offer's prices were the source's prices: known exactly, or only bounded. A
/// snapshot whose date was not recorded is "on or before" the day it was copied; rows that
/// show a dated price change are "on or after" that change; a source whose date is unknown
/// is "not recorded", bounded only by the day it was copied.
enum class date_bound { on, on_or_before, on_or_after, not_recorded };
struct price_date {
    date::year_month_day day{};
    date_bound bound = date_bound::on;
};
/// "2025-05-31", "on or before 2025-05-31", "on or after 2025-06-01",
/// "not recorded, on or before 2026-12-03".
std::string to_string(const price_date& d);
/// The inverse of to_string; value_error naming the three forms otherwise.
price_date parse_price_date(std::string_view s);
/// How old prices of date `d` are on `today`, in words ("18.2 months old", "at least 40 days
/// old", "up to 18.2 months old", "age not recorded"), and whether they may be older than six
/// months (183 days): an unrecorded date always may.
struct price_age {
    std::string text;
    bool stale = false;
};
price_age age_of(const price_date& d, date::sys_days today);

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
    /// When the offer's prices are from, where it differs from its catalog's as_of (one
    /// catalog of several sources); catalog::prices_as_of gives the one that applies.
    std::optional<price_date> prices_as_of{};

    bool has_market(market_kind m) const noexcept;
    /// The instance name for invoice lines (instance, else id).
    const std::string& display_name() const noexcept { return instance.empty() ? id : instance; }
    /// The currency the offer's market is priced in.
    costsim::currency market_currency(market_kind m) const;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(market_kind m) noexcept { return enum_name(m); }

inline market_kind parse_market_kind(std::string_view s) { return parse_enum<market_kind>(s); }

inline std::string to_string(const price_date& d) {
    switch (d.bound) {
        case date_bound::on: return format_date(d.day);
        case date_bound::on_or_before: return "on or before " + format_date(d.day);
        case date_bound::on_or_after: return "on or after " + format_date(d.day);
        case date_bound::not_recorded: return "not recorded, on or before " + format_date(d.day);
    }
    return format_date(d.day);
}

inline price_date parse_price_date(std::string_view s) {
    const std::string want =
        "a price date \"YYYY-MM-DD\", \"on or before YYYY-MM-DD\", \"on or after YYYY-MM-DD\" or \"not recorded, on "
        "or before YYYY-MM-DD\", got \"" +
        std::string(s) + "\"";
    price_date d;
    std::string_view day = s;
    for (auto [prefix, bound] : {std::pair{std::string_view("on or before "), date_bound::on_or_before},
                                 std::pair{std::string_view("on or after "), date_bound::on_or_after},
                                 std::pair{std::string_view("not recorded, on or before "), date_bound::not_recorded}})
        if (s.substr(0, prefix.size()) == prefix) {
            day = s.substr(prefix.size());
            d.bound = bound;
        }
    if (day.size() != 10) throw value_error(want);
    try {
        d.day = date::year_month_day{date::floor<date::days>(parse_timestamp(day))};
    } catch (const value_error&) {
        throw value_error(want);
    }
    return d;
}

inline price_age age_of(const price_date& d, date::sys_days today) {
    const auto days = (today - date::sys_days(d.day)).count();
    if (days < 0) return {"dated in the future", false};
    const long tenths = std::lround(static_cast<double>(days) / 3.044);  // months of 30.44 days, to 0.1
    const std::string n = days < 62 ? std::to_string(days) + " days old"
                                    : std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + " months old";
    switch (d.bound) {
        case date_bound::on: return {n, days > 183};
        case date_bound::on_or_before: return {"at least " + n, days > 183};
        case date_bound::on_or_after: return {"up to " + n, days > 183};
        case date_bound::not_recorded: return {"age not recorded", true};
    }
    return {n, days > 183};
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
