// costsim/pricing/billing.hpp — the billing rules providers use, each a small composable type.
//
//   increment_rule   per-increment billing with a minimum (1 s/60 s AWS, 1 s/1 min GCE,
//                    1 min LeaderGPU/Azure, 1 h rounded up IBM hourly, 1 ms)
//   sustained_use    discount tiers by share of the calendar month (GCE N1 100/80/60/40 %)
//   monthly_cap      an hourly price capped at a monthly price (per calendar month)
//   proration        how a monthly price or fee is charged for part of a month
//   egress_tiers     per-GB data-transfer tiers
//   price_schedule   a spot price that changes over time, charged at the price in force
//
// The invoice engine (invoice.hpp) composes them; each is usable and testable alone.
// Nothing here knows about spot interruptions, offers or files.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "costsim/core/decimal.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/enum_names.hpp"
#include "costsim/core/money.hpp"
#include "costsim/pricing/calendar.hpp"
#include "costsim/pricing/price.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// Billed time = run time rounded up to `increment`, then raised to `minimum`.
/// A run of zero length starts nothing and bills nothing.
struct increment_rule {
    usec increment = std::chrono::seconds(1);
    usec minimum = usec(0);

    bool ok() const noexcept { return increment.count() > 0 && minimum.count() >= 0; }
    billed_duration bill(usec run) const;
};

/// One sustained-use tier: usage up to `up_to` of the month is billed at `rate` of base.
struct sustained_use_tier {
    exact up_to;
    exact rate;
};

/// Tiers by share of the calendar month; the tiers' `up_to` rise strictly and end at 1.
class sustained_use {
public:
    explicit sustained_use(std::vector<sustained_use_tier> tiers) : tiers_(std::move(tiers)) {}
    const std::vector<sustained_use_tier>& tiers() const noexcept { return tiers_; }
    bool ok() const;
    /// ∫ rate(x) dx over [from, to] (shares of the month): the discounted share to bill.
    exact weighted_share(const exact& from, const exact& to) const;
    /// Exact charge for using `used` of a month (after `already` was used in it) at `p`.
    money charge(const price_per_hour& p, const month_slice& slice, const exact& already = exact(0)) const;

private:
    std::vector<sustained_use_tier> tiers_;
};

/// Each calendar month's charge for the resource is at most `cap`.
struct monthly_cap {
    money cap;
    bool ok() const { return cap.amount() >= 0; }
    money apply(const money& month_charge) const { return month_charge < cap ? month_charge : cap; }
};

/// How a monthly price is charged for part of a month.
enum class proration {
    calendar,  ///< by the exact share of the calendar month covered
    none       ///< every month touched is charged in full
};
template <>
struct enum_table<proration> {
    static constexpr std::string_view what = "a proration";
    static constexpr std::array<enum_entry<proration>, 2> entries{
        {{proration::calendar, "calendar"}, {proration::none, "none"}}};
};
std::string_view to_string(proration p) noexcept;
/// Charge of a monthly price over one month slice under a proration rule.
money prorate(const monthly_price& p, const month_slice& slice, proration rule);

struct egress_tier {
    std::optional<exact> up_to_gb;  ///< cumulative upper bound; none on the last tier
    price_per_gb price;
};

/// Data transfer billed in cumulative tiers (first N GB at one price, the next at another).
class egress_tiers {
public:
    explicit egress_tiers(std::vector<egress_tier> tiers) : tiers_(std::move(tiers)) {}
    const std::vector<egress_tier>& tiers() const noexcept { return tiers_; }
    bool empty() const noexcept { return tiers_.empty(); }
    bool ok() const;
    money charge(const gigabytes& gb) const;

private:
    std::vector<egress_tier> tiers_;
};

/// A price that changes over time: each point's price is in force from its instant until
/// the next point. Charged per unit of billed time at the price in force.
class price_schedule {
public:
    struct point {
        timestamp from;
        price_per_hour price;
    };
    explicit price_schedule(std::vector<point> points) : points_(std::move(points)) {}
    const std::vector<point>& points() const noexcept { return points_; }
    bool ok() const;
    /// Throws model_error when t is before the first point.
    const price_per_hour& price_at(timestamp t) const;
    /// ∫ price dt over [from, to), exactly.
    money charge(timestamp from, timestamp to) const;

private:
    std::vector<point> points_;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline billed_duration increment_rule::bill(usec run) const {
    if (run.count() <= 0) return billed_duration(usec(0));
    auto n = (run.count() + increment.count() - 1) / increment.count();
    usec billed(n * increment.count());
    return billed_duration(std::max(billed, minimum));
}

inline bool sustained_use::ok() const {
    if (tiers_.empty()) return false;
    exact prev(0);
    for (const auto& t : tiers_) {
        if (!(t.up_to > prev) || t.up_to > 1 || t.rate < 0) return false;
        prev = t.up_to;
    }
    return tiers_.back().up_to == 1;
}

inline exact sustained_use::weighted_share(const exact& from, const exact& to) const {
    exact total(0), lo(0);
    for (const auto& t : tiers_) {
        exact a = std::max(from, lo), b = std::min(to, t.up_to);
        if (b > a) total += (b - a) * t.rate;
        lo = t.up_to;
    }
    return total;
}

inline money sustained_use::charge(const price_per_hour& p, const month_slice& slice, const exact& already) const {
    exact used = slice.share().get();
    exact month_hours(big_int(slice.month_length().count()), big_int(3600000000LL));
    return p.per_hour() * exact(month_hours * weighted_share(already, exact(already + used)));
}

inline std::string_view to_string(proration p) noexcept { return enum_name(p); }

inline money prorate(const monthly_price& p, const month_slice& slice, proration rule) {
    if (rule == proration::none) return p.per_month();
    return p * slice.share();
}

inline bool egress_tiers::ok() const {
    std::optional<exact> prev;
    for (std::size_t i = 0; i < tiers_.size(); ++i) {
        const auto& t = tiers_[i];
        if (t.price.per_gb().amount() < 0) return false;
        bool last = i + 1 == tiers_.size();
        if (last != !t.up_to_gb.has_value()) return false;
        if (t.up_to_gb && prev && !(*t.up_to_gb > *prev)) return false;
        if (t.up_to_gb) prev = t.up_to_gb;
    }
    return true;
}

inline money egress_tiers::charge(const gigabytes& gb) const {
    if (tiers_.empty()) throw model_error("no egress prices for this offer");
    money total = money::zero(tiers_.front().price.per_gb().currency_of());
    exact lo(0);
    for (const auto& t : tiers_) {
        exact hi = t.up_to_gb ? *t.up_to_gb : gb.get();
        exact in_tier = std::min(gb.get(), hi) - lo;
        if (in_tier > 0) total += t.price * gigabytes(in_tier);
        if (t.up_to_gb) lo = *t.up_to_gb;
        if (gb.get() <= lo) break;
    }
    return total;
}

inline bool price_schedule::ok() const {
    if (points_.empty()) return false;
    for (std::size_t i = 0; i < points_.size(); ++i) {
        if (!points_[i].price.ok()) return false;
        if (i > 0 && !(points_[i - 1].from < points_[i].from)) return false;
        if (!(points_[i].price.currency_of() == points_.front().price.currency_of())) return false;
    }
    return true;
}

inline const price_per_hour& price_schedule::price_at(timestamp t) const {
    auto it =
        std::upper_bound(points_.begin(), points_.end(), t, [](timestamp v, const point& p) { return v < p.from; });
    if (it == points_.begin())
        throw model_error("no spot price in force at " + format_timestamp(t) + " (history starts " +
                          format_timestamp(points_.front().from) + ")");
    return std::prev(it)->price;
}

inline money price_schedule::charge(timestamp from, timestamp to) const {
    const price_per_hour& first = price_at(from);
    money total = money::zero(first.currency_of());
    for (std::size_t i = 0; i < points_.size(); ++i) {
        timestamp a = std::max(from, points_[i].from);
        timestamp b = i + 1 < points_.size() ? std::min(to, points_[i + 1].from) : to;
        if (b > a) total += points_[i].price * billed_duration(b - a);
    }
    return total;
}

}  // namespace costsim
