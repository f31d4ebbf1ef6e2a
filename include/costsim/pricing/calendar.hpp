// costsim/pricing/calendar.hpp — splitting an interval at calendar-month boundaries (UTC).
//
// Monthly prices, monthly caps, recurring fees and sustained-use discounts all depend
// on which calendar month time falls in, and months are 28–31 days long. A billed
// interval is therefore cut at each month boundary; every slice knows its month's
// exact length, so 10 days of February is exactly 10/28 of it.
#pragma once

#include <string>
#include <vector>

#include <date/date.h>

#include "costsim/core/decimal.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/pricing/price.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct month_slice {
    date::year_month month;
    timestamp from;  ///< inclusive
    timestamp to;    ///< exclusive

    usec length() const noexcept { return to - from; }
    usec month_length() const;
    /// length / month_length, exactly.
    month_share share() const;
    /// "2026-02".
    std::string label() const;
};

/// The first instant of the month containing t.
timestamp month_start(timestamp t);
timestamp month_start(date::year_month ym);
/// The calendar month(s) [from, to) touches, in order; empty when from == to.
std::vector<month_slice> split_by_month(timestamp from, timestamp to);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline timestamp month_start(date::year_month ym) { return timestamp{date::sys_days{ym / date::day{1}}}; }

inline timestamp month_start(timestamp t) {
    date::year_month_day ymd{date::floor<date::days>(t)};
    return month_start(ymd.year() / ymd.month());
}

inline usec month_slice::month_length() const { return month_start(month + date::months{1}) - month_start(month); }

inline month_share month_slice::share() const {
    return month_share(exact(big_int(length().count()), big_int(month_length().count())));
}

inline std::string month_slice::label() const {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u", static_cast<int>(month.year()), static_cast<unsigned>(month.month()));
    return buf;
}

inline std::vector<month_slice> split_by_month(timestamp from, timestamp to) {
    std::vector<month_slice> out;
    timestamp cur = from;
    while (cur < to) {
        date::year_month_day ymd{date::floor<date::days>(cur)};
        date::year_month ym = ymd.year() / ymd.month();
        timestamp next = month_start(ym + date::months{1});
        timestamp end = next < to ? next : to;
        out.push_back({ym, cur, end});
        cur = end;
    }
    return out;
}

}  // namespace costsim
