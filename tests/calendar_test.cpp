// Tests of costsim/pricing/calendar.hpp: cutting intervals at calendar-month boundaries (UTC).
#include <costsim/pricing/calendar.hpp>

#include <chrono>

#include <doctest/doctest.h>

using namespace costsim;
using namespace std::chrono_literals;

namespace {
timestamp at(const char* s) { return parse_timestamp(s); }
exact frac(long long n, long long d) { return exact(big_int(n), big_int(d)); }
}  // namespace

TEST_CASE("10 days from 2026-02-01 are 10/28 of February") {
    auto s = split_by_month(at("2026-02-01"), at("2026-02-11"));
    REQUIRE(s.size() == 1);
    CHECK(s[0].month == date::year{2026} / 2);
    CHECK(s[0].from == at("2026-02-01"));
    CHECK(s[0].to == at("2026-02-11"));
    CHECK(s[0].length() == 240h);
    CHECK(s[0].month_length() == 28 * 24h);
    CHECK(s[0].share().get() == frac(10, 28));
    CHECK(s[0].label() == "2026-02");
}

TEST_CASE("months are 28, 29, 30 or 31 days long") {
    auto month_days = [](const char* first_day) {
        auto s = split_by_month(at(first_day), at(first_day) + 1h);
        REQUIRE(s.size() == 1);
        return std::chrono::duration_cast<std::chrono::hours>(s[0].month_length()).count() / 24;
    };
    CHECK(month_days("2026-02-01") == 28);
    CHECK(month_days("2028-02-01") == 29);  // leap year
    CHECK(month_days("2100-02-01") == 28);  // divisible by 100, not by 400
    CHECK(month_days("2000-02-01") == 29);  // divisible by 400
    CHECK(month_days("2026-04-01") == 30);
    CHECK(month_days("2026-01-01") == 31);
    CHECK(month_days("2026-12-31") == 31);
    // 15 days of a 30-day and of a 31-day month: 15/30 = 1/2 and 15/31
    CHECK(split_by_month(at("2026-04-01"), at("2026-04-16"))[0].share().get() == frac(1, 2));
    CHECK(split_by_month(at("2026-03-01"), at("2026-03-16"))[0].share().get() == frac(15, 31));
    // 10 days of February 2028 (29 days): 10/29
    CHECK(split_by_month(at("2028-02-10"), at("2028-02-20"))[0].share().get() == frac(10, 29));
}

TEST_CASE("a run crossing a month boundary is cut at the boundary") {
    // 2026-01-25 .. 2026-02-05: 7 days of January (7/31) and 4 days of February (4/28)
    auto s = split_by_month(at("2026-01-25"), at("2026-02-05"));
    REQUIRE(s.size() == 2);
    CHECK(s[0].label() == "2026-01");
    CHECK(s[0].from == at("2026-01-25"));
    CHECK(s[0].to == at("2026-02-01"));
    CHECK(s[0].share().get() == frac(7, 31));
    CHECK(s[1].label() == "2026-02");
    CHECK(s[1].from == at("2026-02-01"));
    CHECK(s[1].to == at("2026-02-05"));
    CHECK(s[1].share().get() == frac(4, 28));
    CHECK(s[0].length() + s[1].length() == 11 * 24h);
}

TEST_CASE("split_by_month handles exact boundaries, year ends and long runs") {
    SUBCASE("a whole month is one slice of share 1") {
        auto s = split_by_month(at("2026-02-01"), at("2026-03-01"));
        REQUIRE(s.size() == 1);
        CHECK(s[0].share().get() == 1);
    }
    SUBCASE("a run ending exactly at the boundary does not touch the next month") {
        auto s = split_by_month(at("2026-02-20"), at("2026-03-01"));
        REQUIRE(s.size() == 1);
        CHECK(s[0].label() == "2026-02");
    }
    SUBCASE("a run starting one microsecond before the boundary touches both months") {
        auto s = split_by_month(at("2026-02-28T23:59:59.999999Z"), at("2026-03-01T01:00:00Z"));
        REQUIRE(s.size() == 2);
        CHECK(s[0].length() == usec(1));
        CHECK(s[0].share().get() == frac(1, 28LL * 86400 * 1000000));
        CHECK(s[1].length() == 1h);
    }
    SUBCASE("the year boundary") {
        auto s = split_by_month(at("2025-12-31T12:00:00Z"), at("2026-01-01T12:00:00Z"));
        REQUIRE(s.size() == 2);
        CHECK(s[0].label() == "2025-12");
        CHECK(s[1].label() == "2026-01");
        CHECK(s[0].length() == 12h);
        CHECK(s[1].length() == 12h);
    }
    SUBCASE("a run over four months has two whole months inside") {
        auto s = split_by_month(at("2026-01-15"), at("2026-04-15"));
        REQUIRE(s.size() == 4);
        CHECK(s[0].share().get() == frac(17, 31));  // Jan 15..31
        CHECK(s[1].share().get() == 1);
        CHECK(s[2].share().get() == 1);
        CHECK(s[3].share().get() == frac(14, 30));  // Apr 1..14
    }
    SUBCASE("an empty or reversed interval has no slices") {
        CHECK(split_by_month(at("2026-02-01"), at("2026-02-01")).empty());
        CHECK(split_by_month(at("2026-02-02"), at("2026-02-01")).empty());
    }
}

TEST_CASE("month_start finds the first instant of the month") {
    CHECK(month_start(at("2026-02-17T13:45:00Z")) == at("2026-02-01"));
    CHECK(month_start(at("2026-03-01")) == at("2026-03-01"));
    CHECK(month_start(date::year{2028} / 2) == at("2028-02-01"));
}
