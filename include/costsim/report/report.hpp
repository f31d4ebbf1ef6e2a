// costsim/report/report.hpp — one self-contained HTML report of a simulate, plan or replay result.
//
// The page answers first: a paragraph in plain words with the recommendation (offer, market,
// policy, expected cost and P95, expected time and P95, the chance of meeting the deadline),
// the best alternatives each with the one reason it lost, and where the inputs come from.
// Then Vega-Lite charts over the top candidates by expected cost (report_options::top, the
// page says how many of how many): cost vs time with P50–P95 intervals and the Pareto front;
// one shared-axis strip of cost distributions; P(finish by t) with the deadline; a deadline
// slider that re-ranks by the chance of finishing by the chosen time; and, for replays, the
// first window's spot capacity with each candidate's instances and waits. The full table is
// in a collapsible section with a legend of its abbreviations.
//
// The charting libraries (vega, vega-lite, vega-embed; fetched from npm at build time) are
// inlined, so the file opens offline. Charts render as SVG. Each spec carries in `usermeta`
// the marks it must draw ({"expect": {"symbol": 10, ...}}); the page counts the marks in each
// Vega view and records on <body> how many charts drew them (`data-charts-rendered` of
// `data-charts-expected`), what fell short (`data-chart-problems`), script and console errors
// (`data-errors`, and a visible banner) and, opened with `#check`, the elements that overflow
// the viewport (`data-overflow`): what tests/report/check_report.cmake asserts in Chromium.
//
// A result is a user's file: every field the report reads is checked, and a bad one is a
// report_input_problem naming its JSON pointer (render_report_from makes it an input_error).
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "costsim/io/json_input.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// The three UMD bundles, as text.
struct report_assets {
    std::string vega, vega_lite, vega_embed;
};

struct report_options {
    std::size_t top = 10;  ///< candidates charted (cheapest expected cost first, the recommendation always)
};

/// A field of the result that the report cannot use: where (a JSON pointer) and what it expected.
class report_input_problem : public model_error {
public:
    report_input_problem(std::string pointer, std::string expected)
        : model_error(pointer + ": " + expected), pointer_(std::move(pointer)), expected_(std::move(expected)) {}
    const std::string& pointer() const noexcept { return pointer_; }
    const std::string& expected() const noexcept { return expected_; }

private:
    std::string pointer_, expected_;
};

/// The HTML page for a `simulate --json`, `plan --json` or `replay --json` object. Throws
/// report_input_problem for a field it cannot use.
std::string render_report(const json& result, const report_assets& assets, const report_options& o = {});
/// render_report for a result read from `file` (a user's file, perhaps not costsim's): any
/// problem with it is an input_error naming `file` and the pointer, never another exception.
std::string render_report_from(const json& result, const report_assets& assets, const std::string& file,
                               const report_options& o = {});
/// The Vega-Lite specifications the page embeds, in order (exposed for tests).
std::vector<json> report_charts(const json& result, const report_options& o = {});
/// The opening paragraphs (HTML), exposed for tests.
std::string report_answer(const json& result, const report_options& o = {});

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

inline std::string html_escape(const std::string& s) {
    std::string o;
    for (char c : s) {
        switch (c) {
            case '&': o += "&amp;"; break;
            case '<': o += "&lt;"; break;
            case '>': o += "&gt;"; break;
            case '"': o += "&quot;"; break;
            default: o += c;
        }
    }
    return o;
}

// Library code placed inside <script>: only "</script" (any case) ends the element early,
// and "<!--" can start an escaped state; both are rewritten to equivalent JavaScript
// ("<\/script" and "<\!--" mean the same in strings and regular expressions).
inline std::string script_safe(const std::string& js) {
    std::string o;
    o.reserve(js.size());
    for (std::size_t i = 0; i < js.size(); ++i) {
        auto ahead = [&](const char* w) {
            for (std::size_t k = 0; w[k]; ++k)
                if (i + k >= js.size() || std::tolower(static_cast<unsigned char>(js[i + k])) != w[k]) return false;
            return true;
        };
        if (ahead("</script")) {
            o += "<\\/";
            ++i;
        } else if (ahead("<!--")) {
            o += "<\\!";
            ++i;
        } else {
            o += js[i];
        }
    }
    return o;
}

// JSON placed inside <script>: "<" only occurs in strings, where \u003c means the same.
inline std::string json_script_safe(const std::string& dumped) {
    std::string o;
    o.reserve(dumped.size());
    for (char c : dumped) {
        if (c == '<')
            o += "\\u003c";
        else
            o += c;
    }
    return o;
}

inline std::string fmt(const char* f, double x) {
    if (!std::isfinite(x)) return "–";
    char buf[64];
    std::snprintf(buf, sizeof buf, f, x);
    return buf;
}

// ---- the result, read and checked -----------------------------------------------------

// Checked access to a user's JSON: a member of the wrong type is a report_input_problem at
// its pointer; an absent or null optional member reads as absent.
struct jread {
    const json& j;
    std::string ptr;

    const json* get(const char* key) const {
        if (!j.is_object()) return nullptr;
        auto it = j.find(key);
        return it == j.end() || it->is_null() ? nullptr : &*it;
    }
    std::string at(const char* key) const { return ptr + "/" + key; }
    [[noreturn]] void bad(const char* key, const std::string& what) const { throw report_input_problem(at(key), what); }
    std::optional<double> opt_num(const char* key) const {
        const json* v = get(key);
        if (!v) return std::nullopt;
        if (!v->is_number() || !std::isfinite(v->get<double>())) bad(key, "a number");
        return v->get<double>();
    }
    double num(const char* key) const {
        auto v = opt_num(key);
        if (!v) bad(key, "a number");
        return *v;
    }
    std::optional<std::string> opt_str(const char* key) const {
        const json* v = get(key);
        if (!v) return std::nullopt;
        if (!v->is_string()) bad(key, "a string");
        return v->get<std::string>();
    }
    std::string str(const char* key) const {
        auto v = opt_str(key);
        if (!v) bad(key, "a string");
        return *v;
    }
    bool flag(const char* key, bool dflt) const {
        const json* v = get(key);
        if (!v) return dflt;
        if (!v->is_boolean()) bad(key, "true or false");
        return v->get<bool>();
    }
    std::optional<jread> obj(const char* key) const {
        const json* v = get(key);
        if (!v) return std::nullopt;
        if (!v->is_object()) bad(key, "an object");
        return jread{*v, at(key)};
    }
    const json* arr(const char* key) const {
        const json* v = get(key);
        if (v && !v->is_array()) bad(key, "an array");
        return v;
    }
    std::vector<double> numbers(const char* key, std::size_t n) const {
        const json* v = arr(key);
        std::vector<double> out;
        if (!v) return out;
        if (v->size() != n) bad(key, std::to_string(n) + " numbers (the percentiles 0..100)");
        for (std::size_t i = 0; i < v->size(); ++i) {
            const json& x = (*v)[i];
            if (!x.is_number() || !std::isfinite(x.get<double>()))
                throw report_input_problem(at(key) + "/" + std::to_string(i), "a number");
            if (i && x.get<double>() < out.back())
                throw report_input_problem(at(key) + "/" + std::to_string(i), "percentiles in increasing order");
            out.push_back(x.get<double>());
        }
        return out;
    }
};

struct rstat {
    double mean = NAN, p50 = NAN, p95 = NAN, p99 = NAN, ci_half = NAN;
};

struct rsession {
    double start = 0, end = 0;
    std::string market;
};

struct rcand {
    std::size_t pos = 0;  // 1-based position in the result (the table's #)
    std::string offer, market, policy, ckpt_rule;
    double ckpt_every = NAN;
    int gpus = 1, failover_zones = 1;
    bool has_stats = false, pareto = false;
    rstat cost, time;
    double billed = NAN, deadline_met = NAN, saving = NAN, interruptions = NAN;
    std::vector<double> qcost, qtime;
    std::string rt_source, rt_basis;
    double rt_hours = NAN;
    std::string spot_model, spot_file;
    double spot_rate = NAN, spot_mtbi = NAN, spot_avail = NAN;
    std::optional<double> finished, outlasted;
    std::vector<rsession> sessions;
    bool window_outlasted = false;
    std::string label;  // for charts and the table
};

// Which command wrote the result: a plan has a recommendation, a replay a trace.
enum class result_kind { simulate, plan, replay };
}  // namespace detail
template <>
struct enum_table<detail::result_kind> {
    static constexpr std::string_view what = "a result's command";
    static constexpr std::array<enum_entry<detail::result_kind>, 3> entries{
        {{detail::result_kind::simulate, "simulate"},
         {detail::result_kind::plan, "plan"},
         {detail::result_kind::replay, "replay"}}};
};
namespace detail {

struct rresult {
    std::string scenario, currency;
    result_kind kind = result_kind::simulate;
    std::optional<double> trials, seed, deadline, recommended, confidence;
    std::string catalog_name, catalog_as_of;
    std::string trace, windows;
    double replays = NAN, gap_seconds = NAN, work_hours = NAN, window_start = NAN, window_end = NAN;
    std::vector<rsession> availability;  // market "available" / "unavailable"
    std::vector<rcand> cands;
    std::vector<std::string> excluded;  // HTML-escaped lines
};

inline std::string pretty_policy(const std::string& p) {
    if (p == "spot_only") return "spot only";
    if (p == "on_demand") return "on-demand";
    if (p == "uniform_progress") return "uniform progress";
    if (p == "deadline_fallback") return "deadline fallback";
    return p;
}
inline std::string pretty_market(const std::string& m) { return m == "on_demand" ? "on-demand" : m; }

// "#3 gce/us-central1/k80 spot, spot only, ckpt Young 0.33 h, 8 GPUs"
inline std::string candidate_label(const rcand& c) {
    std::string l = "#" + std::to_string(c.pos) + " " + c.offer + " " + pretty_market(c.market);
    if (!c.policy.empty() && c.policy != c.market && !(c.market == "spot" && c.policy == "spot_only"))
        l += ", " + pretty_policy(c.policy);
    if (c.failover_zones > 1) l += ", failover over " + std::to_string(c.failover_zones) + " zones";
    if (!c.ckpt_rule.empty() && c.ckpt_rule != "none") {
        std::string rule = c.ckpt_rule;
        rule[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(rule[0])));
        l += ", ckpt " + rule + " " + fmt("%.2f h", c.ckpt_every);
    }
    if (c.gpus > 1) l += ", " + std::to_string(c.gpus) + " GPUs";
    return l;
}

inline rstat read_stat(const jread& s) {
    rstat r;
    r.mean = s.num("mean");
    r.p50 = s.opt_num("p50").value_or(r.mean);
    r.p95 = s.opt_num("p95").value_or(r.mean);
    r.p99 = s.opt_num("p99").value_or(r.p95);
    if (const json* ci = s.arr("ci95")) {
        if (ci->size() != 2) s.bad("ci95", "[low, high]");
        if ((*ci)[1].is_number()) r.ci_half = (*ci)[1].get<double>() - r.mean;
    }
    return r;
}

inline std::vector<rsession> read_sessions(const json& arr, const std::string& ptr) {
    std::vector<rsession> out;
    for (std::size_t i = 0; i < arr.size(); ++i) {
        jread s{arr[i], ptr + "/" + std::to_string(i)};
        if (!arr[i].is_object()) throw report_input_problem(s.ptr, "an object");
        rsession x{s.num("start_hours"), s.num("end_hours"), {}};
        if (x.end < x.start) s.bad("end_hours", "an end at or after start_hours");
        if (const json* a = s.get("available")) {
            if (!a->is_boolean()) s.bad("available", "true or false");
            x.market = a->get<bool>() ? "spot capacity" : "no spot capacity";
        } else {
            x.market = s.str("market");
        }
        out.push_back(x);
    }
    return out;
}

inline rresult read_result(const json& j) {
    jread r{j, ""};
    const std::string what = "a costsim simulate or plan (or replay) --json result";
    if (!j.is_object()) throw report_input_problem("", what);
    const json* cands = r.get("candidates");
    if (!cands || !cands->is_array() || cands->empty()) r.bad("candidates", what + ": an array of candidates");
    rresult out;
    out.scenario = r.opt_str("scenario").value_or("result");
    out.currency = r.opt_str("currency").value_or("");
    out.trials = r.opt_num("trials");
    out.seed = r.opt_num("seed");
    out.deadline = r.opt_num("deadline_hours");
    out.recommended = r.opt_num("recommended");
    out.confidence = r.opt_num("deadline_confidence");
    if (auto cat = r.obj("catalog")) {
        out.catalog_name = cat->opt_str("name").value_or("");
        out.catalog_as_of = cat->opt_str("as_of").value_or("");
    }
    if (auto t = r.opt_str("trace")) {
        out.kind = result_kind::replay;
        out.trace = *t;
        out.windows = r.opt_str("windows").value_or("");
        out.replays = r.num("replays");
        out.gap_seconds = r.opt_num("gap_seconds").value_or(NAN);
        out.work_hours = r.opt_num("work_hours").value_or(NAN);
        if (auto fw = r.obj("first_window")) {
            out.window_start = fw->num("start_hours");
            out.window_end = fw->num("end_hours");
            if (const json* a = fw->arr("availability")) out.availability = read_sessions(*a, fw->at("availability"));
        }
    } else {
        out.kind = j.contains("recommended") ? result_kind::plan : result_kind::simulate;
    }
    if (const json* ex = r.arr("excluded"))
        for (std::size_t i = 0; i < ex->size(); ++i) {
            jread e{(*ex)[i], "/excluded/" + std::to_string(i)};
            out.excluded.push_back(html_escape(e.opt_str("offer").value_or("?")) + " (" +
                                   html_escape(pretty_market(e.opt_str("market").value_or(""))) +
                                   "): " + html_escape(e.opt_str("reason").value_or("")));
        }
    for (std::size_t i = 0; i < cands->size(); ++i) {
        jread c{(*cands)[i], "/candidates/" + std::to_string(i)};
        if (!(*cands)[i].is_object()) throw report_input_problem(c.ptr, "an object (a candidate)");
        rcand k;
        k.pos = i + 1;
        k.offer = c.str("offer");
        k.market = c.str("market");
        k.policy = c.opt_str("policy").value_or("");
        if (auto ck = c.obj("checkpoint")) {
            k.ckpt_rule = ck->opt_str("rule").value_or("none");
            k.ckpt_every = ck->opt_num("every_hours").value_or(NAN);
        }
        if (auto f = c.obj("failover")) {
            const auto z = f->opt_num("zones");
            if (!z || !(*z >= 2 && *z <= 1e6)) f->bad("zones", "a number of zones from 2 to 1000000");
            k.failover_zones = static_cast<int>(*z);
        }
        if (auto g = c.opt_num("gpus_used")) {
            if (!(*g >= 1 && *g <= 1e6)) c.bad("gpus_used", "a number of GPUs from 1 to 1000000");
            k.gpus = static_cast<int>(*g);
        }
        k.pareto = c.flag("pareto", false);
        auto cost = c.obj("cost");
        auto time = c.obj("makespan_hours");
        k.has_stats = cost && time && cost->get("mean") && time->get("mean");
        if (k.has_stats) {
            k.cost = read_stat(*cost);
            k.time = read_stat(*time);
            if (auto q = c.obj("quantiles")) {
                k.qcost = q->numbers("cost", 101);
                k.qtime = q->numbers("makespan_hours", 101);
            }
        }
        if (auto b = c.obj("billed_hours")) k.billed = b->opt_num("mean").value_or(NAN);
        if (auto in = c.obj("interruptions")) k.interruptions = in->opt_num("mean").value_or(NAN);
        k.deadline_met = c.opt_num("deadline_met").value_or(NAN);
        k.saving = c.opt_num("saving_vs_on_demand").value_or(NAN);
        k.finished = c.opt_num("finished");
        k.outlasted = c.opt_num("outlasted");
        if (auto rt = c.obj("runtime")) {
            k.rt_hours = rt->opt_num("hours").value_or(NAN);
            k.rt_source = rt->opt_str("source").value_or("");
            k.rt_basis = rt->opt_str("basis").value_or("");
        }
        if (auto im = c.obj("interruption_model")) {
            k.spot_model = im->str("model");
            k.spot_file = im->opt_str("file").value_or("");
            k.spot_rate = im->opt_num("rate_per_hour").value_or(NAN);
            k.spot_mtbi = im->opt_num("mean_lifetime_hours").value_or(NAN);
            k.spot_avail = im->opt_num("availability").value_or(NAN);
        }
        if (auto fw = c.obj("first_window")) {
            k.window_outlasted = fw->flag("outlasted", false);
            if (const json* ss = fw->arr("sessions")) k.sessions = read_sessions(*ss, fw->at("sessions"));
        }
        k.label = candidate_label(k);
        out.cands.push_back(std::move(k));
    }
    if (out.recommended && (*out.recommended < 1 || *out.recommended > static_cast<double>(out.cands.size()) ||
                            !out.cands[static_cast<std::size_t>(*out.recommended) - 1].has_stats))
        r.bad("recommended", "the 1-based position of a candidate with cost and time statistics");
    if (std::none_of(out.cands.begin(), out.cands.end(), [](const rcand& c) { return c.has_stats; }))
        r.bad("candidates", "at least one candidate with cost and makespan_hours statistics");
    // A simulate or replay result carries no Pareto marks: derive them as plan does (expected
    // cost vs expected time: no other candidate at least as good in both and better in one).
    if (std::none_of(cands->begin(), cands->end(), [](const json& c) { return c.contains("pareto"); }))
        for (auto& a : out.cands)
            a.pareto = a.has_stats && std::none_of(out.cands.begin(), out.cands.end(), [&](const rcand& b) {
                           return b.has_stats && b.cost.mean <= a.cost.mean && b.time.mean <= a.time.mean &&
                                  (b.cost.mean < a.cost.mean || b.time.mean < a.time.mean);
                       });
    return out;
}

// ---- what the page shows --------------------------------------------------------------

struct rview {
    rresult r;
    std::optional<std::size_t> rec;  // index into r.cands
    bool rec_from_result = false;
    std::vector<std::size_t> shown;  // top candidates, cheapest expected cost first
    std::size_t with_stats = 0;
};

inline double confidence_of(const rresult& r) { return r.confidence.value_or(0.95); }

inline rview make_view(const json& j, const report_options& o) {
    rview v{read_result(j), std::nullopt, false, {}, 0};
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < v.r.cands.size(); ++i)
        if (v.r.cands[i].has_stats) order.push_back(i);
    v.with_stats = order.size();
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return v.r.cands[a].cost.mean < v.r.cands[b].cost.mean; });
    if (v.r.recommended) {
        v.rec = static_cast<std::size_t>(*v.r.recommended) - 1;
        v.rec_from_result = true;
    } else if (v.r.kind != result_kind::plan) {
        // No recommendation in the result: the cheapest that meets the deadline with the
        // plan's confidence (or the cheapest, without a deadline).
        for (std::size_t i : order)
            if (!v.r.deadline || v.r.cands[i].deadline_met >= confidence_of(v.r)) {
                v.rec = i;
                break;
            }
    }
    const std::size_t top = std::max<std::size_t>(o.top, 1);
    for (std::size_t i : order)
        if (v.shown.size() < top) v.shown.push_back(i);
    if (v.rec && std::find(v.shown.begin(), v.shown.end(), *v.rec) == v.shown.end()) {
        if (v.shown.size() == top) v.shown.pop_back();
        v.shown.push_back(*v.rec);
    }
    return v;
}

inline std::string money_str(double x, const std::string& cur) {
    return fmt(std::abs(x) < 10 ? "%.2f" : (std::abs(x) < 1000 ? "%.1f" : "%.0f"), x) + (cur.empty() ? "" : " " + cur);
}
inline std::string hours_str(double h) { return fmt(h < 10 ? "%.2f h" : "%.1f h", h); }
inline std::string pct(double p) {
    if (p > 0.999 && p < 1) return "over 99.9 %";
    return fmt(p >= 0.995 && p < 1 ? "%.1f %%" : "%.0f %%", 100 * p);
}

inline std::string runs_phrase(const rresult& r) {
    if (r.kind == result_kind::replay) return fmt("%.0f", r.replays) + " replays";
    return r.trials ? fmt("%.0f", *r.trials) + " simulated campaigns" : std::string("the simulated campaigns");
}

inline std::string what_ran(const rresult& r) {
    std::string m;
    if (r.kind == result_kind::replay) {
        m = "Replayed on the spot trace " + r.trace + ": " + fmt("%.0f", r.replays) + " runs, " +
            (r.windows == "starts" || r.windows.empty()
                 ? std::string("starting at evenly spread ticks")
                 : "one per window of " + r.windows.substr(r.windows.find_last_of('/') + 1));
        if (std::isfinite(r.gap_seconds)) m += fmt(", ticks of %.0f s", r.gap_seconds);
        if (std::isfinite(r.work_hours)) m += ", " + hours_str(r.work_hours) + " of work";
    } else {
        m = (r.kind == result_kind::plan ? "Planned with " : "Simulated with ") +
            (r.trials ? fmt("%.0f", *r.trials) + " Monte Carlo trials per candidate" : std::string("Monte Carlo"));
        if (r.seed) m += fmt(" (seed %.0f)", *r.seed);
    }
    if (r.deadline) m += "; deadline " + hours_str(*r.deadline);
    if (!r.currency.empty()) m += "; amounts in " + r.currency;
    return m + ".";
}

// The one reason `a` lost to the recommendation `w`.
inline std::string lost_because(const rresult& r, const rcand& a, const rcand& w) {
    if (r.deadline && std::isfinite(a.deadline_met) && std::isfinite(w.deadline_met) &&
        (a.deadline_met < confidence_of(r) || a.deadline_met + 0.005 < w.deadline_met))
        return "riskier: P(deadline) " + pct(a.deadline_met) + " against " + pct(w.deadline_met);
    if (a.cost.mean > w.cost.mean) {
        const double d = a.cost.mean - w.cost.mean, rel = w.cost.mean > 0 ? d / w.cost.mean : NAN;
        if (std::isfinite(rel) && rel < 0.005)  // a tie at the precision shown: say how small the difference is
            return "dearer by only " + fmt("%.4f", d) + (r.currency.empty() ? "" : " " + r.currency) +
                   fmt(" (+%.2f %%), a tie in practice", 100 * rel);
        return "dearer by " + money_str(d, r.currency) + (std::isfinite(rel) ? fmt(" (+%.0f %%)", 100 * rel) : "");
    }
    if (a.time.mean > w.time.mean) return "slower by " + hours_str(a.time.mean - w.time.mean);
    if (a.cost.p95 > w.cost.p95)
        return "riskier: its P95 cost is " + money_str(a.cost.p95, r.currency) + " against " +
               money_str(w.cost.p95, r.currency);
    return "as good on expected cost and time (a tie broken by the order of the result)";
}

inline std::string inputs_sentences(const rresult& r) {
    std::string o;
    std::map<std::string, std::set<std::string>> by_source;
    for (const auto& c : r.cands)
        if (!c.rt_source.empty()) by_source[c.rt_source].insert(c.offer);
    if (!by_source.empty()) {
        std::vector<std::string> parts;
        for (const char* s : {"measured", "published", "estimate"})
            if (by_source.count(s))
                parts.push_back(std::string(std::string(s) == "estimate" ? "estimated" : s) + " for " +
                                std::to_string(by_source[s].size()) +
                                (by_source[s].size() == 1 ? " offer" : " offers"));
        std::string joined;
        for (std::size_t i = 0; i < parts.size(); ++i)
            joined += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
        o += "Runtimes are " + joined + ". ";
    }
    std::map<std::string, std::set<std::string>> traces;  // trace file -> offers
    std::set<std::string> advisor, assumed, none;
    for (const auto& c : r.cands) {
        if (c.spot_model.empty()) continue;
        if (c.spot_model == "trace_fit")
            traces[c.spot_file].insert(c.offer);
        else if (c.spot_model == "advisor")
            advisor.insert(c.offer);
        else if (c.spot_model == "none")
            none.insert(c.offer);
        else
            assumed.insert(c.offer);
    }
    for (const auto& [file, offers] : traces) {
        o += "Spot interruptions and waits for capacity of " + std::to_string(offers.size()) +
             (offers.size() == 1 ? " offer are" : " offers are") + " fitted to the spot trace " + html_escape(file);
        for (const auto& c : r.cands)
            if (c.spot_file == file && std::isfinite(c.spot_mtbi)) {
                o += " (a spot instance lives " + hours_str(c.spot_mtbi) + " on average; spot capacity is there " +
                     pct(c.spot_avail) + " of the time)";
                break;
            }
        o += offers.size() > 1 ? ": one trace stands in for several offers, a proxy for those it did not record. "
                               : ". ";
    }
    if (!advisor.empty())
        o += "The spot risk of " + std::to_string(advisor.size()) + (advisor.size() == 1 ? " offer" : " offers") +
             " comes from the Spot Instance Advisor's interruption band. ";
    if (!assumed.empty())
        o += "The spot risk of " + std::to_string(assumed.size()) + (assumed.size() == 1 ? " offer" : " offers") +
             " is an assumed interruption model (Poisson rate or maximum lifetime) given in the scenario. ";
    if (!none.empty()) o += "Spot is assumed never to be interrupted for " + std::to_string(none.size()) + " offers. ";
    if (r.kind == result_kind::replay)
        o += "Spot interruptions and waits for capacity are those the trace " + html_escape(r.trace) +
             " recorded; prices are the scenario's. ";
    if (!r.catalog_as_of.empty())
        o += "Prices are from the catalog " + html_escape(r.catalog_name) + ", dated " + html_escape(r.catalog_as_of) +
             ".";
    else if (r.kind != result_kind::replay)
        o += "The result does not say which catalog's prices it used, nor their date.";
    return o;
}

inline std::string answer_html(const rview& v) {
    const rresult& r = v.r;
    std::string h = "<p class=\"meta\">" + html_escape(what_ran(r)) + "</p>\n";
    if (!v.rec) {
        h += "<p class=\"answer\"><b>No candidate meets the " + hours_str(r.deadline.value_or(NAN)) +
             " deadline with " + pct(confidence_of(r)) + " probability.</b> ";
        std::size_t best = v.shown.front();
        for (std::size_t i : v.shown)
            if (r.cands[i].deadline_met > r.cands[best].deadline_met) best = i;
        const rcand& b = r.cands[best];
        h += "The likeliest to make it is " + html_escape(b.label) + ", with P(deadline) " + pct(b.deadline_met) +
             ", expected cost " + money_str(b.cost.mean, r.currency) + " and expected time " + hours_str(b.time.mean) +
             ".</p>\n";
    } else {
        const rcand& w = r.cands[*v.rec];
        h += "<p class=\"answer\"><b>Recommendation: " + html_escape(w.offer) + ", " + pretty_market(w.market);
        if (!w.policy.empty() && w.policy != w.market) h += ", policy " + pretty_policy(w.policy);
        if (!w.ckpt_rule.empty() && w.ckpt_rule != "none")
            h += ", checkpointing every " + hours_str(w.ckpt_every) + " (" +
                 (w.ckpt_rule == "fixed"
                      ? std::string("a fixed interval")
                      : std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(w.ckpt_rule[0])))) +
                            w.ckpt_rule.substr(1) + "'s rule") +
                 ")";
        if (w.gpus > 1) h += ", on " + std::to_string(w.gpus) + " GPUs";
        h += ".</b> Expected cost <b>" + money_str(w.cost.mean, r.currency) + "</b> (95th percentile " +
             money_str(w.cost.p95, r.currency) + "); expected time <b>" + hours_str(w.time.mean) +
             "</b> (95th percentile " + hours_str(w.time.p95) + ")";
        if (r.deadline && std::isfinite(w.deadline_met))
            h += "; it finishes within the " + hours_str(*r.deadline) + " deadline in <b>" + pct(w.deadline_met) +
                 "</b> of the " + runs_phrase(r);
        h += ". ";
        if (v.rec_from_result)
            h += r.deadline ? "It is the cheapest expected cost among the candidates that meet the deadline with at "
                              "least " +
                                  pct(confidence_of(r)) + " probability."
                            : "It is the cheapest expected cost.";
        else
            h += std::string("The result carries no recommendation: this is the cheapest expected cost") +
                 (r.deadline ? " that meets the deadline in at least " + pct(confidence_of(r)) + " of the runs." : ".");
        h += "</p>\n";
        // The best alternatives: the cheapest others, one per offer, market and policy.
        std::vector<std::size_t> order;
        for (std::size_t i = 0; i < r.cands.size(); ++i)
            if (r.cands[i].has_stats && i != *v.rec) order.push_back(i);
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return r.cands[a].cost.mean < r.cands[b].cost.mean; });
        std::set<std::string> seen{w.offer + "|" + w.market + "|" + w.policy};
        std::vector<std::size_t> alts;
        for (std::size_t i : order)
            if (alts.size() < 4 &&
                seen.insert(r.cands[i].offer + "|" + r.cands[i].market + "|" + r.cands[i].policy).second)
                alts.push_back(i);
        for (std::size_t i : order)  // fewer than 3 distinct: fill with the next cheapest
            if (alts.size() < 3 && std::find(alts.begin(), alts.end(), i) == alts.end()) alts.push_back(i);
        if (!alts.empty()) {
            h += "<p class=\"answer\">The best alternatives, and why each lost:</p>\n<ul class=\"alts\">";
            for (std::size_t k = 0; k < alts.size(); ++k) {
                const rcand& a = r.cands[alts[k]];
                h += "<li>" + std::string(k == 0 ? "<b>Runner-up</b>: " : "") + html_escape(a.label) + " — " +
                     money_str(a.cost.mean, r.currency) + ", " + hours_str(a.time.mean) +
                     (r.deadline && std::isfinite(a.deadline_met) ? ", P(deadline) " + pct(a.deadline_met) : "") +
                     ": <b>" + html_escape(lost_because(r, a, w)) + "</b></li>";
            }
            h += "</ul>\n";
        }
    }
    h += "<p class=\"inputs\"><b>Where the inputs come from.</b> " + inputs_sentences(r) + "</p>\n";
    return h;
}

// ---- charts ---------------------------------------------------------------------------

inline const std::vector<std::string>& palette() {
    // Paul Tol's "muted" scheme (colour-blind safe) with black: ten distinct colours.
    static const std::vector<std::string> p{"#332288", "#88CCEE", "#44AA99", "#117733", "#999933",
                                            "#DDCC77", "#CC6677", "#882255", "#AA4499", "#000000"};
    return p;
}

// A log scale when the values span more than a factor of 8 (one outlier would flatten the rest).
inline json axis_scale(const std::vector<double>& xs, bool& log) {
    double lo = INFINITY, hi = 0;
    for (double x : xs)
        if (std::isfinite(x) && x > 0) lo = std::min(lo, x), hi = std::max(hi, x);
    log = std::isfinite(lo) && hi / lo > 8;
    return log ? json{{"type", "log"}} : json{{"zero", false}, {"nice", true}};
}

inline json base_spec(const std::string& title, const std::string& subtitle, json expect) {
    json s{{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
           {"width", "container"},
           {"autosize", {{"type", "fit-x"}, {"contains", "padding"}}},
           {"config", {{"axis", {{"labelFontSize", 11}, {"titleFontSize", 12}}}, {"view", {{"stroke", nullptr}}}}},
           {"usermeta", {{"expect", std::move(expect)}}}};
    s["usermeta"]["title"] = title;       // titles and captions are HTML above the chart, where they wrap
    s["usermeta"]["caption"] = subtitle;  // written as HTML above the chart, where it wraps
    return s;
}

inline std::vector<json> charts_of(const rview& v) {
    const rresult& r = v.r;
    const std::string cur = r.currency;
    std::string code;  // the currency inside a Vega expression: letters only
    for (char ch : cur)
        if (std::isalpha(static_cast<unsigned char>(ch))) code += ch;
    const std::size_t n = v.shown.size();
    const std::string shown_note = "the " + std::to_string(n) + " cheapest by expected cost of " +
                                   std::to_string(v.with_stats) + " candidates" +
                                   (v.with_stats < r.cands.size() ? " that finished" : "") +
                                   (v.rec && v.shown.back() == *v.rec && n > 1 ? " (with the recommendation)" : "");
    std::vector<json> charts;

    // 1. Cost vs time, with P50–P95 intervals on both axes.
    json pts = json::array();
    std::vector<double> xs, ys;
    for (std::size_t i : v.shown) {
        const rcand& c = r.cands[i];
        const bool rec = v.rec && *v.rec == i;
        pts.push_back(json{{"candidate", c.label},
                           {"id", "#" + std::to_string(c.pos)},
                           {"cost", c.cost.mean},
                           {"cost_p50", c.cost.p50},
                           {"cost_p95", c.cost.p95},
                           {"time", c.time.mean},
                           {"time_p50", c.time.p50},
                           {"time_p95", c.time.p95},
                           {"kind", rec        ? "recommended"
                                    : c.pareto ? "Pareto front"
                                               : "other"},
                           {"pareto", c.pareto},
                           {"recommended", rec}});
        for (double x : {c.time.mean, c.time.p50, c.time.p95}) xs.push_back(x);
        for (double y : {c.cost.mean, c.cost.p50, c.cost.p95}) ys.push_back(y);
    }
    bool xlog = false, ylog = false;
    const json xscale = axis_scale(xs, xlog), yscale = axis_scale(ys, ylog);
    const json xenc{{"field", "time"},
                    {"type", "quantitative"},
                    {"title", std::string("expected time to solution (h") + (xlog ? ", log scale)" : ")")},
                    {"scale", xscale}};
    const json yenc{{"field", "cost"},
                    {"type", "quantitative"},
                    {"title", "expected cost (" + cur + (ylog ? ", log scale)" : ")")},
                    {"scale", yscale}};
    const json kind_color{
        {"field", "kind"},
        {"type", "nominal"},
        {"title", nullptr},
        {"scale", {{"domain", {"recommended", "Pareto front", "other"}}, {"range", {"#CC3311", "#0077BB", "#999999"}}}},
        {"legend", {{"orient", "top"}}}};
    json tooltip = json::array({{{"field", "candidate"}},
                                {{"field", "cost"}, {"format", ".2f"}, {"title", "E[cost]"}},
                                {{"field", "cost_p95"}, {"format", ".2f"}, {"title", "P95 cost"}},
                                {{"field", "time"}, {"format", ".2f"}, {"title", "E[time] h"}},
                                {{"field", "time_p95"}, {"format", ".2f"}, {"title", "P95 time h"}}});
    json layers = json::array();
    layers.push_back(json{{"mark", {{"type", "rule"}, {"opacity", 0.45}}},
                          {"encoding",
                           {{"x", {{"field", "time_p50"}, {"type", "quantitative"}, {"scale", xscale}}},
                            {"x2", {{"field", "time_p95"}}},
                            {"y", yenc},
                            {"color", kind_color}}}});
    layers.push_back(json{{"mark", {{"type", "rule"}, {"opacity", 0.45}}},
                          {"encoding",
                           {{"x", xenc},
                            {"y", {{"field", "cost_p50"}, {"type", "quantitative"}, {"scale", yscale}}},
                            {"y2", {{"field", "cost_p95"}}},
                            {"color", kind_color}}}});
    const bool any_pareto =
        std::any_of(v.shown.begin(), v.shown.end(), [&](std::size_t i) { return r.cands[i].pareto; });
    const bool any_other =
        std::any_of(v.shown.begin(), v.shown.end(), [&](std::size_t i) { return !r.cands[i].pareto; });
    if (any_other)
        layers.push_back(json{{"transform", json::array({{{"filter", "!datum.pareto"}}})},
                              {"mark", {{"type", "point"}, {"filled", true}, {"size", 60}, {"tooltip", true}}},
                              {"encoding", {{"x", xenc}, {"y", yenc}, {"color", kind_color}, {"tooltip", tooltip}}}});
    // The Pareto front above the other points: its line, then its points.
    if (any_pareto)
        layers.push_back(json{{"transform", json::array({{{"filter", "datum.pareto"}}})},
                              {"mark", {{"type", "line"}, {"color", "#0077BB"}, {"strokeWidth", 2}}},
                              {"encoding", {{"x", xenc}, {"y", yenc}, {"order", {{"field", "time"}}}}}});
    if (any_pareto)
        layers.push_back(json{{"transform", json::array({{{"filter", "datum.pareto"}}})},
                              {"mark", {{"type", "point"}, {"filled", true}, {"size", 80}, {"tooltip", true}}},
                              {"encoding", {{"x", xenc}, {"y", yenc}, {"color", kind_color}, {"tooltip", tooltip}}}});
    if (v.rec)
        layers.push_back(json{{"transform", json::array({{{"filter", "datum.recommended"}}})},
                              {"mark",
                               {{"type", "point"},
                                {"shape", "circle"},
                                {"size", 420},
                                {"strokeWidth", 2.5},
                                {"color", "#CC3311"},
                                {"filled", false}}},
                              {"encoding", {{"x", xenc}, {"y", yenc}}}});
    layers.push_back(json{{"mark", {{"type", "text"}, {"align", "left"}, {"dx", 7}, {"dy", -7}, {"fontSize", 11}}},
                          {"encoding", {{"x", xenc}, {"y", yenc}, {"text", {{"field", "id"}}}}}});
    json expect1{{"symbol", n + (v.rec ? 1 : 0)}, {"text", n}, {"rule", 2 * n}};
    if (any_pareto) expect1["line"] = 1;
    if (r.deadline) {
        layers.push_back(json{{"data", {{"values", json::array({{{"deadline", *r.deadline}}})}}},
                              {"mark", {{"type", "rule"}, {"color", "#CC3311"}, {"strokeDash", {6, 4}}}},
                              {"encoding", {{"x", {{"field", "deadline"}, {"type", "quantitative"}}}}}});
    }
    json c1 =
        base_spec("Expected cost against expected time",
                  "Points: " + shown_note + " (numbers as in the table). Whiskers: P50 to P95 of cost and time. " +
                      "Blue line: the Pareto front. Red ring: the recommendation." +
                      (r.deadline ? " Dashed red: the deadline." : std::string()),
                  expect1);
    c1["data"] = {{"values", pts}};
    c1["layer"] = layers;
    c1["height"] = 340;
    charts.push_back(c1);

    // 2. One shared-axis strip of cost distributions: P5–P95 rule, P25–P75 bar, median tick;
    //    a fixed cost (P5 == P95) is a point.
    json strip = json::array();
    std::vector<double> cs;
    std::size_t fixed = 0, spread = 0;
    for (std::size_t i : v.shown) {
        const rcand& c = r.cands[i];
        auto q = [&](std::size_t k, double dflt) { return c.qcost.empty() ? dflt : c.qcost[k]; };
        const double p5 = q(5, c.cost.p50), p25 = q(25, c.cost.p50), p50 = q(50, c.cost.p50), p75 = q(75, c.cost.p50),
                     p95 = q(95, c.cost.p95);
        const bool is_fixed = !(p95 > p5 * (1 + 1e-9));
        (is_fixed ? fixed : spread) += 1;
        strip.push_back(json{{"candidate", c.label},
                             {"order", strip.size()},
                             {"p05", p5},
                             {"p25", p25},
                             {"p50", p50},
                             {"p75", p75},
                             {"p95", p95},
                             {"mean", c.cost.mean},
                             {"fixed", is_fixed}});
        for (double x : {p5, p95}) cs.push_back(x);
    }
    json strip_order = json::array();
    for (const auto& x : strip) strip_order.push_back(x["candidate"]);
    bool slog = false;
    const json sscale = axis_scale(cs, slog);
    const std::string cost_title = "cost (" + cur + (slog ? ", log scale)" : ")");
    const json yc{{"field", "candidate"},
                  {"type", "nominal"},
                  {"title", nullptr},
                  {"sort", strip_order},
                  {"axis", {{"labelLimit", 330}}}};
    const json sx{{"type", "quantitative"}, {"scale", sscale}};
    auto xf = [&](const char* f, const std::string& title) {
        json x = sx;
        x["field"] = f;
        x["title"] = title.empty() ? json(nullptr) : json(title);
        return x;
    };
    json slayers = json::array();
    if (spread)
        slayers.push_back(json{{"transform", json::array({{{"filter", "!datum.fixed"}}})},
                               {"mark", {{"type", "rule"}, {"color", "#4477AA"}}},
                               {"encoding", {{"x", xf("p05", cost_title)}, {"x2", {{"field", "p95"}}}, {"y", yc}}}});
    if (spread)
        slayers.push_back(json{{"transform", json::array({{{"filter", "!datum.fixed"}}})},
                               {"mark", {{"type", "bar"}, {"color", "#88CCEE"}, {"height", 12}, {"tooltip", true}}},
                               {"encoding", {{"x", xf("p25", "")}, {"x2", {{"field", "p75"}}}, {"y", yc}}}});
    if (spread)
        slayers.push_back(json{{"transform", json::array({{{"filter", "!datum.fixed"}}})},
                               {"mark", {{"type", "tick"}, {"color", "#222222"}, {"thickness", 2}, {"size", 14}}},
                               {"encoding", {{"x", xf("p50", "")}, {"y", yc}}}});
    if (fixed)
        slayers.push_back(json{{"transform", json::array({{{"filter", "datum.fixed"}}})},
                               {"mark",
                                {{"type", "point"},
                                 {"shape", "diamond"},
                                 {"filled", true},
                                 {"size", 90},
                                 {"color", "#EE7733"},
                                 {"tooltip", true}}},
                               {"encoding", {{"x", xf("p50", spread ? "" : cost_title)}, {"y", yc}}}});
    json expect2 = json::object();
    if (spread) expect2["rect"] = 2 * spread, expect2["rule"] = spread;
    if (fixed) expect2["symbol"] = fixed;
    json c2 = base_spec("What each candidate may cost",
                        "One shared axis; " + shown_note +
                            ". Thin line: P5 to P95; box: P25 to P75; black tick: the median (P50); orange diamond: "
                            "a cost known in advance (on-demand or monthly).",
                        expect2);
    c2["data"] = {{"values", strip}};
    c2["layer"] = slayers;
    c2["height"] = {{"step", 24}};
    c2.erase("autosize");
    c2["width"] = 540;  // a discrete height cannot fit a container
    charts.push_back(c2);

    // 3. P(finish by t), and 4. the deadline slider — from the makespan percentiles.
    json cdf = json::array(), slider = json::array();
    json domain = json::array(), range = json::array(), dashes = json::array();
    double tmin = INFINITY, tmax = 0;
    std::size_t lines = 0;
    for (std::size_t i : v.shown) {
        const rcand& c = r.cands[i];
        if (c.qtime.empty()) continue;
        const std::size_t k = lines++;
        // A replay's percentiles are of the runs that finished; the others never did.
        const double f = c.finished && c.outlasted && *c.finished + *c.outlasted > 0
                             ? *c.finished / (*c.finished + *c.outlasted)
                             : 1.0;
        domain.push_back(c.label);
        range.push_back(palette()[k % palette().size()]);
        dashes.push_back(k < palette().size() / 2 ? json::array({1, 0}) : json::array({6, 3}));
        for (std::size_t p = 0; p < c.qtime.size(); ++p)
            cdf.push_back(json{{"candidate", c.label}, {"t", c.qtime[p]}, {"p", f * static_cast<double>(p) / 100.0}});
        json q = json::array({-1.0}), ks = json::array({0});
        for (std::size_t p = 0; p < c.qtime.size(); ++p) q.push_back(c.qtime[p]), ks.push_back(p);
        slider.push_back(json{{"candidate", c.label}, {"cost", c.cost.mean}, {"f", f}, {"q", q}, {"k", ks}});
        tmin = std::min(tmin, c.qtime.front());
        tmax = std::max(tmax, c.qtime[99]);
    }
    if (lines > 0) {
        json l3 = json::array();
        l3.push_back(json{{"mark", {{"type", "line"}, {"interpolate", "step-after"}, {"strokeWidth", 2}}},
                          {"encoding",
                           {{"x", {{"field", "t"}, {"type", "quantitative"}, {"title", "hours since the start"}}},
                            {"y",
                             {{"field", "p"},
                              {"type", "quantitative"},
                              {"title", "P(finished by then)"},
                              {"axis", {{"format", ".0%"}}}}},
                            {"color",
                             {{"field", "candidate"},
                              {"type", "nominal"},
                              {"title", nullptr},
                              {"scale", {{"domain", domain}, {"range", range}}},
                              {"legend", {{"orient", "bottom"}, {"columns", 2}, {"labelLimit", 290}}}}},
                            {"strokeDash",
                             {{"field", "candidate"},
                              {"type", "nominal"},
                              {"title", nullptr},
                              {"scale", {{"domain", domain}, {"range", dashes}}}}}}}});
        json expect3{{"line", lines}};
        if (r.deadline) {
            l3.push_back(json{{"data", {{"values", json::array({{{"t", *r.deadline}, {"label", "deadline"}}})}}},
                              {"mark", {{"type", "rule"}, {"color", "#CC3311"}, {"strokeWidth", 2}}},
                              {"encoding", {{"x", {{"field", "t"}, {"type", "quantitative"}}}}}});
            l3.push_back(json{
                {"data", {{"values", json::array({{{"t", *r.deadline}, {"label", "deadline"}}})}}},
                {"mark", {{"type", "text"}, {"color", "#CC3311"}, {"align", "right"}, {"dx", -4}, {"y", 8}}},
                {"encoding", {{"x", {{"field", "t"}, {"type", "quantitative"}}}, {"text", {{"field", "label"}}}}}});
            expect3["rule"] = 1;
        }
        json c3 = base_spec(
            "Chance of having finished, hour by hour",
            "For " + std::to_string(lines) + " of the candidates shown" + (r.deadline ? "; red: the deadline." : "."),
            expect3);
        c3["data"] = {{"values", cdf}};
        c3["layer"] = l3;
        c3["height"] = 300;
        charts.push_back(c3);

        const double t0 = r.deadline.value_or(0.5 * (tmin + tmax));
        const double lo = std::floor(std::min(tmin, t0) * 0.9 * 10) / 10, hi = std::ceil(std::max(tmax, t0) * 10) / 10;
        json c4 = base_spec("What if the deadline moved? Drag the slider",
                            "Candidates ranked by their chance of finishing within the chosen hours (ties: cheaper "
                            "first), from the time distributions already in the result.",
                            json{{"rect", lines}, {"text", 2 * lines}});
        c4["params"] = json::array({{{"name", "t"},
                                     {"value", std::round(t0 * 100) / 100},
                                     {"bind",
                                      {{"input", "range"},
                                       {"min", lo},
                                       {"max", hi},
                                       {"step", std::max((hi - lo) / 200, 0.01)},
                                       {"name", "finish within (hours) "}}}}});
        c4["data"] = {{"values", slider}};
        c4["transform"] = json::array(
            {{{"flatten", {"q", "k"}}},
             {{"filter", "datum.q <= t"}},
             {{"aggregate", {{{"op", "max"}, {"field", "k"}, {"as", "k"}}}}, {"groupby", {"candidate", "cost", "f"}}},
             {{"calculate", "datum.f * datum.k / 100"}, {"as", "p"}},
             {{"calculate", "round(datum.p * 1000) * 1e9 - datum.cost"}, {"as", "key"}},
             {{"calculate", "format(datum.p, '.0%') + ' · ' + format(datum.cost, '.2f') + ' " + code + "'"},
              {"as", "text"}},
             // The rank by that chance as the row: one sort, no union of sorted domains.
             {{"window", {{{"op", "row_number"}, {"as", "row"}}}},
              {"sort", {{{"field", "key"}, {"order", "descending"}}}}}});
        const json ys4{{"field", "row"}, {"type", "ordinal"}, {"title", nullptr}, {"axis", nullptr}};
        c4["layer"] = json::array(
            {{{"mark", {{"type", "bar"}, {"color", "#44AA99"}, {"tooltip", true}}},
              {"encoding",
               {{"x",
                 {{"field", "p"},
                  {"type", "quantitative"},
                  {"title", "P(finished within the chosen hours)"},
                  {"scale", {{"domain", {0, 1}}}},
                  {"axis", {{"format", ".0%"}}}}},
                {"y", ys4}}}},
             {{"mark", {{"type", "text"}, {"align", "left"}, {"dx", 4}, {"fontSize", 11}}},
              {"encoding",
               {{"x", {{"datum", 0}, {"type", "quantitative"}}}, {"y", ys4}, {"text", {{"field", "text"}}}}}},
             {{"mark", {{"type", "text"}, {"align", "right"}, {"dx", -6}, {"fontSize", 11}, {"limit", 330}}},
              {"encoding",
               {{"x", {{"datum", 0}, {"type", "quantitative"}}}, {"y", ys4}, {"text", {{"field", "candidate"}}}}}}});
        c4["height"] = {{"step", 24}};
        c4.erase("autosize");
        c4["width"] = 540;  // a discrete height cannot fit a container
        charts.push_back(c4);
    }

    // 5. Replays: the first window's spot capacity, with each candidate's instances and waits.
    bool any_sessions = false;
    for (std::size_t i : v.shown) any_sessions = any_sessions || !r.cands[i].sessions.empty();
    if (r.kind == result_kind::replay && !r.availability.empty() && any_sessions) {
        json bars = json::array();
        double end = 0;
        for (std::size_t i : v.shown) {
            const rcand& c = r.cands[i];
            double t = 0;
            for (const auto& s : c.sessions) {
                if (s.start > t) bars.push_back(json{{"row", c.label}, {"a", t}, {"b", s.start}, {"what", "waiting"}});
                bars.push_back(json{{"row", c.label}, {"a", s.start}, {"b", s.end}, {"what", pretty_market(s.market)}});
                t = s.end;
            }
            end = std::max(end, t);
        }
        const double xmax = std::max(end * 1.05, r.deadline.value_or(0) * 1.02);
        const std::string cap_row = "spot capacity in the trace";
        for (const auto& a : r.availability) {
            if (a.start >= xmax) break;
            bars.push_back(json{{"row", cap_row}, {"a", a.start}, {"b", std::min(a.end, xmax)}, {"what", a.market}});
        }
        json rows = json::array({cap_row});
        for (std::size_t i : v.shown) rows.push_back(r.cands[i].label);
        json l5 = json::array();
        l5.push_back(json{{"mark", {{"type", "bar"}, {"height", 14}, {"tooltip", true}}},
                          {"encoding",
                           {{"x",
                             {{"field", "a"},
                              {"type", "quantitative"},
                              {"title", "hours from the window's start"},
                              {"scale", {{"domain", {0, xmax}}, {"nice", false}}}}},
                            {"x2", {{"field", "b"}}},
                            {"y",
                             {{"field", "row"},
                              {"type", "nominal"},
                              {"title", nullptr},
                              {"sort", rows},
                              {"axis", {{"labelLimit", 330}}}}},
                            {"color",
                             {{"field", "what"},
                              {"type", "nominal"},
                              {"title", nullptr},
                              {"legend", {{"orient", "top"}}},
                              {"scale",
                               {{"domain", {"spot capacity", "no spot capacity", "spot", "on-demand", "waiting"}},
                                {"range", {"#BBDDBB", "#EEBBBB", "#0077BB", "#EE7733", "#CCCCCC"}}}}}}}}});
        if (r.deadline)
            l5.push_back(json{{"data", {{"values", json::array({{{"t", *r.deadline}}})}}},
                              {"mark", {{"type", "rule"}, {"color", "#CC3311"}, {"strokeDash", {6, 4}}}},
                              {"encoding", {{"x", {{"field", "t"}, {"type", "quantitative"}}}}}});
        json c5 = base_spec("Replay: spot capacity and what each candidate ran",
                            "The first of the " + fmt("%.0f", r.replays) + " runs: trace hours " +
                                fmt("%.1f", r.window_start) + " to " + fmt("%.1f", r.window_end) +
                                (r.deadline ? "; dashed red: the deadline." : "."),
                            json{{"rect", bars.size()}});
        c5["data"] = {{"values", bars}};
        c5["layer"] = l5;
        c5["height"] = {{"step", 22}};
        c5.erase("autosize");
        c5["width"] = 540;  // a discrete height cannot fit a container
        charts.push_back(c5);
    }
    return charts;
}

inline std::string table_html(const rview& v) {
    const rresult& r = v.r;
    const bool replay = r.kind == result_kind::replay;
    auto abbr = [](const char* t, const char* title) {
        return std::string("<abbr title=\"") + title + "\">" + t + "</abbr>";
    };
    std::string t = "<div class=\"tablewrap\"><table><thead><tr><th>#</th><th>candidate</th><th>" +
                    abbr("E[cost]", "expected (mean) cost") + "</th><th>" +
                    abbr("±CI", "half-width of the 95 % confidence interval of the mean cost") + "</th><th>" +
                    abbr("P50", "median cost: half the runs cost less") + "</th><th>" +
                    abbr("P95", "95th percentile cost: 95 % of runs cost less") + "</th><th>" +
                    abbr("P99", "99th percentile cost") + "</th><th>" +
                    abbr("E[time]", "expected time to solution, hours") + "</th><th>" +
                    abbr("P95 time", "95th percentile of the time to solution, hours") + "</th><th>" +
                    abbr("billed", "expected hours billed") + "</th><th>" +
                    abbr("P(dl)", "share of runs that finished by the deadline") + "</th>";
    t += replay ? "<th>" + abbr("saving", "saving against the same offer on-demand") + "</th><th>" +
                      abbr("out", "replays that had not finished when their window ended") + "</th>"
                : "<th>" + abbr("runtime", "the job's runtime on this offer, and where it comes from") + "</th>";
    t += "<th></th></tr></thead><tbody>";
    for (std::size_t i = 0; i < r.cands.size(); ++i) {
        const rcand& c = r.cands[i];
        std::string marks;
        if (v.rec && *v.rec == i) marks += "<b>recommended</b> ";
        if (c.pareto) marks += abbr("Pareto", "on the Pareto front: no other candidate is both cheaper and faster");
        std::string label = c.label.substr(c.label.find(' ') + 1);
        t += "<tr" + std::string(v.rec && *v.rec == i ? " class=\"rec\"" : "") + "><td>" + std::to_string(c.pos) +
             "</td><td class=\"name\">" + html_escape(label) + "</td>";
        if (!c.has_stats) {
            t += "<td colspan=\"9\">no run finished</td>";
        } else {
            t += "<td>" + money_str(c.cost.mean, r.currency) + "</td><td>" + fmt("%.2f", c.cost.ci_half) + "</td><td>" +
                 fmt("%.2f", c.cost.p50) + "</td><td>" + fmt("%.2f", c.cost.p95) + "</td><td>" +
                 fmt("%.2f", c.cost.p99) + "</td><td>" + fmt("%.2f", c.time.mean) + "</td><td>" +
                 fmt("%.2f", c.time.p95) + "</td><td>" + fmt("%.2f", c.billed) + "</td>";
        }
        t += "<td>" + (r.deadline ? fmt("%.1f %%", 100 * c.deadline_met) : std::string("–")) + "</td>";
        if (replay)
            t += "<td>" + fmt("%.0f %%", 100 * c.saving) + "</td><td>" + fmt("%.0f", c.outlasted.value_or(NAN)) +
                 "</td>";
        else
            t += "<td" + (c.rt_basis.empty() ? std::string() : " title=\"" + html_escape(c.rt_basis) + "\"") + ">" +
                 (std::isfinite(c.rt_hours) ? fmt("%.2f h ", c.rt_hours) + html_escape(c.rt_source) : "–") + "</td>";
        t += "<td>" + marks + "</td></tr>";
    }
    t += "</tbody></table></div>\n";
    t += "<dl class=\"legend\"><dt>E[cost], E[time]</dt><dd>expected (mean) cost and time to solution</dd>"
         "<dt>P50, P95, P99</dt><dd>percentiles: the amount that 50, 95 or 99 % of runs stay under</dd>"
         "<dt>±CI</dt><dd>half-width of the 95 % confidence interval of E[cost] (Monte Carlo error)</dd>"
         "<dt>P(dl)</dt><dd>the share of runs that finished by the deadline</dd>"
         "<dt>ckpt Young / Daly / Fixed</dt><dd>checkpoint interval from Young's formula √(2·C·MTBI), from Daly's "
         "higher-order formula, or given</dd>"
         "<dt>spot only, greedy, uniform progress, deadline fallback</dt><dd>spot policies: spot alone; spot until "
         "on-demand must take over to meet the deadline; spot while ahead of an even pace; spot, then on-demand "
         "when the deadline nears</dd>"
         "<dt>Pareto</dt><dd>no other candidate is both cheaper and faster in expectation</dd>";
    if (replay)
        t += "<dt>saving</dt><dd>against the same offer on-demand</dd><dt>out</dt><dd>replays whose window ended "
             "before the job did (left out of cost and time, counted as missed deadlines)</dd>";
    else
        t += "<dt>runtime</dt><dd>hover for its basis: measured, published or estimated</dd>";
    t += "</dl>\n";
    return t;
}

}  // namespace detail

inline std::vector<json> report_charts(const json& result, const report_options& o) {
    return detail::charts_of(detail::make_view(result, o));
}

inline std::string report_answer(const json& result, const report_options& o) {
    return detail::answer_html(detail::make_view(result, o));
}

inline std::string render_report(const json& result, const report_assets& a, const report_options& o) {
    const detail::rview v = detail::make_view(result, o);
    const std::vector<json> charts = detail::charts_of(v);
    const detail::rresult& r = v.r;

    std::string divs, specs = "[";
    for (std::size_t i = 0; i < charts.size(); ++i) {
        // Appended piece by piece: GCC 12 misreports `"literal" + std::string&&` (-Wrestrict).
        const json& meta = charts[i]["usermeta"];
        divs.append("<figure class=\"chart\"><h3>")
            .append(detail::html_escape(meta.value("title", std::string())))
            .append("</h3><figcaption>")
            .append(detail::html_escape(meta.value("caption", std::string())))
            .append("</figcaption><div id=\"chart")
            .append(std::to_string(i))
            .append("\"></div></figure>\n");
        if (i) specs += ',';
        specs += charts[i].dump();
    }
    specs += "]";
    const std::string title = "costsim " + std::string(enum_name(r.kind)) + ": " + r.scenario;
    std::string excluded;
    if (!r.excluded.empty()) {
        excluded = "<details><summary>" + std::to_string(r.excluded.size()) +
                   (r.excluded.size() == 1 ? " offer" : " offers") + " left out of the plan, and why</summary><ul>";
        for (const auto& e : r.excluded) excluded += "<li>" + e + "</li>";
        excluded += "</ul></details>\n";
    }
    std::string html;
    html +=
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" +
        detail::html_escape(title) + "</title>\n<style>\n";
    html += R"CSS(*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:1.5em 2em;max-width:1100px;color:#222;line-height:1.45}
h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.2em;margin:1.4em 0 .4em}
p.meta{color:#555;margin:.2em 0 1em}p.answer{font-size:1.05em}ul.alts li{margin:.2em 0}
section.answer{border-left:4px solid #0077BB;padding:.1em 1em;background:#f5f9fc}
.chart{margin:1.8em 0 1.2em;width:100%;break-inside:avoid;page-break-inside:avoid}
figcaption{font-size:13px;color:#444;margin:0 0 .5em}figure{margin-left:0;margin-right:0}h3{font-size:1.05em;margin:0 0 .2em}
.chart .vega-embed{width:100%}.chart details,.vega-embed summary{display:none}
.vega-bind{font-size:13px;margin:.3em 0}.vega-bind input[type=range]{width:min(420px,60vw);vertical-align:middle}
.tablewrap{max-width:100%;overflow-x:auto}
table{border-collapse:collapse;font-size:12px;width:100%}td,th{border-bottom:1px solid #ddd;padding:3px 5px;text-align:right;vertical-align:top}
td.name,th:nth-child(2){text-align:left;overflow-wrap:anywhere;min-width:13em}tr.rec{background:#fdeee9}
abbr{text-decoration:underline dotted;cursor:help}
dl.legend{font-size:12px;display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}dl.legend dt{font-weight:600}dl.legend dd{margin:0}
details{margin:1em 0}summary{cursor:pointer;font-weight:600}
#errors{display:none;background:#fdd;border:1px solid #c00;padding:1em;color:#900}
@page{size:A4;margin:12mm}
@media print{body{padding:0;max-width:none;font-size:11px}section.answer{background:none}
.chart svg{max-width:100%;height:auto}table{font-size:8.5px}td,th{padding:2px 3px}.vega-bind{display:none}details>*{display:block}}
)CSS";
    html += "</style>\n";
    html +=
        "<script>window.__costsimErrors=[];window.addEventListener('error',function(e){window.__costsimErrors.push("
        "String(e.message));});(function(){var ce=console.error;console.error=function(){window.__costsimErrors.push("
        "Array.prototype.join.call(arguments,' '));ce.apply(console,arguments);};})();</script>\n";
    html += "<script>" + detail::script_safe(a.vega) + "</script>\n";
    html += "<script>" + detail::script_safe(a.vega_lite) + "</script>\n";
    html += "<script>" + detail::script_safe(a.vega_embed) + "</script>\n";
    html += "</head><body data-charts-expected=\"" + std::to_string(charts.size()) + "\">\n";
    html += "<h1>" + detail::html_escape(title) + "</h1>\n<section class=\"answer\">\n" + detail::answer_html(v) +
            "</section>\n<div id=\"errors\"></div>\n";
    html += "<h2>Charts</h2>\n" + divs;
    html += "<details id=\"table\"><summary>All " + std::to_string(r.cands.size()) +
            " candidates, in the result's order (table)</summary>\n" + detail::table_html(v) + "</details>\n" +
            excluded;
    html += "<script>\nconst specs = " + detail::json_script_safe(specs) + ";\n";
    html +=
        R"JS(function showErrors(){var e=window.__costsimErrors;document.body.setAttribute('data-errors',String(e.length));
if(e.length){var d=document.getElementById('errors');d.style.display='block';d.textContent='Chart errors: '+e.join('; ');}}
// Marks of role "mark" (not axes, legends or titles) in a Vega view, by type.
function countMarks(view){var n={};(function walk(m){if(m.role==='mark'||m.role===undefined){n[m.marktype]=(n[m.marktype]||0)+(m.items||[]).length;}
(m.items||[]).forEach(function(it){(it.items||[]).forEach(walk);});})(view.scenegraph().root);return n;}
var problems=[];
window.addEventListener('beforeprint',function(){document.querySelectorAll('details').forEach(function(d){d.open=true;});});
Promise.all(specs.map(function(s,i){return vegaEmbed('#chart'+i,s,{renderer:'svg',actions:false}).then(function(res){
var n=countMarks(res.view),want=(s.usermeta||{}).expect||{},ok=true;Object.keys(want).forEach(function(k){
if((n[k]||0)<want[k]){ok=false;problems.push('chart '+i+' ('+s.usermeta.title+'): '+(n[k]||0)+' '+k+' marks, expected at least '+want[k]);}});
return ok?1:0;});}))
.then(function(ok){document.body.setAttribute('data-charts-rendered',String(ok.reduce(function(a,b){return a+b;},0)));})
.catch(function(err){window.__costsimErrors.push(String(err));document.body.setAttribute('data-charts-rendered','0');})
.then(function(){document.body.setAttribute('data-chart-problems',problems.join(' | '));
document.body.setAttribute('data-height',String(document.documentElement.scrollHeight));
if(location.hash==='#check'){document.querySelectorAll('details').forEach(function(d){d.open=true;});
var w=document.documentElement.clientWidth,over=[];document.querySelectorAll('body *').forEach(function(el){
if(el.closest('.tablewrap')&&el.className!=='tablewrap')return;var b=el.getBoundingClientRect();
if(b.width>0&&(b.right>w+0.5||b.left<-0.5))over.push((el.id||el.tagName.toLowerCase()+(el.className&&el.className.baseVal===undefined?'.'+el.className:''))+' '+Math.round(b.left)+'..'+Math.round(b.right));});
var tw=document.querySelector('.tablewrap');if(tw&&tw.scrollWidth>tw.clientWidth+1)over.push('table scrolls: '+tw.scrollWidth+' > '+tw.clientWidth);
if(document.documentElement.scrollWidth>w+0.5)over.push('page '+document.documentElement.scrollWidth+' > '+w);
document.body.setAttribute('data-overflow',over.slice(0,8).join(' | ')||'none');document.body.setAttribute('data-viewport',String(w));}
showErrors();document.body.setAttribute('data-done','1');});
</script>
</body></html>
)JS";
    return html;
}

inline std::string render_report_from(const json& result, const report_assets& assets, const std::string& file,
                                      const report_options& o) {
    try {
        return render_report(result, assets, o);
    } catch (const report_input_problem& e) {
        throw input_error(file, e.pointer(), e.expected());
    } catch (const json::exception& e) {
        throw input_error(file, "", std::string("a costsim simulate, plan or replay result (") + e.what() + ")");
    }
}

}  // namespace costsim
