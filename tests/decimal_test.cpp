// Tests of costsim/core/decimal.hpp: parsing decimal strings, rounding and text forms.
#include <costsim/core/decimal.hpp>

#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
exact q(long long n, long long d = 1) { return exact(big_int(n), big_int(d)); }
}  // namespace

TEST_CASE("a plain unsigned decimal string parses to the exact rational it names") {
    CHECK(parse_decimal("0.9731") == q(9731, 10000));
    CHECK(parse_decimal("3.06") == q(306, 100));
    CHECK(parse_decimal("12") == q(12));
    CHECK(parse_decimal("0") == q(0));
    CHECK(parse_decimal("0.0475") == q(19, 400));  // 475/10000 = 19/400
    CHECK(to_fraction_string(parse_decimal("0.10")) == "1/10");
    // A value a double cannot hold exactly stays exact: 0.1 + 0.2 == 0.3.
    CHECK(parse_decimal("0.1") + parse_decimal("0.2") == parse_decimal("0.3"));
    // 40 characters are accepted (no silent truncation of long inputs).
    CHECK(parse_decimal("1234567890123456789012345678901234567890") ==
          exact(big_int("1234567890123456789012345678901234567890")));
}

TEST_CASE("anything but a plain unsigned decimal is refused with what was expected") {
    for (const char* bad : {"0.1e-2", "1e3", "abc", "NaN", "nan", "inf", "-1", "+1", "", "1.", ".5", " 1", "1 ", "1,5",
                            "0x10", "1.2.3", "--1"}) {
        CAPTURE(bad);
        CHECK_FALSE(is_decimal(bad));
        CHECK_THROWS_AS(parse_decimal(bad), value_error);
    }
    CHECK_THROWS_WITH(parse_decimal("NaN"), doctest::Contains("got \"NaN\""));
    CHECK_THROWS_WITH(parse_decimal("-1"), doctest::Contains("non-negative decimal string"));
    // More than 40 characters is refused rather than parsed partially.
    CHECK_THROWS_AS(parse_decimal(std::string(41, '1')), value_error);
    CHECK(is_decimal("007.50"));
}

TEST_CASE("round_half_up rounds half away from zero at the requested places") {
    SUBCASE("exactly half a cent rounds up") {
        CHECK(round_half_up(parse_decimal("0.005"), 2) == q(1, 100));
        CHECK(round_half_up(parse_decimal("0.015"), 2) == q(2, 100));  // not banker's: 0.02
        CHECK(round_half_up(parse_decimal("0.025"), 2) == q(3, 100));  // banker's would give 0.02
    }
    SUBCASE("just below half a cent rounds down") {
        CHECK(round_half_up(parse_decimal("0.0049999"), 2) == q(0));
        CHECK(round_half_up(parse_decimal("0.051"), 2) == q(5, 100));
    }
    SUBCASE("negative amounts round away from zero") {
        CHECK(round_half_up(-parse_decimal("0.005"), 2) == q(-1, 100));
        CHECK(round_half_up(-parse_decimal("0.0049999"), 2) == q(0));
        CHECK(round_half_up(-parse_decimal("1.235"), 2) == q(-124, 100));
    }
    SUBCASE("a repeating fraction rounds on its exact value") {
        // 2/3 = 0.6666… -> 0.67; 1/3 = 0.3333… -> 0.33; 990/28 = 35.357142857… -> 35.36
        CHECK(round_half_up(q(2, 3), 2) == q(67, 100));
        CHECK(round_half_up(q(1, 3), 2) == q(33, 100));
        CHECK(round_half_up(q(990, 28), 2) == q(3536, 100));
    }
    SUBCASE("zero places rounds to a whole number") {
        CHECK(round_half_up(q(5, 2), 0) == q(3));    // 2.5 -> 3
        CHECK(round_half_up(q(-5, 2), 0) == q(-3));  // -2.5 -> -3
        CHECK(round_half_up(q(249, 100), 0) == q(2));
    }
}

TEST_CASE("to_decimal_string prints terminating values exactly and trims trailing zeros") {
    CHECK(to_decimal_string(parse_decimal("0.051")) == "0.051");
    CHECK(to_decimal_string(parse_decimal("3.0600")) == "3.06");
    CHECK(to_decimal_string(q(60)) == "60");
    CHECK(to_decimal_string(q(0)) == "0");
    CHECK(to_decimal_string(q(-1, 4)) == "-0.25");
    CHECK(to_decimal_string(q(1, 1024)) == "0.0009765625");
    // 1/3 does not terminate: rounded half-up at max_places.
    CHECK(to_decimal_string(q(1, 3)) == "0.333333333333");
    CHECK(to_decimal_string(q(2, 3), 4) == "0.6667");
    // 990/28 + 99 = 134.357142857142857…
    CHECK(to_decimal_string(q(990, 28) + q(99)) == "134.357142857143");
    // A tiny negative value that rounds to zero prints without a sign.
    CHECK(to_decimal_string(q(-1, 1000), 2) == "0");
}

TEST_CASE("to_fixed_string always prints the requested number of decimals") {
    CHECK(to_fixed_string(parse_decimal("0.051"), 2) == "0.05");
    CHECK(to_fixed_string(q(60), 2) == "60.00");
    CHECK(to_fixed_string(q(1, 200), 2) == "0.01");    // 0.005 -> 0.01
    CHECK(to_fixed_string(q(-1, 200), 2) == "-0.01");  // -0.005 -> -0.01
    CHECK(to_fixed_string(q(7, 2), 0) == "4");         // 3.5 -> 4
    CHECK(to_fixed_string(q(1, 3), 3) == "0.333");
}

TEST_CASE("to_fraction_string gives the exact value in lowest terms") {
    CHECK(to_fraction_string(q(10, 28)) == "5/14");
    CHECK(to_fraction_string(q(6, 3)) == "2");
    CHECK(to_fraction_string(q(-2, 4)) == "-1/2");
    CHECK(to_fraction_string(parse_decimal("0.051")) == "51/1000");
}

TEST_CASE("is_terminating tells finite decimal expansions within the place limit") {
    CHECK(is_terminating(q(51, 1000)));
    CHECK(is_terminating(q(7)));
    CHECK(is_terminating(q(1, 1024)));  // 2^-10 needs 10 places
    CHECK_FALSE(is_terminating(q(1, 1024), 9));
    CHECK_FALSE(is_terminating(q(1, 3)));
    CHECK_FALSE(is_terminating(q(5, 14)));  // 10/28
    CHECK(is_terminating(q(-3, 8)));
    CHECK(is_terminating(q(1, 100), 2));
    CHECK_FALSE(is_terminating(q(1, 1000), 2));
}

TEST_CASE("to_double is the nearest double, for charts only") {
    CHECK(to_double(q(1, 4)) == 0.25);
    CHECK(to_double(q(-3, 2)) == -1.5);
}

TEST_CASE("leading zeros are decimal, never octal (found by the aws_price_history and skypilot_csv fuzzers)") {
    // Boost's cpp_int reads "010" as octal 8 and refuses "0089": both were reachable from a file.
    CHECK(parse_decimal("010.5") == exact(21, 2));
    CHECK(parse_decimal("00891.00") == exact(891));
    CHECK(parse_decimal("0089") == exact(89));
    CHECK(to_decimal_string(parse_decimal("007.250")) == "7.25");
}

TEST_CASE("amounts scale to minor units rounded half away from zero, and powers of ten are exact") {
    CHECK(scaled_round_half_up(parse_decimal("0.125"), 2) == 13);
    CHECK(scaled_round_half_up(exact(-parse_decimal("0.125")), 2) == -13);
    CHECK(scaled_round_half_up(parse_decimal("0.1249"), 2) == 12);
    CHECK(scaled_round_half_up(parse_decimal("7"), 0) == 7);
    CHECK(power_of_ten(0) == 1);
    CHECK(power_of_ten(30).str() == "1000000000000000000000000000000");
}
