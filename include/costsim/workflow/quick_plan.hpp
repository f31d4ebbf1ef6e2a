// costsim/workflow/quick_plan.hpp — "my job takes 10 h on one A100-80GB": a plan asked with
// flags instead of a scenario file.
//
// quick_scenario() builds the same typed scenario a `costsim.scenario/v1` file would, by
// writing that document and reading it with the one reader (io/scenario_json.hpp), so every
// check a file gets applies; then it narrows the plan to the offers the flags select.
//
// The job: `work` on `gpus` GPUs of `gpu.front()` (a figure the user states, so its source is
// `measured`, with that basis). Further GPU models in `gpu` ("all": every model the speed
// table has) are planned at the speed table's ratio to the first, each ratio named. Without
// `gpu`, the work is at the speed table's reference model and every offer with a figure is
// planned. The job runs on exactly `gpus` GPUs of an offer (plan_spec::gpu_count): an 8-GPU
// instance is not planned for a 1-GPU job, since it bills all eight.
//
// Stated defaults (each printed with the plan): spot runs checkpoint at Young's interval,
// a checkpoint costing 1 min; no start-up or restart overhead unless given. Spot risk, by
// cloud (docs/spot_risk.md):
//  - AWS: the instance type's AWS Spot Advisor band in its region, calibrated on real traces
//    (io/spot_risk_json.hpp), AWS's 2 min notice;
//  - GCP A100s in the six zones SpotHedge (EuroSys '25) traced: that zone's trace (read as
//    counts of obtainable instances); other GCP spot offers: the PROXY below; both with
//    GCP's 24 h cap and 30 s notice;
//  - Azure: the PROXY with Azure's 30 s notice; Runpod: the PROXY, no notice stated;
//  - the PROXY: the bundled p3.2xlarge (V100) trace of us-east-1a, February 2023, also for
//    an AWS type the Advisor has no row for (with AWS's notice).
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "costsim/core/text.hpp"
#include "costsim/engine/monte_carlo.hpp"
#include "costsim/io/job_size_json.hpp"
#include "costsim/io/scenario_json.hpp"
#include "costsim/io/speed_classes_json.hpp"
#include "costsim/io/speed_json.hpp"
#include "costsim/pricing/offer_lookup.hpp"
#include "costsim/workflow/quick_flags.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct quick_job {
    usec work{0};
    std::vector<std::string> gpu;  ///< first: the GPU the work is stated on; "all": every model with a figure
    int gpus = 1;
    std::optional<double> memory_gib;
    std::optional<usec> deadline;
    std::vector<market_kind> markets{market_kind::on_demand, market_kind::spot};
    /// "--market …,failover": spot with failover over each offer's identical zones too
    /// (plan_spec::failover_relaunch, at the default relaunch delay).
    bool failover = false;
    std::vector<std::string> clouds;  ///< providers (empty: all)
    std::string region;               ///< POSIX extended regex on region, zone or id (empty: all)
    bool allow_unknown_memory = false;
    usec checkpoint_cost = std::chrono::minutes(1);
    usec restart_overhead{0};
    std::string work_class;                   ///< with a speed table per class: the class (empty: llm_finetune)
    std::string catalog, speed, proxy_trace;  ///< files (the CLI gives the bundled ones)
    std::string spot_risk;                    ///< AWS Spot Advisor bands (empty: the proxy for every offer)
    std::string gcp_a100_traces;              ///< folder of SpotHedge's GCP A100 zone traces (empty: none)
    /// The job by its size instead of `work` (models/job_size.hpp): the work is estimated on
    /// `gpus` GPUs of the table's anchor at the `stack` end, and the memory need follows.
    std::optional<job_size> size;
    stack_end stack = stack_end::plain;
    /// The size's facts (with `size`): pricing_data/llm_job_size_2026.json, read once.
    std::optional<costsim::job_size_table> size_facts;
};

/// The zones of SpotHedge's GCP A100 traces (pricing_data/spot-traces/spothedge-gcp-a100/).
inline constexpr std::array<const char*, 6> gcp_a100_trace_zones{"asia-northeast1-a", "europe-west4-a", "us-central1-a",
                                                                 "us-central1-b",     "us-east1-b",     "us-west1-b"};

/// The plan's proxy spot model, named for the output.
inline constexpr std::string_view quick_proxy_name =
    "PROXY: AWS p3.2xlarge (1x V100) spot trace, us-east-1a, 2023-02-15 (Can't Be Late, NSDI '24)";

/// The scenario the flags describe; input_error naming the flag ("command line", "--gpu")
/// for a flag that selects nothing or names what the catalog or speed table lacks.
scenario quick_scenario(const quick_job& q);

/// "40GiB", "40GB" (taken as GiB, as the catalogs use), "80gib": GiB; value_error otherwise.
double parse_memory_gib(std::string_view text);

/// The job the flags state, with the bundled catalog, speed table, Advisor bands and traces
/// under `share` (a costsim source tree or installed share/costsim) where no file is given;
/// input_error ("command line", the flag) for a malformed value.
quick_job quick_job_of(const quick_flags& f, const std::string& share);
/// A positive duration given as `flag` ("--deadline"); input_error ("command line", flag).
usec positive_flag_duration(const char* flag, const std::string& text);
/// The Monte Carlo options of a plan: `trials` fixed where given (or for a scenario file),
/// else, in quick mode, each candidate to a 1 % interval of its mean cost (2,000 trials
/// first, at most `trials`); `target_rel_ci` > 0 sets another interval.
mc_options plan_mc_options(bool quick, std::uint64_t trials, bool trials_given, double target_rel_ci,
                           std::uint64_t seed, unsigned threads);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline double parse_memory_gib(std::string_view text) {
    std::string t = ascii_lower(text);
    std::size_t unit = t.size();
    for (const char* u : {"gib", "gb"})
        if (t.size() > std::string_view(u).size() && t.ends_with(u)) {
            unit = t.size() - std::string_view(u).size();
            break;
        }
    const std::string num = t.substr(0, unit);
    bool ok = unit < t.size() && !num.empty();
    for (char c : num) ok = ok && ((c >= '0' && c <= '9') || c == '.');
    if (!ok) throw value_error("a GPU memory with its unit, such as 40GiB, got \"" + std::string(text) + "\"");
    const double v = std::stod(num);
    if (!(v > 0 && v <= 1e6))
        throw value_error("a GPU memory above 0, such as 40GiB, got \"" + std::string(text) + "\"");
    return v;
}

inline usec positive_flag_duration(const char* flag, const std::string& text) {
    const usec d = flag_value(flag, [&] { return parse_duration(text); });
    if (d <= usec(0)) throw input_error("command line", flag, "a positive duration such as 24h, got \"" + text + "\"");
    return d;
}

namespace detail {
/// The job's size from --model and its companions; the work is left to quick_scenario.
inline void quick_size(const quick_flags& f, const std::string& share, quick_job& q) {
    if (!f.work.empty())
        throw input_error("command line", "--work", "--work or --model, not both (the size gives the work)");
    if (!f.memory.empty())
        throw input_error("command line", "--memory", "no --memory with --model: the size gives the memory need");
    const job_size_table& t = q.size_facts.emplace(load_job_size_table(share + "/pricing_data/llm_job_size_2026.json"));
    job_size j;
    j.model = flag_value("--model", [&] { return t.model(f.model); });
    if (f.method.empty())
        throw input_error("command line", "--method", "the training method with --model: full, lora or qlora");
    j.method = flag_value("--method", [&] { return parse_train_method(f.method); });
    if (!f.precision.empty())
        j.precision = flag_value("--precision", [&] { return parse_train_precision(f.precision); });
    auto whole = [&](const char* flag, const std::string& text) {
        const double v = flag_value(flag, [&] { return parse_count(text); });
        if (v != std::floor(v) || v > 1e9)
            throw input_error("command line", flag, "a whole number such as 4096, got \"" + text + "\"");
        return static_cast<int>(v);
    };
    j.seq = f.seq.empty() ? t.memory.default_seq : whole("--seq", f.seq);
    if (!f.micro_batch.empty()) j.micro_batch = whole("--micro-batch", f.micro_batch);
    if (!f.tokens.empty()) {
        if (!f.samples.empty() || !f.epochs.empty())
            throw input_error("command line", f.samples.empty() ? "--epochs" : "--samples",
                              "--tokens, or --samples (x --seq x --epochs), not both");
        j.tokens = flag_value("--tokens", [&] { return parse_count(f.tokens); });
    } else if (!f.samples.empty()) {
        const double epochs = f.epochs.empty() ? 1.0 : flag_value("--epochs", [&] { return parse_count(f.epochs); });
        j.tokens = flag_value("--samples", [&] { return parse_count(f.samples); }) * j.seq * epochs;
    } else {
        throw input_error("command line", "--tokens",
                          "the tokens the job trains on with --model, e.g. 50M (or --samples)");
    }
    if (!f.stack.empty()) q.stack = flag_value("--stack", [&] { return parse_stack_end(f.stack); });
    q.size = std::move(j);
}
}  // namespace detail

inline quick_job quick_job_of(const quick_flags& f, const std::string& share) {
    quick_job q;
    if (!f.model.empty())
        detail::quick_size(f, share, q);
    else {
        for (const auto& t : quick_flags::flags)
            if (t.size && t.given(f))
                throw input_error("command line", t.name, "--model with it: it states the job's size");
        q.work = positive_flag_duration("--work", f.work);
    }
    q.gpu = split_list(f.gpu);
    q.gpus = f.gpus;
    if (!f.memory.empty()) q.memory_gib = flag_value("--memory", [&] { return parse_memory_gib(f.memory); });
    if (!f.deadline.empty()) q.deadline = positive_flag_duration("--deadline", f.deadline);
    if (!f.market.empty()) {
        q.markets.clear();
        for (const auto& m : split_list(f.market)) {
            if (ascii_lower(m) == "failover") {
                q.failover = true;
                continue;
            }
            q.markets.push_back(flag_value("--market", [&] { return parse_market_kind(m); }));
        }
        if (q.failover && std::find(q.markets.begin(), q.markets.end(), market_kind::spot) == q.markets.end())
            q.markets.push_back(market_kind::spot);  // failover relaunches spot runs
        if (q.markets.empty())
            throw input_error("command line", "--market", "one or more of on_demand, spot, monthly, failover");
    }
    q.clouds = split_list(f.cloud);
    q.region = f.region;
    q.allow_unknown_memory = f.allow_unknown_memory;
    if (!f.checkpoint_cost.empty()) q.checkpoint_cost = positive_flag_duration("--checkpoint-cost", f.checkpoint_cost);
    if (!f.restart_overhead.empty())
        q.restart_overhead = flag_value("--restart-overhead", [&] { return parse_duration(f.restart_overhead); });
    q.catalog = f.catalog.empty() ? share + "/pricing_data/gpu_cloud_2026.json" : f.catalog;
    q.speed = f.speed.empty() ? share + "/pricing_data/gpu_speed_by_class_2026.json" : f.speed;
    q.work_class = f.work_class;
    q.proxy_trace = share + "/pricing_data/spot-traces/availability/1-node/aws-02-15-2023/us-east-1a_v100_1.json";
    q.spot_risk = share + "/pricing_data/aws-spot-advisor/aws_spot_risk.json";
    q.gcp_a100_traces = share + "/pricing_data/spot-traces/spothedge-gcp-a100";
    return q;
}

inline mc_options plan_mc_options(bool quick, std::uint64_t trials, bool trials_given, double target_rel_ci,
                                  std::uint64_t seed, unsigned threads) {
    mc_options o;
    o.trials = trials;
    o.seed = seed;
    o.threads = threads;
    const double target = target_rel_ci > 0 ? target_rel_ci : (quick && !trials_given ? 0.01 : 0.0);
    if (target > 0) {
        o.target_rel_ci = target;
        o.each_candidate = true;
        o.first_round = 2000;
        o.max_trials = trials;
    }
    return o;
}

inline scenario quick_scenario(const quick_job& q) {
    auto flag_error = [](const char* flag, const std::string& what) { return input_error("command line", flag, what); };
    if (q.gpus < 1) throw flag_error("--gpus", "a GPU count of at least 1");
    // A job by its size: the work on q.gpus GPUs of the table's anchor, and its memory need.
    const job_size_table* sizes = q.size_facts ? &*q.size_facts : nullptr;
    if (q.size && !sizes) throw std::invalid_argument("quick_scenario: a job by its size needs quick_job::size_facts");
    std::optional<size_estimate> est;
    if (q.size) est = flag_value("--tokens", [&] { return estimate_job(*q.size, q.gpus, *sizes); });
    const usec work = est ? est->at(q.stack) : q.work;
    const std::optional<double> memory_gib = est ? std::optional<double>(est->memory_gib) : q.memory_gib;
    if (work.count() <= 0) throw flag_error("--work", "a positive amount of work such as 10h");
    // The speeds: a table per class (GPU variants, the class's figures or labelled
    // fallbacks) or one plain table; the one reader resolves either.
    const bool classes = is_speed_classes(load_json_file(q.speed));
    if (!classes && !q.work_class.empty())
        throw flag_error("--class", "no --class with a speed table that has no classes (" + q.speed + ")");
    const bool all = q.gpu.empty() || std::find(q.gpu.begin(), q.gpu.end(), "all") != q.gpu.end();

    json doc{{"schema", std::string(scenario_schema)},
             {"name", "quick plan"},
             {"currency", "USD"},
             {"catalog", q.catalog},
             {"plan",
              {{"restart", {{"billed", false}, {"overhead", format_duration(q.restart_overhead)}}},
               {"gpu_count", q.gpus},
               {"allow_unknown_memory", q.allow_unknown_memory}}}};
    json markets = json::array();
    for (market_kind m : q.markets) markets.push_back(std::string(to_string(m)));
    doc["plan"]["markets"] = markets;
    const bool spot = std::find(q.markets.begin(), q.markets.end(), market_kind::spot) != q.markets.end();
    if (spot) {
        doc["plan"]["checkpoint"] = {{"cost", format_duration(q.checkpoint_cost)}, {"every", {"young"}}};
        if (q.failover)
            doc["plan"]["failover"] = {
                {"relaunch", format_duration(std::chrono::round<usec>(default_failover_relaunch))}};
        const std::string proxy_name(quick_proxy_name.substr(7));
        auto proxy = [&](const char* notice, const std::string& who) {
            json j{{"model", "trace_fit"}, {"file", q.proxy_trace}, {"proxy", proxy_name + who}};
            if (*notice) j["notice"] = notice;
            return j;
        };
        json& models = doc["plan"]["interruptions"] = json::array();
        if (!q.spot_risk.empty()) models.push_back({{"model", "advisor"}, {"file", q.spot_risk}});
        if (!q.gcp_a100_traces.empty())
            for (const char* zone : gcp_a100_trace_zones)
                models.push_back(
                    {{"where", {{"cloud", "gcp"}, {"zone", zone}, {"gpu", json::array({"A100", "A100-80GB"})}}},
                     {"model", "trace_fit"},
                     {"file", q.gcp_a100_traces + "/" + zone + "_a100_40gb_8.json"},
                     {"sense", "obtainable"},
                     {"lifetime", "24h"},
                     {"notice", "30s"}});
        json gcp = proxy("30s",
                         ", for a GCP spot offer with no trace of its own (GCP publishes no per-type data; its 24 h "
                         "cap and 30 s notice)");
        gcp["lifetime"] = "24h";
        models.push_back({{"where", {{"cloud", "gcp"}}}});
        models.back().update(gcp);
        models.push_back({{"where", {{"cloud", "azure"}}}});
        models.back().update(proxy("30s", ", for Azure spot (Azure publishes no per-type data; its 30 s notice)"));
        models.push_back({{"where", {{"cloud", "runpod"}}}});
        models.back().update(proxy("", ", for Runpod's interruptible pods (no notice stated)"));
        models.push_back(proxy("2m", ", for an AWS type with no AWS Spot Advisor row"));
    }
    json wl{{"name", "quick plan"}, {"work", format_duration(work)}, {"speed", q.speed}};
    if (classes) wl["class"] = q.work_class.empty() ? std::string("llm_finetune") : q.work_class;
    if (memory_gib) wl["gpu_memory_gib"] = *memory_gib;
    doc["workload"] = wl;
    scenario s = [&] {
        try {
            return parse_scenario(json_cursor(doc, "command line"));
        } catch (const input_error& e) {
            if (e.pointer() == "/workload/class") throw flag_error("--class", e.expected());
            throw;
        }
    }();
    s.deadline = q.deadline;  // shorter than the work is an answer (nothing meets it), not an error

    // Which offers each --gpu names: its catalog GPU model, or (per variant) its variant id.
    auto names = [&](const offer& o, const std::string& g) {
        if (!o.gpus) return false;
        if (same_ascii_nocase(o.gpus->model, g)) return true;
        return s.variants && same_ascii_nocase(s.speed_key(o), g);
    };
    if (!all)
        for (const auto& g : q.gpu)
            if (std::none_of(s.offers.offers.begin(), s.offers.offers.end(),
                             [&](const offer& o) { return names(o, g); })) {
                std::vector<std::string> known;
                for (const auto& o : s.offers.offers)
                    if (o.gpus && std::find(known.begin(), known.end(), o.gpus->model) == known.end())
                        known.push_back(o.gpus->model);
                std::sort(known.begin(), known.end(), [&](const std::string& x, const std::string& y) {
                    return edit_distance(x, g) < edit_distance(y, g);
                });
                std::string near;
                for (std::size_t i = 0; i < known.size() && i < 5; ++i) near += (i ? ", " : "") + known[i];
                throw flag_error("--gpu",
                                 "a GPU model the catalog sells (\"" + g + "\" is none; did you mean " + near + "?)");
            }

    // The speed key the work is stated on: the first --gpu's (a catalog name means its
    // generic variant, "H100" the SXM card), else the table's reference.
    std::string stated_on, stated_note;
    if (est) {
        stated_on = sizes->anchor;
    } else if (all && (q.gpu.empty() || q.gpu.front() == "all")) {
        const auto ref =
            std::find_if(s.speed.begin(), s.speed.end(), [](const gpu_speed& g) { return g.value == 1.0; });
        stated_on = ref != s.speed.end() ? ref->model : std::string();
    } else if (s.variants) {
        const std::string& g = q.gpu.front();
        if (const gpu_variant* v = s.variants->named(g)) {
            stated_on = v->id;
            if (!same_ascii_nocase(v->id, g)) stated_note = " (\"" + g + "\" taken as the " + v->id + ")";
        } else {
            for (const auto& o : s.offers.offers)
                if (names(o, g) && !s.speed_key(o).empty()) {
                    stated_on = s.speed_key(o);
                    stated_note = " (\"" + g + "\" taken as the " + stated_on + ")";
                    break;
                }
        }
    } else {
        for (const auto& o : s.offers.offers)
            if (names(o, q.gpu.front())) {
                stated_on = o.gpus->model;  // the catalog's spelling
                break;
            }
    }
    const std::string work_text = format_duration(work) + " on " + std::to_string(q.gpus) + "x " +
                                  (stated_on.empty() ? q.gpu.front() : stated_on);
    s.workload_name = est ? describe(*q.size) : work_text;
    if (est) {
        s.work_basis = {weakest(est->tuned_basis.source, est->plain_basis.source),
                        size_basis(*q.size, *est, q.stack, q.gpus, *sizes)};
    } else {
        s.work_basis = {runtime_source::measured, "your figure: " + work_text + stated_note + " (--work, --gpu)"};
    }

    // Speeds relative to the one the work is stated on, each ratio named.
    const auto base_it =
        std::find_if(s.speed.begin(), s.speed.end(), [&](const gpu_speed& g) { return g.model == stated_on; });
    const std::optional<gpu_speed> base = base_it != s.speed.end() ? std::optional<gpu_speed>(*base_it) : std::nullopt;
    std::vector<std::string> planned_keys;  // the speed keys of the offers the --gpu flags name
    if (!all)
        for (const auto& o : s.offers.offers)
            for (const auto& g : q.gpu)
                if (names(o, g) &&
                    std::find(planned_keys.begin(), planned_keys.end(), s.speed_key(o)) == planned_keys.end())
                    planned_keys.push_back(s.speed_key(o));
    const std::string table = s.speed_name.empty() ? q.speed : s.speed_name;
    if (!base) {
        if (all || planned_keys.size() != 1 || planned_keys.front() != stated_on)
            throw flag_error("--gpu", "a GPU model with a figure in the speed table " + table + " to convert the " +
                                          "work to other GPUs (\"" + stated_on + "\" has none; give only that GPU)");
        s.speed = {{stated_on, 1.0, s.work_basis}};
    } else {
        std::vector<gpu_speed> rel;
        for (const auto& g : s.speed) {
            if (g.model == stated_on) {
                rel.push_back({g.model, 1.0, s.work_basis});
                continue;
            }
            runtime_basis b{weakest(g.basis.source, base->basis.source),
                            g.model + " " + format_quantity(g.value) + " / " + stated_on + " " +
                                format_quantity(base->value) + " in " + table + " (" + g.basis.basis + ")"};
            rel.push_back({g.model, g.value / base->value, std::move(b)});
        }
        s.speed = std::move(rel);
    }
    // The size's range on the first GPU asked for, through the class's speed ratio.
    if (est && !all && !planned_keys.empty() && planned_keys.front() != stated_on)
        for (const auto& g : s.speed)
            if (g.model == planned_keys.front() && g.value > 0) {
                auto h = [&](usec d) {
                    return format_quantity(std::round(to_fast_hours(d).count() / g.value * 1000) / 1000) + " h";
                };
                s.work_basis.basis += "; on " + std::to_string(q.gpus) + "x " + g.model + " (" +
                                      format_quantity(std::round(g.value * 1000) / 1000) + " of the " + stated_on +
                                      "'s speed): " + h(est->tuned) + " tuned to " + h(est->plain) + " plain";
            }

    // The offers the flags select.
    std::optional<offer_place_pattern> where;
    if (!q.region.empty()) flag_value("--region", [&] { where.emplace(q.region); });
    std::vector<std::string> chosen;
    for (const auto& o : s.offers.offers) {
        if (!q.clouds.empty() && std::find(q.clouds.begin(), q.clouds.end(), o.provider) == q.clouds.end()) continue;
        if (where && !where->matches(o)) continue;
        if (!o.gpus) continue;
        if (!all && std::none_of(q.gpu.begin(), q.gpu.end(), [&](const std::string& g) { return names(o, g); }))
            continue;
        if (all &&
            std::none_of(s.speed.begin(), s.speed.end(), [&](const gpu_speed& g) { return g.model == s.speed_key(o); }))
            continue;
        chosen.push_back(o.id);
    }
    for (const auto& c : q.clouds)
        if (std::none_of(s.offers.offers.begin(), s.offers.offers.end(),
                         [&](const offer& o) { return o.provider == c; }))
            throw flag_error("--cloud", "a cloud of the catalog (\"" + c + "\" is none)");
    if (chosen.empty())
        throw flag_error(q.region.empty() ? "--gpu" : "--region",
                         "flags that select at least one offer of the catalog (none is left: see costsim offers)");
    s.plan->offers = std::move(chosen);
    return s;
}

}  // namespace costsim
