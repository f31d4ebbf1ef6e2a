// Tests of costsim/engine/trial_summary.hpp: the one summariser, fed exact, sketched and
// constant metrics of the same trials.
#include <costsim/engine/trial_summary.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
// Deterministic trials of a made-up candidate: costs spread over three decades, a tenth of
// them 0 (which the sketch counts exactly), makespans around a deadline of 11 h.
trial_table made_up_trials(std::size_t n, std::uint64_t seed) {
    trial_table t;
    t.resize(n);
    std::uint64_t x = seed;
    auto uniform = [&x] {  // xorshift64*: the same numbers on every platform
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        return static_cast<double>((x * 0x2545F4914F6CDD1Dull) >> 11) * 0x1.0p-53;
    };
    for (std::size_t i = 0; i < n; ++i) {
        const double u = uniform();
        t.cost[i] = i % 10 == 3 ? 0.0 : std::pow(10.0, 3 * u);
        t.makespan[i] = 10 + 2 * uniform();
        t.billed[i] = 9 + uniform();
        t.interruptions[i] = std::floor(4 * uniform());
        t.spot_work[i] = 5 * uniform();
    }
    return t;
}

// The order statistic of rank ⌊p·(n−1)⌋ of the values: what quantile_sketch promises to be
// within α of.
double sketch_target(const trial_column& values, double p) {
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted[static_cast<std::size_t>(std::floor(p * static_cast<double>(sorted.size() - 1)))];
}
}  // namespace

TEST_CASE("the summariser gives the same candidate from exact and sketch metrics of the same trials") {
    const std::optional<double> deadline = 11.0;
    const double alpha = 1e-3, work_hours = 8.0;
    const trial_table t = made_up_trials(20000, 17);
    candidate_metrics<exact_metric> exact;
    exact.add(t, deadline);
    auto sketched = sketch_metrics(alpha);
    sketched.add(t, deadline);
    candidate_result e, k;
    summarize_candidate(exact, work_hours, e);
    summarize_candidate(sketched, work_hours, k);

    // The exact metrics are summarize()'s, bit for bit.
    std::vector<double> q;
    const summary cost = summarize(t.cost, percent_points(), q);
    CHECK(e.cost.mean == cost.mean);
    CHECK(e.cost.p95 == cost.p95);
    CHECK(e.cost_quantiles == q);

    std::uint64_t met = 0;
    for (double m : t.makespan) met += m <= 11.0 ? 1 : 0;
    REQUIRE(met > 0);
    REQUIRE(met < 20000);
    CHECK(e.deadline_met == static_cast<double>(met) / 20000);
    CHECK(k.deadline_met == e.deadline_met);
    for (auto [x, y] : {std::pair{&e.cost, &k.cost}, std::pair{&e.makespan_hours, &k.makespan_hours},
                        std::pair{&e.billed_hours, &k.billed_hours}}) {
        // Compensated sum against Welford: the same numbers to rounding.
        CHECK(y->n == x->n);
        CHECK(y->mean == doctest::Approx(x->mean).epsilon(1e-12));
        CHECK(y->std_error == doctest::Approx(x->std_error).epsilon(1e-9));
        CHECK(y->ci95_lo == doctest::Approx(x->ci95_lo).epsilon(1e-12));
        CHECK(y->min == x->min);
        CHECK(y->max == x->max);
    }
    CHECK(k.interruptions_mean == doctest::Approx(e.interruptions_mean).epsilon(1e-12));
    CHECK(k.spot_work_fraction == doctest::Approx(e.spot_work_fraction).epsilon(1e-12));
    CHECK(e.spot_work_fraction == doctest::Approx(2.5 / work_hours).epsilon(0.02));

    // The sketch's quantiles, within its stated error of the order statistics they estimate.
    auto within = [&](double sketch, const trial_column& col, double p) {
        const double want = sketch_target(col, p);
        return std::abs(sketch - want) <= alpha * want * (1 + 1e-9);
    };
    REQUIRE(k.cost_quantiles.size() == percent_points().size());
    REQUIRE(k.makespan_quantiles.size() == percent_points().size());
    for (std::size_t i = 0; i < percent_points().size(); ++i) {
        CAPTURE(i);
        CHECK(within(k.cost_quantiles[i], t.cost, percent_points()[i]));
        CHECK(within(k.makespan_quantiles[i], t.makespan, percent_points()[i]));
    }
    CHECK(k.cost_quantiles[5] == 0.0);  // ranks below the zeros' count: exactly 0
    CHECK(within(k.cost.p50, t.cost, 0.5));
    CHECK(within(k.cost.p99, t.cost, 0.99));
    CHECK(within(k.billed_hours.p05, t.billed, 0.05));
    CHECK(within(k.makespan_hours.p95, t.makespan, 0.95));

    // Merging two runs of trials is adding them in order: the exact summary to the bit, the
    // sketch's quantiles too (its counts add).
    const trial_table a = made_up_trials(7000, 17), b = made_up_trials(5000, 23);
    candidate_metrics<exact_metric> ea, eb, eab;
    auto sa = sketch_metrics(alpha), sb = sketch_metrics(alpha), sab = sketch_metrics(alpha);
    ea.add(a, deadline);
    eb.add(b, deadline);
    eab.add(a, deadline);
    eab.add(b, deadline);
    sa.add(a, deadline);
    sb.add(b, deadline);
    sab.add(a, deadline);
    sab.add(b, deadline);
    ea.merge(eb);
    sa.merge(sb);
    candidate_result merged, whole, smerged, swhole;
    summarize_candidate(ea, work_hours, merged);
    summarize_candidate(eab, work_hours, whole);
    summarize_candidate(sa, work_hours, smerged);
    summarize_candidate(sab, work_hours, swhole);
    CHECK(merged.cost.mean == whole.cost.mean);
    CHECK(merged.makespan_quantiles == whole.makespan_quantiles);
    CHECK(merged.deadline_met == whole.deadline_met);
    CHECK(smerged.cost_quantiles == swhole.cost_quantiles);
    CHECK(smerged.deadline_met == swhole.deadline_met);
    CHECK(smerged.cost.n == 12000);
    CHECK(smerged.cost.mean == doctest::Approx(swhole.cost.mean).epsilon(1e-12));
    CHECK(smerged.makespan_hours.std_error == doctest::Approx(swhole.makespan_hours.std_error).epsilon(1e-9));

    // A fixed outcome through the same summariser: n copies, exactly.
    trial_result r;
    r.cost = fast_money(306.0);
    r.makespan = fast_hours(12.0);
    r.billed = fast_hours(12.0);
    candidate_result f;
    summarize_candidate(fixed_metrics(r, 5, deadline), work_hours, f);
    CHECK(f.cost.n == 5);
    CHECK(f.cost.mean == 306.0);
    CHECK(f.cost.std_error == 0.0);
    CHECK(f.cost_quantiles == std::vector<double>(101, 306.0));
    CHECK(f.makespan_hours.p99 == 12.0);
    CHECK(f.deadline_met == 0.0);  // 12 h > 11 h
    CHECK(f.spot_work_fraction == 0.0);
}
