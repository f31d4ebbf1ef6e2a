// Tests of costsim/core/fast_units.hpp: only dimensionally sound mixes compile.
#include <costsim/core/fast_units.hpp>

#include <chrono>
#include <cmath>
#include <concepts>
#include <limits>
#include <type_traits>

#include <doctest/doctest.h>

using namespace costsim;

namespace {

template <class A, class B>
concept addable = requires(A a, B b) {
    a + b;
};
template <class A, class B>
concept subtractable = requires(A a, B b) {
    a - b;
};
template <class A, class B, class R>
concept multiplies_to = requires(A a, B b) {
    { a* b } -> std::same_as<R>;
};
template <class A, class B, class R>
concept divides_to = requires(A a, B b) {
    { a / b } -> std::same_as<R>;
};
template <class A, class B>
concept multipliable = requires(A a, B b) {
    a* b;
};
template <class A, class B>
concept comparable = requires(A a, B b) {
    a < b;
};

}  // namespace

// Nothing converts from or to a bare double.
static_assert(!std::is_convertible_v<double, fast_money>);
static_assert(!std::is_convertible_v<double, fast_price_per_hour>);
static_assert(!std::is_convertible_v<double, hazard>);
static_assert(!std::is_convertible_v<fast_money, double>);
static_assert(!std::is_convertible_v<fast_price_per_hour, double>);
static_assert(!std::is_convertible_v<fast_hours, fast_money>);
static_assert(!std::is_convertible_v<fast_money, fast_price_per_hour>);
static_assert(std::is_constructible_v<fast_money, double>);  // ... but explicit construction works

// The sound mixes.
static_assert(multiplies_to<fast_price_per_hour, fast_hours, fast_money>);
static_assert(multiplies_to<fast_hours, fast_price_per_hour, fast_money>);
static_assert(divides_to<fast_money, fast_hours, fast_price_per_hour>);
static_assert(divides_to<fast_money, fast_price_per_hour, fast_hours>);
static_assert(multiplies_to<fast_money, double, fast_money>);
static_assert(multiplies_to<double, fast_money, fast_money>);
static_assert(addable<fast_money, fast_money>);
static_assert(addable<fast_price_per_hour, fast_price_per_hour>);

// The unsound ones do not compile.
static_assert(!addable<fast_money, fast_hours>);
static_assert(!addable<fast_hours, fast_money>);
static_assert(!addable<fast_price_per_hour, fast_money>);
static_assert(!addable<fast_money, double>);
static_assert(!subtractable<fast_money, fast_price_per_hour>);
static_assert(!multiplies_to<double, fast_hours, fast_money>);
static_assert(!std::is_convertible_v<decltype(2.0 * fast_hours(1.0)), fast_money>);
static_assert(!multipliable<fast_money, fast_money>);
static_assert(!multipliable<fast_price_per_hour, fast_money>);
static_assert(!multipliable<fast_hours, fast_money>);
static_assert(!multipliable<fast_money, fast_hours>);
static_assert(!multipliable<fast_price_per_hour, fast_price_per_hour>);
static_assert(!comparable<fast_money, fast_price_per_hour>);
static_assert(!comparable<fast_money, double>);
static_assert(!addable<hazard, hazard>);  // a rate is not summed by accident

TEST_CASE("a price per hour times a duration is money, in either order") {
    const fast_price_per_hour p(0.9731);
    const fast_hours t(2.5);
    CHECK((p * t).value() == doctest::Approx(2.43275).epsilon(1e-15));
    CHECK((t * p).value() == (p * t).value());
    CHECK((p * std::chrono::minutes(30)).value() == doctest::Approx(0.48655).epsilon(1e-15));
}

TEST_CASE("money divided by a duration is a price, and by a price a duration") {
    const fast_money m(3.06);
    CHECK((m / fast_hours(2.0)).value() == doctest::Approx(1.53));
    CHECK((m / fast_price_per_hour(1.53)).count() == doctest::Approx(2.0));
}

TEST_CASE("money adds, subtracts, scales and compares like its amount") {
    fast_money a(1.25), b(0.75);
    CHECK((a + b).value() == 2.0);
    CHECK((a - b).value() == 0.5);
    CHECK((-a).value() == -1.25);
    CHECK((a * 2.0).value() == 2.5);
    CHECK((2.0 * a).value() == 2.5);
    CHECK((a / 5.0).value() == 0.25);
    CHECK(a / b == doctest::Approx(5.0 / 3.0));
    CHECK(b < a);
    CHECK(a == fast_money(1.25));
    CHECK(a != b);
    a += b;
    CHECK(a.value() == 2.0);
    a -= fast_money(0.5);
    CHECK(a.value() == 1.5);
    CHECK(fast_money().value() == 0.0);
}

TEST_CASE("prices add, scale and compare like their amount") {
    const fast_price_per_hour gpu(0.45), host(0.0475);
    CHECK((gpu + host).value() == doctest::Approx(0.4975));
    CHECK((gpu - host).value() == doctest::Approx(0.4025));
    CHECK((gpu * 0.8).value() == doctest::Approx(0.36));
    CHECK(host < gpu);
    CHECK(gpu / host == doctest::Approx(0.45 / 0.0475));
}

TEST_CASE("a hazard knows its mean time between events and rejects bad rates") {
    const hazard h(0.05);
    CHECK(h.per_hour() == 0.05);
    CHECK(h.mean_time_between().count() == doctest::Approx(20.0));
    CHECK(h.expected_events(fast_hours(10.0)) == doctest::Approx(0.5));
    CHECK(hazard::from_mean(fast_hours(4.0)).per_hour() == 0.25);
    CHECK(std::isinf(hazard().mean_time_between().count()));
    CHECK_THROWS_AS(hazard(-0.1), value_error);
    CHECK_THROWS_AS(hazard{std::numeric_limits<double>::infinity()}, value_error);
    CHECK_THROWS_AS(hazard{std::numeric_limits<double>::quiet_NaN()}, value_error);
    CHECK_THROWS_AS(hazard::from_mean(fast_hours(0.0)), value_error);
}
