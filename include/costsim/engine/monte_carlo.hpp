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

#include "costsim/core/parallel.hpp"
#include "costsim/core/stats.hpp"
#include "costsim/core/streams.hpp"
#include "costsim/engine/campaign_build.hpp"
#include "costsim/engine/candidate_result.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/engine/tick_trial.hpp"
#include "costsim/engine/trial.hpp"
#include "costsim/engine/trial_summary.hpp"
#include "costsim/engine/trial_table.hpp"
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
    /// With target_rel_ci: trials of the first round (doubled each further round).
    std::uint64_t first_round = 10000;
    /// With target_rel_ci: each candidate runs until its own interval is narrow enough (its
    /// trial count in candidate_result::trials), instead of all until the widest is. A
    /// candidate's trials are the same whichever others run: results stay reproducible.
    bool each_candidate = false;
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
    const std::span<const fast_hours> lifetimes = m.lifetimes(), outages = m.outages();
    const hazard rate = m.rate();
    while (ends_.empty() || ends_.back() <= t) {
        const std::int64_t from = ends_.empty() ? 0 : ends_.back();
        std::int64_t len;
        if (ends_.size() % 2 == 0) {  // available: a time to interruption
            fast_hours x = lifetimes.empty() ? s_->exponential(rate) : resample(lifetimes, *s_);
            if (m.lifetime) x = std::min(x, *m.lifetime);
            len = ticks_of(x);
        } else {  // unavailable: a wait for capacity
            len = ticks_of(outages.empty() ? draw_delay(k_->restart.delay, *s_) : resample(outages, *s_));
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

// The deadline in hours that trials are judged against (none without one).
inline std::optional<double> deadline_hours_of(const scenario& s) {
    return s.deadline ? std::optional<double>(to_fast_hours(*s.deadline).count()) : std::nullopt;
}

}  // namespace detail

namespace detail {

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

namespace detail {

// target_rel_ci with each_candidate: candidate by candidate, rounds of doubling trials until
// the 95 % interval of its mean cost is within the target (a fixed outcome needs none).
inline simulation_result simulate_each_to_target(const scenario& s, const mc_options& o, unsigned threads) {
    const std::size_t n = s.candidates.size();
    const std::vector<std::optional<trial_result>> fixed = fixed_outcomes(s);
    std::vector<trial_table> tables(n);
    std::vector<std::uint64_t> done(n, 0);
    std::uint64_t most = 1;
    for (std::size_t i = 0; i < n; ++i) {
        if (!fixed[i]) {
            std::uint64_t target = std::max<std::uint64_t>(1, std::min(o.first_round, o.max_trials));
            for (;;) {
                tables[i].resize(target);
                run_rows(s, i, o, threads, tables[i], done[i], target, 1, {});
                done[i] = target;
                if (done[i] >= o.max_trials) break;
                running_stats rs;
                for (double x : tables[i].cost) rs.add(x);
                if (rs.ci95_half_width() <= *o.target_rel_ci * std::abs(rs.mean())) break;
                target = std::min(o.max_trials, target * 2);
            }
            most = std::max(most, done[i]);
        }
        if (o.progress) o.progress(static_cast<double>(i + 1) / static_cast<double>(n));
    }
    const std::optional<double> deadline = deadline_hours_of(s);
    std::vector<candidate_metrics<exact_metric>> metrics(n);
    for (std::size_t i = 0; i < n; ++i)
        if (!fixed[i]) metrics[i] = exact_metrics(std::move(tables[i]), deadline);
    simulation_result r = summarize_simulation(s, most, o.seed, fixed, metrics, threads);
    for (std::size_t i = 0; i < n; ++i) r.candidates[i].trials = fixed[i] ? 1 : done[i];
    return r;
}

}  // namespace detail

inline simulation_result simulate(const scenario& s, const mc_options& o) {
    unsigned threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
    if (o.target_rel_ci && o.each_candidate) return detail::simulate_each_to_target(s, o, threads);
    if (!o.target_rel_ci && o.trials > o.exact_quantiles_up_to) return detail::simulate_streaming(s, o, threads);
    std::vector<trial_table> tables(s.candidates.size());                              // spot candidates' trials
    const std::vector<std::optional<trial_result>> fixed = detail::fixed_outcomes(s);  // the others' one outcome
    std::uint64_t done = 0;
    std::uint64_t target = o.target_rel_ci ? std::min<std::uint64_t>(o.first_round, o.max_trials) : o.trials;
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
    std::vector<candidate_metrics<exact_metric>> metrics(s.candidates.size());
    for (std::size_t i = 0; i < s.candidates.size(); ++i)
        if (!fixed[i]) metrics[i] = exact_metrics(std::move(tables[i]), deadline);
    return detail::summarize_simulation(s, done, o.seed, fixed, metrics, threads);
}

}  // namespace costsim
