// costsim/pricing/price.hpp — prices, billed durations and the arithmetic that joins them.
//
// Only products that mean something compile:
//   price_per_hour * billed_duration -> money   (time-priced resources)
//   monthly_price  * month_share     -> money   (a month is not a fixed duration)
//   price_per_gb   * gigabytes       -> money   (egress)
// A raw run duration must go through a billing rule (billing.hpp) to become a
// billed_duration before it can be priced; a double never becomes any of these.
#pragma once

#include <string>
#include <string_view>

#include "costsim/core/decimal.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/money.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// A duration a provider charges for: the output of a billing rule.
class billed_duration {
public:
    explicit billed_duration(usec d) : d_(d) {}
    usec get() const noexcept { return d_; }
    bool ok() const noexcept { return d_.count() >= 0; }
    /// Exact hours, for pricing.
    exact hours() const { return exact(big_int(d_.count()), big_int(3600000000LL)); }
    friend auto operator<=>(const billed_duration&, const billed_duration&) = default;

private:
    usec d_;
};

/// The exact share of one calendar month (10 days of February: 10/28).
class month_share {
public:
    explicit month_share(exact share) : share_(std::move(share)) {}
    const exact& get() const noexcept { return share_; }
    bool ok() const noexcept { return share_ >= 0; }

private:
    exact share_;
};

/// An exact quantity of data in gigabytes.
class gigabytes {
public:
    explicit gigabytes(exact gb) : gb_(std::move(gb)) {}
    const exact& get() const noexcept { return gb_; }

private:
    exact gb_;
};

class price_per_hour {
public:
    explicit price_per_hour(money per_hour) : m_(std::move(per_hour)) {}
    const money& per_hour() const noexcept { return m_; }
    const currency& currency_of() const noexcept { return m_.currency_of(); }
    bool ok() const noexcept { return m_.amount() >= 0; }

private:
    money m_;
};

class monthly_price {
public:
    explicit monthly_price(money per_month) : m_(std::move(per_month)) {}
    const money& per_month() const noexcept { return m_; }
    const currency& currency_of() const noexcept { return m_.currency_of(); }
    bool ok() const noexcept { return m_.amount() >= 0; }

private:
    money m_;
};

class price_per_gb {
public:
    explicit price_per_gb(money per_gb) : m_(std::move(per_gb)) {}
    const money& per_gb() const noexcept { return m_; }

private:
    money m_;
};

inline money operator*(const price_per_hour& p, const billed_duration& d) { return p.per_hour() * d.hours(); }
inline money operator*(const billed_duration& d, const price_per_hour& p) { return p * d; }
inline money operator*(const monthly_price& p, const month_share& s) { return p.per_month() * s.get(); }
inline money operator*(const month_share& s, const monthly_price& p) { return p * s; }
inline money operator*(const price_per_gb& p, const gigabytes& g) { return p.per_gb() * g.get(); }
inline money operator*(const gigabytes& g, const price_per_gb& p) { return p * g; }

/// The unit a price is quoted per, as written in data ("per": "hour").
enum class price_unit { second, minute, hour, day, month, gb };

std::string_view to_string(price_unit u) noexcept;
/// Throws value_error for anything but second|minute|hour|day|month|GB.
price_unit parse_price_unit(std::string_view s);

/// A price as quoted in data: amount per unit. Kept as written so that files round-trip;
/// converted exactly to the type that prices a charge.
struct quoted_price {
    money amount;
    price_unit per;
    bool estimate = false;
    std::string note;

    bool is_time_based() const noexcept { return per != price_unit::month && per != price_unit::gb; }
    /// Exact per-hour price; requires is_time_based().
    price_per_hour hourly() const;
    /// Requires per == month.
    monthly_price monthly() const;
    /// Requires per == gb.
    price_per_gb per_gigabyte() const;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(price_unit u) noexcept {
    switch (u) {
        case price_unit::second: return "second";
        case price_unit::minute: return "minute";
        case price_unit::hour: return "hour";
        case price_unit::day: return "day";
        case price_unit::month: return "month";
        case price_unit::gb: return "GB";
    }
    return "?";
}

inline price_unit parse_price_unit(std::string_view s) {
    for (price_unit u :
         {price_unit::second, price_unit::minute, price_unit::hour, price_unit::day, price_unit::month, price_unit::gb})
        if (s == to_string(u)) return u;
    throw value_error("\"second\", \"minute\", \"hour\", \"day\", \"month\" or \"GB\", got \"" + std::string(s) + "\"");
}

inline price_per_hour quoted_price::hourly() const {
    switch (per) {
        case price_unit::second: return price_per_hour(amount * exact(3600));
        case price_unit::minute: return price_per_hour(amount * exact(60));
        case price_unit::hour: return price_per_hour(amount);
        case price_unit::day: return price_per_hour(amount / exact(24));
        default: throw model_error("a price per " + std::string(to_string(per)) + " is not a price per unit of time");
    }
}

inline monthly_price quoted_price::monthly() const {
    if (per != price_unit::month) throw model_error("a price per " + std::string(to_string(per)) + " is not monthly");
    return monthly_price(amount);
}

inline price_per_gb quoted_price::per_gigabyte() const {
    if (per != price_unit::gb) throw model_error("a price per " + std::string(to_string(per)) + " is not per GB");
    return price_per_gb(amount);
}

}  // namespace costsim
