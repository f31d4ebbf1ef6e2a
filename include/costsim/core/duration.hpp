// costsim/core/duration.hpp — exact durations and UTC instants, and their text forms.
//
// Billing works on exact integer microseconds (`usec`) so that a 1 ms increment, a
// 60 s minimum and a calendar month are all exact. The Monte Carlo fast path works on
// `fast_hours` (a std::chrono duration of double hours): still a unit-carrying type,
// never a bare double. Instants are UTC (`timestamp`), calendar arithmetic is Howard
// Hinnant's date.
//
// Text forms (files and command line): "90s", "15m", "1.5h", "2d", "250ms", or a bare
// number of seconds ("3600", or a JSON number). Negative, unknown units, more
// precision than a microsecond, and anything over 100 years are rejected.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include <date/date.h>

#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

using usec = std::chrono::microseconds;
using timestamp = date::sys_time<usec>;
using fast_hours = std::chrono::duration<double, std::ratio<3600>>;
/// A signed 128-bit integer: the exact intermediate of products of microseconds (decimal
/// scaling, tick arithmetic) that would overflow 64 bits. GCC and Clang both have it.
__extension__ typedef __int128 i128;

/// When a campaign or a quote starts if the scenario or `--start` names no time: fixed,
/// so that results are reproducible (calendar proration and monthly caps depend on it).
inline const timestamp default_campaign_start = timestamp{date::sys_days{date::year{2026} / 2 / 1}};

/// The longest duration costsim accepts anywhere: 100 Julian years.
inline constexpr usec max_duration =
    std::chrono::duration_cast<usec>(std::chrono::seconds(std::int64_t{100} * 36525 * 864));

/// Parses "90s", "15m", "1.5h", "2d", "250ms". Throws value_error, also for a bare number
/// ("3600"): it used to mean seconds, and people read it as hours (SPEC.md).
usec parse_duration(std::string_view text);
/// A JSON number of seconds (finite, >= 0, at most max_duration, microsecond exact).
usec duration_from_seconds(double seconds);
/// The largest unit (d, h, m, s) that states the value exactly with at most 3 decimals:
/// "1.5h", "2d", "1m", "1.5m" (90 s), "61s"; below a second, seconds ("0.25s").
std::string format_duration(usec d);
/// Seconds as a decimal string without trailing zeros ("60", "0.25", "5400").
std::string format_seconds(usec d);

/// "2026-02-01", "2026-02-01T00:00:00Z", "2026-02-01T10:30:00.5Z". Throws value_error.
timestamp parse_timestamp(std::string_view text);
/// "2026-02-01T00:00:00Z" (fractional seconds only when present).
std::string format_timestamp(timestamp t);

inline fast_hours to_fast_hours(usec d) { return std::chrono::duration_cast<fast_hours>(d); }

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

// Parses an unsigned decimal "123", "1.5", ".5" is rejected; returns value * scale
// exactly in microseconds, or throws.
inline usec scaled_decimal(std::string_view num, std::int64_t scale_us, std::string_view text) {
    auto fail = [&](const char* why) {
        throw value_error(std::string("a duration such as \"90s\", \"15m\", \"1.5h\", \"2d\" or "
                                      "a number of seconds, ") +
                          why + ", got \"" + std::string(text) + "\"");
    };
    if (num.empty()) fail("with a number before the unit");
    std::size_t dot = num.find('.');
    std::string_view ip = num.substr(0, dot);
    std::string_view fp = dot == std::string_view::npos ? std::string_view{} : num.substr(dot + 1);
    if (ip.empty() || (dot != std::string_view::npos && fp.empty())) fail("with digits on both sides of '.'");
    for (char c : ip)
        if (c < '0' || c > '9') fail(c == '-' ? "not negative" : "in a known unit (ms, s, m, h, d)");
    for (char c : fp)
        if (c < '0' || c > '9') fail("in a known unit (ms, s, m, h, d)");
    // Integer part: guard against overflow by bounding against the 100-year limit.
    const std::int64_t limit = max_duration.count();
    i128 total = 0;
    for (char c : ip) {
        total = total * 10 + (c - '0');
        if (total * scale_us > limit) fail("of at most 100 years");
    }
    total *= scale_us;
    // Fraction: value = sum d_i * scale / 10^i; must come out a whole microsecond.
    i128 frac_num = 0, frac_den = 1;
    for (char c : fp) {
        if (frac_den > static_cast<i128>(1000000000000000000)) fail("with at most 18 decimals");
        frac_num = frac_num * 10 + (c - '0');
        frac_den *= 10;
    }
    i128 frac_us = frac_num * scale_us;
    if (frac_us % frac_den != 0) fail("exact to a microsecond");
    total += frac_us / frac_den;
    if (total > limit) fail("of at most 100 years");
    return usec(static_cast<std::int64_t>(total));
}

inline std::string trim_decimal(std::int64_t whole, std::int64_t frac, int digits) {
    std::string s = std::to_string(whole);
    if (frac == 0) return s;
    std::string f = std::to_string(frac);
    f.insert(0, static_cast<std::size_t>(digits) - f.size(), '0');
    while (!f.empty() && f.back() == '0') f.pop_back();
    return s + "." + f;
}

}  // namespace detail

inline usec parse_duration(std::string_view text) {
    struct unit {
        std::string_view suffix;
        std::int64_t us;
    };
    // Longest suffix first so "ms" is not read as "m" + garbage.
    static constexpr unit units[] = {
        {"ms", 1000}, {"s", 1000000}, {"m", 60000000}, {"h", 3600000000LL}, {"d", 86400000000LL}};
    if (text.empty()) throw value_error("a duration such as \"90s\", \"15m\", \"1.5h\" or \"2d\", got \"\"");
    for (const unit& u : units) {
        if (text.size() > u.suffix.size() && text.substr(text.size() - u.suffix.size()) == u.suffix) {
            std::string_view num = text.substr(0, text.size() - u.suffix.size());
            // "1ms" must not match "s" with number "1m": the ordered table prevents it, but
            // a number ending in a letter still has to fail cleanly.
            return detail::scaled_decimal(num, u.us, text);
        }
    }
    bool number = true;
    for (char c : text) number = number && ((c >= '0' && c <= '9') || c == '.');
    if (number)
        throw value_error("a duration with a unit, such as 5h (\"" + std::string(text) +
                          "\" has none; s, m, h, d or ms)");
    return detail::scaled_decimal(text, 1000000, text);
}

inline usec duration_from_seconds(double seconds) {
    if (!(seconds >= 0.0)) throw value_error("a non-negative number of seconds");
    if (seconds > static_cast<double>(max_duration.count()) / 1e6) throw value_error("a duration of at most 100 years");
    double us = seconds * 1e6;
    double r = static_cast<double>(static_cast<std::int64_t>(us + 0.5));
    // JSON numbers are doubles: accept what is a whole microsecond up to binary noise.
    if (std::abs(us - r) > 1e-6 * std::max(1.0, us) && std::abs(us - r) > 1e-3)
        throw value_error("a number of seconds exact to a microsecond");
    return usec(static_cast<std::int64_t>(r));
}

inline std::string format_seconds(usec d) {
    std::int64_t c = d.count();
    std::string sign = c < 0 ? "-" : "";
    if (c < 0) c = -c;
    return sign + detail::trim_decimal(c / 1000000, c % 1000000, 6);
}

inline std::string format_duration(usec d) {
    std::int64_t c = d.count();
    if (c < 0) return "-" + format_duration(usec(-c));
    if (c == 0) return "0s";
    struct unit {
        const char* suffix;
        std::int64_t us;
    };
    static constexpr unit units[] = {{"d", 86400000000LL}, {"h", 3600000000LL}, {"m", 60000000}, {"s", 1000000}};
    // Largest unit that expresses the value with at most 3 decimals, exactly.
    for (const unit& u : units) {
        if (c >= u.us && (c * 1000) % u.us == 0)
            return detail::trim_decimal(c / u.us, (c % u.us) * 1000 / u.us, 3) + u.suffix;
    }
    return format_seconds(d) + "s";
}

inline timestamp parse_timestamp(std::string_view text) {
    const std::string expected =
        "an ISO 8601 UTC time such as \"2026-02-01\" or \"2026-02-01T00:00:00Z\", got \"" + std::string(text) + "\"";
    auto digits = [&](std::size_t pos, std::size_t n) {
        if (pos + n > text.size()) throw value_error(expected);
        int v = 0;
        for (std::size_t i = pos; i < pos + n; ++i) {
            if (text[i] < '0' || text[i] > '9') throw value_error(expected);
            v = v * 10 + (text[i] - '0');
        }
        return v;
    };
    auto expect = [&](std::size_t pos, char c) {
        if (pos >= text.size() || text[pos] != c) throw value_error(expected);
    };
    int y = digits(0, 4);
    expect(4, '-');
    unsigned mo = static_cast<unsigned>(digits(5, 2));
    expect(7, '-');
    unsigned dd = static_cast<unsigned>(digits(8, 2));
    date::year_month_day ymd{date::year{y}, date::month{mo}, date::day{dd}};
    if (!ymd.ok()) throw value_error(expected + " (no such date)");
    timestamp t{date::sys_days{ymd}};
    if (text.size() == 10) return t;
    if (text[10] != 'T' && text[10] != ' ') throw value_error(expected);
    int hh = digits(11, 2);
    expect(13, ':');
    int mm = digits(14, 2);
    expect(16, ':');
    int ss = digits(17, 2);
    if (hh > 23 || mm > 59 || ss > 59) throw value_error(expected);
    std::size_t pos = 19;
    std::int64_t us = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        int n = 0;
        while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
            if (n == 6) throw value_error(expected + " (at most microsecond precision)");
            us = us * 10 + (text[pos] - '0');
            ++pos;
            ++n;
        }
        if (n == 0) throw value_error(expected);
        for (; n < 6; ++n) us *= 10;
    }
    if (pos < text.size() && text[pos] == 'Z')
        ++pos;
    else if (pos + 6 == text.size() && text.substr(pos) == "+00:00")
        pos += 6;
    else
        throw value_error(expected + " (UTC: end with 'Z')");
    if (pos != text.size()) throw value_error(expected + " (UTC: end with 'Z')");
    return t + std::chrono::hours(hh) + std::chrono::minutes(mm) + std::chrono::seconds(ss) + usec(us);
}

inline std::string format_timestamp(timestamp t) {
    auto day = date::floor<date::days>(t);
    date::year_month_day ymd{day};
    date::hh_mm_ss<usec> tod{t - day};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02d", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                  static_cast<int>(tod.hours().count()), static_cast<int>(tod.minutes().count()),
                  static_cast<int>(tod.seconds().count()));
    std::string s = buf;
    if (auto us = tod.subseconds().count(); us != 0) s += detail::trim_decimal(0, us, 6).substr(1);
    return s + "Z";
}

}  // namespace costsim
