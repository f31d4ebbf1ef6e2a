// Tests of costsim/core/money.hpp: currencies, exact money, one rounding, dated exchange rates.
#include <costsim/core/money.hpp>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
exact dec(const char* s) { return parse_decimal(s); }
const currency USD("USD"), EUR("EUR"), JPY("JPY");
money usd(const char* s) { return money(dec(s), USD); }
money eur(const char* s) { return money(dec(s), EUR); }
exchange_rate eur_usd() { return {EUR, USD, dec("1.2276"), date::year{2018} / 2 / 1, "ECB"}; }
}  // namespace

TEST_CASE("the currency table knows each code's minor unit") {
    CHECK(USD.minor_unit() == 2);
    CHECK(EUR.minor_unit() == 2);
    CHECK(JPY.minor_unit() == 0);
    CHECK(currency("KRW").minor_unit() == 0);
    CHECK(USD.code() == "USD");
    CHECK(USD.ok());
    CHECK(currency::is_known("GBP"));
    CHECK_FALSE(currency::is_known("XYZ"));
    CHECK_FALSE(currency::is_known("usd"));  // codes are upper case
    CHECK_FALSE(currency::is_known("US"));
    CHECK_FALSE(currency::is_known("USDX"));
    CHECK_THROWS_AS(currency("XYZ"), value_error);
    CHECK_THROWS_WITH(currency("BTC"), doctest::Contains("ISO 4217"));
    CHECK_THROWS_AS(currency(""), value_error);
    CHECK(USD == currency("USD"));
    CHECK_FALSE(USD == EUR);
}

TEST_CASE("money of one currency adds, subtracts and scales exactly") {
    // 0.1 + 0.2 = 0.3 exactly; 3.06 * 1/120 h = 0.0255
    CHECK(usd("0.1") + usd("0.2") == usd("0.3"));
    CHECK(usd("1") - usd("0.99") == usd("0.01"));
    CHECK(-usd("1.5") == usd("0") - usd("1.5"));
    CHECK(usd("3.06") * exact(big_int(1), big_int(120)) == usd("0.0255"));
    CHECK(exact(3) * usd("0.45") == usd("1.35"));
    CHECK(usd("99") / exact(28) * exact(10) == money(exact(big_int(990), big_int(28)), USD));
    CHECK(usd("1.35") / usd("0.45") == exact(3));
    CHECK(usd("1") < usd("1.01"));
    CHECK(usd("2") > usd("1.99"));
    CHECK(money::zero(EUR).amount() == 0);
    CHECK(money::zero(EUR).currency_of() == EUR);
    money m = usd("1");
    m += usd("0.5");
    m -= usd("0.25");
    CHECK(m == usd("1.25"));
}

TEST_CASE("combining two currencies without a rate throws currency_mismatch") {
    CHECK_THROWS_AS(usd("1") + eur("1"), currency_mismatch);
    CHECK_THROWS_AS(usd("1") - eur("1"), currency_mismatch);
    CHECK_THROWS_AS((void)(usd("1") == eur("1")), currency_mismatch);
    CHECK_THROWS_AS((void)(usd("1") < eur("2")), currency_mismatch);
    CHECK_THROWS_AS(usd("1") / eur("1"), currency_mismatch);
    CHECK_THROWS_WITH(usd("1") + eur("1"), "cannot combine USD with EUR without an exchange rate");
    money m = usd("1");
    CHECK_THROWS_AS(m += eur("1"), currency_mismatch);
    CHECK(m == usd("1"));  // unchanged after the refused sum
    // currency_mismatch is a model_error: callers catching model_error see it.
    CHECK_THROWS_AS(usd("1") + eur("1"), model_error);
}

TEST_CASE("round_half_up rounds once to the currency's minor unit") {
    SUBCASE("USD to cents") {
        // 3.06 $/h * 60 s = 3.06/60 = 0.051 -> 0.05
        rounded_money r = round_half_up(usd("0.051"));
        CHECK(r.minor_units() == 5);
        CHECK(r.to_string() == "0.05");
        CHECK(r.currency_of() == USD);
        CHECK(r.to_money() == usd("0.05"));
        CHECK(round_half_up(usd("0.005")).to_string() == "0.01");
        CHECK(round_half_up(usd("0.0049999")).to_string() == "0.00");
        CHECK(round_half_up(usd("134.357142857")).to_string() == "134.36");
        CHECK(round_half_up(usd("60")).to_string() == "60.00");
        CHECK(round_half_up(-usd("0.005")).to_string() == "-0.01");
        CHECK(round_half_up(-usd("0.005")).minor_units() == -1);
        CHECK(round_half_up(-usd("7.2")).to_string() == "-7.20");
    }
    SUBCASE("JPY has no minor unit") {
        CHECK(round_half_up(money(dec("100.5"), JPY)).to_string() == "101");
        CHECK(round_half_up(money(dec("100.49"), JPY)).to_string() == "100");
        CHECK(round_half_up(money(dec("100.5"), JPY)).minor_units() == 101);
        CHECK(round_half_up(money(dec("100.5"), JPY)).to_money() == money(exact(101), JPY));
    }
    SUBCASE("rounded amounts compare by units and currency") {
        CHECK(round_half_up(usd("0.051")) == round_half_up(usd("0.049")));
        CHECK_FALSE(round_half_up(usd("0.05")) == round_half_up(eur("0.05")));
    }
}

TEST_CASE("convert uses only a rate from the amount's currency") {
    // 100 EUR * 1.2276 USD/EUR = 122.76 USD
    CHECK(convert(eur("100"), eur_usd()) == usd("122.76"));
    CHECK(convert(eur("100"), eur_usd()).currency_of() == USD);
    // 0.04 EUR * 1.2276 = 0.049104 USD, exact until rounded
    CHECK(convert(eur("0.04"), eur_usd()).amount() == dec("0.049104"));
    CHECK_THROWS_AS(convert(usd("1"), eur_usd()), currency_mismatch);
    CHECK_THROWS_AS(convert(money(exact(1), JPY), eur_usd()), currency_mismatch);
}

TEST_CASE("a rate's inverse reads the same quote the other way") {
    exchange_rate inv = eur_usd().inverse();
    CHECK(inv.from == USD);
    CHECK(inv.to == EUR);
    CHECK(inv.rate == exact(big_int(10000), big_int(12276)));  // 1/1.2276 exactly
    CHECK(inv.as_of == date::year{2018} / 2 / 1);
    CHECK(inv.source == "ECB");
    // Round trip is exact: 122.76 USD -> 100 EUR.
    CHECK(convert(usd("122.76"), inv) == eur("100"));
    CHECK(convert(convert(eur("3.5"), eur_usd()), inv) == eur("3.5"));
    CHECK(inv.inverse().rate == dec("1.2276"));
}

TEST_CASE("a rate is ok only with known currencies, a positive rate and a real date") {
    CHECK(eur_usd().ok());
    exchange_rate r = eur_usd();
    r.rate = exact(0);
    CHECK_FALSE(r.ok());
    r = eur_usd();
    r.as_of = date::year{2026} / 2 / 30;
    CHECK_FALSE(r.ok());
}

TEST_CASE("a rate describes itself with its date") {
    CHECK(describe(eur_usd()) == "1.2276 USD per EUR (2018-02-01)");
    CHECK(format_date(date::year{2028} / 2 / 29) == "2028-02-29");
}
