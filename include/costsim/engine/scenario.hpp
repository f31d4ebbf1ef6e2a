// costsim/engine/scenario.hpp — a job, its offers and the candidates to run it on, resolved into
// models: what every engine (monte_carlo.hpp, replay.hpp, validate.hpp) and the planner
// (plan.hpp) take.
//
// A scenario holds no file format: io/scenario_json.hpp reads `costsim.scenario/v1` into
// it (checkpoint intervals "young"/"daly" resolved to hours, a Spot Advisor bucket to a
// hazard, a price history to hours since the campaign start, a trace to its lifetimes and
// outages), and a program or planning tool may equally build one in code.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iomanip>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "costsim/core/enum_names.hpp"
#include "costsim/core/fast_units.hpp"
#include "costsim/models/checkpoint_interval.hpp"
#include "costsim/models/interruptions.hpp"
#include "costsim/models/measurement.hpp"
#include "costsim/models/published.hpp"
#include "costsim/models/restart.hpp"
#include "costsim/models/runtime_source.hpp"
#include "costsim/models/speed_classes.hpp"
#include "costsim/models/spot_price.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// on_demand, spot_only and deadline_fallback (trial.hpp); greedy and uniform_progress are
/// the *Can't Be Late* (NSDI '24) policies.
enum class policy_kind { on_demand, spot_only, deadline_fallback, greedy, uniform_progress };
template <>
struct enum_table<policy_kind> {
    static constexpr std::string_view what = "a policy";
    static constexpr std::array<enum_entry<policy_kind>, 5> entries{
        {{policy_kind::on_demand, "on_demand"},
         {policy_kind::spot_only, "spot_only"},
         {policy_kind::deadline_fallback, "deadline_fallback"},
         {policy_kind::greedy, "greedy"},
         {policy_kind::uniform_progress, "uniform_progress"}}};
};
std::string_view to_string(policy_kind p) noexcept;
/// greedy and uniform_progress decide on a tick grid (cbl_policy.hpp, tick_trial.hpp).
constexpr bool decides_on_ticks(policy_kind p) noexcept {
    return p == policy_kind::greedy || p == policy_kind::uniform_progress;
}
/// Every policy but on_demand and spot_only weighs the time left to a deadline.
constexpr bool needs_deadline(policy_kind p) noexcept {
    return p != policy_kind::on_demand && p != policy_kind::spot_only;
}

enum class checkpoint_rule { none, fixed, young, daly };
template <>
struct enum_table<checkpoint_rule> {
    static constexpr std::string_view what = "a checkpoint rule";
    static constexpr std::array<enum_entry<checkpoint_rule>, 4> entries{{{checkpoint_rule::none, "none"},
                                                                         {checkpoint_rule::fixed, "fixed"},
                                                                         {checkpoint_rule::young, "young"},
                                                                         {checkpoint_rule::daly, "daly"}}};
};
std::string_view to_string(checkpoint_rule r) noexcept;

/// The interruption models a scenario states ("model": ...).
enum class interruption_kind { none, poisson, advisor, max_lifetime, trace_fit };
template <>
struct enum_table<interruption_kind> {
    static constexpr std::string_view what = "an interruption model";
    static constexpr std::array<enum_entry<interruption_kind>, 5> entries{
        {{interruption_kind::none, "none"},
         {interruption_kind::poisson, "poisson"},
         {interruption_kind::advisor, "advisor"},
         {interruption_kind::max_lifetime, "max_lifetime"},
         {interruption_kind::trace_fit, "trace_fit"}}};
};
std::string_view to_string(interruption_kind k) noexcept;

/// Spot lifetimes and outages resampled from traces: a trace_fit model's own trace, or an
/// Advisor band's anchor traces stretched to the band's mean.
struct resampled_sessions {
    std::string file;                   ///< the trace (trace_fit) or the spot-risk file (advisor), as resolved
    std::vector<fast_hours> lifetimes;  ///< spot lifetimes to resample (empty: spot never available)
    std::vector<fast_hours> outages;    ///< outages (waits for capacity) to resample
    double availability = 1.0;          ///< share of the traces' ticks with spot available
};

/// The interruption models, one type each, named as a scenario names them ("model": ...).
namespace spot_models {
struct none {};
/// A stated Poisson rate.
struct poisson {
    hazard rate{};
};
/// Sessions end at the spec's `lifetime` at the latest (GCE preemptible VMs: 24 h), with a
/// Poisson rate (possibly 0) before it.
struct max_lifetime {
    hazard rate{};
};
/// An AWS Spot Advisor band's calibrated rate; with a spot-risk file, the anchor traces'
/// shape too. No band: each offer's own, still to be looked up in the file (a plan's or a
/// candidate's model before it is resolved per offer).
struct advisor {
    hazard rate{};
    std::optional<advisor_bucket> band;
    std::string as_of;                        ///< the Advisor snapshot's date
    std::optional<resampled_sessions> shape;  ///< the anchor traces', stretched to the band
};
/// Fitted to one spot trace: its lifetimes and outages resampled; the rate is one over the
/// mean (capped) lifetime, 0 when spot was never available.
struct trace_fit {
    resampled_sessions trace;
    usec gap{};  ///< the trace's tick
    hazard rate{};
};
}  // namespace spot_models

/// One of the models; its index is its interruption_kind.
using spot_model = std::variant<spot_models::none, spot_models::poisson, spot_models::advisor,
                                spot_models::max_lifetime, spot_models::trace_fit>;

/// Interruptions while a spot instance runs: the model, and what applies to every model: a
/// maximum lifetime per session, a notice ahead, and where the model is borrowed from.
struct interruption_spec {
    spot_model model;
    /// No session outlives it (required with max_lifetime; optional with every other model but none).
    std::optional<fast_hours> lifetime;
    std::optional<fast_hours> notice;
    /// Set when the model is borrowed from other data than the offer's own (another
    /// instance type's trace): what it is, said beside every figure that rests on it.
    std::string proxy;

    interruption_kind kind() const noexcept { return static_cast<interruption_kind>(model.index()); }
    /// The Poisson rate, or the rate a trace or band implies; 0 with none.
    hazard rate() const noexcept;
    /// The lifetimes and outages to resample, where the model has them (trace_fit, an
    /// Advisor band from a spot-risk file), else nullptr.
    const resampled_sessions* sessions() const noexcept;
    /// The lifetimes and outages to resample: sessions()'s, empty where it has none.
    std::span<const fast_hours> lifetimes() const noexcept;
    std::span<const fast_hours> outages() const noexcept;
    /// Mean time between interruptions M for Young/Daly (∞ when there are none).
    fast_hours mtbi() const;
    /// The mean of the outages resampled as waits for capacity (0 when none are).
    fast_hours mean_outage() const;
    /// The same model at `factor` times the rate (a sensitivity): resampled lifetimes
    /// divided by it, outages, cap and notice unchanged. factor > 0 (value_error).
    interruption_spec scaled(double factor) const;
};

/// Where a spot model comes from, in one word: "proxy" (borrowed from another instance's
/// data, named in `proxy`), "trace" (fitted to the offer's own trace), "advisor" (its
/// AWS Spot Advisor band), "stated" (a rate the scenario states) or "none".
std::string_view risk_source(const interruption_spec& i) noexcept;

struct checkpoint_spec {
    checkpoint_rule rule = checkpoint_rule::none;
    fast_hours every{0};  ///< resolved interval of work between checkpoints
    fast_hours cost{0};   ///< δ: running time one checkpoint takes
};

struct price_spec {
    enum class kind { market, ou_jump } model = kind::market;
    ou_jump_params ou{};
    fast_hours step = default_ou_step;
};

/// Where a candidate comes from: listed in the scenario's "candidates" (with its own
/// models, never merged with another), or planned from its "plan" section (plan.hpp).
enum class candidate_origin { listed, planned };

struct candidate {
    candidate_origin origin = candidate_origin::listed;
    std::size_t offer_index = 0;
    /// Planned: other offers (indices) identical for the job — same GPU, count, prices,
    /// billing rule and interruption model (the same instance in other zones) — that this
    /// candidate stands for, simulated once.
    std::vector<std::size_t> identical_offers;
    market_kind market = market_kind::spot;
    policy_kind policy = policy_kind::spot_only;
    checkpoint_spec checkpoint;
    interruption_spec interruptions;
    restart_model restart;
    price_spec price;
    bool per_tick_billing = false;  ///< "billing": "per_tick": every trace tick held is charged in full
    std::optional<usec> tick;       ///< "tick": decision tick of greedy / uniform_progress in Monte Carlo
    runtime_basis runtime;          ///< where work / speedup comes from (measured, published, estimate)
    /// How much faster than the workload's reference this candidate runs (relative GPU speed
    /// × multi-GPU scaling): its work is work / speedup hours. Set by the planner.
    double speedup = 1.0;
    int gpus_used = 1;
    /// Spot with failover (plan.hpp): a preempted run relaunches in another of this many
    /// zones where one has capacity, paying `relaunch` on top of the wait (trial.hpp). The
    /// zones are `failover_offers` (the same instance with the same interruption model, the
    /// candidate's own offer first, then by spot price), each at its own spot price; empty:
    /// the offer and its identical_offers. 1: no failover.
    int failover_zones = 1;
    fast_hours relaunch{0};
    std::vector<std::size_t> failover_offers;
    std::string pointer;  ///< "/candidates/3", for messages
};

/// A checkpoint interval as asked for: a fixed interval of work, or the rule (Young, Daly)
/// that computes one from the checkpoint cost and the interruption model.
struct checkpoint_request {
    checkpoint_rule rule = checkpoint_rule::fixed;  ///< fixed, young or daly
    fast_hours every{0};                            ///< fixed: the interval
    fast_hours cost{0};                             ///< δ: running time one checkpoint takes
};

/// The relaunch delay of a failover candidate when the plan does not state one: SkyPilot
/// relaunches a preempted managed job in minutes; 3 minutes, as costsim's failover studies.
inline constexpr fast_hours default_failover_relaunch{3.0 / 60.0};

/// What the planner (plan.hpp) may try, read from the scenario's "plan" section; offer ids
/// are the scenario's, checked when it is read.
struct plan_spec {
    std::vector<std::string> offers;  ///< only these offers (empty: all)
    std::vector<market_kind> markets{market_kind::on_demand, market_kind::spot, market_kind::monthly};
    /// Spot policies; none given: spot_only, and deadline_fallback when there is a deadline.
    std::optional<std::vector<policy_kind>> policies;
    /// Interruption models, each for the offers it names (none named: for every other spot
    /// offer); the first that names an offer wins, else the first that names none.
    struct interruption_choice {
        std::vector<std::string> offers;
        interruption_spec spec;
    };
    std::vector<interruption_choice> interruptions;
    /// Spot offers an Advisor model meant to cover but had no row for, and no other model
    /// covers: offer id -> why. Their spot market is left out of the plan, saying so.
    std::map<std::string, std::string> no_interruption_model;
    restart_model restart;                        ///< spot restarts, and on-demand start-up overhead
    std::vector<checkpoint_request> checkpoints;  ///< spot checkpoint intervals to try (empty: none)
    std::string checkpoint_cost_pointer;          ///< where their cost was read, for messages
    std::vector<int> gpus;                        ///< GPU counts to try (empty: 1 and the offer's)
    /// The job runs on exactly this many GPUs, its work stated on that many: offers with
    /// another count are left out, with the reason (none: as `gpus` says).
    std::optional<int> gpu_count;
    /// Plan offers whose GPU memory the catalog does not give although the job states the
    /// memory it needs (default: leave them out, with the reason).
    bool allow_unknown_memory = false;
    /// Plan spot with failover too ("failover": {"relaunch": D}): identical offers in several
    /// zones become one more candidate per spot policy that relaunches a preempted run in
    /// another of those zones, after this delay. None: no failover candidates.
    std::optional<fast_hours> failover_relaunch;

    /// The interruption model the plan gives spot runs of offer `id` (none: nullptr).
    const interruption_spec* interruptions_for(const std::string& id) const;
};

struct scenario {
    std::string name, file;
    currency in_currency{"USD"};
    timestamp start = default_campaign_start;
    catalog offers;  ///< inline offers and the named catalog's, with its rates
    std::string workload_name;
    usec work{0};
    /// The workload's planning facts, checked here and read by plan.hpp:
    std::optional<double> gpu_memory_gib;      ///< peak GPU memory the job needs
    std::optional<double> scaling_efficiency;  ///< each extra GPU adds this share of one GPU's speed
    std::vector<gpu_speed> speed;              ///< relative speed per GPU model (work is at 1.0), each with its basis
    /// With a speed table per class: the variant table the speeds are keyed by (offers
    /// find theirs through it), the class, and the class's published multi-GPU scaling.
    std::optional<gpu_variant_table> variants;
    std::optional<workload_class> work_class;
    std::optional<class_scaling> scaling;
    std::string speed_name;    ///< the speed table's name, where the speeds come from a file
    runtime_basis work_basis;  ///< where `work` comes from
    /// The workload's "published" study and the runtimes its rows give, per offer.
    std::optional<published_study> study;
    struct published_runtime {
        std::size_t offer_index;
        usec runtime;
        runtime_basis basis;
    };
    std::vector<published_runtime> published;
    /// Set when the work comes from costsim-bench measurements (measurement.hpp).
    std::optional<measured_workload> measured;
    /// The scenario's "plan" section, if any (plan.hpp expands it).
    std::optional<plan_spec> plan;
    std::optional<usec> deadline;
    std::vector<candidate> candidates;

    const offer& offer_of(const candidate& c) const { return offers.offers[c.offer_index]; }
    /// How fast one GPU of `o` runs the work relative to `work` (work / its runtime), and
    /// where that comes from; none when nothing gives a figure for its GPU model.
    struct offer_runtime {
        double speedup;
        runtime_basis basis;
    };
    std::optional<offer_runtime> runtime_on(const offer& o) const;
    /// The key of `o` in `speed`: its GPU variant where speeds are per variant (empty when
    /// the variant table names none), else its GPU model ("cpu" without a GPU).
    std::string speed_key(const offer& o) const;
    /// The GPU memory of one GPU of `o`: the catalog's figure, else its variant's spec.
    std::optional<double> gpu_memory_of(const offer& o) const;
    /// The work at `speedup` times the reference speed: work / speedup, to the microsecond.
    usec work_at(double speedup) const {
        return usec(static_cast<std::int64_t>(std::llround(static_cast<double>(work.count()) / speedup)));
    }
    /// The work this candidate has to do.
    usec work_of(const candidate& c) const { return work_at(c.speedup); }
};

/// One line on an interruption model and its parameters, as fitted ("trace_fit
/// us-east-1d_v100_1.json: 0.487 interruptions per hour of spot running, ...").
std::string describe(const interruption_spec& i);

/// A checkpoint interval resolved to hours against the interruption model (a Young or Daly
/// interval without interruptions is the whole work, one stretch). value_error, about the
/// cost, when Young or Daly get no positive cost or the cost is not shorter than the interval.
checkpoint_spec resolve_checkpoint(const checkpoint_request& r, const interruption_spec& intr, usec work);

/// An offer's recorded spot price history, as points from `origin` (the campaign start).
std::vector<price_point> spot_history_points(const offer& o, timestamp origin);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(policy_kind p) noexcept { return enum_name(p); }

inline std::string_view to_string(checkpoint_rule r) noexcept { return enum_name(r); }

inline std::string_view to_string(interruption_kind k) noexcept { return enum_name(k); }

inline std::string scenario::speed_key(const offer& o) const {
    if (!o.gpus) return "cpu";
    if (!variants) return o.gpus->model;
    const gpu_variant_match m = variants->of(o);
    return m.variant ? m.variant->id : std::string();
}

inline std::optional<double> scenario::gpu_memory_of(const offer& o) const {
    if (!o.gpus) return std::nullopt;
    if (o.gpus->memory_gib) return o.gpus->memory_gib;
    if (variants)
        if (const gpu_variant_match m = variants->of(o); m.variant) return m.variant->memory_gib;
    return std::nullopt;
}

inline std::optional<scenario::offer_runtime> scenario::runtime_on(const offer& o) const {
    const std::string model = speed_key(o);
    const gpu_speed* sp = nullptr;
    for (const auto& g : speed)
        if (g.model == model) sp = &g;
    const double w = static_cast<double>(work.count());
    auto from_table = [&]() -> offer_runtime {
        if (sp->value == 1.0 && sp->basis.source == work_basis.source && sp->basis.basis == work_basis.basis)
            return {1.0, work_basis};
        std::ostringstream ref;
        ref.setf(std::ios::fixed);
        ref.precision(3);
        ref << to_fast_hours(work).count();
        return {sp->value,
                {weakest(sp->basis.source, work_basis.source),
                 "the reference runtime " + ref.str() + " h (" + to_string(work_basis.source).data() + ") / " + model +
                     "'s relative speed " + format_quantity(sp->value) + " (" + to_string(sp->basis.source).data() +
                     ": " + sp->basis.basis + ")"}};
    };
    if (sp && sp->basis.source == runtime_source::measured) return from_table();
    const offer* same_gpu = nullptr;
    const published_runtime* same = nullptr;
    for (const auto& p : published) {
        const offer& po = offers.offers[p.offer_index];
        if (po.id == o.id) return offer_runtime{w / static_cast<double>(p.runtime.count()), p.basis};
        if (!same && po.gpus && o.gpus && !model.empty() && speed_key(po) == model) {
            same = &p;
            same_gpu = &po;
        }
    }
    if (same)
        return offer_runtime{
            w / static_cast<double>(same->runtime.count()),
            {same->basis.source, "the " + model + "'s runtime on " + same_gpu->id + ", " + same->basis.basis}};
    if (sp) return from_table();
    if (speed.empty()) return offer_runtime{1.0, work_basis};
    return std::nullopt;
}

static_assert(std::variant_size_v<spot_model> == enum_table<interruption_kind>::entries.size());
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(interruption_kind::trace_fit), spot_model>,
                   spot_models::trace_fit>);
static_assert(
    std::is_same_v<std::variant_alternative_t<static_cast<std::size_t>(interruption_kind::advisor), spot_model>,
                   spot_models::advisor>);

inline std::string_view risk_source(const interruption_spec& i) noexcept {
    if (!i.proxy.empty()) return "proxy";
    switch (i.kind()) {
        case interruption_kind::none: return "none";
        case interruption_kind::trace_fit: return "trace";
        case interruption_kind::advisor: return "advisor";
        default: return "stated";
    }
}

inline hazard interruption_spec::rate() const noexcept {
    return std::visit(
        [](const auto& m) -> hazard {
            if constexpr (std::is_same_v<std::decay_t<decltype(m)>, spot_models::none>)
                return hazard{};
            else
                return m.rate;
        },
        model);
}

inline const resampled_sessions* interruption_spec::sessions() const noexcept {
    if (const auto* t = std::get_if<spot_models::trace_fit>(&model)) return &t->trace;
    if (const auto* a = std::get_if<spot_models::advisor>(&model); a && a->shape) return &*a->shape;
    return nullptr;
}

inline std::span<const fast_hours> interruption_spec::lifetimes() const noexcept {
    const resampled_sessions* r = sessions();
    return r ? std::span<const fast_hours>(r->lifetimes) : std::span<const fast_hours>{};
}

inline std::span<const fast_hours> interruption_spec::outages() const noexcept {
    const resampled_sessions* r = sessions();
    return r ? std::span<const fast_hours>(r->outages) : std::span<const fast_hours>{};
}

inline interruption_spec interruption_spec::scaled(double factor) const {
    if (!(factor > 0) || !std::isfinite(factor)) throw value_error("a positive, finite rate factor");
    interruption_spec out = *this;
    std::visit(
        [&](auto& m) {
            using M = std::decay_t<decltype(m)>;
            if constexpr (!std::is_same_v<M, spot_models::none>) m.rate = hazard(m.rate.per_hour() * factor);
            resampled_sessions* r = nullptr;
            if constexpr (std::is_same_v<M, spot_models::trace_fit>) r = &m.trace;
            if constexpr (std::is_same_v<M, spot_models::advisor>) r = m.shape ? &*m.shape : nullptr;
            if (r)
                for (auto& l : r->lifetimes) l = l / factor;
        },
        out.model);
    return out;
}

inline std::string describe(const interruption_spec& i) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(3);
    const double rate = i.rate().per_hour();
    if (std::holds_alternative<spot_models::none>(i.model)) return "none";
    if (const auto* t = std::get_if<spot_models::trace_fit>(&i.model)) {
        o << "trace_fit " << std::filesystem::path(t->trace.file).filename().string() << ": " << rate
          << " interruptions per hour of spot running (mean lifetime " << std::setprecision(2) << i.mtbi().count()
          << " h, " << t->trace.lifetimes.size() << " lifetimes resampled), outages mean " << i.mean_outage().count()
          << " h (" << t->trace.outages.size() << " resampled), spot available " << std::setprecision(1)
          << 100 * t->trace.availability << " % of the trace";
    } else if (const auto* a = std::get_if<spot_models::advisor>(&i.model); a && a->band) {
        o << "advisor band " << advisor_band_text(*a->band);
        if (!a->as_of.empty()) o << " (AWS Spot Advisor, " << a->as_of << ")";
        o << ": " << rate << " interruptions per hour of spot running (calibrated";
        if (a->shape && !a->shape->lifetimes.empty())
            o << "; " << a->shape->lifetimes.size() << " trace lifetimes resampled at mean " << std::setprecision(2)
              << i.mtbi().count() << " h, outages mean " << i.mean_outage().count() << " h";
        o << ")";
    } else if (std::holds_alternative<spot_models::max_lifetime>(i.model)) {
        o << "max_lifetime " << i.lifetime->count() << " h, " << rate << " per hour before it";
    } else {
        o << to_string(i.kind()) << ": " << rate << " interruptions per hour (Poisson)";
    }
    if (i.lifetime && i.kind() != interruption_kind::max_lifetime)
        o << ", no session beyond " << format_duration(std::chrono::duration_cast<usec>(*i.lifetime))
          << " (maximum lifetime)";
    if (i.notice) o << ", notice " << format_duration(std::chrono::duration_cast<usec>(*i.notice));
    if (!i.proxy.empty()) o << "; a PROXY: " << i.proxy;
    return o.str();
}

inline fast_hours interruption_spec::mean_outage() const {
    const auto o = outages();
    if (o.empty()) return fast_hours(0.0);
    double sum = 0;
    for (auto x : o) sum += x.count();
    return fast_hours(sum / static_cast<double>(o.size()));
}

inline fast_hours interruption_spec::mtbi() const {
    if (const auto ls = lifetimes(); !ls.empty()) {
        double sum = 0;
        for (auto l : ls) sum += lifetime ? std::min(l, *lifetime).count() : l.count();
        return fast_hours(sum / static_cast<double>(ls.size()));
    }
    if (lifetime) return max_lifetime(*lifetime, rate()).mean_time_to_interruption();
    return rate().mean_time_between();
}

inline std::vector<price_point> spot_history_points(const offer& o, timestamp origin) {
    const auto& h = std::get<spot_history>(o.spot->price);
    std::vector<price_point> pts;
    for (const auto& p : h.points) {
        double per_hour =
            to_double(quoted_price{money(p.amount, h.currency), h.per, false, {}}.hourly().per_hour().amount());
        pts.push_back({to_fast_hours(p.from - origin), fast_price_per_hour(per_hour)});
    }
    return pts;
}

inline checkpoint_spec resolve_checkpoint(const checkpoint_request& r, const interruption_spec& intr, usec work) {
    checkpoint_spec s;
    s.rule = r.rule;
    s.cost = r.cost;
    if (r.rule == checkpoint_rule::young || r.rule == checkpoint_rule::daly) {
        if (!(s.cost.count() > 0)) throw value_error("a positive checkpoint cost (Young and Daly need δ > 0)");
        const fast_hours m = intr.mtbi();
        if (!std::isfinite(m.count()))
            s.every = to_fast_hours(work);  // no interruptions: one stretch, no checkpoint
        else
            s.every = r.rule == checkpoint_rule::young ? young_interval(s.cost, m) : daly_interval(s.cost, m);
    } else {
        s.every = r.every;
    }
    if (!(s.cost < s.every))
        throw value_error("a checkpoint cost shorter than the interval (every = " +
                          format_duration(std::chrono::duration_cast<usec>(s.every)) + ")");
    return s;
}

inline const interruption_spec* plan_spec::interruptions_for(const std::string& id) const {
    for (const auto& c : interruptions)
        if (std::find(c.offers.begin(), c.offers.end(), id) != c.offers.end()) return &c.spec;
    for (const auto& c : interruptions)
        if (c.offers.empty()) return &c.spec;
    return nullptr;
}

}  // namespace costsim
