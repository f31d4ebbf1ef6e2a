// costsim/engine/trial_summary.hpp — one summariser for a candidate's trials, whichever way
// they were kept.
//
// simulate keeps its trials in memory (exact quantiles) up to mc_options::exact_quantiles_up_to
// and streams them into sketches past it; a candidate off spot has one outcome for every
// trial. All three are summarised here, by the same code, so that they cannot report a
// candidate differently.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "costsim/core/stats.hpp"
#include "costsim/engine/candidate_result.hpp"
#include "costsim/engine/trial.hpp"
#include "costsim/engine/trial_table.hpp"

namespace costsim {

// Whether a trial of this makespan meets the deadline (every trial does without one); the
// 1e-9 h keeps binary noise from failing a trial that ends exactly on it.
inline bool meets_deadline(double makespan_hours, std::optional<double> deadline_hours) {
    return !deadline_hours || makespan_hours <= *deadline_hours + 1e-9;
}

// One summariser for both paths of simulate and for fixed outcomes, so that they cannot
// report a candidate differently. A candidate's trials are accumulated into metrics that
// share one set of operations:
//   add(x)               one more trial's value, in trial order;
//   merge(later)         another accumulator's trials, as if added after this one's;
//   count(), mean();
//   finish(ps, at_ps)    the summary, and in at_ps the quantiles at each of ps;
// and summarize_candidate turns the metrics of a candidate, of whichever kind, into its
// candidate_result.
//  - exact_metric keeps every value: summarize()'s compensated mean, two-pass standard
//    error and type-7 quantiles (the trials in memory);
//  - sketch_metric keeps Welford moments and a quantile_sketch: memory O(1) in the trials,
//    quantiles within the sketch's relative error (past mc_options::exact_quantiles_up_to);
//  - constant_metric is n trials of one value (a fixed outcome), exact, built whole.
// A metric of which only the mean is reported may be a lighter accumulator with add, merge,
// count and mean alone: running_stats.
class exact_metric {
public:
    exact_metric() = default;
    // Takes over a column of a trial_table: the in-memory path's trials are not copied.
    explicit exact_metric(trial_column values) noexcept : values_(std::move(values)) {}
    void add(double x) { values_.push_back(x); }
    void merge(const exact_metric& later) { values_.insert(values_.end(), later.values_.begin(), later.values_.end()); }
    std::uint64_t count() const noexcept { return values_.size(); }
    double mean() const noexcept { return compensated_sum(values_) / static_cast<double>(values_.size()); }
    summary finish(std::span<const double> ps, std::vector<double>& at_ps) const {
        return summarize(values_, ps, at_ps);
    }

private:
    trial_column values_;
};

class sketch_metric {
public:
    explicit sketch_metric(double relative_error = 1e-4) : q_(relative_error) {}
    void add(double x) {
        m_.add(x);
        q_.add(x);
    }
    void merge(const sketch_metric& later) {
        m_.merge(later.m_);
        q_.merge(later.q_);
    }
    std::uint64_t count() const noexcept { return m_.count(); }
    double mean() const noexcept { return m_.mean(); }
    // Moments and extremes from the running stats (exact up to rounding), quantiles from
    // the sketch.
    summary finish(std::span<const double> ps, std::vector<double>& at_ps) const {
        summary x;
        x.n = m_.count();
        x.mean = m_.mean();
        x.std_error = m_.std_error();
        x.ci95_lo = x.mean - z95 * x.std_error;
        x.ci95_hi = x.mean + z95 * x.std_error;
        x.p05 = q_.quantile(0.05);
        x.p50 = q_.quantile(0.50);
        x.p95 = q_.quantile(0.95);
        x.p99 = q_.quantile(0.99);
        x.min = m_.min();
        x.max = m_.max();
        at_ps.clear();
        for (double p : ps) at_ps.push_back(q_.quantile(p));
        return x;
    }

private:
    running_stats m_;
    quantile_sketch q_;
};

// A mean by plain summation in trial order, for metrics of which only the mean is reported:
// trace replay's interruptions and spot work (a few hundred windows), summed so since replay
// was written, so its output is unchanged.
struct plain_mean {
    double sum = 0;
    std::uint64_t n = 0;
    void add(double x) noexcept {
        sum += x;
        ++n;
    }
    void merge(const plain_mean& later) noexcept {
        sum += later.sum;
        n += later.n;
    }
    std::uint64_t count() const noexcept { return n; }
    double mean() const noexcept { return sum / static_cast<double>(n); }
};

// No add or merge: a fixed outcome is known whole, and n copies of it need no storing.
struct constant_metric {
    double value = 0;
    std::uint64_t n = 0;
    std::uint64_t count() const noexcept { return n; }
    double mean() const noexcept { return value; }
    summary finish(std::span<const double> ps, std::vector<double>& at_ps) const {
        at_ps.assign(ps.size(), value);
        return constant_summary(value, n);
    }
};

// The metrics of one candidate's trials: Metric for those summarised (cost, makespan,
// billed hours), Mean for those whose mean alone is reported.
template <class Metric, class Mean = Metric>
struct candidate_metrics {
    Metric cost, makespan, billed;
    Mean interruptions, spot_work;
    std::uint64_t met = 0;  // trials that met the deadline

    // Every row of t, in trial order.
    void add(const trial_table& t, std::optional<double> deadline_hours) {
        for (std::size_t r = 0; r < t.cost.size(); ++r) {
            cost.add(t.cost[r]);
            makespan.add(t.makespan[r]);
            billed.add(t.billed[r]);
            interruptions.add(t.interruptions[r]);
            spot_work.add(t.spot_work[r]);
            met += meets_deadline(t.makespan[r], deadline_hours) ? 1 : 0;
        }
    }
    void merge(const candidate_metrics& later) {
        cost.merge(later.cost);
        makespan.merge(later.makespan);
        billed.merge(later.billed);
        interruptions.merge(later.interruptions);
        spot_work.merge(later.spot_work);
        met += later.met;
    }
};

// A table's trials as exact metrics, its columns taken over (the table is left empty).
inline candidate_metrics<exact_metric> exact_metrics(trial_table&& t, std::optional<double> deadline_hours) {
    candidate_metrics<exact_metric> m;
    for (double x : t.makespan) m.met += meets_deadline(x, deadline_hours) ? 1 : 0;
    m.cost = exact_metric(std::move(t.cost));
    m.makespan = exact_metric(std::move(t.makespan));
    m.billed = exact_metric(std::move(t.billed));
    m.interruptions = exact_metric(std::move(t.interruptions));
    m.spot_work = exact_metric(std::move(t.spot_work));
    return m;
}

// No trials yet, to be sketched at this relative error; the means need only moments.
inline candidate_metrics<sketch_metric, running_stats> sketch_metrics(double relative_error) {
    return {sketch_metric(relative_error), sketch_metric(relative_error), sketch_metric(relative_error), {}, {}, 0};
}

// n trials that all had outcome r.
inline candidate_metrics<constant_metric> fixed_metrics(const trial_result& r, std::uint64_t n,
                                                        std::optional<double> deadline_hours) {
    return {{r.cost.value(), n},      {r.makespan.count(), n},
            {r.billed.count(), n},    {static_cast<double>(r.interruptions), n},
            {r.spot_work.count(), n}, meets_deadline(r.makespan.count(), deadline_hours) ? n : 0};
}

// A candidate's summary comes in parts that write disjoint fields of its candidate_result,
// so that the summaries of 10^6 trials can run as tasks on the threads.
inline constexpr std::size_t summary_parts = 4;

// Part `part` of the summary of m into c; work_hours is the candidate's work, of which the
// spot work fraction is a fraction.
template <class Metric, class Mean>
void summarize_candidate_part(const candidate_metrics<Metric, Mean>& m, double work_hours, std::size_t part,
                              candidate_result& c) {
    switch (part) {
        case 0: c.cost = m.cost.finish(percent_points(), c.cost_quantiles); break;
        case 1:
            c.makespan_hours = m.makespan.finish(percent_points(), c.makespan_quantiles);
            c.deadline_met = static_cast<double>(m.met) / static_cast<double>(m.makespan.count());
            break;
        case 2: {
            std::vector<double> none;  // billed hours report no quantiles
            c.billed_hours = m.billed.finish({}, none);
            break;
        }
        default: c.interruptions_mean = m.interruptions.mean(); c.spot_work_fraction = m.spot_work.mean() / work_hours;
    }
}

// The summary of m into c: every part.
template <class Metric, class Mean>
void summarize_candidate(const candidate_metrics<Metric, Mean>& m, double work_hours, candidate_result& c) {
    for (std::size_t p = 0; p < summary_parts; ++p) summarize_candidate_part(m, work_hours, p, c);
}

}  // namespace costsim
