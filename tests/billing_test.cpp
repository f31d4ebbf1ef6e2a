// Tests of costsim/pricing/billing.hpp: each billing rule alone, with hand-worked amounts.
#include <costsim/pricing/billing.hpp>

#include <chrono>

#include <doctest/doctest.h>

using namespace costsim;
using namespace std::chrono_literals;

namespace {
exact dec(const char* s) { return parse_decimal(s); }
exact frac(long long n, long long d) { return exact(big_int(n), big_int(d)); }
const currency USD("USD"), EUR("EUR");
money usd(const char* s) { return money(dec(s), USD); }
price_per_hour per_hour(const char* s, currency c = USD) { return price_per_hour(money(dec(s), c)); }
timestamp at(const char* s) { return parse_timestamp(s); }
sustained_use gce_n1() {
    return sustained_use(
        {{dec("0.25"), dec("1.0")}, {dec("0.50"), dec("0.8")}, {dec("0.75"), dec("0.6")}, {dec("1.00"), dec("0.4")}});
}
}  // namespace

TEST_CASE("increment rules round up to the increment and raise to the minimum") {
    SUBCASE("per second with a 60 s minimum (AWS Linux)") {
        const increment_rule aws{1s, 60s};
        CHECK(aws.bill(30s).get() == 60s);  // below the minimum -> 60 s
        CHECK(aws.bill(60s).get() == 60s);
        CHECK(aws.bill(61200ms).get() == 62s);  // 61.2 s -> 62 s
        CHECK(aws.bill(usec(1)).get() == 60s);
        CHECK(aws.bill(3600s + usec(1)).get() == 3601s);
    }
    SUBCASE("per second with a 1 min minimum (GCE)") {
        const increment_rule gce{1s, 1min};
        CHECK(gce.bill(30s).get() == 60s);
        CHECK(gce.bill(90500ms).get() == 91s);  // 90.5 s -> 91 s
    }
    SUBCASE("per minute (LeaderGPU, Azure)") {
        const increment_rule per_min{1min, 0s};
        CHECK(per_min.bill(61s).get() == 120s);  // 61 s -> 2 started minutes
        CHECK(per_min.bill(60s).get() == 60s);
        CHECK(per_min.bill(1s).get() == 60s);
    }
    SUBCASE("per hour rounded up (IBM Softlayer hourly)") {
        const increment_rule per_hour_rule{1h, 0s};
        CHECK(per_hour_rule.bill(1h + 1s).get() == 2h);  // 1h0m1s -> 2 h
        CHECK(per_hour_rule.bill(1h).get() == 1h);
        CHECK(per_hour_rule.bill(1s).get() == 1h);
    }
    SUBCASE("per millisecond") {
        const increment_rule per_ms{1ms, 0s};
        CHECK(per_ms.bill(usec(1001)).get() == 2ms);  // 1.001 ms -> 2 ms
        CHECK(per_ms.bill(250ms).get() == 250ms);
    }
    SUBCASE("a zero-length run bills nothing, even with a minimum") {
        CHECK(increment_rule{1s, 60s}.bill(0s).get() == 0s);
        CHECK(increment_rule{1h, 0s}.bill(-5s).get() == 0s);
    }
    SUBCASE("validity") {
        CHECK(increment_rule{1s, 60s}.ok());
        CHECK_FALSE(increment_rule{0s, 60s}.ok());
        CHECK_FALSE(increment_rule{1s, -1s}.ok());
    }
}

TEST_CASE("GCE sustained-use tiers give 0/10/20/30 % effective discounts at 25/50/75/100 % of a month") {
    const sustained_use su = gce_n1();
    CHECK(su.ok());
    // ∫ rate over [0, u]: 0.25 -> 0.25; 0.5 -> 0.25 + 0.25*0.8 = 0.45; 0.75 -> 0.45 + 0.25*0.6 = 0.6;
    // 1.0 -> 0.6 + 0.25*0.4 = 0.7. Effective rate = that / u: 1.0, 0.9, 0.8, 0.7.
    CHECK(su.weighted_share(0, dec("0.25")) == dec("0.25"));
    CHECK(su.weighted_share(0, dec("0.5")) == dec("0.45"));
    CHECK(su.weighted_share(0, dec("0.75")) == dec("0.6"));
    CHECK(su.weighted_share(0, 1) == dec("0.7"));
    CHECK(su.weighted_share(0, dec("0.5")) / dec("0.5") == dec("0.9"));
    CHECK(su.weighted_share(0, dec("0.75")) / dec("0.75") == dec("0.8"));
    // Usage that starts after an earlier part of the month falls in the later tiers:
    // [0.4, 0.6]: 0.1*0.8 + 0.1*0.6 = 0.14
    CHECK(su.weighted_share(dec("0.4"), dec("0.6")) == dec("0.14"));

    SUBCASE("charged on a 30-day month (April 2026, 720 h) at 1 $/h") {
        const price_per_hour p = per_hour("1");
        auto slice = [](const char* from, const char* to) { return split_by_month(at(from), at(to)).at(0); };
        // 25 %: 180 h * 1.0 = 180
        CHECK(su.charge(p, slice("2026-04-01", "2026-04-08T12:00:00Z")) == usd("180"));
        // 50 %: 720 h * 0.45 = 324 = 360 * 0.9
        CHECK(su.charge(p, slice("2026-04-01", "2026-04-16")) == usd("324"));
        // 75 %: 720 h * 0.6 = 432 = 540 * 0.8
        CHECK(su.charge(p, slice("2026-04-01", "2026-04-23T12:00:00Z")) == usd("432"));
        // 100 %: 720 h * 0.7 = 504 = 720 * 0.7
        CHECK(su.charge(p, slice("2026-04-01", "2026-05-01")) == usd("504"));
        // After 0.4 of the month was used, 0.2 more (144 h) costs 720 * 0.14 = 100.8
        CHECK(su.charge(p, slice("2026-04-01", "2026-04-07"), dec("0.4")) == usd("100.8"));
    }
    SUBCASE("tier lists must rise strictly and end at the whole month") {
        CHECK_FALSE(sustained_use({}).ok());
        CHECK_FALSE(sustained_use({{dec("0.5"), dec("1")}}).ok());
        CHECK_FALSE(sustained_use({{dec("0.5"), dec("1")}, {dec("0.5"), dec("0.8")}, {1, dec("0.6")}}).ok());
        CHECK_FALSE(sustained_use({{dec("1.5"), dec("1")}}).ok());
        CHECK(sustained_use({{1, dec("1")}}).ok());
    }
}

TEST_CASE("a monthly cap bounds a month's charge") {
    const monthly_cap cap{money(dec("60"), EUR)};
    CHECK(cap.ok());
    // Feb 2026: 672 h * 0.10 €/h = 67.20 € -> capped at 60 €
    CHECK(cap.apply(money(dec("67.2"), EUR)) == money(dec("60"), EUR));
    CHECK(cap.apply(money(dec("59.99"), EUR)) == money(dec("59.99"), EUR));
    CHECK(cap.apply(money(dec("60"), EUR)) == money(dec("60"), EUR));
    CHECK_THROWS_AS(cap.apply(usd("70")), currency_mismatch);
}

TEST_CASE("a monthly price is prorated by calendar share or charged whole") {
    const monthly_price p(money(dec("99"), EUR));
    auto s = split_by_month(at("2026-02-01"), at("2026-02-11")).at(0);
    // 99 * 10/28 = 35.357142857…
    CHECK(prorate(p, s, proration::calendar) == money(frac(990, 28), EUR));
    CHECK(prorate(p, s, proration::none) == money(dec("99"), EUR));
    CHECK(to_string(proration::calendar) == "calendar");
    CHECK(to_string(proration::none) == "none");
}

TEST_CASE("egress is billed in cumulative tiers") {
    // first 10 GB at 0.12, next 40 GB at 0.09, the rest at 0.07 $/GB
    const egress_tiers eg({{dec("10"), price_per_gb(usd("0.12"))},
                           {dec("50"), price_per_gb(usd("0.09"))},
                           {std::nullopt, price_per_gb(usd("0.07"))}});
    CHECK(eg.ok());
    CHECK(eg.charge(gigabytes(dec("5"))) == usd("0.6"));   // 5 * 0.12
    CHECK(eg.charge(gigabytes(dec("10"))) == usd("1.2"));  // 10 * 0.12
    CHECK(eg.charge(gigabytes(dec("30"))) == usd("3"));    // 1.2 + 20 * 0.09
    CHECK(eg.charge(gigabytes(dec("60"))) == usd("5.5"));  // 1.2 + 40 * 0.09 + 10 * 0.07
    CHECK(eg.charge(gigabytes(dec("0"))) == usd("0"));
    CHECK(eg.charge(gigabytes(dec("10.5"))) == usd("1.245"));  // 1.2 + 0.5 * 0.09
    CHECK_THROWS_AS(egress_tiers({}).charge(gigabytes(dec("1"))), model_error);

    SUBCASE("tier lists must rise and end open") {
        CHECK_FALSE(egress_tiers({{dec("10"), price_per_gb(usd("0.12"))}}).ok());
        CHECK_FALSE(
            egress_tiers({{std::nullopt, price_per_gb(usd("0.12"))}, {std::nullopt, price_per_gb(usd("0.09"))}}).ok());
        CHECK_FALSE(egress_tiers({{dec("10"), price_per_gb(usd("0.12"))},
                                  {dec("10"), price_per_gb(usd("0.09"))},
                                  {std::nullopt, price_per_gb(usd("0.07"))}})
                        .ok());
        CHECK_FALSE(egress_tiers({{std::nullopt, price_per_gb(-usd("1"))}}).ok());
        CHECK(egress_tiers({{std::nullopt, price_per_gb(usd("0.09"))}}).ok());
    }
}

TEST_CASE("a time-varying spot price is charged per second at the price in force") {
    // 0.90 $/h from 00:00, 1.20 $/h from 01:00, 0.60 $/h from 03:00
    const price_schedule sched({{at("2026-02-01T00:00:00Z"), per_hour("0.90")},
                                {at("2026-02-01T01:00:00Z"), per_hour("1.20")},
                                {at("2026-02-01T03:00:00Z"), per_hour("0.60")}});
    CHECK(sched.ok());
    CHECK(sched.price_at(at("2026-02-01T00:00:00Z")).per_hour() == usd("0.90"));
    CHECK(sched.price_at(at("2026-02-01T00:59:59Z")).per_hour() == usd("0.90"));
    CHECK(sched.price_at(at("2026-02-01T01:00:00Z")).per_hour() == usd("1.20"));
    CHECK(sched.price_at(at("2026-03-01")).per_hour() == usd("0.60"));

    SUBCASE("within one price") {
        // 30 min * 0.90 = 0.45
        CHECK(sched.charge(at("2026-02-01T00:00:00Z"), at("2026-02-01T00:30:00Z")) == usd("0.45"));
    }
    SUBCASE("across a price change") {
        // 00:30-01:00 at 0.90 = 0.45; 01:00-01:30 at 1.20 = 0.60; total 1.05
        CHECK(sched.charge(at("2026-02-01T00:30:00Z"), at("2026-02-01T01:30:00Z")) == usd("1.05"));
    }
    SUBCASE("across every change") {
        // 00:30-01:00 0.45 + 01:00-03:00 2.40 + 03:00-04:00 0.60 = 3.45
        CHECK(sched.charge(at("2026-02-01T00:30:00Z"), at("2026-02-01T04:00:00Z")) == usd("3.45"));
    }
    SUBCASE("one second either side of a change") {
        // 1 s at 0.90 + 1 s at 1.20 = 2.10/3600 = 7/12000
        CHECK(sched.charge(at("2026-02-01T00:59:59Z"), at("2026-02-01T01:00:01Z")) == money(frac(7, 12000), USD));
    }
    SUBCASE("before the first point there is no price: model_error") {
        CHECK_THROWS_AS(sched.price_at(at("2026-01-31T23:59:59Z")), model_error);
        CHECK_THROWS_WITH(sched.price_at(at("2026-01-31T23:00:00Z")),
                          doctest::Contains("no spot price in force at 2026-01-31T23:00:00Z"));
        CHECK_THROWS_AS(sched.charge(at("2026-01-31T23:00:00Z"), at("2026-02-01T01:00:00Z")), model_error);
    }
    SUBCASE("schedules must rise in time and keep one currency") {
        CHECK_FALSE(price_schedule({}).ok());
        CHECK_FALSE(
            price_schedule({{at("2026-02-01T01:00:00Z"), per_hour("1")}, {at("2026-02-01T00:00:00Z"), per_hour("1")}})
                .ok());
        CHECK_FALSE(price_schedule(
                        {{at("2026-02-01T00:00:00Z"), per_hour("1")}, {at("2026-02-01T01:00:00Z"), per_hour("1", EUR)}})
                        .ok());
        CHECK_FALSE(
            price_schedule({{at("2026-02-01T00:00:00Z"), per_hour("1")}, {at("2026-02-01T00:00:00Z"), per_hour("2")}})
                .ok());
    }
}
