// costsim/io/scenario_json.hpp — reads the `costsim.scenario/v1` file into a scenario.
//
// A scenario names a job (work hours), offers (inline, from a catalog file, or both), an
// optional deadline, and candidates: offer × market × policy × checkpoint interval ×
// interruption / restart / price models. Reading resolves everything a trial needs
// (checkpoint intervals "young"/"daly" become hours; a Spot Advisor bucket becomes a
// hazard; a price history becomes hours since the campaign start), and refuses
// anything inconsistent with the JSON pointer of the offending value. An "interruptions"
// object is read apart from being resolved: read_interruptions() checks its fields and
// places its file beside the scenario, opening nothing; resolve_interruptions() loads the
// trace or spot-risk file and fits the model. The rest is still read and resolved in one
// pass.
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
//   "workload": {"class": "llm_finetune", "speed": "gpu_speed_by_class_2026.json"}: a
//            costsim.speed-classes/v1 file (speed_classes.hpp) and the class to read from
//            it: offers map onto GPU variants through its variant table, each variant gets
//            the class's figure or a labelled fallback, the class's published scaling
//            serves plan "gpus", and an offer without GPU memory in the catalog gets its
//            variant's. The work is then at the table's reference variant.
//   "workload": {"size": {"table": "llm_job_size_2026.json", "model": "7B" | "llama-2-7b",
//            "tokens": "50M" | {"samples": 52002, "epochs": 3}, "method": "full"|"lora"|"qlora",
//            "precision": "bf16"|"fp8", "seq": 2048, "micro_batch": 1, "stack": "plain"|"tuned"}}
//            instead of "work": the job by its size (models/job_size.hpp). The work is the
//            estimate's `stack` end on the table's anchor, which must be the speed table's
//            reference (speed 1); the memory need per GPU (on plan "gpu_count" GPUs, else
//            one) becomes gpu_memory_gib unless the workload states one.
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
//            restart "delay" beside it), "notice": "2m", "lifetime": "24h" (every model but
//            none: no session outlives it, as GCE preemptible VMs are stopped at 24 h)}
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
//   "plan": what the planner may try (plan_spec; the fields are listed in plan.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "costsim/engine/scenario.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/io/job_size_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/io/measurement_json.hpp"
#include "costsim/io/published_json.hpp"
#include "costsim/io/speed_classes_json.hpp"
#include "costsim/io/speed_json.hpp"
#include "costsim/io/spot_risk_json.hpp"
#include "costsim/io/trace_json.hpp"
#include "costsim/models/trace.hpp"
#include "costsim/pricing/offer_lookup.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view scenario_schema = "costsim.scenario/v1";

/// Reads a scenario file; input_error with the file and JSON pointer of what is wrong.
scenario load_scenario(const std::string& path);
scenario parse_scenario(const json_cursor& root);

/// A "restart" object, as a candidate and the plan section hold it.
restart_model parse_restart(const json_cursor& c);
/// The "plan" section (plan.hpp); needs the scenario's offers and deadline, read before it.
plan_spec parse_plan(const json_cursor& c, const scenario& s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

inline fast_hours hours_of(const json_cursor& c) { return to_fast_hours(c.duration()); }

inline hazard rate_of(const json_cursor& c) { return hazard(c.number(0, 1e6)); }

// An "interruptions" object as written: the model and its fields, with the referenced
// file's path resolved beside the scenario but not read. resolve_interruptions() loads it.
struct interruption_request {
    interruption_kind kind = interruption_kind::none;
    hazard rate{};  ///< poisson, max_lifetime
    std::optional<advisor_bucket> bucket;
    std::string file;  ///< trace_fit: the trace; advisor: a spot-risk file (may be empty)
    trace_sense sense = trace_sense::preempted;
    std::optional<fast_hours> lifetime, notice;
    std::string proxy;
    std::string doc, pointer;  ///< where it is written: the scenario file and the object's pointer
};

inline interruption_request read_interruptions(const json_cursor& c) {
    c.expect_object({"model", "rate_per_hour", "bucket", "lifetime", "notice", "file", "sense", "proxy"});
    interruption_request r;
    r.doc = c.file();
    r.pointer = c.pointer();
    auto model = c["model"];
    const std::string name = model.choice({"none", "poisson", "advisor", "max_lifetime", "trace", "trace_fit"});
    auto only = [&](std::initializer_list<std::string_view> allowed) {
        for (const auto& [k, _] : c.value().items()) {
            // A maximum lifetime (GCE preemptible VMs: 24 h) caps every model's sessions.
            bool ok = k == "model" || k == "notice" || k == "proxy" || (k == "lifetime" && name != "none");
            for (auto a : allowed) ok = ok || a == k;
            if (!ok) c[k].fail("no \"" + k + "\" for the \"" + name + "\" model");
        }
    };
    if (name == "trace")
        model.fail(
            "\"none\", \"poisson\", \"advisor\", \"max_lifetime\" or \"trace_fit\" (a \"trace\" is "
            "replayed by `costsim replay SCENARIO --trace FILE`)");
    r.kind = *find_enum<interruption_kind>(name);
    switch (r.kind) {
        case interruption_kind::none: only({}); break;
        case interruption_kind::poisson:
            only({"rate_per_hour"});
            r.rate = rate_of(c["rate_per_hour"]);
            break;
        case interruption_kind::max_lifetime:
            only({"rate_per_hour"});
            (void)c["lifetime"];  // required: fails naming it when absent
            if (auto rt = c.optional("rate_per_hour")) r.rate = rate_of(*rt);
            break;
        case interruption_kind::advisor:
            only({"bucket", "file"});
            if (auto f = c.optional("file")) r.file = path_beside(c, f->string());
            if (auto b = c.optional("bucket"))
                r.bucket = b->in_context([&] {
                    return b->value().is_number_integer()
                               ? advisor_bucket_from_index(static_cast<int>(b->integer(0, 4)))
                               : parse_advisor_bucket(b->string());
                });
            else if (r.file.empty())
                c.fail("a \"bucket\" (\"<5%\" .. \">20%\") or a spot-risk \"file\" that gives each offer its band");
            break;
        case interruption_kind::trace_fit:
            only({"file", "sense"});
            r.file = path_beside(c, c["file"].string());
            // What the file's values count: Can't Be Late's "preempted" (the default) or
            // SpotHedge's "obtainable" (models/trace.hpp).
            if (auto se = c.optional("sense")) r.sense = se->choice_of<trace_sense>();
            break;
    }
    if (auto l = c.optional("lifetime")) {
        r.lifetime = hours_of(*l);
        if (!(r.lifetime->count() > 0)) l->fail("a positive lifetime such as \"24h\"");
    }
    if (auto n = c.optional("notice")) r.notice = hours_of(*n);
    if (auto px = c.optional("proxy")) {
        r.proxy = px->string();
        if (r.proxy.empty()) px->fail("what the model is borrowed from, such as \"p3.2xlarge (V100) trace, 2023\"");
    }
    return r;
}

// Loads what the request names (a trace, a spot-risk file) and fits the model. `per_offer`:
// where a spot-risk "file" without a "bucket" is allowed (the plan's models, a candidate's):
// the file, for the caller to look each offer's band up in. `in_plan`: a trace with no spot
// capacity at all is a model (the plan leaves those offers' spot out, saying so), not an error.
inline interruption_spec resolve_interruptions(const interruption_request& r,
                                               std::optional<spot_risk>* per_offer = nullptr, bool in_plan = false) {
    auto fail = [&](const std::string& field, const std::string& expected) {
        throw input_error(r.doc, r.pointer + (field.empty() ? "" : "/" + field), expected);
    };
    interruption_spec s;
    switch (r.kind) {
        case interruption_kind::none: break;
        case interruption_kind::poisson: s.model = spot_models::poisson{r.rate}; break;
        case interruption_kind::max_lifetime: s.model = spot_models::max_lifetime{r.rate}; break;
        case interruption_kind::advisor: {
            // A spot-risk file (io/spot_risk_json.hpp): the band's rate and the anchor traces'
            // shape; without "bucket", each offer's own band (resolved by the caller).
            std::optional<spot_risk> risk;
            if (!r.file.empty()) {
                if (!is_regular_file_noexcept(r.file)) fail("file", "a spot-risk file (" + r.file + " is not one)");
                risk = load_spot_risk(r.file);
            }
            if (r.bucket) {
                if (risk)
                    s = risk->band_model(*r.bucket);
                else
                    s.model = spot_models::advisor{advisor_hazard(*r.bucket), *r.bucket, {}, std::nullopt};
            } else if (per_offer) {
                s.model = spot_models::advisor{};
                s.notice = risk->notice;
                *per_offer = std::move(*risk);
            } else {
                fail("",
                     "a \"bucket\" beside the spot-risk \"file\" (each offer's own band is looked up only in "
                     "the plan's and a candidate's \"interruptions\")");
            }
            break;
        }
        case interruption_kind::trace_fit: {
            spot_models::trace_fit t;
            t.trace.file = r.file;
            trace_stats st = compute_trace_stats(load_spot_trace(r.file, r.sense));
            t.gap = st.gap;
            if (st.lifetime_samples.empty() && in_plan) {
                t.trace.availability = 0.0;  // never any spot capacity: no lifetimes, no rate
            } else {
                if (st.lifetime_samples.empty())
                    fail("file", "a trace in which spot is available at least once (" + r.file + ", read as " +
                                     std::string(to_string(r.sense)) + ")");
                t.trace.lifetimes = std::move(st.lifetime_samples);
                t.trace.outages = std::move(st.outage_samples);
                if (t.trace.outages.empty())
                    t.trace.outages.push_back(to_fast_hours(st.gap));  // never out: a preemption still costs a tick
                t.trace.availability = st.availability;
            }
            s.model = std::move(t);
            break;
        }
    }
    s.lifetime = r.lifetime;
    if (r.notice) s.notice = r.notice;
    s.proxy = r.proxy;
    // A trace's rate is one over its mean lifetime, capped by the maximum lifetime if given.
    if (auto* t = std::get_if<spot_models::trace_fit>(&s.model); t && !t->trace.lifetimes.empty())
        t->rate = hazard::from_mean(s.mtbi());
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
namespace detail {

// "every" ("1h", "young" or "daly") and "cost", as asked for; resolve_checkpoint
// (scenario.hpp) turns them into hours once the work and interruption model are known.
inline checkpoint_request read_checkpoint_request(const json_cursor& every, const json_cursor& cost) {
    checkpoint_request r;
    r.cost = hours_of(cost);
    if (every.value().is_string() && (every.value() == "young" || every.value() == "daly")) {
        r.rule = every.value() == "young" ? checkpoint_rule::young : checkpoint_rule::daly;
    } else {
        r.rule = checkpoint_rule::fixed;
        r.every = hours_of(every);
        if (!(r.every.count() > 0)) every.fail("a positive interval such as \"1h\" (or \"young\" / \"daly\")");
    }
    return r;
}

inline checkpoint_spec parse_checkpoint(const json_cursor& c, const interruption_spec& intr, usec work) {
    c.expect_object({"every", "cost"});
    const checkpoint_request r = read_checkpoint_request(c["every"], c["cost"]);
    return c["cost"].in_context([&] { return resolve_checkpoint(r, intr, work); });
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
    if (const auto lifetimes = k.interruptions.lifetimes(); !lifetimes.empty()) {
        double longest = *std::max_element(lifetimes.begin(), lifetimes.end(), [](fast_hours a, fast_hours b) {
            return a < b;
        }) / fast_hours(1.0);
        if (!(longest > need))
            cc["interruptions"]["file"].fail("a trace whose longest spot lifetime (" + std::to_string(longest) +
                                             " h) exceeds the restart overhead plus one stretch (" +
                                             std::to_string(need) + " h); checkpoint more often");
        return;
    }
    const double exponent = k.interruptions.rate().per_hour() * need;
    if (exponent > 13.8) {  // e^13.8 ≈ 10^6 attempts per stretch
        auto i = cc["interruptions"];
        auto where = i.has("rate_per_hour") ? i["rate_per_hour"] : i.has("bucket") ? i["bucket"] : i;
        where.fail("a rate at which a stretch can complete: rate × (overhead + stretch) = " + std::to_string(exponent) +
                   " needs about e^" + std::to_string(static_cast<int>(exponent)) +
                   " attempts per stretch; checkpoint more often");
    }
}

}  // namespace detail

namespace detail {

// An offer's own Advisor band, with the notice (where stated), lifetime and proxy of the
// model that asked for it.
inline interruption_spec own_band(const spot_risk& risk, advisor_bucket band, const interruption_spec& base) {
    interruption_spec spec = risk.band_model(band);
    if (base.notice) spec.notice = base.notice;
    spec.lifetime = base.lifetime;
    spec.proxy = base.proxy;
    return spec;
}

// Each offer's own Advisor band, for an "advisor" model with a spot-risk file and no
// "bucket": one choice per band that occurs, naming its offers (`only`, else every spot
// offer of the catalog). The model's own "notice", "lifetime" and "proxy" carry over. The
// offers with no row go to `missing`, with the reason: a later model covers them, or the
// plan leaves their spot market out, saying why.
inline void advisor_choices(const spot_risk& risk, const interruption_spec& base, const std::vector<std::string>& only,
                            const catalog& cat, std::vector<plan_spec::interruption_choice>& out,
                            std::map<std::string, std::string>& missing) {
    std::array<std::vector<std::string>, 5> by_band;
    auto place = [&](const offer& o) {
        if (!o.spot) return;
        const advisor_entry* e = o.provider == "aws" ? risk.find(o.region, o.instance) : nullptr;
        if (e)
            by_band[static_cast<std::size_t>(e->bucket)].push_back(o.id);
        else
            missing.emplace(o.id, o.provider == "aws" ? "the AWS Spot Advisor (" + risk.advisor_as_of +
                                                            ") has no row for " + o.instance + " in " + o.region
                                                      : "the AWS Spot Advisor covers AWS only");
    };
    if (only.empty())
        for (const offer& o : cat.offers) place(o);
    else
        for (const auto& id : only) place(*find_offer(cat, id, market_kind::spot).found);
    for (std::size_t b = 0; b < by_band.size(); ++b) {
        if (by_band[b].empty()) continue;
        out.push_back({std::move(by_band[b]), own_band(risk, static_cast<advisor_bucket>(b), base)});
    }
}

// "where": {"cloud", "region", "zone", "gpu"}, each a name or a list of names: the spot
// offers of the catalog that match every field given (a model for a cloud, a zone's GPUs).
inline std::vector<std::string> offers_where(const json_cursor& w, const catalog& cat) {
    w.expect_object({"cloud", "region", "zone", "gpu"});
    if (w.value().empty()) w.fail("at least one of \"cloud\", \"region\", \"zone\", \"gpu\"");
    auto names = [&](const char* key) {
        std::vector<std::string> out;
        if (auto f = w.optional(key)) {
            if (f->value().is_string())
                out.push_back(f->string());
            else
                for (const auto& x : f->elements(true)) out.push_back(x.string());
        }
        return out;
    };
    const auto clouds = names("cloud"), regions = names("region"), zones = names("zone"), gpus = names("gpu");
    auto in = [](const std::vector<std::string>& list, const std::string& v) {
        return list.empty() || std::find(list.begin(), list.end(), v) != list.end();
    };
    std::vector<std::string> ids;
    for (const offer& o : cat.offers)
        if (o.spot && in(clouds, o.provider) && in(regions, o.region) && in(zones, o.zone) &&
            (gpus.empty() || (o.gpus && in(gpus, o.gpus->model))))
            ids.push_back(o.id);
    return ids;
}

// The plan's "interruptions": one model for every spot offer, or a list of models each for
// the offers it names ("offers": [ids]) or for all (no "offers"); an Advisor model per offer
// (advisor_choices) names its offers itself.
inline std::vector<plan_spec::interruption_choice> parse_planned_interruptions(
    const json_cursor& c, const catalog& cat, std::map<std::string, std::string>& missing) {
    std::vector<plan_spec::interruption_choice> r;
    auto add = [&](const json_cursor& sc, std::vector<std::string> ids) {
        std::optional<spot_risk> risk;
        interruption_spec spec = resolve_interruptions(read_interruptions(sc), &risk, true);
        if (risk)
            advisor_choices(*risk, spec, ids, cat, r, missing);
        else
            r.push_back({std::move(ids), std::move(spec)});
    };
    if (!c.value().is_array()) {
        add(c, {});
    } else {
        for (const auto& e : c.elements(true)) {
            if (!e.value().is_object()) e.fail("an interruption model object");
            json spec = e.value();
            std::vector<std::string> ids;
            if (auto os = e.optional("offers")) {
                if (e.has("where"))
                    e["where"].fail("no \"where\" beside \"offers\" (one names the offers, the other selects them)");
                for (const auto& id : os->elements(true)) {
                    const offer_match m = find_offer(cat, id.string(), market_kind::spot);
                    if (!m.found) id.fail(unknown_offer_text(cat, id.string()));
                    ids.push_back(m.found->id);
                }
                spec.erase("offers");
            }
            bool none = false;  // "where" selects no offer of this catalog: checked, applied to none
            if (auto w = e.optional("where")) {
                ids = offers_where(*w, cat);
                none = ids.empty();
                spec.erase("where");
            }
            const json_cursor sc(spec, e.file(), e.pointer());
            if (none) {
                std::optional<spot_risk> unused;
                (void)resolve_interruptions(read_interruptions(sc), &unused, true);
                continue;
            }
            add(sc, std::move(ids));
        }
    }
    // A later model for every offer covers what the Advisor had no row for.
    for (const auto& ch : r)
        if (ch.offers.empty()) missing.clear();
    for (const auto& ch : r)
        for (const auto& id : ch.offers) missing.erase(id);
    return r;
}

}  // namespace detail

inline plan_spec parse_plan(const json_cursor& p, const scenario& s) {
    p.expect_object({"offers", "markets", "policies", "checkpoint", "interruptions", "restart", "gpus", "gpu_count",
                     "allow_unknown_memory", "failover"});
    plan_spec r;
    if (auto os = p.optional("offers"))
        for (const auto& e : os->elements(true)) {
            const offer_match m = find_offer(s.offers, e.string());
            if (!m.found) e.fail(unknown_offer_text(s.offers, e.string()));
            r.offers.push_back(m.found->id);
        }
    if (auto ms = p.optional("markets")) {
        r.markets.clear();
        for (const auto& e : ms->elements(true)) r.markets.push_back(e.choice_of<market_kind>());
    }
    if (auto ps = p.optional("policies")) {
        r.policies.emplace();
        for (const auto& e : ps->elements(true)) {
            const policy_kind pk = e.choice_of({policy_kind::spot_only, policy_kind::deadline_fallback});
            if (needs_deadline(pk) && !s.deadline)
                e.fail("a top-level \"deadline\" (" + std::string(to_string(pk)) + " needs one)");
            r.policies->push_back(pk);
        }
    }
    if (auto i = p.optional("interruptions"))
        r.interruptions = detail::parse_planned_interruptions(*i, s.offers, r.no_interruption_model);
    if (auto rs = p.optional("restart")) {
        r.restart = rs->in_context([&] { return parse_restart(*rs); });
    }
    if (auto g = p.optional("gpus")) {
        if (!s.scaling_efficiency && !s.scaling)
            g->fail(
                "no \"gpus\" without the workload's \"scaling_efficiency\" (how much each extra GPU speeds the "
                "job up) or a \"class\" whose speed table gives its scaling; without it only one GPU of each offer "
                "is planned");
        for (const auto& e : g->elements(true)) r.gpus.push_back(static_cast<int>(e.integer(1, 1024)));
    }
    if (auto n = p.optional("gpu_count")) {
        if (p.has("gpus")) n->fail("no \"gpu_count\" beside \"gpus\" (one fixes the count, the other lists counts)");
        r.gpu_count = static_cast<int>(n->integer(1, 1024));
    }
    if (auto u = p.optional("allow_unknown_memory")) r.allow_unknown_memory = u->boolean();
    if (auto f = p.optional("failover")) {
        f->expect_object({"relaunch"});
        if (std::find(r.markets.begin(), r.markets.end(), market_kind::spot) == r.markets.end())
            f->fail("no \"failover\" without the spot market in \"markets\" (failover relaunches spot runs)");
        r.failover_relaunch = f->has("relaunch") ? detail::hours_of((*f)["relaunch"]) : default_failover_relaunch;
    }
    if (auto ck = p.optional("checkpoint")) {
        ck->expect_object({"every", "cost"});
        for (const auto& e : (*ck)["every"].elements(true))
            r.checkpoints.push_back(detail::read_checkpoint_request(e, (*ck)["cost"]));
        r.checkpoint_cost_pointer = (*ck)["cost"].pointer();
    }
    return r;
}

inline scenario parse_scenario(const json_cursor& c) {
    c.expect_object({"schema", "name", "currency", "start", "catalog", "offers", "workload", "deadline", "candidates",
                     "plan", "notes"});
    c.expect_schema(scenario_schema);
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
                      "class", "published", "measurements", "samples", "epochs", "batch", "size"});
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
            if (is_speed_classes(load_json_file(p.string()))) {
                // Speeds per class and GPU variant: every variant gets a figure for the class
                // (its own, another class's, or a peak ratio: speed_classes.hpp says which).
                if (!wl.has("class"))
                    wl.fail(
                        "a \"class\" beside a speed table per class (one of llm_finetune, llm_pretrain, "
                        "encoder, cnn, inference)");
                auto k = wl["class"];
                s.work_class = k.in_context([&] { return parse_workload_class(k.string()); });
                speed_classes_file f = load_speed_classes(p.string());
                if (!f.table.find(*s.work_class))
                    k.fail("a class of the speed table " + f.table.name + " (\"" + k.string() + "\" is none)");
                s.speed = resolve_class_speeds(f.table, f.variants, *s.work_class);
                s.scaling = f.table.find(*s.work_class)->scaling;
                s.variants = std::move(f.variants);
                s.speed_name = f.table.name;
            } else {
                const speed_table t = load_speed_table(p.string());
                s.speed = t.speeds;
                s.speed_name = t.name;
            }
        } else {
            s.speed = parse_speeds(*sp, bare);
        }
    }
    if (wl.has("class") && !s.work_class)
        wl["class"].fail(
            "no \"class\" without a \"speed\" file that is a speed table per class "
            "(costsim.speed-classes/v1)");
    s.work_basis = {runtime_source::estimate, "the work stated in the scenario"};
    if (auto b = wl.optional("work_basis")) {
        b->expect_object({"source", "basis"});
        auto src = (*b)["source"];
        s.work_basis.source = src.in_context([&] { return parse_runtime_source(src.string()); });
        s.work_basis.basis = (*b)["basis"].string();
    }
    if (auto sz = wl.optional("size")) {  // the job by its size gives the work and the memory need
        for (const char* k : {"work", "work_basis", "measurements", "published"})
            if (wl.has(k)) wl[k].fail(std::string("no \"") + k + "\" beside \"size\" (the size gives the work)");
        sz->expect_object({"table", "model", "tokens", "method", "precision", "seq", "micro_batch", "stack"});
        std::filesystem::path tp((*sz)["table"].string());
        if (tp.is_relative()) tp = std::filesystem::path(s.file).parent_path() / tp;
        const job_size_table t = load_job_size_table(tp.string());
        job_size j;
        j.model = (*sz)["model"].in_context([&] { return t.model((*sz)["model"].string()); });
        j.method = (*sz)["method"].in_context([&] { return parse_train_method((*sz)["method"].string()); });
        if (auto p = sz->optional("precision"))
            j.precision = p->in_context([&] { return parse_train_precision(p->string()); });
        j.seq = sz->has("seq") ? static_cast<int>((*sz)["seq"].integer(1, 1 << 24)) : t.memory.default_seq;
        if (auto b = sz->optional("micro_batch")) j.micro_batch = static_cast<int>(b->integer(1, 1 << 20));
        auto tok = (*sz)["tokens"];
        if (tok.value().is_object()) {  // samples x seq x epochs
            tok.expect_object({"samples", "epochs"});
            j.tokens =
                tok["samples"].number(1, 1e15) * j.seq * (tok.has("epochs") ? tok["epochs"].number(1e-6, 1e6) : 1.0);
        } else {
            j.tokens = tok.in_context([&] { return parse_count(tok.string()); });
        }
        stack_end end = stack_end::plain;
        if (auto e = sz->optional("stack")) end = e->in_context([&] { return parse_stack_end(e->string()); });
        int gpus = 1;  // the memory need of a sharded job depends on the plan's GPU count
        if (auto pl = c.optional("plan"))
            if (pl->value().is_object() && pl->value().contains("gpu_count") &&
                pl->value()["gpu_count"].is_number_integer())
                gpus = static_cast<int>((*pl)["gpu_count"].integer(1, 1 << 20));
        const size_estimate e = tok.in_context([&] { return estimate_job(j, 1, t); });
        if (!s.speed.empty() && std::none_of(s.speed.begin(), s.speed.end(),
                                             [&](const gpu_speed& g) { return g.model == t.anchor && g.value == 1.0; }))
            (*sz)["table"].fail("a table whose anchor (" + t.anchor +
                                ") is the speed table's reference at speed 1, so the work is at reference speed");
        s.work = e.at(end);
        s.work_basis = {weakest(e.tuned_basis.source, e.plain_basis.source), size_basis(j, e, end, 1, t)};
        if (!s.gpu_memory_gib) {
            const size_estimate m = gpus == 1 ? e : tok.in_context([&] { return estimate_job(j, gpus, t); });
            s.gpu_memory_gib = m.memory_gib;
            if (gpus > 1)
                s.work_basis.basis += " (memory on " + std::to_string(gpus) + " GPUs: " + m.memory_basis + ")";
        }
        if (s.workload_name.empty()) s.workload_name = describe(j);
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
    if (auto pl = c.optional("plan"))
        if (!pl->value().is_object()) pl->fail("an object (see plan.hpp)");
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
        } else if (wl.has("size")) {
            // the size gave the work above
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
        listed = cs->elements(!c.has("plan"));
    else if (!c.has("plan"))
        c.fail("\"candidates\" or a \"plan\" (the scenario names nothing to run)");
    for (const auto& cc : listed) {
        cc.expect_object(
            {"offer", "market", "policy", "checkpoint", "interruptions", "restart", "price", "billing", "tick"});
        candidate k;
        k.pointer = cc.pointer();
        auto oid = cc["offer"];
        std::optional<market_kind> asked;
        if (cc.has("market") && cc["market"].value().is_string()) try {
                asked = parse_market_kind(cc["market"].string());
            } catch (const value_error&) {
                // the market is read, and refused, below
            }
        const offer* o = find_offer(s.offers, oid.string(), asked).found;
        if (!o) oid.fail(unknown_offer_text(s.offers, oid.string()));
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
        k.market = mk.choice_of<market_kind>();
        if (!o->has_market(k.market)) mk.fail("a market offer \"" + o->id + "\" has");
        auto pol = cc["policy"];
        k.policy = pol.choice_of<policy_kind>();
        if (k.policy == policy_kind::on_demand && k.market == market_kind::spot)
            pol.fail("\"spot_only\" or \"deadline_fallback\" for the spot market");
        if (k.policy != policy_kind::on_demand && k.market != market_kind::spot)
            pol.fail("\"on_demand\" for the " + std::string(to_string(k.market)) + " market");
        if (needs_deadline(k.policy)) {
            if (!s.deadline) pol.fail("a top-level \"deadline\" (" + std::string(to_string(k.policy)) + " needs one)");
            if (!o->on_demand) pol.fail("an offer with an on_demand market to fall back to");
        }
        if (auto i = cc.optional("interruptions")) {
            std::optional<spot_risk> risk;
            k.interruptions = detail::resolve_interruptions(detail::read_interruptions(*i), &risk);
            if (risk) {  // the offer's own Advisor band
                const advisor_entry* e = o->provider == "aws" ? risk->find(o->region, o->instance) : nullptr;
                if (!e)
                    (*i)["file"].fail("a spot-risk file with an Advisor row for " + o->instance + " in " + o->region +
                                      " (the AWS Spot Advisor of " + risk->advisor_as_of + " has none" +
                                      (o->provider == "aws" ? "" : ": it covers AWS only") + ")");
                k.interruptions = detail::own_band(*risk, e->bucket, k.interruptions);
            }
            if (k.market != market_kind::spot && k.interruptions.kind() != interruption_kind::none)
                i->fail("no interruption model for the " + std::string(to_string(k.market)) + " market");
        }
        if (auto ck = cc.optional("checkpoint")) k.checkpoint = detail::parse_checkpoint(*ck, k.interruptions, s.work);
        if (auto r = cc.optional("restart")) {
            k.restart = r->in_context([&] { return parse_restart(*r); });
        }
        if (auto pr = cc.optional("price")) {
            if (k.market != market_kind::spot)
                pr->fail("no price model for the " + std::string(to_string(k.market)) + " market");
            k.price = pr->in_context([&] { return detail::parse_price_model(*pr, *o, s.start); });
        }
        if (k.interruptions.kind() == interruption_kind::trace_fit && cc.has("restart") && cc["restart"].has("delay"))
            cc["restart"]["delay"].fail(
                "no delay beside \"trace_fit\" interruptions (the trace's outages are the wait for capacity)");
        if (auto tk = cc.optional("tick")) {
            k.tick = tk->duration();
            if (k.tick->count() <= 0) tk->fail("a positive decision tick such as \"10m\"");
        }
        const bool keeps_progress = decides_on_ticks(k.policy);
        if (keeps_progress && cc.has("checkpoint"))
            cc["checkpoint"].fail("no checkpoint for " + std::string(to_string(k.policy)) +
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
    if (auto pl = c.optional("plan")) s.plan = parse_plan(*pl, s);
    return s;
}

inline scenario load_scenario(const std::string& path) {
    json j = load_json_file(path);
    return parse_scenario(json_cursor(j, path));
}

}  // namespace costsim