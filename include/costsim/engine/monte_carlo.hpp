// costsim/engine/monte_carlo.hpp — the Monte Carlo engine behind `costsim simulate`.
//
// Each trial t of candidate k draws from its own Philox streams keyed by (seed, t,
// stream 2k for events, 2k+1 for the price path), so a trial's outcome depends only on
// (seed, t, k): never on threads or scheduling. Trials are split into contiguous
// ranges, one per thread; results are stored by trial index and summarized once,
// sequentially, so the output is byte-identical for any thread count.
//
// Policies greedy and uniform_progress (*Can't Be Late*, cbl_policy.hpp) decide on a tick
// grid (the candidate's "tick", default the trace_fit trace's gap or 10 minutes), so their
// trials run on tick_trial.hpp against availability drawn per trial: spot is available
// for a time to interruption (the interruption model's draw, or a resampled trace
// lifetime), then unavailable for a wait for capacity (the restart delay's draw, or a
// resampled trace outage), and so on; both rounded up to whole ticks (at least one). The
// same engine replays real traces (replay.hpp).
//
// Candidates on the on-demand or monthly market run one session with no interruptions:
// they are priced by the exact invoice engine (sustained use, caps, fees, calendar
// proration included), identical in every trial, so they are summarised from that one
// outcome, exactly, with no per-trial rows. Spot candidates use the fast path
// (trial.hpp); its per-session billing agrees with the exact engine (tested).
//
// `target_rel_ci`: trials run in rounds (10^4, then doubling) until, for every
// candidate, the 95 % CI half-width of the mean cost is below target × mean, or
// `max_trials` is reached. Rounds are fixed sizes, so the stopping point, too, is
// independent of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "costsim/core/stats.hpp"
#include "costsim/core/streams.hpp"
#include "costsim/engine/campaign_build.hpp"
#include "costsim/engine/candidate_result.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/engine/tick_trial.hpp"
#include "costsim/engine/trial.hpp"
#include "costsim/pricing/invoice.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct mc_options {
    std::uint64_t trials = 100000;
    std::uint64_t seed = 1;
    unsigned threads = 0;  ///< 0: all hardware threads
    std::optional<double> target_rel_ci;
    std::uint64_t max_trials = 10000000;
    /// Called from the calling thread with the fraction done (0..1), if set.
    std::function<void(double)> progress;
    /// Above this many trials (without target_rel_ci) the quantiles come from a
    /// quantile_sketch of this relative error and memory stays O(1) in the trial count:
    /// trials run in chunks of 2^20, folded into running moments and sketches.
    std::uint64_t exact_quantiles_up_to = 10000000;
    double sketch_relative_error = 1e-4;
    /// Scale-out over processes (`simulate --mpi`): set, this process runs only part
    /// `rank` of `ranks` of every round of trials (see rank_share), then `all_gather` must
    /// fill in, in every process, the parts the others ran. Since a trial's result depends
    /// only on its index, the summary is the same bytes as one process's.
    struct partition {
        unsigned rank = 0, ranks = 1;
        /// `round` is one column of per-trial results for the round's trials; part i is
        /// round[offsets[i], offsets[i+1]) (offsets has ranks + 1 entries).
        std::function<void(std::span<double> round, std::span<const std::uint64_t> offsets)> all_gather;
    };
    std::optional<partition> scale_out;
};

/// Where part `i` of `parts` of the trials [from, to) starts (i = parts: `to`).
constexpr std::uint64_t rank_share(std::uint64_t from, std::uint64_t to, unsigned i, unsigned parts) noexcept {
    return from + (to - from) * i / parts;
}

struct simulation_result {
    std::string scenario;
    std::uint64_t trials = 0, seed = 0;
    /// Set when quantiles came from a quantile_sketch (see mc_options): its relative error.
    std::optional<double> sketch_relative_error;
    std::string currency;
    std::optional<double> deadline_hours;
    std::vector<candidate_result> candidates;
};

/// Runs every candidate of `s`. A candidate that cannot be run (a price in a currency the
/// catalog has no rate for, a campaign that never finishes) is an input_error naming the
/// scenario's file and that candidate's pointer.
simulation_result simulate(const scenario& s, const mc_options& o);

struct trial_table;
/// Trials [from, to) of spot candidate `k` (the scenario's candidate number `index`, which
/// keys its random streams) into `out`, over `threads` threads: the kernel under simulate,
/// exposed for benchmarks. Row i of `out` is trial from + i whatever the thread count.
void run_spot_trials(const scenario& s, const candidate& k, std::uint32_t index, std::uint64_t seed, std::uint64_t from,
                     std::uint64_t to, unsigned threads, trial_table& out);

/// Spot availability drawn for one Monte Carlo trial of a tick policy: alternating runs,
/// available first (see the top of this file).
class drawn_availability {
public:
    drawn_availability(const candidate& k, usec gap, philox_stream& events) : k_(&k), gap_(gap), s_(&events) {}
    bool available(std::int64_t t);
    std::int64_t run_end(std::int64_t t);
    std::int64_t end() const noexcept { return std::numeric_limits<std::int64_t>::max() / 4; }

private:
    std::int64_t ticks_of(fast_hours h) const;
    void reach(std::int64_t t);
    const candidate* k_;
    usec gap_;
    philox_stream* s_;
    std::vector<std::int64_t> ends_;  // run i ends at ends_[i]; even runs are available
    std::size_t i_ = 0;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::int64_t drawn_availability::ticks_of(fast_hours h) const {
    const double g = to_fast_hours(gap_).count();
    const double n = std::ceil(h.count() / g - 1e-9);
    if (!(n < 1e15)) return end();  // never interrupted
    return std::max<std::int64_t>(1, static_cast<std::int64_t>(n));
}

inline void drawn_availability::reach(std::int64_t t) {
    const interruption_spec& m = k_->interruptions;
    while (ends_.empty() || ends_.back() <= t) {
        const std::int64_t from = ends_.empty() ? 0 : ends_.back();
        std::int64_t len;
        if (ends_.size() % 2 == 0) {  // available: a time to interruption
            fast_hours x = m.lifetimes.empty() ? s_->exponential(m.rate) : resample(m.lifetimes, *s_);
            if (m.lifetime) x = std::min(x, *m.lifetime);
            len = ticks_of(x);
        } else {  // unavailable: a wait for capacity
            len = ticks_of(m.outages.empty() ? draw_delay(k_->restart.delay, *s_) : resample(m.outages, *s_));
        }
        ends_.push_back(std::min(end(), from + len));
        if (ends_.back() >= end()) break;
    }
}

inline bool drawn_availability::available(std::int64_t t) {
    reach(t);
    while (ends_[i_] <= t) ++i_;
    return i_ % 2 == 0;
}

inline std::int64_t drawn_availability::run_end(std::int64_t t) {
    available(t);
    return ends_[i_];
}

namespace detail {

// An allocator that leaves doubles uninitialized: every row of a trial_table is written by
// the thread that runs its trial, so zeroing 5 columns first would only touch (page in)
// every page twice, once on the calling thread alone. On Linux a column of 4 MiB or more
// is aligned to 2 MiB and asked for transparent huge pages (madvise; a hint the kernel may
// ignore): first touching 10^6 trials' 40 MB then takes 20 page faults instead of 10,000,
// which on this project's VMs cost more than the summaries.
template <class T>
struct uninitialized_allocator : std::allocator<T> {
    using value_type = T;
    template <class U>
    struct rebind {
        using other = uninitialized_allocator<U>;
    };
    static constexpr std::size_t huge_page = std::size_t{2} << 20;
    uninitialized_allocator() = default;
    template <class U>
    uninitialized_allocator(const uninitialized_allocator<U>&) noexcept {}
    T* allocate(std::size_t n) {
        if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
        if (bytes < 2 * huge_page) return std::allocator<T>::allocate(n);
        void* p = ::operator new (bytes, std::align_val_t{huge_page});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        ::madvise(p, bytes - bytes % huge_page, MADV_HUGEPAGE);
#endif
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) noexcept {
        if (n * sizeof(T) < 2 * huge_page)
            std::allocator<T>::deallocate(p, n);
        else
            ::operator delete (p, std::align_val_t{huge_page});
    }
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... A>
    void construct(U* p, A&&... a) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
};
using trial_column = std::vector<double, uninitialized_allocator<double>>;
}  // namespace detail

/// The trials of one spot candidate, a column per outcome: row i is trial base + i.
struct trial_table {
    std::uint64_t base = 0;  ///< row i holds trial base + i
    detail::trial_column cost, makespan, billed, interruptions, spot_work;
    std::uint64_t met = 0;  ///< trials that met the deadline
    void resize(std::size_t n) {
        cost.resize(n);
        makespan.resize(n);
        billed.resize(n);
        interruptions.resize(n);
        spot_work.resize(n);
    }
};

namespace detail {

// Runs work(i) for i in [0, th) on th threads (the calling thread alone for th <= 1), then
// rethrows the first failure in the order of i.
template <class Work>
void on_threads(unsigned th, const Work& work) {
    if (th <= 1) {
        work(0u);
        return;
    }
    std::vector<std::thread> pool;
    std::vector<std::exception_ptr> errors(th);
    for (unsigned i = 0; i < th; ++i) {
        pool.emplace_back([&, i] {
            try {
                work(i);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        });
    }
    for (auto& p : pool) p.join();
    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
}

// Runs task(j) for j in [0, n) over up to `threads` threads, each taking the next task
// when done. Tasks must write only their own results: then those do not depend on which
// thread ran what.
template <class Task>
void run_tasks(std::size_t n, unsigned threads, const Task& task) {
    std::atomic<std::size_t> next{0};
    on_threads(static_cast<unsigned>(std::min<std::size_t>(threads, n)), [&](unsigned) {
        for (std::size_t j; (j = next++) < n;) task(j);
    });
}

// Runs trials [from, to) of one spot candidate into the table, over `threads` threads;
// `one(t)` is trial t's result.
template <class OneTrial>
void run_trials(std::uint64_t from, std::uint64_t to, unsigned threads, trial_table& out, const OneTrial& one) {
    auto work = [&](std::uint64_t a, std::uint64_t b) {
        for (std::uint64_t t = a; t < b; ++t) {
            trial_result r = one(t);
            out.cost[t - out.base] = r.cost.value();
            out.makespan[t - out.base] = r.makespan.count();
            out.billed[t - out.base] = r.billed.count();
            out.interruptions[t - out.base] = r.interruptions;
            out.spot_work[t - out.base] = r.spot_work.count();
        }
    };
    // Threads take the next block of trials as they finish one, so a thread slowed by the
    // machine does not hold the others up; a trial's result depends only on its index.
    const std::uint64_t n = to - from;
    const unsigned th = static_cast<unsigned>(std::min<std::uint64_t>(threads, std::max<std::uint64_t>(n / 256, 1)));
    if (th <= 1) return work(from, to);
    const std::uint64_t block = std::max<std::uint64_t>(4096, n / (16 * th));
    std::atomic<std::uint64_t> next{from};
    on_threads(th, [&](unsigned) {
        for (std::uint64_t a; (a = next.fetch_add(block)) < to;) work(a, std::min(to, a + block));
    });
}

template <class MakePath>
void run_range(const campaign& c, std::uint64_t seed, std::uint32_t k, std::uint64_t from, std::uint64_t to,
               unsigned threads, trial_table& out, const MakePath& make_path) {
    const prepared_campaign pc(c);
    run_trials(from, to, threads, out, [&](std::uint64_t t) {
        philox_stream events(rng_seed(seed), trial_index(t), streams::events(k));
        philox_stream waits(rng_seed(seed), trial_index(t), streams::waits(k));
        // A shared, immutable price model comes back by reference; a simulated path by value.
        decltype(auto) path = make_path(philox_stream(rng_seed(seed), trial_index(t), streams::price(k)));
        return run_trial(pc, path, events, waits);
    });
}

// Trials of a tick policy (greedy, uniform_progress) against drawn availability.
template <class MakePath>
void run_tick_range(const scenario& s, const candidate& cand, std::uint64_t seed, std::uint32_t k, std::uint64_t from,
                    std::uint64_t to, unsigned threads, trial_table& out, const MakePath& make_path) {
    const usec gap = mc_tick_of(cand);
    const tick_campaign c = make_tick_campaign(s, cand, gap);
    run_trials(from, to, threads, out, [&](std::uint64_t t) {
        philox_stream events(rng_seed(seed), trial_index(t), streams::events(k));
        decltype(auto) path = make_path(philox_stream(rng_seed(seed), trial_index(t), streams::price(k)));
        drawn_availability src(cand, gap, events);
        return run_tick_trial(c, src, path).result;
    });
}

template <class MakePath>
void run_spot_with(const scenario& s, const candidate& k, std::uint32_t index, std::uint64_t seed, std::uint64_t from,
                   std::uint64_t to, unsigned threads, trial_table& out, const MakePath& make_path) {
    if (decides_on_ticks(k.policy))
        run_tick_range(s, k, seed, index, from, to, threads, out, make_path);
    else
        run_range(make_campaign(s, k), seed, index, from, to, threads, out, make_path);
}

}  // namespace detail

inline void run_spot_trials(const scenario& s, const candidate& k, std::uint32_t index, std::uint64_t seed,
                            std::uint64_t from, std::uint64_t to, unsigned threads, trial_table& out) {
    const offer& o = s.offer_of(k);
    auto fx = [&](const money& m) { return to_double(in_scenario_currency(s, o, m).amount()); };
    if (k.price.model == price_spec::kind::ou_jump) {
        // The path starts from the offer's quoted spot price and reverts towards e^θ.
        ou_jump_spot_price model(k.price.ou, fast_price_per_hour(fx(o.spot->headline().per_hour())), k.price.step);
        detail::run_spot_with(s, k, index, seed, from, to, threads, out,
                              [&](philox_stream ps) { return model.path(ps); });
        return;
    }
    if (const auto* q = std::get_if<quoted_price>(&o.spot->price)) {
        constant_spot_price p(fast_price_per_hour(fx(q->hourly().per_hour())));
        detail::run_spot_with(s, k, index, seed, from, to, threads, out,
                              [&](philox_stream) -> const constant_spot_price& { return p; });
        return;
    }
    std::vector<price_point> pts = spot_history_points(o, s.start);
    const auto& h = std::get<spot_history>(o.spot->price);
    double factor = fx(money(exact(1), h.currency));
    for (auto& p : pts) p.price = fast_price_per_hour(p.price.value() * factor);
    piecewise_spot_price p(std::move(pts));
    detail::run_spot_with(s, k, index, seed, from, to, threads, out,
                          [&](philox_stream) -> const piecewise_spot_price& { return p; });
}

namespace detail {

// A candidate off spot runs one session, never interrupted: its outcome, priced by the
// exact invoice engine, is the same in every trial. None for a spot candidate.
inline std::optional<trial_result> fixed_outcome(const scenario& s, const candidate& k) {
    if (k.market == market_kind::spot) return std::nullopt;
    const offer& o = s.offer_of(k);
    usec len = std::chrono::duration_cast<usec>(k.restart.overhead) + s.work_of(k);
    invoice inv = quote(s.offers, o, {k.market, s.start, len, std::nullopt, s.in_currency});
    trial_result r;
    r.cost = fast_money(to_double(inv.total_exact.amount()));
    r.makespan = to_fast_hours(len);
    r.billed = to_fast_hours(inv.billed);
    return r;
}

// fixed_outcome of every candidate, in order.
inline std::vector<std::optional<trial_result>> fixed_outcomes(const scenario& s) {
    std::vector<std::optional<trial_result>> v;
    for (const candidate& k : s.candidates) v.push_back(at_candidate(s, k, [&] { return fixed_outcome(s, k); }));
    return v;
}

// Whether a trial of this makespan meets the deadline (every trial does without one); the
// 1e-9 h keeps binary noise from failing a trial that ends exactly on it.
inline bool meets_deadline(double makespan_hours, std::optional<double> deadline_hours) {
    return !deadline_hours || makespan_hours <= *deadline_hours + 1e-9;
}

// The deadline in hours that trials are judged against (none without one).
inline std::optional<double> deadline_hours_of(const scenario& s) {
    return s.deadline ? std::optional<double>(to_fast_hours(*s.deadline).count()) : std::nullopt;
}

}  // namespace detail

namespace detail {

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

// The result of `trials` trials of every candidate of s: each described, then summarised
// from its fixed outcome if it has one, else from sampled[i]. The sampled candidates' parts
// run as tasks over `threads`; each writes only its own fields, so the result is the same
// whatever thread ran it.
template <class Metric, class Mean>
simulation_result summarize_simulation(const scenario& s, std::uint64_t trials, std::uint64_t seed,
                                       const std::vector<std::optional<trial_result>>& fixed,
                                       const std::vector<candidate_metrics<Metric, Mean>>& sampled, unsigned threads) {
    simulation_result r;
    r.scenario = s.name;
    r.trials = trials;
    r.seed = seed;
    r.currency = std::string(s.in_currency.code());
    r.deadline_hours = deadline_hours_of(s);
    auto work_hours = [&](std::size_t i) { return to_fast_hours(s.work_of(s.candidates[i])).count(); };
    std::vector<std::size_t> todo;  // candidates with trials to summarise
    for (std::size_t i = 0; i < s.candidates.size(); ++i) {
        r.candidates.push_back(describe_candidate(s, s.candidates[i]));
        if (fixed[i])
            summarize_candidate(fixed_metrics(*fixed[i], trials, r.deadline_hours), work_hours(i), r.candidates[i]);
        else
            todo.push_back(i);
    }
    run_tasks(summary_parts * todo.size(), threads, [&](std::size_t j) {
        const std::size_t i = todo[j / summary_parts];
        summarize_candidate_part(sampled[i], work_hours(i), j % summary_parts, r.candidates[i]);
    });
    return r;
}

// Runs the rows [table.base, table.base + size) of spot candidate i: this process's share,
// then the other ranks' shares gathered in.
inline void run_rows(const scenario& s, std::size_t i, const mc_options& o, unsigned threads, trial_table& t,
                     std::uint64_t from, std::uint64_t to, std::uint64_t slices,
                     const std::function<void(std::uint64_t)>& slice_done) {
    const candidate& k = s.candidates[i];
    const unsigned rank = o.scale_out ? o.scale_out->rank : 0, ranks = o.scale_out ? o.scale_out->ranks : 1;
    const std::uint64_t lo = rank_share(from, to, rank, ranks), hi = rank_share(from, to, rank + 1, ranks);
    for (std::uint64_t j = 0; j < slices; ++j) {
        std::uint64_t a = lo + (hi - lo) * j / slices, b = lo + (hi - lo) * (j + 1) / slices;
        at_candidate(s, k, [&] { run_spot_trials(s, k, static_cast<std::uint32_t>(i), o.seed, a, b, threads, t); });
        if (slice_done) slice_done(j);
    }
    if (o.scale_out && ranks > 1) {
        std::vector<std::uint64_t> offsets;
        for (unsigned p = 0; p <= ranks; ++p) offsets.push_back(rank_share(0, to - from, p, ranks));
        for (auto* col : {&t.cost, &t.makespan, &t.billed, &t.interruptions, &t.spot_work})
            o.scale_out->all_gather(std::span<double>(*col).subspan(from - t.base, to - from), offsets);
    }
}

// More trials than exact quantiles are kept for: chunks folded, in trial order, into
// running moments (Welford) and quantile sketches, so memory is O(chunk).
inline simulation_result simulate_streaming(const scenario& s, const mc_options& o, unsigned threads) {
    constexpr std::uint64_t chunk = std::uint64_t{1} << 20;
    std::vector<candidate_metrics<sketch_metric, running_stats>> metrics(s.candidates.size(),
                                                                         sketch_metrics(o.sketch_relative_error));
    const std::vector<std::optional<trial_result>> fixed = fixed_outcomes(s);
    const std::optional<double> deadline = deadline_hours_of(s);
    trial_table t;
    for (std::uint64_t from = 0; from < o.trials; from += chunk) {
        const std::uint64_t to = std::min(o.trials, from + chunk);
        for (std::size_t i = 0; i < s.candidates.size(); ++i) {
            if (fixed[i]) continue;
            t.base = from;
            t.resize(to - from);
            run_rows(s, i, o, threads, t, from, to, 1, {});
            metrics[i].add(t, deadline);
        }
        if (o.progress) o.progress(static_cast<double>(to) / static_cast<double>(o.trials));
    }
    simulation_result r = summarize_simulation(s, o.trials, o.seed, fixed, metrics, threads);
    r.sketch_relative_error = o.sketch_relative_error;
    return r;
}

}  // namespace detail

inline simulation_result simulate(const scenario& s, const mc_options& o) {
    unsigned threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
    if (!o.target_rel_ci && o.trials > o.exact_quantiles_up_to) return detail::simulate_streaming(s, o, threads);
    std::vector<trial_table> tables(s.candidates.size());                              // spot candidates' trials
    const std::vector<std::optional<trial_result>> fixed = detail::fixed_outcomes(s);  // the others' one outcome
    std::uint64_t done = 0;
    std::uint64_t target = o.target_rel_ci ? std::min<std::uint64_t>(10000, o.max_trials) : o.trials;
    const double total_units = static_cast<double>(s.candidates.size());
    for (;;) {
        for (std::size_t i = 0; i < s.candidates.size(); ++i) {
            // With a progress callback the range runs in 50 slices; results do not change,
            // since every trial's streams depend only on its index.
            const std::uint64_t slices = o.progress && !o.target_rel_ci ? 50 : 1;
            auto slice_done = [&](std::uint64_t j) {
                if (o.progress && !o.target_rel_ci)
                    o.progress((static_cast<double>(i) + static_cast<double>(j + 1) / static_cast<double>(slices)) /
                               total_units);
            };
            if (fixed[i]) {
                for (std::uint64_t j = 0; j < slices; ++j) slice_done(j);
                continue;
            }
            tables[i].resize(target);
            detail::run_rows(s, i, o, threads, tables[i], done, target, slices, slice_done);
        }
        done = target;
        if (!o.target_rel_ci || done >= o.max_trials) break;
        bool enough = true;  // a fixed outcome's interval has width 0
        for (std::size_t i = 0; i < tables.size(); ++i) {
            if (fixed[i]) continue;
            const trial_table& t = tables[i];
            running_stats rs;
            for (double x : t.cost) rs.add(x);
            double half = rs.ci95_half_width();
            if (!(half <= *o.target_rel_ci * std::abs(rs.mean()))) enough = false;
        }
        if (o.progress) o.progress(std::min(1.0, static_cast<double>(done) / static_cast<double>(o.max_trials)));
        if (enough) break;
        target = std::min(o.max_trials, target * 2);
    }

    // The tables' columns become the exact metrics: taken over, not copied.
    const std::optional<double> deadline = detail::deadline_hours_of(s);
    std::vector<detail::candidate_metrics<detail::exact_metric>> metrics(s.candidates.size());
    for (std::size_t i = 0; i < s.candidates.size(); ++i)
        if (!fixed[i]) metrics[i] = detail::exact_metrics(std::move(tables[i]), deadline);
    return detail::summarize_simulation(s, done, o.seed, fixed, metrics, threads);
}

}  // namespace costsim
