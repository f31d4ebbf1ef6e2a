// costsim/core/decimal.hpp — the exact number type behind every charge, and its text forms.
//
// A charge stays an exact rational (Boost.Multiprecision, expression templates off so
// `auto` is never lazy) until it is rounded once, at the invoice total. Prices enter
// as decimal strings ("0.9731"): binary floats, exponents and NaN are refused.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <boost/multiprecision/cpp_int.hpp>

#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

using big_int = boost::multiprecision::number<boost::multiprecision::cpp_int_backend<>, boost::multiprecision::et_off>;
using exact =
    boost::multiprecision::number<boost::multiprecision::rational_adaptor<boost::multiprecision::cpp_int_backend<>>,
                                  boost::multiprecision::et_off>;

/// "12", "0.9731": unsigned decimal, digits on both sides of an optional '.'.
/// Throws value_error naming what was expected.
exact parse_decimal(std::string_view text);
/// True when text is a plain unsigned decimal that parse_decimal accepts.
bool is_decimal(std::string_view text) noexcept;

/// Rounds to `places` decimals, half away from zero ("half-up" for amounts).
exact round_half_up(const exact& x, int places);
/// x × 10^places rounded half away from zero to an integer: an amount in minor units.
big_int scaled_round_half_up(const exact& x, int places);
/// 10^n, exactly (n >= 0).
big_int power_of_ten(int n);
/// Exact decimal text when the expansion terminates within `max_places` decimals,
/// else the value rounded half-up to `max_places` (see is_terminating()).
std::string to_decimal_string(const exact& x, int max_places = 12);
/// Fixed number of decimals, rounded half-up ("0.05" for 0.051 at 2 places).
std::string to_fixed_string(const exact& x, int places);
/// True when x has a finite decimal expansion of at most max_places digits.
bool is_terminating(const exact& x, int max_places = 12);
/// "p/q" in lowest terms (or "p" when q = 1): the exact value, always.
std::string to_fraction_string(const exact& x);
/// Nearest double: for the fast Monte Carlo path and for charts, never for invoices.
double to_double(const exact& x);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline bool is_decimal(std::string_view t) noexcept {
    std::size_t dot = t.find('.');
    std::string_view ip = t.substr(0, dot);
    if (ip.empty()) return false;
    for (char c : ip)
        if (c < '0' || c > '9') return false;
    if (dot == std::string_view::npos) return true;
    std::string_view fp = t.substr(dot + 1);
    if (fp.empty()) return false;
    for (char c : fp)
        if (c < '0' || c > '9') return false;
    return true;
}

inline exact parse_decimal(std::string_view t) {
    if (!is_decimal(t) || t.size() > 40)
        throw value_error(
            "a non-negative decimal string such as \"0.9731\" (no sign, exponent or "
            "NaN), got \"" +
            std::string(t) + "\"");
    // Digit by digit: cpp_int's string constructor reads a leading 0 as octal ("010" = 8).
    big_int num = 0, den = 1;
    bool after_point = false;
    for (char c : t) {
        if (c == '.') {
            after_point = true;
            continue;
        }
        num = num * 10 + (c - '0');
        if (after_point) den *= 10;
    }
    return exact(num, den);
}

inline big_int power_of_ten(int n) {
    big_int p = 1;
    for (int i = 0; i < n; ++i) p *= 10;
    return p;
}

namespace detail {
// |x| * 10^places rounded half-up to an integer, sign returned separately.
inline big_int scaled_round(const exact& x, int places, bool& negative) {
    negative = x < 0;
    exact a = negative ? exact(-x) : x;
    big_int n = boost::multiprecision::numerator(a) * power_of_ten(places);
    big_int d = boost::multiprecision::denominator(a);
    big_int q = n / d, r = n % d;
    if (2 * r >= d) q += 1;
    return q;
}
inline std::string place_point(const big_int& q, int places, bool negative, bool trim) {
    std::string s = q.str();
    if (places > 0) {
        if (static_cast<int>(s.size()) <= places) s.insert(0, static_cast<std::size_t>(places + 1) - s.size(), '0');
        s.insert(s.size() - static_cast<std::size_t>(places), ".");
        if (trim) {
            while (s.back() == '0') s.pop_back();
            if (s.back() == '.') s.pop_back();
        }
    }
    bool zero = q == 0;
    return (negative && !zero ? "-" : "") + s;
}
}  // namespace detail

inline exact round_half_up(const exact& x, int places) {
    bool neg = false;
    big_int q = detail::scaled_round(x, places, neg);
    exact r(q, power_of_ten(places));
    return neg ? exact(-r) : r;
}

inline big_int scaled_round_half_up(const exact& x, int places) {
    bool neg = false;
    big_int q = detail::scaled_round(x, places, neg);
    return neg ? big_int(-q) : q;
}

inline bool is_terminating(const exact& x, int max_places) {
    big_int d = boost::multiprecision::denominator(x);
    return power_of_ten(max_places) % d == 0;
}

inline std::string to_decimal_string(const exact& x, int max_places) {
    bool neg = false;
    big_int q = detail::scaled_round(x, max_places, neg);
    return detail::place_point(q, max_places, neg, true);
}

inline std::string to_fixed_string(const exact& x, int places) {
    bool neg = false;
    big_int q = detail::scaled_round(x, places, neg);
    return detail::place_point(q, places, neg, false);
}

inline std::string to_fraction_string(const exact& x) {
    big_int d = boost::multiprecision::denominator(x);
    std::string s = boost::multiprecision::numerator(x).str();
    return d == 1 ? s : s + "/" + d.str();
}

inline double to_double(const exact& x) { return x.convert_to<double>(); }

}  // namespace costsim
