// Tests of costsim/core/stats.hpp: summaries against hand-computed values.
#include <costsim/core/stats.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;
using doctest::Approx;

TEST_CASE("a summary of four values matches the hand computation") {
    // x = {4, 1, 3, 2}: mean 2.5; squared deviations 2.25 + 2.25 + 0.25 + 0.25 = 5;
    // sample variance 5/3, sd 1.2909944, stderr = sd/sqrt(4) = 0.6454972;
    // ci95 = 2.5 ± 1.959964·0.6454972 = 2.5 ± 1.2651514.
    const summary s = summarize({4.0, 1.0, 3.0, 2.0});
    CHECK(s.n == 4);
    CHECK(s.mean == 2.5);
    CHECK(s.std_error == Approx(std::sqrt(5.0 / 3.0) / 2.0).epsilon(1e-15));
    CHECK(s.std_error == Approx(0.6454972).epsilon(1e-7));
    CHECK(s.ci95_lo == Approx(1.2348486).epsilon(1e-7));
    CHECK(s.ci95_hi == Approx(3.7651514).epsilon(1e-7));
    // Type 7 on sorted {1,2,3,4}: h = 3p. p05: h = 0.15 -> 1.15; p50: 1.5 -> 2.5;
    // p95: 2.85 -> 3.85; p99: 2.97 -> 3.97 (numpy.percentile gives the same).
    CHECK(s.p05 == Approx(1.15).epsilon(1e-15));
    CHECK(s.p50 == 2.5);
    CHECK(s.p95 == Approx(3.85).epsilon(1e-15));
    CHECK(s.p99 == Approx(3.97).epsilon(1e-15));
    CHECK(s.min == 1.0);
    CHECK(s.max == 4.0);
}

TEST_CASE("quantiles interpolate linearly between order statistics (type 7)") {
    // n = 11, h = 10p: p05 -> x[0] + 0.5(x[1]-x[0]) = 15; p50 -> x[5] = 60;
    // p95 -> x[9] + 0.5(x[10]-x[9]) = 100 + 450 = 550; p99 -> 100 + 0.9·900 = 910.
    const summary s = summarize({1000, 90, 80, 70, 60, 50, 40, 30, 20, 10, 100});
    CHECK(s.p05 == Approx(15.0).epsilon(1e-15));
    CHECK(s.p50 == 60.0);
    CHECK(s.p95 == Approx(550.0).epsilon(1e-15));
    CHECK(s.p99 == Approx(910.0).epsilon(1e-15));
    const std::vector<double> sorted{1.0, 2.0, 4.0};
    CHECK(quantile_sorted(sorted, 0.0) == 1.0);
    CHECK(quantile_sorted(sorted, 1.0) == 4.0);
    CHECK(quantile_sorted(sorted, 0.75) == 3.0);  // h = 1.5 -> 2 + 0.5·2
    CHECK_THROWS_AS(quantile_sorted(sorted, 1.5), value_error);
    CHECK_THROWS_AS(quantile_sorted(std::vector<double>{}, 0.5), value_error);
}

TEST_CASE("one trial has a mean but no standard error") {
    const summary s = summarize({7.25});
    CHECK(s.mean == 7.25);
    CHECK(std::isnan(s.std_error));
    CHECK(s.p05 == 7.25);
    CHECK(s.p99 == 7.25);
    CHECK(s.min == 7.25);
    CHECK(s.max == 7.25);
}

TEST_CASE("the mean is a compensated sum, so it survives cancellation") {
    // Naive left-to-right summation gives 1e16 + 1 = 1e16, then 0, then 1: mean 0.25.
    const summary s = summarize({1e16, 1.0, -1e16, 1.0});
    CHECK(s.mean == 0.5);
}

TEST_CASE("empty input and non-finite results are rejected") {
    CHECK_THROWS_AS(summarize({}), value_error);
    CHECK_THROWS_AS(summarize({1.0, std::numeric_limits<double>::quiet_NaN()}), value_error);
    CHECK_THROWS_AS(summarize({std::numeric_limits<double>::infinity()}), value_error);
}

TEST_CASE("the summary of a constant is that constant, as summarize gives it") {
    for (double v : {306.0, 100.0, 0.0, 1.0 / 3.0, 0.9731 * 114.25}) {
        for (std::size_t n : {std::size_t{2}, std::size_t{1000}}) {
            const summary c = constant_summary(v, n);
            const summary s = summarize(std::vector<double>(n, v));
            CHECK(c.n == n);
            CHECK(c.mean == v);
            CHECK(c.std_error == 0.0);
            CHECK(c.ci95_lo == v);
            CHECK(c.ci95_hi == v);
            // summarize agrees, up to its compensated mean's last bit (and what that does to
            // the squared deviations).
            CHECK(s.mean == Approx(c.mean).epsilon(1e-15));
            CHECK(s.std_error <= 1e-15 * std::max(1.0, v));
            for (double q : {c.p05, c.p50, c.p95, c.p99, c.min, c.max}) CHECK(q == v);
            for (double q : {s.p05, s.p50, s.p95, s.p99, s.min, s.max}) CHECK(q == v);
        }
    }
    const summary one = constant_summary(7.25, 1);
    CHECK(one.mean == 7.25);
    CHECK(std::isnan(one.std_error));  // as for one trial through summarize
    CHECK_THROWS_AS(constant_summary(1.0, 0), value_error);
    CHECK_THROWS_AS(constant_summary(std::numeric_limits<double>::infinity(), 5), value_error);
}

TEST_CASE("running statistics agree with the two-pass summary") {
    running_stats r;
    for (double x : {4.0, 1.0, 3.0, 2.0}) r.add(x);
    CHECK(r.count() == 4);
    CHECK(r.mean() == 2.5);
    CHECK(r.variance() == Approx(5.0 / 3.0).epsilon(1e-15));
    CHECK(r.std_error() == Approx(0.6454972).epsilon(1e-7));
    CHECK(r.ci95_half_width() == Approx(1.2651514).epsilon(1e-7));
    CHECK(r.min() == 1.0);
    CHECK(r.max() == 4.0);

    SUBCASE("on a thousand values") {
        std::vector<double> xs;
        running_stats big;
        for (int i = 0; i < 1000; ++i) {
            const double x = std::sin(i * 0.37) * 100.0 + i * 0.01;
            xs.push_back(x);
            big.add(x);
        }
        const summary s = summarize(xs);
        CHECK(big.mean() == Approx(s.mean).epsilon(1e-12));
        CHECK(big.std_error() == Approx(s.std_error).epsilon(1e-12));
        CHECK(big.min() == s.min);
        CHECK(big.max() == s.max);
    }
    SUBCASE("fewer than two observations have no variance") {
        running_stats one;
        one.add(3.0);
        CHECK(one.mean() == 3.0);
        CHECK(std::isnan(one.variance()));
        CHECK(running_stats{}.count() == 0);
    }
}

TEST_CASE("merging running statistics equals adding everything to one") {
    running_stats a, b, all;
    for (double x : {4.0, 1.0, 9.5}) {
        a.add(x);
        all.add(x);
    }
    for (double x : {3.0, 2.0, -6.0, 0.5}) {
        b.add(x);
        all.add(x);
    }
    running_stats m = a;
    m.merge(b);
    CHECK(m.count() == 7);
    CHECK(m.mean() == Approx(all.mean()).epsilon(1e-15));
    CHECK(m.variance() == Approx(all.variance()).epsilon(1e-14));
    CHECK(m.min() == -6.0);
    CHECK(m.max() == 9.5);

    SUBCASE("merging the same parts in the same order is bit-identical") {
        running_stats again = a;
        again.merge(b);
        CHECK(again.mean() == m.mean());
        CHECK(again.variance() == m.variance());
    }
    SUBCASE("an empty side changes nothing") {
        running_stats e;
        e.merge(a);
        CHECK(e.mean() == a.mean());
        CHECK(e.variance() == a.variance());
        running_stats f = a;
        f.merge(running_stats{});
        CHECK(f.count() == a.count());
        CHECK(f.mean() == a.mean());
        CHECK(f.min() == a.min());
    }
}

TEST_CASE("quantiles by selection are those of the sorted values, bit for bit") {
    std::vector<double> v;
    std::uint64_t x = 88172645463325252ull;  // xorshift: deterministic, no library RNG needed
    auto next = [&x] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return static_cast<double>(x >> 11) * 0x1p-53;
    };
    for (int i = 0; i < 100000; ++i) {
        const double u = next();
        v.push_back(i % 7 == 0 ? -u * 1e6 : (i % 11 == 0 ? 3.5 : u * 100.0));  // negatives, ties
    }
    v.push_back(std::numeric_limits<double>::max());
    v.push_back(-std::numeric_limits<double>::max());
    v.push_back(std::numeric_limits<double>::denorm_min());
    // Clustered: most values within a few ulps of 1 between far outliers, so the selection
    // recurses into one crowded bucket and ends on buckets of a single key.
    std::vector<double> crowded;
    for (int i = 0; i < 50000; ++i) crowded.push_back(1.0 + std::floor(next() * 5000.0) * 0x1p-52);
    for (int i = 0; i < 100; ++i) crowded.push_back(i % 2 ? 1e300 : -1e300);
    crowded.push_back(-0.0);
    crowded.push_back(0.0);
    std::vector<double> ps;
    for (int i = 0; i <= 1000; ++i) ps.push_back(i / 1000.0);
    ps.push_back(1e-7);
    ps.push_back(1.0 - 1e-7);
    for (const auto* data : {&v, &crowded}) {
        std::vector<double> sorted = *data;
        std::sort(sorted.begin(), sorted.end());
        std::vector<std::size_t> all(sorted.size());
        for (std::size_t r = 0; r < all.size(); ++r) all[r] = r;
        std::vector<std::uint64_t> keys(all.size());
        detail::select_ranks<double>(*data, all, keys);  // every rank: the whole sorted order
        bool same_order = true;
        for (std::size_t r = 0; r < all.size(); ++r)
            same_order = same_order && detail::from_order_key(keys[r]) == sorted[r];
        CHECK(same_order);
        const std::vector<double> q = quantiles(*data, ps);
        bool same = true;
        for (std::size_t i = 0; i < ps.size(); ++i) same = same && q[i] == quantile_sorted(sorted, ps[i]);
        CHECK(same);
        std::vector<double> at_ps;
        const summary s = summarize(*data, ps, at_ps);
        CHECK(at_ps == q);
        CHECK(s.min == sorted.front());
        CHECK(s.max == sorted.back());
        CHECK(s.p05 == quantile_sorted(sorted, 0.05));
        CHECK(s.p99 == quantile_sorted(sorted, 0.99));
    }
    CHECK_THROWS_AS(quantiles(std::vector<double>{}, ps), value_error);
    CHECK_THROWS_AS(quantiles(v, std::vector<double>{1.5}), value_error);
}

TEST_CASE("the quantile sketch is within its relative error of the exact order statistic") {
    constexpr double alpha = 1e-3;
    quantile_sketch whole(alpha), left(alpha), right(alpha);
    std::vector<double> v;
    std::uint64_t x = 2463534242ull;
    for (int i = 0; i < 200000; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        const double u = (static_cast<double>(x >> 11) + 0.5) * 0x1p-53;
        const double y = i % 50 == 0 ? 0.0 : std::exp(6.0 * u - 2.0) * 37.0;  // five decades, some zeros
        v.push_back(y);
        whole.add(y);
        (i % 3 == 0 ? left : right).add(y);
    }
    std::sort(v.begin(), v.end());
    left.merge(right);
    for (double p : {0.0, 0.001, 0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99, 0.999, 1.0}) {
        CAPTURE(p);
        const double exact = v[static_cast<std::size_t>(std::floor(p * static_cast<double>(v.size() - 1)))];
        const double got = whole.quantile(p);
        CHECK(std::abs(got - exact) <= alpha * (1 + 1e-9) * exact);
        CHECK(left.quantile(p) == got);  // merging adds counts: the split does not matter
    }
    CHECK(whole.quantile(0.01) == 0.0);  // 2 % zeros, counted exactly
    CHECK(whole.min() == v.front());
    CHECK(whole.max() == v.back());
    CHECK(whole.count() == v.size());
    // A bound that is too tight must fail: the sketch's own error is not zero.
    double worst = 0;
    for (double p = 0.05; p < 1; p += 0.01) {
        const double exact = v[static_cast<std::size_t>(std::floor(p * static_cast<double>(v.size() - 1)))];
        worst = std::max(worst, std::abs(whole.quantile(p) - exact) / exact);
    }
    CHECK(worst > alpha / 10);
    CHECK_THROWS_AS(whole.add(-1.0), value_error);
    CHECK_THROWS_AS(whole.add(std::numeric_limits<double>::quiet_NaN()), value_error);
    CHECK_THROWS_AS(quantile_sketch(alpha).quantile(0.5), value_error);
}

TEST_CASE("the median is the middle value, or the mean of the two middle values, and refuses no data") {
    CHECK(median({3.0, 1.0, 2.0}) == 2.0);
    CHECK(median({4.0, 1.0, 3.0, 2.0}) == 2.5);  // NumPy's np.median([4, 1, 3, 2])
    CHECK(median({7.0}) == 7.0);
    CHECK_THROWS_AS(median({}), value_error);
}
