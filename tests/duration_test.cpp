// Tests of costsim/core/duration.hpp: duration and timestamp text forms, exact to a microsecond.
#include <costsim/core/duration.hpp>

#include <chrono>
#include <limits>

#include <doctest/doctest.h>

using namespace costsim;
using namespace std::chrono_literals;

TEST_CASE("durations parse in every unit the files use") {
    CHECK(parse_duration("90s") == 90s);
    CHECK(parse_duration("15m") == 15min);
    CHECK(parse_duration("1.5h") == 90min);  // 1.5 * 3600 s = 5400 s
    CHECK(parse_duration("2d") == 48h);
    CHECK(parse_duration("250ms") == 250ms);
    CHECK(parse_duration("1ms") == 1ms);  // "ms" is not read as "m" + "s"
    CHECK(parse_duration("0.25s") == 250ms);
    CHECK(parse_duration("0.000001s") == usec(1));  // one microsecond is exact
    CHECK(parse_duration("0.001ms") == usec(1));
    CHECK(parse_duration("61.2s") == 61200ms);
    CHECK(parse_duration("0s") == usec(0));
}

TEST_CASE("a bare number is refused with the hint that a duration has a unit") {
    for (const char* bare : {"3600", "30", "1.5", "0", "5"}) {
        CAPTURE(bare);
        CHECK_THROWS_WITH(parse_duration(bare), doctest::Contains("a duration with a unit, such as 5h"));
    }
}

TEST_CASE("a number of seconds from code is exact to a microsecond") {
    CHECK(duration_from_seconds(30.0) == 30s);
    CHECK(duration_from_seconds(0.25) == 250ms);
    CHECK(duration_from_seconds(0.1) == 100ms);  // binary noise of 0.1 is tolerated
    CHECK(duration_from_seconds(0.0) == usec(0));
}

TEST_CASE("bad durations are refused with what was expected") {
    SUBCASE("negative") {
        CHECK_THROWS_AS(parse_duration("-5m"), value_error);
        CHECK_THROWS_WITH(parse_duration("-5m"), doctest::Contains("not negative"));
        CHECK_THROWS_AS(duration_from_seconds(-1.0), value_error);
    }
    SUBCASE("unknown unit or garbage") {
        for (const char* bad : {"1x", "5 m", "m", "h", "", "1.h", ".5h", "1e3s", "abc", "1us", "5mm", "NaN"}) {
            CAPTURE(bad);
            CHECK_THROWS_AS(parse_duration(bad), value_error);
        }
        CHECK_THROWS_WITH(parse_duration("1x"), doctest::Contains("got \"1x\""));
    }
    SUBCASE("over 100 years (36525 days)") {
        CHECK(parse_duration("36525d") == max_duration);
        CHECK(max_duration == std::chrono::hours(24 * 36525));
        CHECK_THROWS_WITH(parse_duration("36526d"), doctest::Contains("at most 100 years"));
        CHECK_THROWS_AS(parse_duration("36525.000001d"), value_error);
        CHECK_THROWS_AS(parse_duration("101y"), value_error);
        CHECK_THROWS_AS(parse_duration("99999999999999999999999999h"), value_error);  // no overflow
        CHECK_THROWS_AS(parse_duration("3155760001s"), value_error);                  // 100 years + 1 s
        CHECK_THROWS_AS(duration_from_seconds(3155760001.0), value_error);
        CHECK(duration_from_seconds(3155760000.0) == max_duration);
    }
    SUBCASE("finer than a microsecond") {
        CHECK_THROWS_WITH(parse_duration("0.0000001s"), doctest::Contains("exact to a microsecond"));
        CHECK_THROWS_AS(parse_duration("0.0005ms"), value_error);
        CHECK_THROWS_AS(duration_from_seconds(1e-7), value_error);
        CHECK_THROWS_AS(duration_from_seconds(std::numeric_limits<double>::quiet_NaN()), value_error);
        CHECK_THROWS_AS(duration_from_seconds(std::numeric_limits<double>::infinity()), value_error);
    }
}

TEST_CASE("format_duration prints an exact text form that parses back") {
    CHECK(format_duration(0s) == "0s");
    CHECK(format_duration(60s) == "1m");
    CHECK(format_duration(61s) == "61s");
    CHECK(format_duration(15min) == "15m");
    CHECK(format_duration(1h) == "1h");
    CHECK(format_duration(90min) == "1.5h");
    CHECK(format_duration(48h) == "2d");
    CHECK(format_duration(250ms) == "0.25s");
    CHECK(format_duration(usec(1)) == "0.000001s");
    CHECK(format_duration(-60s) == "-1m");
    for (usec d : {usec(0), usec(1), usec(250000), usec(61200000), usec(90000000), usec(3601000000), usec(5400000000),
                   usec(86400000000), max_duration, usec(123456789)}) {
        CAPTURE(d.count());
        CHECK(parse_duration(format_duration(d)) == d);
    }
}

TEST_CASE("format_duration picks the largest unit that states the value with at most 3 decimals") {
    CHECK(format_duration(90s) == "1.5m");
    CHECK(format_duration(61s) == "61s");
    CHECK(format_duration(5400s) == "1.5h");
    CHECK(format_duration(250ms) == "0.25s");
}

TEST_CASE("format_seconds prints seconds without trailing zeros") {
    CHECK(format_seconds(60s) == "60");
    CHECK(format_seconds(250ms) == "0.25");
    CHECK(format_seconds(5400s) == "5400");
    CHECK(format_seconds(usec(1)) == "0.000001");
    CHECK(format_seconds(-1500ms) == "-1.5");
}

TEST_CASE("timestamps parse as ISO 8601 UTC") {
    const timestamp feb1{date::sys_days{date::year{2026} / 2 / 1}};
    CHECK(parse_timestamp("2026-02-01") == feb1);
    CHECK(parse_timestamp("2026-02-01T00:00:00Z") == feb1);
    CHECK(parse_timestamp("2026-02-01T10:30:00Z") == feb1 + 10h + 30min);
    CHECK(parse_timestamp("2026-02-01T10:30:00.5Z") == feb1 + 10h + 30min + 500ms);
    CHECK(parse_timestamp("2026-02-01T10:30:00.000001Z") == feb1 + 10h + 30min + usec(1));
    CHECK(parse_timestamp("2026-02-01T00:00:00+00:00") == feb1);
    CHECK(parse_timestamp("2026-02-01 00:00:00Z") == feb1);

    SUBCASE("a leap day exists only in leap years") {
        CHECK(parse_timestamp("2028-02-29") == timestamp{date::sys_days{date::year{2028} / 2 / 29}});
        CHECK_THROWS_AS(parse_timestamp("2026-02-29"), value_error);
        CHECK_THROWS_WITH(parse_timestamp("2026-02-30"), doctest::Contains("no such date"));
        CHECK_THROWS_AS(parse_timestamp("2100-02-29"), value_error);  // not a leap year
        CHECK(parse_timestamp("2000-02-29") == timestamp{date::sys_days{date::year{2000} / 2 / 29}});
    }
    SUBCASE("malformed times are refused") {
        for (const char* bad :
             {"", "2026", "2026-2-1", "2026-02-01T", "2026-02-01T24:00:00Z", "2026-02-01T10:60:00Z",
              "2026-02-01T10:30:61Z", "2026-13-01", "2026-04-31", "2026-00-10", "2026-02-01T10:30:00+01:00",
              "2026-02-01T10:30:00.Z", "2026-02-01T10:30:00.0000001Z", "01/02/2026", "2026-02-01x"}) {
            CAPTURE(bad);
            CHECK_THROWS_AS(parse_timestamp(bad), value_error);
        }
    }
}

TEST_CASE("format_timestamp prints UTC with fractional seconds only when present") {
    CHECK(format_timestamp(parse_timestamp("2026-02-01")) == "2026-02-01T00:00:00Z");
    CHECK(format_timestamp(parse_timestamp("2028-02-29T23:59:59Z")) == "2028-02-29T23:59:59Z");
    CHECK(format_timestamp(parse_timestamp("2026-02-01T10:30:00.5Z")) == "2026-02-01T10:30:00.5Z");
    CHECK(format_timestamp(parse_timestamp("2026-02-01T10:30:00.000001Z")) == "2026-02-01T10:30:00.000001Z");
}

TEST_CASE("to_fast_hours carries the unit into the fast path") {
    CHECK(to_fast_hours(90min).count() == 1.5);
    CHECK(to_fast_hours(36s).count() == 0.01);
}
