// costsim/core/money.hpp — currencies, exact money, rounding once, and dated exchange rates.
//
// `money` is an exact amount in one ISO 4217 currency. Sums across currencies are an
// error (currency_mismatch), never a silent sum: conversion goes through an explicit,
// dated `exchange_rate`. Rounding is named where it happens: `round_half_up(money)`
// gives a `rounded_money` in whole minor units (cents), a different type that does not
// mix with exact amounts.
#pragma once

#include <array>
#include <compare>
#include <concepts>
#include <string>
#include <string_view>

#include <date/date.h>

#include "costsim/core/decimal.hpp"
#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// An ISO 4217 currency with its minor unit (2 for USD: cents; 0 for JPY).
class currency {
public:
    /// Throws value_error for a code that is not in costsim's ISO 4217 table.
    explicit currency(std::string_view code);
    static bool is_known(std::string_view code) noexcept;

    std::string_view code() const noexcept { return {code_.data(), 3}; }
    int minor_unit() const noexcept { return minor_; }
    bool ok() const noexcept { return minor_ >= 0; }
    friend bool operator==(const currency& a, const currency& b) noexcept { return a.code_ == b.code_; }

private:
    std::array<char, 3> code_{};
    int minor_ = -1;
};

/// Adding or comparing amounts of two currencies.
class currency_mismatch : public model_error {
public:
    currency_mismatch(const currency& a, const currency& b)
        : model_error("cannot combine " + std::string(a.code()) + " with " + std::string(b.code()) +
                      " without an exchange rate") {}
};

/// An exact amount of one currency.
class money {
public:
    money(exact amount, currency cur) : amount_(std::move(amount)), currency_(cur) {}
    /// A binary float never becomes money: amounts come from decimal strings.
    template <std::floating_point F>
    money(F, currency) = delete;
    static money zero(currency cur) { return money(exact(0), cur); }

    const exact& amount() const noexcept { return amount_; }
    const currency& currency_of() const noexcept { return currency_; }

    money& operator+=(const money& o);
    money& operator-=(const money& o);
    friend money operator+(money a, const money& b) { return a += b; }
    friend money operator-(money a, const money& b) { return a -= b; }
    friend money operator-(const money& a) { return money(exact(-a.amount_), a.currency_); }
    friend money operator*(const money& a, const exact& k) { return money(exact(a.amount_ * k), a.currency_); }
    friend money operator*(const exact& k, const money& a) { return a * k; }
    friend money operator/(const money& a, const exact& k) { return money(exact(a.amount_ / k), a.currency_); }
    template <std::floating_point F>
    friend money operator*(const money&, F) = delete;
    template <std::floating_point F>
    friend money operator*(F, const money&) = delete;
    template <std::floating_point F>
    friend money operator/(const money&, F) = delete;
    /// The ratio of two amounts of the same currency (a pure number).
    friend exact operator/(const money& a, const money& b);
    friend bool operator==(const money& a, const money& b);
    friend std::strong_ordering operator<=>(const money& a, const money& b);

private:
    exact amount_;
    currency currency_;
};

/// An amount rounded to the currency's minor unit: what an invoice total shows.
class rounded_money {
public:
    rounded_money(big_int minor_units, currency cur) : minor_(std::move(minor_units)), currency_(cur) {}
    const big_int& minor_units() const noexcept { return minor_; }
    const currency& currency_of() const noexcept { return currency_; }
    /// Back to an exact amount (e.g. to compare with a reported figure).
    money to_money() const;
    /// "12.34" with exactly minor_unit() decimals.
    std::string to_string() const;
    friend bool operator==(const rounded_money&, const rounded_money&) = default;

private:
    big_int minor_;
    currency currency_;
};

/// The one rounding: half away from zero at the currency's minor unit.
rounded_money round_half_up(const money& m);

/// `rate` units of `to` for one unit of `from`, as published on `as_of`.
struct exchange_rate {
    currency from;
    currency to;
    exact rate;
    date::year_month_day as_of;
    std::string source;

    bool ok() const noexcept { return from.ok() && to.ok() && rate > 0 && as_of.ok(); }
    /// The same quote read the other way (1/rate), for converting `to` back to `from`.
    exchange_rate inverse() const { return {to, from, exact(1 / rate), as_of, source}; }
};

/// Converts m (which must be in rate.from) into rate.to, exactly.
money convert(const money& m, const exchange_rate& rate);

/// "1.2276 USD per EUR (2018-02-01)".
std::string describe(const exchange_rate& r);
std::string format_date(date::year_month_day d);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {
struct iso4217_entry {
    const char* code;
    int minor;
};
// The currencies cloud and dedicated-server providers invoice in, and their neighbours.
inline constexpr iso4217_entry iso4217[] = {
    {"AED", 2}, {"ARS", 2}, {"AUD", 2}, {"BGN", 2}, {"BRL", 2}, {"CAD", 2}, {"CHF", 2}, {"CLP", 0},
    {"CNY", 2}, {"COP", 2}, {"CZK", 2}, {"DKK", 2}, {"EUR", 2}, {"GBP", 2}, {"HKD", 2}, {"HUF", 2},
    {"IDR", 2}, {"ILS", 2}, {"INR", 2}, {"ISK", 0}, {"JPY", 0}, {"KRW", 0}, {"MXN", 2}, {"MYR", 2},
    {"NOK", 2}, {"NZD", 2}, {"PHP", 2}, {"PLN", 2}, {"RON", 2}, {"RUB", 2}, {"SAR", 2}, {"SEK", 2},
    {"SGD", 2}, {"THB", 2}, {"TRY", 2}, {"TWD", 2}, {"UAH", 2}, {"USD", 2}, {"VND", 0}, {"ZAR", 2},
};
inline const iso4217_entry* find_currency(std::string_view code) noexcept {
    for (const auto& e : iso4217)
        if (code == e.code) return &e;
    return nullptr;
}
}  // namespace detail

inline bool currency::is_known(std::string_view code) noexcept { return detail::find_currency(code) != nullptr; }

inline currency::currency(std::string_view code) {
    const auto* e = detail::find_currency(code);
    if (!e)
        throw value_error("an ISO 4217 currency code such as \"USD\" or \"EUR\", got \"" + std::string(code) + "\"");
    for (std::size_t i = 0; i < 3; ++i) code_[i] = code[i];
    minor_ = e->minor;
}

inline money& money::operator+=(const money& o) {
    if (!(currency_ == o.currency_)) throw currency_mismatch(currency_, o.currency_);
    amount_ += o.amount_;
    return *this;
}
inline money& money::operator-=(const money& o) {
    if (!(currency_ == o.currency_)) throw currency_mismatch(currency_, o.currency_);
    amount_ -= o.amount_;
    return *this;
}
inline exact operator/(const money& a, const money& b) {
    if (!(a.currency_ == b.currency_)) throw currency_mismatch(a.currency_, b.currency_);
    return exact(a.amount_ / b.amount_);
}
inline bool operator==(const money& a, const money& b) {
    if (!(a.currency_ == b.currency_)) throw currency_mismatch(a.currency_, b.currency_);
    return a.amount_ == b.amount_;
}
inline std::strong_ordering operator<=>(const money& a, const money& b) {
    if (!(a.currency_ == b.currency_)) throw currency_mismatch(a.currency_, b.currency_);
    if (a.amount_ < b.amount_) return std::strong_ordering::less;
    if (b.amount_ < a.amount_) return std::strong_ordering::greater;
    return std::strong_ordering::equal;
}

inline money rounded_money::to_money() const {
    return money(exact(minor_, power_of_ten(currency_.minor_unit())), currency_);
}
inline std::string rounded_money::to_string() const {
    return to_fixed_string(exact(minor_, power_of_ten(currency_.minor_unit())), currency_.minor_unit());
}

inline rounded_money round_half_up(const money& m) {
    return rounded_money(scaled_round_half_up(m.amount(), m.currency_of().minor_unit()), m.currency_of());
}

inline money convert(const money& m, const exchange_rate& rate) {
    if (!(m.currency_of() == rate.from)) throw currency_mismatch(m.currency_of(), rate.from);
    return money(exact(m.amount() * rate.rate), rate.to);
}

inline std::string format_date(date::year_month_day d) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(d.year()), static_cast<unsigned>(d.month()),
                  static_cast<unsigned>(d.day()));
    return buf;
}

inline std::string describe(const exchange_rate& r) {
    return to_decimal_string(r.rate) + " " + std::string(r.to.code()) + " per " + std::string(r.from.code()) + " (" +
           format_date(r.as_of) + ")";
}

}  // namespace costsim
