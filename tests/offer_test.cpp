// Tests of costsim/pricing/offer.hpp: price dates, their forms and their age.
#include <costsim/pricing/catalog.hpp>

#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
constexpr date::sys_days today = date::sys_days(date::year{2026} / 12 / 6);
}

TEST_CASE("a price date is written and read back in each of its four forms") {
    for (const char* s :
         {"2025-05-31", "on or before 2025-05-31", "on or after 2025-06-01", "not recorded, on or before 2026-12-03"})
        CHECK(to_string(parse_price_date(s)) == s);
    CHECK(parse_price_date("on or after 2025-06-01").bound == date_bound::on_or_after);
    CHECK(parse_price_date("on or after 2025-06-01").day == date::year{2025} / 6 / 1);
}

TEST_CASE("a price date that is none of the four forms is refused, naming them") {
    for (const char* s :
         {"", "2025-6-1", "around 2025", "on or before", "before 2025-05-31", "2025-05-31 ", "on or after 2025-02-30"})
        CHECK_THROWS_WITH_AS(parse_price_date(s), doctest::Contains("on or before YYYY-MM-DD"), value_error);
}

TEST_CASE("a price's age says how sure it is, and past 183 days the prices may be stale") {
    const price_date cut{date::year{2025} / 6 / 1, date_bound::on_or_after};
    // 2025-06-01 to 2026-12-06 is 553 days, 18.2 months of 30.44 days.
    CHECK(age_of(cut, today).text == "up to 18.2 months old");
    CHECK(age_of(cut, today).stale);
    CHECK(age_of({date::year{2025} / 5 / 31, date_bound::on_or_before}, today).text == "at least 18.2 months old");
    CHECK(age_of({date::year{2026} / 11 / 1, date_bound::on}, today).text == "35 days old");
    CHECK_FALSE(age_of({date::year{2026} / 11 / 1, date_bound::on}, today).stale);
    // 183 days is not yet stale; 184 is.
    CHECK_FALSE(age_of({date::year_month_day{today - date::days{183}}, date_bound::on}, today).stale);
    CHECK(age_of({date::year_month_day{today - date::days{184}}, date_bound::on}, today).stale);
    // An unrecorded date may always be old, however recent its bound.
    CHECK(age_of({date::year{2026} / 12 / 3, date_bound::not_recorded}, today).stale);
    CHECK(age_of({date::year{2026} / 12 / 3, date_bound::not_recorded}, today).text == "age not recorded");
    CHECK(age_of({date::year{2027} / 1 / 1, date_bound::on}, today).text == "dated in the future");
}

TEST_CASE("an offer's prices are from its own date where it has one, else from its catalog's") {
    catalog c;
    c.as_of = date::year{2026} / 12 / 3;
    offer plain, dated;
    dated.prices_as_of = price_date{date::year{2025} / 5 / 31, date_bound::on_or_before};
    CHECK(to_string(c.prices_as_of(plain)) == "2026-12-03");
    CHECK(to_string(c.prices_as_of(dated)) == "on or before 2025-05-31");
}
