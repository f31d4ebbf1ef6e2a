// Tests of costsim/core/rng.hpp: determinism by key, and each distribution's law.
#include <costsim/core/rng.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

namespace {

philox_stream stream(std::uint64_t seed, std::uint64_t trial, std::uint32_t id) {
    return philox_stream(rng_seed(seed), trial_index(trial), stream_id(id));
}

// Sample mean and (n-1) variance, two-pass.
struct moments {
    double mean = 0, var = 0;
    explicit moments(const std::vector<double>& x) {
        for (double v : x) mean += v;
        mean /= static_cast<double>(x.size());
        for (double v : x) var += (v - mean) * (v - mean);
        var /= static_cast<double>(x.size() - 1);
    }
};

// |observed - expected| within 5 standard errors, where `sd` is the standard deviation of
// one observation of the averaged quantity.
void check_within_5se(double observed, double expected, double sd, std::size_t n) {
    const double se = sd / std::sqrt(static_cast<double>(n));
    INFO("observed " << observed << ", expected " << expected << ", se " << se);
    CHECK(std::fabs(observed - expected) < 5.0 * se);
}

// Mean and variance of draws against the closed form; mu4 is the 4th central moment.
template <class Draw>
void check_mean_var(Draw draw, std::size_t n, double mean, double var, double mu4) {
    std::vector<double> x(n);
    for (auto& v : x) v = draw();
    const moments m(x);
    check_within_5se(m.mean, mean, std::sqrt(var), n);
    check_within_5se(m.var, var, std::sqrt(mu4 - var * var), n);
}

constexpr std::size_t million = 1'000'000;

}  // namespace

TEST_CASE("a stream's numbers depend only on its seed, trial index and stream id") {
    auto first = [](philox_stream s) {
        std::array<std::uint32_t, 64> w{};
        for (auto& v : w) v = s.next_u32();
        return w;
    };
    const auto base = first(stream(7, 42, 3));
    SUBCASE("the same key gives the same sequence") { CHECK(first(stream(7, 42, 3)) == base); }
    SUBCASE("another trial gives another sequence") { CHECK(first(stream(7, 43, 3)) != base); }
    SUBCASE("another stream id gives another sequence") { CHECK(first(stream(7, 42, 4)) != base); }
    SUBCASE("another seed gives another sequence") { CHECK(first(stream(8, 42, 3)) != base); }
    SUBCASE("the high halves of the seed and the trial index count") {
        CHECK(first(stream(7 + (1ULL << 32), 42, 3)) != base);
        CHECK(first(stream(7, 42 + (1ULL << 32), 3)) != base);
    }
    SUBCASE("drawing other trials in between changes nothing") {
        philox_stream a = stream(7, 42, 3);
        std::array<std::uint32_t, 64> w{};
        for (std::size_t i = 0; i < w.size(); ++i) {
            w[i] = a.next_u32();
            philox_stream other = stream(7, i, 3);
            (void)other.uniform();
        }
        CHECK(w == base);
    }
}

TEST_CASE("the stream is Philox4x32-10 with the key and counter layout documented") {
    // Random123's known-answer vector: philox4x32_10, counter 0, key 0.
    philox_stream s = stream(0, 0, 0);
    CHECK(s.next_u32() == 0x6627e8d5u);
    CHECK(s.next_u32() == 0xe169c58du);
    CHECK(s.next_u32() == 0xbc57ac4cu);
    CHECK(s.next_u32() == 0x9b00dbd8u);
    // Key = seed, counter = (block, stream, trial lo, trial hi).
    philox_stream t = stream(0x0123456789abcdefULL, 0x1122334455667788ULL, 0xdeadbeefu);
    r123::Philox4x32::ctr_type c = {{0, 0xdeadbeefu, 0x55667788u, 0x11223344u}};
    r123::Philox4x32::key_type k = {{0x89abcdefu, 0x01234567u}};
    const auto r = r123::Philox4x32{}(c, k);
    for (int i = 0; i < 4; ++i) CHECK(t.next_u32() == r[static_cast<std::size_t>(i)]);
    c[0] = 1;
    CHECK(t.next_u32() == r123::Philox4x32{}(c, k)[0]);  // next block
}

TEST_CASE("draws are counted in 32-bit words") {
    philox_stream s = stream(1, 2, 3);
    CHECK(s.draws() == 0);
    (void)s.uniform();
    CHECK(s.draws() == 2);
    (void)s.exponential(hazard(1.0));
    CHECK(s.draws() == 4);
    (void)s.next_u32();
    CHECK(s.draws() == 5);
    (void)s.geometric(0.5);
    CHECK(s.draws() == 7);
}

TEST_CASE("uniform draws lie in the open interval (0,1) with the uniform law") {
    philox_stream s = stream(2024, 0, 0);
    SUBCASE("mean 1/2 and variance 1/12") {
        check_mean_var([&] { return s.uniform(); }, million, 0.5, 1.0 / 12.0, 1.0 / 80.0);
    }
    SUBCASE("a Kolmogorov-Smirnov statistic below its 0.1 % critical value") {
        const std::size_t n = 100'000;
        std::vector<double> u(n);
        std::size_t outside = 0;
        for (auto& v : u) {
            v = s.uniform();
            outside += !(v > 0.0 && v < 1.0);
        }
        CHECK(outside == 0);
        std::sort(u.begin(), u.end());
        double d = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            d = std::max(d, static_cast<double>(i + 1) / static_cast<double>(n) - u[i]);
            d = std::max(d, u[i] - static_cast<double>(i) / static_cast<double>(n));
        }
        // Asymptotic critical value of sqrt(n)·D at alpha = 0.001 is 1.949.
        CHECK(d * std::sqrt(static_cast<double>(n)) < 1.949);
    }
    SUBCASE("the 53 bits are all used: values below 2^-20 and odd multiples of 2^-53 occur") {
        bool fine = false, odd = false;
        for (int i = 0; i < 4'000'000 && !(fine && odd); ++i) {
            const double v = s.uniform();
            fine = fine || v < 0x1p-20;
            odd = odd || std::fmod(v * 0x1p53, 2.0) == 1.0;
        }
        CHECK(fine);
        CHECK(odd);
    }
}

TEST_CASE("exponential times have the exponential law") {
    philox_stream s = stream(11, 5, 1);
    SUBCASE("from a hazard of 0.5 per hour: mean 2 h, variance 4 h^2") {
        // Central 4th moment of Exp(λ) is 9/λ^4.
        check_mean_var([&] { return s.exponential(hazard(0.5)).count(); }, million, 2.0, 4.0, 9.0 * 16.0);
    }
    SUBCASE("from a mean of 3 h: mean 3 h, variance 9 h^2") {
        check_mean_var([&] { return s.exponential(fast_hours(3.0)).count(); }, million, 3.0, 9.0, 9.0 * 81.0);
    }
    SUBCASE("a zero hazard never fires and a zero mean is immediate") {
        CHECK(std::isinf(s.exponential(hazard(0.0)).count()));
        CHECK(s.exponential(fast_hours(0.0)).count() == 0.0);
        CHECK_THROWS_AS(s.exponential(fast_hours(-1.0)), value_error);
    }
}

TEST_CASE("normal draws have the standard normal law") {
    philox_stream s = stream(12, 0, 9);
    std::vector<double> x(million);
    for (auto& v : x) v = s.normal();
    const moments m(x);
    const std::size_t n = x.size();
    check_within_5se(m.mean, 0.0, 1.0, n);
    check_within_5se(m.var, 1.0, std::sqrt(2.0), n);  // mu4 - sigma^4 = 3 - 1
    double m3 = 0.0, m4 = 0.0;
    for (double v : x) {
        m3 += v * v * v;
        m4 += v * v * v * v;
    }
    check_within_5se(m3 / static_cast<double>(n), 0.0, std::sqrt(15.0), n);         // Var Z^3 = 15
    check_within_5se(m4 / static_cast<double>(n), 3.0, std::sqrt(105.0 - 9.0), n);  // Var Z^4 = 96
}

TEST_CASE("Poisson counts have the Poisson law for small and large means") {
    philox_stream s = stream(13, 0, 2);
    // Central 4th moment of Poisson(mu) is mu(1 + 3mu).
    auto check_poisson = [&](double mu) {
        INFO("mean " << mu);
        check_mean_var([&] { return static_cast<double>(s.poisson(mu)); }, million, mu, mu, mu * (1.0 + 3.0 * mu));
    };
    SUBCASE("mean 0.3 (inversion)") { check_poisson(0.3); }
    SUBCASE("mean 3.5 (inversion)") { check_poisson(3.5); }
    SUBCASE("mean 10 (rejection, at the switch)") { check_poisson(10.0); }
    SUBCASE("mean 47.5 (rejection)") { check_poisson(47.5); }
    SUBCASE("mean 1e6 (rejection)") { check_poisson(1e6); }
    SUBCASE("the probabilities of single values match the mass function") {
        // Mean 12: P(12) = e^-12 12^12 / 12!; mean 2: P(0) = e^-2.
        const std::size_t n = 400'000;
        const double p12 = std::exp(-12.0 + 12.0 * std::log(12.0) - std::lgamma(13.0));
        std::size_t hits12 = 0, hits0 = 0;
        for (std::size_t i = 0; i < n; ++i) {
            hits12 += s.poisson(12.0) == 12;
            hits0 += s.poisson(2.0) == 0;
        }
        check_within_5se(static_cast<double>(hits12) / static_cast<double>(n), p12, std::sqrt(p12 * (1 - p12)), n);
        const double p0 = std::exp(-2.0);
        check_within_5se(static_cast<double>(hits0) / static_cast<double>(n), p0, std::sqrt(p0 * (1 - p0)), n);
    }
    SUBCASE("a zero mean gives zero and bad means are rejected") {
        CHECK(s.poisson(0.0) == 0);
        CHECK_THROWS_AS(s.poisson(-1.0), value_error);
        CHECK_THROWS_AS(s.poisson(std::nan("")), value_error);
        CHECK_THROWS_AS(s.poisson(1e300), value_error);
    }
}

TEST_CASE("geometric counts are the failures before the first success") {
    philox_stream s = stream(14, 3, 3);
    // Failures before success, q = 1 - p: mean q/p, variance q/p^2, excess kurtosis 6 + p^2/q.
    auto check_geometric = [&](double p) {
        INFO("p " << p);
        const double q = 1.0 - p, var = q / (p * p);
        check_mean_var([&] { return static_cast<double>(s.geometric(p)); }, million, q / p, var,
                       var * var * (9.0 + p * p / q));
    };
    SUBCASE("p = 0.2") { check_geometric(0.2); }
    SUBCASE("p = 0.9") { check_geometric(0.9); }
    SUBCASE("p = 0.001") { check_geometric(0.001); }
    SUBCASE("P(K = 0) = p") {
        const std::size_t n = 400'000;
        std::size_t zeros = 0;
        for (std::size_t i = 0; i < n; ++i) zeros += s.geometric(0.3) == 0;
        check_within_5se(static_cast<double>(zeros) / static_cast<double>(n), 0.3, std::sqrt(0.3 * 0.7), n);
    }
    SUBCASE("certain success gives zero failures; p outside (0,1] is rejected") {
        CHECK(s.geometric(1.0) == 0);
        CHECK_THROWS_AS(s.geometric(0.0), value_error);
        CHECK_THROWS_AS(s.geometric(1.5), value_error);
    }
}
