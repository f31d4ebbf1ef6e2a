// costsim/scenario.hpp — the `costsim.scenario/v1` file, resolved into models.
//
// A scenario names a job (work hours), offers (inline, from a catalog file, or both), an
// optional deadline, and candidates: offer × market × policy × checkpoint interval ×
// interruption / restart / price models. Reading resolves everything a trial needs
// (checkpoint intervals "young"/"daly" become hours; a Spot Advisor bucket becomes a
// hazard; a price history becomes hours since the campaign start), and refuses
// anything inconsistent with the JSON pointer of the offending value.
//
// Fields (beyond SPEC.md's reference file):
//   "start": ISO time the campaign starts (default 2026-02-01T00:00:00Z): origin of
//            spot price histories and of calendar billing for exact on-demand runs.
//   "catalog": a costsim.catalog/v1 file, relative to the scenario's folder.
//   "workload": {"measurements": "bench.json", "samples": 1420765, "epochs": 4} instead of
//            "work": costsim-bench measurements give the work (samples × epochs at the
//            first measurement's samples/s), each measured GPU model's speed, and, where
//            the workload states none, gpu_memory_gib and scaling_efficiency; listed
//            candidates run at their offer's speed (see measurement.hpp).
//   "workload": {"speed": {...} | "speeds.json"}: relative speed per GPU model — inline
//            (a number, or {"value", "source", "basis"}; see runtime_source.hpp) or a
//            costsim.speed/v1 file; "speed_basis": what bare numbers rest on (default: an
//            estimate stated in the scenario); "work_basis": {"source", "basis"} for "work"
//            (default: an estimate stated in the scenario).
//   "workload": {"published": "study.json"}: a costsim.published/v1 file (published.hpp)
//            whose rows give runtimes on their offers (printed, or derived from a printed
//            cost). An offer's runtime then comes, in this order, from a measurement of its
//            GPU model, its own published row, a published row of another offer with the
//            same GPU model, the speed table (× the work), or the work itself when there is
//            no table; each candidate carries where its runtime comes from (`runtime`).
//            Without "work", the work is the published runtime of a GPU at speed 1.
//   candidate "interruptions": {"model": "none" | "poisson" (rate_per_hour) |
//            "advisor" (bucket "<5%"|"5-10%"|"10-15%"|"15-20%"|">20%") |
//            "max_lifetime" (lifetime, optional rate_per_hour) |
//            "trace_fit" ("file": a spot trace, relative to the scenario's folder: each
//            session's time to interruption is a spot lifetime, and each wait for capacity
//            an outage, resampled uniformly from the trace's runs — see trace.hpp; no
//            restart "delay" beside it), "notice": "2m"}
//   candidate "tick": D — the decision tick of greedy / uniform_progress in Monte Carlo
//            (default: the trace_fit trace's gap, else 10 minutes, the paper's).
//   candidate "restart": {"delay": "15m" | {"distribution": "fixed", "value": D} |
//            {"distribution": "exponential", "mean": D} |
//            {"distribution": "empirical", "samples": [D, ...]},
//            "billed": false, "overhead": "12m"}
//   candidate "checkpoint": {"every": D | "young" | "daly", "cost": D}; absent: none.
//   candidate "price": {"model": "market"} (default: the offer's spot price, constant
//            or its history) | {"model": "ou_jump", "kappa", "theta" | "median",
//            "sigma", "jump_rate_per_hour", "jump_mean", "jump_sd", "step"} |
//            {"model": "ou_jump", "fit": "history", "step": D} (fitted to the offer's
//            spot price history).
//   policies: "on_demand", "spot_only", "deadline_fallback", "greedy", "uniform_progress"
//            (the last three need a deadline; greedy and uniform_progress are the *Can't Be
//            Late* policies of cbl_policy.hpp, simulated on a tick grid by tick_trial.hpp).
//   candidate "billing": "offer" (default: each session by the offer's rule) | "per_tick"
//            (every tick an instance is held is charged in full: the paper's accounting;
//            greedy / uniform_progress and trace replay only).
#pragma once

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "costsim/checkpoint_interval.hpp"
#include "costsim/fast_units.hpp"
#include "costsim/interruptions.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/io/measurement_json.hpp"
#include "costsim/io/published_json.hpp"
#include "costsim/io/speed_json.hpp"
#include "costsim/io/trace_json.hpp"
#include "costsim/measurement.hpp"
#include "costsim/published.hpp"
#include "costsim/restart.hpp"
#include "costsim/runtime_source.hpp"
#include "costsim/spot_price.hpp"
#include "costsim/trace.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view scenario_schema = "costsim.scenario/v1";

/// on_demand, spot_only and deadline_fallback (trial.hpp); greedy and uniform_progress are
/// the *Can't Be Late* (NSDI '24) policies.
enum class policy_kind { on_demand, spot_only, deadline_fallback, greedy, uniform_progress };
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
std::string_view to_string(checkpoint_rule r) noexcept;

/// Interruptions while a spot instance runs: a Poisson hazard, optionally capped by a
/// maximum lifetime per session, optionally announced `notice` ahead.
struct interruption_spec {
    std::string model = "none";  ///< as written: none | poisson | advisor | max_lifetime
    hazard rate{};
    std::optional<fast_hours> lifetime;
    std::optional<fast_hours> notice;
    std::string file;                   ///< trace_fit: the trace, as resolved
    std::vector<fast_hours> lifetimes;  ///< trace_fit: spot lifetimes to resample
    std::vector<fast_hours> outages;    ///< trace_fit: outages (waits for capacity) to resample
    std::optional<usec> trace_gap;      ///< trace_fit: the trace's tick
    double availability = 1.0;          ///< trace_fit: share of the trace's ticks with spot available
    /// Mean time between interruptions M for Young/Daly (∞ when there are none).
    fast_hours mtbi() const;
    /// trace_fit: the mean of the outages resampled as waits for capacity.
    fast_hours mean_outage() const;
};

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

struct candidate {
    std::size_t offer_index = 0;
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
    std::string pointer;  ///< "/candidates/3", for messages
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
    runtime_basis work_basis;                  ///< where `work` comes from
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
    /// The scenario's "plan" section, if any, as written (plan.hpp expands it).
    std::optional<json> plan;
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
    /// The work at `speedup` times the reference speed: work / speedup, to the microsecond.
    usec work_at(double speedup) const {
        return usec(static_cast<std::int64_t>(std::llround(static_cast<double>(work.count()) / speedup)));
    }
    /// The work this candidate has to do.
    usec work_of(const candidate& c) const { return work_at(c.speedup); }
};

scenario load_scenario(const std::string& path);

/// One line on an interruption model and its parameters, as fitted ("trace_fit
/// us-east-1d_v100_1.json: 0.487 interruptions per hour of spot running, ...").
std::string describe(const interruption_spec& i);
/// The model and its (fitted) parameters, for plan output.
json to_json(const interruption_spec& i);
scenario parse_scenario(const json_cursor& root);

/// The pieces of a candidate that a plan (plan.hpp) also writes, read alike there:
/// a "restart" object;
restart_model parse_restart(const json_cursor& c);
/// a checkpoint interval ("1h", "young" or "daly") with its cost, resolved to hours
/// against the interruption model (a Young or Daly interval without interruptions is
/// the whole work, one stretch);
checkpoint_spec resolve_checkpoint(const json_cursor& every, const json_cursor& cost, const interruption_spec& intr,
                                   usec work);
/// and an offer's recorded spot price history, as points from `origin` (the campaign start).
std::vector<price_point> spot_history_points(const offer& o, timestamp origin);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(policy_kind p) noexcept {
    switch (p) {
        case policy_kind::on_demand: return "on_demand";
        case policy_kind::spot_only: return "spot_only";
        case policy_kind::deadline_fallback: return "deadline_fallback";
        case policy_kind::greedy: return "greedy";
        case policy_kind::uniform_progress: return "uniform_progress";
    }
    return "?";
}

inline std::string_view to_string(checkpoint_rule r) noexcept {
    switch (r) {
        case checkpoint_rule::none: return "none";
        case checkpoint_rule::fixed: return "fixed";
        case checkpoint_rule::young: return "young";
        case checkpoint_rule::daly: return "daly";
    }
    return "?";
}

inline std::optional<scenario::offer_runtime> scenario::runtime_on(const offer& o) const {
    const std::string model = o.gpus ? o.gpus->model : "cpu";
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
        if (!same && po.gpus && o.gpus && po.gpus->model == o.gpus->model) {
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

inline std::string describe(const interruption_spec& i) {
    std::ostringstream o;
    o.setf(std::ios::fixed);
    o.precision(3);
    if (i.model == "none") return "none";
    if (i.model == "trace_fit") {
        o << "trace_fit " << std::filesystem::path(i.file).filename().string() << ": " << i.rate.per_hour()
          << " interruptions per hour of spot running (mean lifetime " << std::setprecision(2) << i.mtbi().count()
          << " h, " << i.lifetimes.size() << " lifetimes resampled), outages mean " << i.mean_outage().count() << " h ("
          << i.outages.size() << " resampled), spot available " << std::setprecision(1) << 100 * i.availability
          << " % of the trace";
    } else if (i.model == "max_lifetime") {
        o << "max_lifetime " << i.lifetime->count() << " h, " << i.rate.per_hour() << " per hour before it";
    } else {
        o << i.model << ": " << i.rate.per_hour() << " interruptions per hour (Poisson)";
    }
    if (i.notice) o << ", notice " << format_duration(std::chrono::duration_cast<usec>(*i.notice));
    return o.str();
}

inline json to_json(const interruption_spec& i) {
    json j{{"model", i.model}, {"rate_per_hour", i.rate.per_hour()}};
    if (i.model == "trace_fit") {
        j["file"] = std::filesystem::path(i.file).filename().string();
        j["lifetimes"] = i.lifetimes.size();
        j["mean_lifetime_hours"] = i.mtbi().count();
        j["outages"] = i.outages.size();
        j["mean_outage_hours"] = i.mean_outage().count();
        j["availability"] = i.availability;
    }
    if (i.lifetime) j["lifetime_hours"] = i.lifetime->count();
    if (i.notice) j["notice_hours"] = i.notice->count();
    return j;
}

inline fast_hours interruption_spec::mean_outage() const {
    double sum = 0;
    for (auto x : outages) sum += x.count();
    return fast_hours(outages.empty() ? 0.0 : sum / static_cast<double>(outages.size()));
}

inline fast_hours interruption_spec::mtbi() const {
    if (!lifetimes.empty()) {
        double sum = 0;
        for (auto l : lifetimes) sum += l.count();
        return fast_hours(sum / static_cast<double>(lifetimes.size()));
    }
    if (lifetime) return max_lifetime(*lifetime, rate).mean_time_to_interruption();
    return rate.mean_time_between();
}

namespace detail {

inline fast_hours hours_of(const json_cursor& c) { return to_fast_hours(c.duration()); }

inline hazard rate_of(const json_cursor& c) { return hazard(c.number(0, 1e6)); }

inline interruption_spec parse_interruptions(const json_cursor& c) {
    c.expect_object({"model", "rate_per_hour", "bucket", "lifetime", "notice", "file"});
    interruption_spec s;
    auto model = c["model"];
    s.model = model.choice({"none", "poisson", "advisor", "max_lifetime", "trace", "trace_fit"});
    auto only = [&](std::initializer_list<std::string_view> allowed) {
        for (const auto& [k, _] : c.value().items()) {
            bool ok = k == "model" || k == "notice";
            for (auto a : allowed) ok = ok || a == k;
            if (!ok) c[k].fail("no \"" + k + "\" for the \"" + s.model + "\" model");
        }
    };
    if (s.model == "trace")
        model.fail(
            "\"none\", \"poisson\", \"advisor\", \"max_lifetime\" or \"trace_fit\" (a \"trace\" is "
            "replayed by `costsim replay SCENARIO --trace FILE`)");
    if (s.model == "trace_fit") {
        only({"file"});
        auto f = c["file"];
        std::filesystem::path p(f.string());
        if (p.is_relative()) p = std::filesystem::path(c.file()).parent_path() / p;
        s.file = p.string();
        trace_stats st = compute_trace_stats(load_spot_trace(s.file));
        if (st.lifetime_samples.empty()) f.fail("a trace in which spot is available at least once (" + s.file + ")");
        s.lifetimes = std::move(st.lifetime_samples);
        s.outages = std::move(st.outage_samples);
        if (s.outages.empty())
            s.outages.push_back(to_fast_hours(st.gap));  // never out: a preemption still costs a tick
        s.trace_gap = st.gap;
        s.availability = st.availability;
        s.rate = hazard::from_mean(s.mtbi());
    }
    if (s.model == "none") only({});
    if (s.model == "poisson") {
        only({"rate_per_hour"});
        s.rate = rate_of(c["rate_per_hour"]);
    }
    if (s.model == "advisor") {
        only({"bucket"});
        auto b = c["bucket"];
        try {
            s.rate = advisor_hazard(b.value().is_number_integer()
                                        ? advisor_bucket_from_index(static_cast<int>(b.integer(0, 4)))
                                        : parse_advisor_bucket(b.string()));
        } catch (const value_error& e) {
            b.fail(e.what());
        }
    }
    if (s.model == "max_lifetime") {
        only({"lifetime", "rate_per_hour"});
        auto l = c["lifetime"];
        s.lifetime = hours_of(l);
        if (!(s.lifetime->count() > 0)) l.fail("a positive lifetime such as \"24h\"");
        if (auto r = c.optional("rate_per_hour")) s.rate = rate_of(*r);
    }
    if (auto n = c.optional("notice")) s.notice = hours_of(*n);
    return s;
}

}  // namespace detail

inline restart_model parse_restart(const json_cursor& c) {
    c.expect_object({"delay", "billed", "overhead"});
    restart_delay delay = fixed_delay(fast_hours(0));
    if (auto d = c.optional("delay")) {
        if (d->value().is_object()) {
            d->expect_object({"distribution", "value", "mean", "samples"});
            std::string kind = (*d)["distribution"].choice({"fixed", "exponential", "empirical"});
            if (kind == "fixed") delay = fixed_delay(detail::hours_of((*d)["value"]));
            if (kind == "exponential") delay = exponential_delay(detail::hours_of((*d)["mean"]));
            if (kind == "empirical") {
                std::vector<fast_hours> samples;
                for (const auto& s : (*d)["samples"].elements(true)) samples.push_back(detail::hours_of(s));
                delay = empirical_delay(std::move(samples));
            }
        } else {
            delay = fixed_delay(detail::hours_of(*d));
        }
    }
    bool billed = false;
    if (auto b = c.optional("billed")) billed = b->boolean();
    fast_hours overhead{0};
    if (auto o = c.optional("overhead")) overhead = detail::hours_of(*o);
    return restart_model(delay, billed ? delay_billing::billed : delay_billing::unbilled, overhead);
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

namespace detail {

inline price_spec parse_price_model(const json_cursor& c, const offer& o, timestamp origin) {
    c.expect_object(
        {"model", "kappa", "theta", "median", "sigma", "jump_rate_per_hour", "jump_mean", "jump_sd", "step", "fit"});
    price_spec p;
    std::string model = c["model"].choice({"market", "ou_jump"});
    if (model == "market") {
        for (const auto& [k, _] : c.value().items())
            if (k != "model") c[k].fail("no \"" + k + "\" for the \"market\" price model");
        return p;
    }
    p.model = price_spec::kind::ou_jump;
    if (auto s = c.optional("step")) {
        p.step = hours_of(*s);
        if (!(p.step.count() > 0)) s->fail("a positive step such as \"5m\"");
    }
    if (auto f = c.optional("fit")) {
        f->choice({"history"});
        for (const auto& [k, _] : c.value().items())
            if (k != "model" && k != "fit" && k != "step")
                c[k].fail("no \"" + k + "\" beside \"fit\" (parameters are fitted)");
        if (!o.spot || !std::holds_alternative<spot_history>(o.spot->price))
            f->fail("an offer with a spot \"price_history\" to fit (offer \"" + o.id + "\" has none)");
        piecewise_spot_price h(spot_history_points(o, origin));
        const auto& pts = h.points();
        auto n = static_cast<std::size_t>(std::floor((pts.back().at - pts.front().at) / p.step));
        try {
            p.ou = fit_ou_jump(sample_evenly(h, pts.front().at, p.step, n + 1), p.step).params;
        } catch (const std::exception& e) {
            f->fail(std::string("a history the OU-with-jumps model can be fitted to: ") + e.what());
        }
        return p;
    }
    p.ou.kappa = c["kappa"].number(0, 1e6);
    if (c.has("theta") == c.has("median")) c.fail("exactly one of \"theta\" (mean log price) or \"median\" (a price)");
    if (auto t = c.optional("theta")) p.ou.theta = t->number(-50, 50);
    if (auto m = c.optional("median")) {
        exact med = m->decimal();
        if (med <= 0) m->fail("a positive price");
        p.ou.theta = std::log(to_double(med));
    }
    p.ou.sigma = c["sigma"].number(0, 1e3);
    if (auto j = c.optional("jump_rate_per_hour")) p.ou.jump_rate = rate_of(*j);
    if (auto j = c.optional("jump_mean")) p.ou.jump_mean = j->number(-50, 50);
    if (auto j = c.optional("jump_sd")) p.ou.jump_sd = j->number(0, 50);
    return p;
}

}  // namespace detail

// One checkpoint interval ("1h", "young" or "daly") with its cost, resolved to hours.
inline checkpoint_spec resolve_checkpoint(const json_cursor& every, const json_cursor& cost,
                                          const interruption_spec& intr, usec work) {
    checkpoint_spec s;
    s.cost = detail::hours_of(cost);
    const fast_hours m = intr.mtbi();
    if (every.value().is_string() && (every.value() == "young" || every.value() == "daly")) {
        s.rule = every.value() == "young" ? checkpoint_rule::young : checkpoint_rule::daly;
        if (!(s.cost.count() > 0)) cost.fail("a positive checkpoint cost (Young and Daly need δ > 0)");
        if (!std::isfinite(m.count())) {
            s.every = to_fast_hours(work);  // no interruptions: one stretch, no checkpoint
        } else {
            s.every = s.rule == checkpoint_rule::young ? young_interval(s.cost, m) : daly_interval(s.cost, m);
        }
    } else {
        s.rule = checkpoint_rule::fixed;
        s.every = detail::hours_of(every);
        if (!(s.every.count() > 0)) every.fail("a positive interval such as \"1h\" (or \"young\" / \"daly\")");
    }
    if (!(s.cost < s.every))
        cost.fail("a checkpoint cost shorter than the interval (every = " +
                  format_duration(std::chrono::duration_cast<usec>(s.every)) + ")");
    return s;
}

namespace detail {

inline checkpoint_spec parse_checkpoint(const json_cursor& c, const interruption_spec& intr, usec work) {
    c.expect_object({"every", "cost"});
    return resolve_checkpoint(c["every"], c["cost"], intr, work);
}

// A campaign must be able to finish: a session must outlive its overhead plus the longest
// stretch, and a stretch must complete with a probability that is not astronomically small
// (each attempt succeeds with probability e^{-λ(overhead + stretch)}).
inline void check_progress(const json_cursor& cc, const candidate& k, usec work) {
    const double stretch =
        (k.checkpoint.rule == checkpoint_rule::none
             ? to_fast_hours(work).count()
             : std::min(k.checkpoint.every.count(), to_fast_hours(work).count()) + k.checkpoint.cost.count());
    const double need = k.restart.overhead.count() + stretch;
    if (k.interruptions.lifetime && !(k.interruptions.lifetime->count() > need))
        cc["interruptions"]["lifetime"].fail(
            "a lifetime longer than the restart overhead plus one stretch of work "
            "and its checkpoint (" +
            std::to_string(need) + " h); checkpoint more often");
    if (!k.interruptions.lifetimes.empty()) {
        double longest = *std::max_element(k.interruptions.lifetimes.begin(), k.interruptions.lifetimes.end(),
                                           [](fast_hours a, fast_hours b) { return a < b; }) /
                         fast_hours(1.0);
        if (!(longest > need))
            cc["interruptions"]["file"].fail("a trace whose longest spot lifetime (" + std::to_string(longest) +
                                             " h) exceeds the restart overhead plus one stretch (" +
                                             std::to_string(need) + " h); checkpoint more often");
        return;
    }
    const double exponent = k.interruptions.rate.per_hour() * need;
    if (exponent > 13.8) {  // e^13.8 ≈ 10^6 attempts per stretch
        auto i = cc["interruptions"];
        auto where = i.has("rate_per_hour") ? i["rate_per_hour"] : i.has("bucket") ? i["bucket"] : i;
        where.fail("a rate at which a stretch can complete: rate × (overhead + stretch) = " + std::to_string(exponent) +
                   " needs about e^" + std::to_string(static_cast<int>(exponent)) +
                   " attempts per stretch; checkpoint more often");
    }
}

}  // namespace detail

inline scenario parse_scenario(const json_cursor& c) {
    c.expect_object({"schema", "name", "currency", "start", "catalog", "offers", "workload", "deadline", "candidates",
                     "plan", "notes"});
    auto schema = c["schema"];
    if (schema.string() != scenario_schema) schema.fail("\"" + std::string(scenario_schema) + "\"");
    scenario s;
    s.file = c.file();
    s.name = c["name"].string();
    s.in_currency = c["currency"].currency();
    if (auto st = c.optional("start")) s.start = st->time();
    s.offers.name = s.name;
    s.offers.file = s.file;
    s.offers.currency = s.in_currency;
    if (auto cat = c.optional("catalog")) {
        std::filesystem::path p(cat->string());
        if (p.is_relative()) p = std::filesystem::path(s.file).parent_path() / p;
        s.offers = load_catalog(p.string());  // its errors name the catalog file and pointer
    }
    if (auto offers = c.optional("offers")) {
        for (const auto& oc : offers->elements(true)) {
            offer o = parse_offer(oc, s.in_currency);
            if (s.offers.find(o.id)) oc["id"].fail("an id not already used by the scenario's catalog");
            s.offers.offers.push_back(std::move(o));
        }
    }
    if (s.offers.offers.empty()) c.fail("\"offers\" or a \"catalog\" (the scenario has no offers)");

    auto wl = c["workload"];
    wl.expect_object({"name", "work", "work_basis", "gpu_memory_gib", "scaling_efficiency", "speed", "speed_basis",
                      "published", "measurements", "samples", "epochs", "batch"});
    if (auto n = wl.optional("name")) s.workload_name = n->string();
    if (auto m = wl.optional("gpu_memory_gib")) s.gpu_memory_gib = m->number(0, 1e6);
    if (auto e = wl.optional("scaling_efficiency")) s.scaling_efficiency = e->number(0, 1);
    runtime_basis bare{runtime_source::estimate, "relative speed stated in the scenario"};
    if (auto b = wl.optional("speed_basis")) bare.basis = b->string();
    if (auto sp = wl.optional("speed")) {
        if (sp->value().is_string()) {
            std::filesystem::path p(sp->string());
            if (p.is_relative()) p = std::filesystem::path(s.file).parent_path() / p;
            if (wl.has("speed_basis"))
                wl["speed_basis"].fail("no \"speed_basis\" beside a speed file (its entries give theirs)");
            s.speed = load_speed_table(p.string()).speeds;
        } else {
            s.speed = parse_speeds(*sp, bare);
        }
    }
    s.work_basis = {runtime_source::estimate, "the work stated in the scenario"};
    if (auto b = wl.optional("work_basis")) {
        b->expect_object({"source", "basis"});
        auto src = (*b)["source"];
        try {
            s.work_basis.source = parse_runtime_source(src.string());
        } catch (const value_error& e) {
            src.fail(e.what());
        }
        s.work_basis.basis = (*b)["basis"].string();
    }
    if (auto pub = wl.optional("published")) {
        std::filesystem::path p(pub->string());
        if (p.is_relative()) p = std::filesystem::path(s.file).parent_path() / p;
        s.study = load_published_study(p.string());
        for (const auto& row : s.study->rows) {
            if (row.market != market_kind::on_demand) continue;  // runtimes come from on-demand runs
            derived_runtime d = runtime_of(*s.study, row, s.offers);
            s.published.push_back({static_cast<std::size_t>(s.offers.find(row.offer) - s.offers.offers.data()),
                                   d.runtime, std::move(d.basis)});
        }
    }
    if (auto pl = c.optional("plan")) {
        if (!pl->value().is_object()) pl->fail("an object (see plan.hpp)");
        s.plan = pl->value();
    }
    if (wl.has("measurements")) {  // work, speeds, scaling and memory from costsim-bench (measurement.hpp)
        if (wl.has("work")) wl["work"].fail("no \"work\" beside \"measurements\" (the measured throughput gives it)");
        if (wl.has("published")) wl["published"].fail("no \"published\" beside \"measurements\"");
        std::vector<std::pair<std::string, double>> stated;
        for (const auto& g : s.speed) stated.emplace_back(g.model, g.value);
        s.measured = read_measured_workload(wl, s.offers, stated);
        s.work = s.measured->work;
        s.work_basis = {runtime_source::measured, "costsim-bench on " + s.measured->reference_model + ", " +
                                                      format_quantity(s.measured->reference_samples_per_second) +
                                                      " samples/s (" + s.measured->files.front() + ")"};
        std::vector<gpu_speed> merged;
        for (const auto& [model_name, v] : s.measured->speed) {
            const std::string& model = model_name;  // a lambda cannot capture a binding before clang 16
            const bool was_measured = std::find(s.measured->measured_models.begin(), s.measured->measured_models.end(),
                                                model) != s.measured->measured_models.end();
            auto stated_one =
                std::find_if(s.speed.begin(), s.speed.end(), [&](const gpu_speed& g) { return g.model == model; });
            runtime_basis b = was_measured ? runtime_basis{runtime_source::measured, "measured by costsim-bench"}
                                           : runtime_basis{stated_one->basis.source,
                                                           stated_one->basis.basis + ", re-anchored at the measured " +
                                                               s.measured->reference_model};
            merged.push_back({model, v, std::move(b)});
        }
        s.speed = std::move(merged);
        if (!s.scaling_efficiency) s.scaling_efficiency = s.measured->scaling_efficiency;
        if (!s.gpu_memory_gib) s.gpu_memory_gib = s.measured->gpu_memory_gib;
    } else {
        for (const char* k : {"samples", "epochs", "batch"})
            if (wl.has(k)) wl[k].fail(std::string("no \"") + k + "\" without \"measurements\"");
        if (auto work = wl.optional("work")) {
            s.work = work->duration();
            if (s.work.count() <= 0) work->fail("a positive amount of work such as \"100h\"");
        } else if (!s.published.empty()) {
            // The reference runtime: the published runtime of a GPU model at speed 1.
            for (const auto& p : s.published) {
                const offer& po = s.offers.offers[p.offer_index];
                const std::string model = po.gpus ? po.gpus->model : "cpu";
                auto it =
                    std::find_if(s.speed.begin(), s.speed.end(), [&](const gpu_speed& g) { return g.model == model; });
                if (it != s.speed.end() && it->value == 1.0) {
                    s.work = p.runtime;
                    s.work_basis = {p.basis.source, po.id + ": " + p.basis.basis};
                    break;
                }
            }
            if (s.work.count() == 0)
                wl.fail("a \"work\" (no published runtime is on a GPU model at speed 1 of \"speed\" to give it)");
            if (wl.has("work_basis"))
                wl["work_basis"].fail("no \"work_basis\" without \"work\" (the published runtime gives it)");
        } else {
            (void)wl["work"];  // required: fails naming it
        }
    }
    if (auto d = c.optional("deadline")) {
        s.deadline = d->duration();
        if (*s.deadline < s.work)
            d->fail("a deadline of at least the work (" + format_duration(s.work) + "), got " +
                    format_duration(*s.deadline));
    }

    std::vector<json_cursor> listed;
    if (auto cs = c.optional("candidates"))
        listed = cs->elements(!s.plan.has_value());
    else if (!s.plan)
        c.fail("\"candidates\" or a \"plan\" (the scenario names nothing to run)");
    for (const auto& cc : listed) {
        cc.expect_object(
            {"offer", "market", "policy", "checkpoint", "interruptions", "restart", "price", "billing", "tick"});
        candidate k;
        k.pointer = cc.pointer();
        auto oid = cc["offer"];
        const offer* o = s.offers.find(oid.string());
        if (!o) {
            std::string known;
            for (const auto& x : s.offers.offers) known += (known.empty() ? "" : ", ") + x.id;
            oid.fail("an offer id of the scenario (known: " + known + ")");
        }
        k.offer_index = static_cast<std::size_t>(o - s.offers.offers.data());
        if (auto rt = s.runtime_on(*o)) {  // each offer runs at its own speed, from the best figure there is
            k.speedup = rt->speedup;
            k.runtime = std::move(rt->basis);
        } else {
            const std::string model = o->gpus ? o->gpus->model : "cpu";
            oid.fail("an offer whose GPU model (\"" + model +
                     "\") has a measurement, a published row or a \"speed\" in the workload");
        }
        auto mk = cc["market"];
        k.market = parse_market_kind(mk.choice({"on_demand", "spot", "monthly"}));
        if (!o->has_market(k.market)) mk.fail("a market offer \"" + o->id + "\" has");
        auto pol = cc["policy"];
        std::string p = pol.choice({"on_demand", "spot_only", "deadline_fallback", "greedy", "uniform_progress"});
        k.policy = p == "on_demand"           ? policy_kind::on_demand
                   : p == "spot_only"         ? policy_kind::spot_only
                   : p == "deadline_fallback" ? policy_kind::deadline_fallback
                   : p == "greedy"            ? policy_kind::greedy
                                              : policy_kind::uniform_progress;
        if (k.policy == policy_kind::on_demand && k.market == market_kind::spot)
            pol.fail("\"spot_only\" or \"deadline_fallback\" for the spot market");
        if (k.policy != policy_kind::on_demand && k.market != market_kind::spot)
            pol.fail("\"on_demand\" for the " + std::string(to_string(k.market)) + " market");
        if (needs_deadline(k.policy)) {
            if (!s.deadline) pol.fail("a top-level \"deadline\" (" + p + " needs one)");
            if (!o->on_demand) pol.fail("an offer with an on_demand market to fall back to");
        }
        if (auto i = cc.optional("interruptions")) {
            k.interruptions = detail::parse_interruptions(*i);
            if (k.market != market_kind::spot && k.interruptions.model != "none")
                i->fail("no interruption model for the " + std::string(to_string(k.market)) + " market");
        }
        if (auto ck = cc.optional("checkpoint")) k.checkpoint = detail::parse_checkpoint(*ck, k.interruptions, s.work);
        if (auto r = cc.optional("restart")) {
            try {
                k.restart = parse_restart(*r);
            } catch (const value_error& e) {
                r->fail(e.what());
            }
        }
        if (auto pr = cc.optional("price")) {
            if (k.market != market_kind::spot)
                pr->fail("no price model for the " + std::string(to_string(k.market)) + " market");
            try {
                k.price = detail::parse_price_model(*pr, *o, s.start);
            } catch (const value_error& e) {
                pr->fail(e.what());
            }
        }
        if (k.interruptions.model == "trace_fit" && cc.has("restart") && cc["restart"].has("delay"))
            cc["restart"]["delay"].fail(
                "no delay beside \"trace_fit\" interruptions (the trace's outages are the wait for capacity)");
        if (auto tk = cc.optional("tick")) {
            k.tick = tk->duration();
            if (k.tick->count() <= 0) tk->fail("a positive decision tick such as \"10m\"");
        }
        const bool keeps_progress = decides_on_ticks(k.policy);
        if (keeps_progress && cc.has("checkpoint"))
            cc["checkpoint"].fail("no checkpoint for " + p +
                                  " (the Can't Be Late model keeps progress across "
                                  "preemptions; restart.overhead, d, is the cost of resuming)");
        if (k.market == market_kind::spot && !keeps_progress) detail::check_progress(cc, k, s.work);
        if (auto b = cc.optional("billing")) k.per_tick_billing = b->choice({"offer", "per_tick"}) == "per_tick";
        if (k.market == market_kind::spot && k.price.model == price_spec::kind::market &&
            std::holds_alternative<spot_history>(o->spot->price)) {
            const auto& h = std::get<spot_history>(o->spot->price);
            if (s.start < h.points.front().from)
                cc["offer"].fail("an offer whose spot price history covers the campaign start " +
                                 format_timestamp(s.start));
        }
        s.candidates.push_back(std::move(k));
    }
    return s;
}

inline scenario load_scenario(const std::string& path) {
    json j = load_json_file(path);
    return parse_scenario(json_cursor(j, path));
}

}  // namespace costsim
