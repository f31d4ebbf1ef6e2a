// Tests of costsim/pricing/price.hpp: only meaningful products of prices and quantities compile.
#include <costsim/pricing/price.hpp>

#include <chrono>
#include <type_traits>
#include <utility>

#include <doctest/doctest.h>

using namespace costsim;
using namespace std::chrono_literals;

namespace {
template <class A, class B>
concept multipliable = requires(A a, B b) {
    a* b;
};
template <class A, class B>
concept addable = requires(A a, B b) {
    a + b;
};
template <class A, class B>
using product_t = decltype(std::declval<A>() * std::declval<B>());

exact dec(const char* s) { return parse_decimal(s); }
const currency USD("USD"), EUR("EUR");
}  // namespace

// --- compile-time proofs: what prices a charge and what does not ---------------------------
static_assert(std::is_same_v<product_t<price_per_hour, billed_duration>, money>);
static_assert(std::is_same_v<product_t<billed_duration, price_per_hour>, money>);
static_assert(std::is_same_v<product_t<monthly_price, month_share>, money>);
static_assert(std::is_same_v<product_t<month_share, monthly_price>, money>);
static_assert(std::is_same_v<product_t<price_per_gb, gigabytes>, money>);
static_assert(std::is_same_v<product_t<gigabytes, price_per_gb>, money>);
// A raw run time must go through a billing rule first.
static_assert(!multipliable<price_per_hour, usec>);
static_assert(!multipliable<usec, price_per_hour>);
static_assert(!multipliable<price_per_hour, std::chrono::seconds>);
// A month is not a fixed duration, and an hour price is not a month price.
static_assert(!multipliable<monthly_price, billed_duration>);
static_assert(!multipliable<monthly_price, usec>);
static_assert(!multipliable<price_per_hour, month_share>);
static_assert(!multipliable<price_per_gb, billed_duration>);
static_assert(!multipliable<price_per_hour, gigabytes>);
static_assert(!multipliable<price_per_hour, double>);
static_assert(!multipliable<price_per_hour, price_per_hour>);
// Prices and money do not mix by addition.
static_assert(!addable<money, price_per_hour>);
static_assert(!addable<price_per_hour, money>);
static_assert(!addable<price_per_hour, price_per_hour>);
static_assert(!addable<money, monthly_price>);
static_assert(!addable<billed_duration, usec>);
// No implicit way in: a double, a bare duration or a bare amount never becomes one of these.
static_assert(!std::is_convertible_v<double, money>);
static_assert(!std::is_convertible_v<exact, money>);
static_assert(!std::is_convertible_v<usec, billed_duration>);
static_assert(!std::is_convertible_v<double, billed_duration>);
static_assert(!std::is_convertible_v<double, price_per_hour>);
static_assert(!std::is_convertible_v<money, price_per_hour>);
static_assert(!std::is_convertible_v<money, monthly_price>);
static_assert(!std::is_convertible_v<price_per_hour, monthly_price>);
static_assert(!std::is_convertible_v<exact, month_share>);
static_assert(!std::is_convertible_v<double, month_share>);
static_assert(!std::is_convertible_v<exact, gigabytes>);
static_assert(!std::is_convertible_v<billed_duration, usec>);
static_assert(!std::is_constructible_v<price_per_hour, double>);
static_assert(!std::is_constructible_v<billed_duration, double>);

// `exact` (Boost rational) converts implicitly from double; money deletes the overloads
// that would let `money * 0.1` or `money(0.1, USD)` carry a binary float into a charge.
static_assert(!multipliable<money, double>);
static_assert(!multipliable<double, money>);
static_assert(!std::is_constructible_v<money, double, currency>);
static_assert(!std::is_constructible_v<money, float, currency>);
static_assert(multipliable<money, exact>);

TEST_CASE("an hourly price times a billed duration is an exact charge") {
    // 3.06 $/h * 60 s = 3.06 * 60/3600 = 0.051 $
    const price_per_hour p3(money(dec("3.06"), USD));
    CHECK((p3 * billed_duration(60s)).amount() == dec("0.051"));
    CHECK((billed_duration(60s) * p3).currency_of() == USD);
    // 0.45 $/h * 1 µs = 0.45 / 3.6e9 = 1/8e9 $
    CHECK((price_per_hour(money(dec("0.45"), USD)) * billed_duration(usec(1))).amount() ==
          exact(big_int(1), big_int(8000000000LL)));
    CHECK(billed_duration(90min).hours() == dec("1.5"));
    CHECK(billed_duration(usec(1)).hours() == exact(big_int(1), big_int(3600000000LL)));
    CHECK(billed_duration(1h) < billed_duration(61min));
    CHECK(billed_duration(0s).ok());
    CHECK_FALSE(billed_duration(-1s).ok());
}

TEST_CASE("a monthly price times a month share and a GB price times GB are exact") {
    // 99 € * 10/28 = 990/28 = 35.357142857… €
    const monthly_price hetzner(money(dec("99"), EUR));
    CHECK((hetzner * month_share(exact(big_int(10), big_int(28)))).amount() == exact(big_int(990), big_int(28)));
    CHECK((month_share(exact(1)) * hetzner).amount() == 99);
    // 0.09 $/GB * 12.5 GB = 1.125 $
    CHECK((price_per_gb(money(dec("0.09"), USD)) * gigabytes(dec("12.5"))).amount() == dec("1.125"));
    CHECK(month_share(exact(0)).ok());
    CHECK_FALSE(month_share(exact(-1)).ok());
    CHECK_FALSE(price_per_hour(money(exact(-1), USD)).ok());
}

TEST_CASE("quoted prices convert exactly to a per-hour price") {
    auto quoted = [](const char* amount, const char* cur, price_unit per) {
        return quoted_price{money(dec(amount), currency(cur)), per, false, {}};
    };
    // 0.02 €/min * 60 = 1.20 €/h
    CHECK(quoted("0.02", "EUR", price_unit::minute).hourly().per_hour() == money(dec("1.2"), EUR));
    // 0.001 $/s * 3600 = 3.6 $/h
    CHECK(quoted("0.001", "USD", price_unit::second).hourly().per_hour() == money(dec("3.6"), USD));
    CHECK(quoted("3.06", "USD", price_unit::hour).hourly().per_hour() == money(dec("3.06"), USD));
    // 1 $/day / 24 = 1/24 $/h
    CHECK(quoted("1", "USD", price_unit::day).hourly().per_hour() == money(exact(big_int(1), big_int(24)), USD));
    CHECK(quoted("99", "EUR", price_unit::month).monthly().per_month() == money(dec("99"), EUR));
    CHECK(quoted("0.09", "USD", price_unit::gb).per_gigabyte().per_gb() == money(dec("0.09"), USD));
    CHECK(quoted("1", "USD", price_unit::hour).is_time_based());
    CHECK_FALSE(quoted("1", "USD", price_unit::month).is_time_based());
    CHECK_FALSE(quoted("1", "USD", price_unit::gb).is_time_based());
    CHECK_THROWS_AS(quoted("99", "EUR", price_unit::month).hourly(), model_error);
    CHECK_THROWS_AS(quoted("0.09", "USD", price_unit::gb).hourly(), model_error);
    CHECK_THROWS_AS(quoted("3.06", "USD", price_unit::hour).monthly(), model_error);
    CHECK_THROWS_AS(quoted("3.06", "USD", price_unit::hour).per_gigabyte(), model_error);
}

TEST_CASE("price units parse from and print to their data spelling") {
    for (price_unit u :
         {price_unit::second, price_unit::minute, price_unit::hour, price_unit::day, price_unit::month, price_unit::gb})
        CHECK(parse_price_unit(to_string(u)) == u);
    CHECK(to_string(price_unit::gb) == "GB");
    CHECK(parse_price_unit("hour") == price_unit::hour);
    CHECK_THROWS_AS(parse_price_unit("hr"), value_error);
    CHECK_THROWS_AS(parse_price_unit("Hour"), value_error);
    CHECK_THROWS_AS(parse_price_unit("gb"), value_error);
    CHECK_THROWS_AS(parse_price_unit("fortnight"), value_error);
}
