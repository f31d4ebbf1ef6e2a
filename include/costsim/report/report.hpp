// costsim/report/report.hpp — one self-contained HTML report of a simulate or plan result.
//
// The page holds a ranked table and Vega-Lite charts: the cost distribution of each
// candidate (a histogram drawn from its percentiles, and the CDF), expected cost vs
// expected time with the Pareto frontier and the deadline, and — when the result carries
// a replay timeline — the spot price and availability over time with the sessions drawn
// on it. The charting libraries (vega, vega-lite, vega-embed; fetched from npm at build
// time) are inlined, so the file opens offline. Charts render as SVG; the page records
// how many drew (`data-charts-rendered` on <body>) and any script error
// (`data-errors`, and a visible banner), which is what the browser test checks.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
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

/// Candidates charted individually (the table lists all).
inline constexpr std::size_t report_max_charted = 12;

/// The HTML page for a `simulate --json` or `plan --json` object. Throws model_error if
/// the object lacks what the charts need (candidates with cost and time statistics).
std::string render_report(const json& result, const report_assets& assets);
/// render_report for a result read from `file` (a user's file, perhaps not costsim's): any
/// problem with it is an input_error naming `file`, never another exception.
std::string render_report_from(const json& result, const report_assets& assets, const std::string& file);
/// The Vega-Lite specifications the page embeds, in order (exposed for tests).
std::vector<json> report_charts(const json& result);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {
// A result is a user's file: a member it lacks reads as null (which the accessors then
// refuse with a json::exception), never nlohmann's unchecked const operator[].
inline const json& field(const json& j, const char* key) {
    static const json none;
    if (!j.is_object()) return none;
    auto it = j.find(key);
    return it == j.end() ? none : *it;
}

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

inline std::string candidate_label(const json& c, std::size_t i) {
    std::string l =
        std::to_string(i + 1) + ". " + c.value("offer", std::string("?")) + " " + c.value("market", std::string());
    std::string pol = c.value("policy", std::string());
    if (!pol.empty() && pol != "on_demand") l += " " + pol;
    if (c.contains("checkpoint") && detail::field(c, "checkpoint").value("rule", std::string("none")) != "none") {
        char buf[32];
        std::snprintf(buf, sizeof buf, " ckpt %.2fh", detail::field(c, "checkpoint").value("every_hours", 0.0));
        l += buf;
    }
    if (c.contains("gpus_used") && detail::field(c, "gpus_used").get<int>() > 1)
        l += " x" + std::to_string(detail::field(c, "gpus_used").get<int>()) + " GPUs";
    return l;
}

inline const json& require(const json& j, const char* key, const std::string& where) {
    if (!j.is_object() || !j.contains(key)) throw model_error("a result with \"" + std::string(key) + "\" in " + where);
    return j[key];
}

// Probability mass of [a, b) under the piecewise-linear CDF through the percentiles q.
inline double mass(const std::vector<double>& q, double a, double b) {
    auto cdf = [&](double x) {
        if (x <= q.front()) return 0.0;
        if (x >= q.back()) return 1.0;
        auto it = std::upper_bound(q.begin(), q.end(), x);
        std::size_t k = static_cast<std::size_t>(it - q.begin());  // q[k-1] <= x < q[k]
        double lo = q[k - 1], hi = q[k];
        // Equal percentiles are a point mass: the CDF jumps there.
        double pk = static_cast<double>(k - 1) / 100.0;
        return hi > lo ? pk + 0.01 * (x - lo) / (hi - lo) : pk;
    };
    return cdf(b) - cdf(a);
}

}  // namespace detail

inline std::vector<json> report_charts(const json& r) {
    const json& cands = detail::require(r, "candidates", "the result");
    if (!cands.is_array() || cands.empty()) throw model_error("a result with at least one candidate");
    const std::string cur = r.value("currency", std::string());
    std::vector<json> charts;

    json hist = json::array(), cdf = json::array(), scatter = json::array();
    for (std::size_t i = 0; i < cands.size(); ++i) {
        const json& c = cands[i];
        const std::string label = detail::candidate_label(c, i);
        const json& cost = detail::require(c, "cost", "each candidate");
        const json& time = detail::require(c, "makespan_hours", "each candidate");
        scatter.push_back(json{{"candidate", label},
                               {"cost", cost.value("mean", 0.0)},
                               {"cost_p95", cost.value("p95", 0.0)},
                               {"time", time.value("mean", 0.0)},
                               {"time_p95", time.value("p95", 0.0)},
                               {"pareto", c.value("pareto", false)}});
        if (i >= report_max_charted || !c.contains("quantiles")) continue;
        std::vector<double> q = detail::field(detail::field(c, "quantiles"), "cost").get<std::vector<double>>();
        if (q.size() != 101) throw model_error("101 cost percentiles per candidate (quantiles/cost)");
        for (std::size_t k = 0; k < q.size(); ++k)
            cdf.push_back(json{{"candidate", label}, {"rank", i + 1}, {"cost", q[k]}, {"p", k / 100.0}});
        const double lo = q.front(), hi = q.back();
        if (!(hi > lo)) {  // a certain cost: one bar holding all the probability
            const double w = std::max(std::abs(lo) * 0.002, 0.01);
            hist.push_back(
                json{{"candidate", label}, {"rank", i + 1}, {"x0", lo - w}, {"x1", lo + w}, {"probability", 1.0}});
            continue;
        }
        const int bins = 30;
        for (int b = 0; b < bins; ++b) {
            double a = lo + (hi - lo) * b / bins, e = lo + (hi - lo) * (b + 1) / bins;
            double m = detail::mass(q, a, b + 1 == bins ? std::nextafter(hi, INFINITY) : e);
            hist.push_back(json{{"candidate", label}, {"rank", i + 1}, {"x0", a}, {"x1", e}, {"probability", m}});
        }
    }
    // A simulate result carries no Pareto marks: derive them (expected cost vs expected time).
    for (auto& a : scatter) {
        bool dominated = false;
        for (const auto& b : scatter) {
            const double ca = detail::field(a, "cost"), ta = detail::field(a, "time"), cb = detail::field(b, "cost"),
                         tb = detail::field(b, "time");
            dominated = dominated || (cb <= ca && tb <= ta && (cb < ca || tb < ta));
        }
        if (!detail::field(a, "pareto").get<bool>()) a["pareto"] = !dominated;
    }
    const std::string cost_title = "cost (" + cur + ")";
    // Distributions need the percentiles that costsim writes; a result without them gets
    // the table and the cost-vs-time chart only.
    if (!cdf.empty()) {
        charts.push_back(json{
            {"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
            {"title", "Cost distribution per candidate (histogram, equal-width bins from the percentiles)"},
            {"data", {{"values", hist}}},
            {"mark", {{"type", "rect"}, {"tooltip", true}}},
            {"encoding",
             {{"x", {{"field", "x0"}, {"type", "quantitative"}, {"title", cost_title}, {"scale", {{"zero", false}}}}},
              {"x2", {{"field", "x1"}}},
              {"y", {{"field", "probability"}, {"type", "quantitative"}, {"title", "probability"}}},
              {"row",
               {{"field", "candidate"},
                {"type", "nominal"},
                {"title", nullptr},
                {"sort", {{"field", "rank"}, {"op", "min"}}},
                {"header", {{"labelAngle", 0}, {"labelAlign", "left"}, {"labelLimit", 360}}}}},
              {"color",
               {{"field", "candidate"},
                {"type", "nominal"},
                {"legend", nullptr},
                {"sort", {{"field", "rank"}, {"op", "min"}}}}}}},
            {"resolve", {{"scale", {{"x", "independent"}, {"y", "independent"}}}}},
            {"height", 60},
            {"width", 560}});
        charts.push_back(json{
            {"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
            {"title", "Cost CDF: probability the campaign costs at most x"},
            {"data", {{"values", cdf}}},
            {"mark", {{"type", "line"}, {"interpolate", "linear"}, {"tooltip", true}}},
            {"encoding",
             {{"x", {{"field", "cost"}, {"type", "quantitative"}, {"title", cost_title}, {"scale", {{"zero", false}}}}},
              {"y", {{"field", "p"}, {"type", "quantitative"}, {"title", "P(cost <= x)"}}},
              {"color",
               {{"field", "candidate"},
                {"type", "nominal"},
                {"sort", {{"field", "rank"}, {"op", "min"}}},
                {"legend", {{"labelLimit", 360}}}}}}},
            {"height", 320},
            {"width", 560}});
    }

    json layers = json::array();
    layers.push_back(json{{"mark", {{"type", "point"}, {"filled", true}, {"size", 70}, {"tooltip", true}}},
                          {"encoding",
                           {{"x",
                             {{"field", "time"},
                              {"type", "quantitative"},
                              {"title", "expected time to solution (h)"},
                              {"scale", {{"zero", false}}}}},
                            {"y",
                             {{"field", "cost"},
                              {"type", "quantitative"},
                              {"title", "expected " + cost_title},
                              {"scale", {{"zero", false}}}}},
                            {"color", {{"field", "pareto"}, {"type", "nominal"}, {"title", "Pareto frontier"}}},
                            {"tooltip", json::array({{{"field", "candidate"}},
                                                     {{"field", "cost"}, {"format", ".2f"}},
                                                     {{"field", "cost_p95"}, {"format", ".2f"}},
                                                     {{"field", "time"}, {"format", ".2f"}},
                                                     {{"field", "time_p95"}, {"format", ".2f"}}})}}}});
    layers.push_back(json{{"transform", json::array({{{"filter", "datum.pareto"}}})},
                          {"mark", {{"type", "line"}, {"strokeDash", {4, 3}}}},
                          {"encoding",
                           {{"x", {{"field", "time"}, {"type", "quantitative"}}},
                            {"y", {{"field", "cost"}, {"type", "quantitative"}}},
                            {"order", {{"field", "time"}, {"type", "quantitative"}}}}}});
    if (r.contains("deadline_hours") && detail::field(r, "deadline_hours").is_number())
        layers.push_back(json{{"data", {{"values", json::array({{{"deadline", detail::field(r, "deadline_hours")}}})}}},
                              {"mark", {{"type", "rule"}, {"color", "firebrick"}, {"strokeWidth", 2}}},
                              {"encoding", {{"x", {{"field", "deadline"}, {"type", "quantitative"}}}}}});
    charts.push_back(json{{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
                          {"title", "Expected cost vs expected time (dashed: Pareto frontier; red: deadline)"},
                          {"data", {{"values", scatter}}},
                          {"layer", layers},
                          {"height", 320},
                          {"width", 560}});

    // A replay's timeline: {"timeline": {"hours": [...], "price": [...], "available": [...]},
    //                       "sessions": [{"start_hours", "end_hours", "market"}, ...]}.
    if (r.contains("timeline")) {
        const json& tl = detail::field(r, "timeline");
        json pts = json::array();
        const auto hours = tl.at("hours").get<std::vector<double>>();
        for (std::size_t i = 0; i < hours.size(); ++i) {
            json p{{"hours", hours[i]}};
            if (tl.contains("price")) p["price"] = detail::field(tl, "price").at(i);
            if (tl.contains("available")) p["available"] = detail::field(tl, "available").at(i);
            pts.push_back(p);
        }
        json tlayers = json::array();
        tlayers.push_back(
            json{{"mark", {{"type", "area"}, {"interpolate", "step-after"}, {"opacity", 0.25}}},
                 {"encoding",
                  {{"x", {{"field", "hours"}, {"type", "quantitative"}, {"title", "hours"}}},
                   {"y", {{"field", "available"}, {"type", "quantitative"}, {"title", "spot available"}}}}}});
        if (tl.contains("price"))
            tlayers.push_back(json{{"mark", {{"type", "line"}, {"interpolate", "step-after"}}},
                                   {"encoding",
                                    {{"x", {{"field", "hours"}, {"type", "quantitative"}}},
                                     {"y", {{"field", "price"}, {"type", "quantitative"}, {"title", "spot price"}}}}}});
        if (r.contains("sessions"))
            tlayers.push_back(json{{"data", {{"values", detail::field(r, "sessions")}}},
                                   {"mark", {{"type", "rect"}, {"opacity", 0.5}, {"tooltip", true}}},
                                   {"encoding",
                                    {{"x", {{"field", "start_hours"}, {"type", "quantitative"}}},
                                     {"x2", {{"field", "end_hours"}}},
                                     {"y", {{"datum", 0}}},
                                     {"y2", {{"datum", 0.1}}},
                                     {"color", {{"field", "market"}, {"type", "nominal"}}}}}});
        charts.push_back(json{{"$schema", "https://vega.github.io/schema/vega-lite/v6.json"},
                              {"title", "Replay: spot availability and price over time, with the sessions run"},
                              {"data", {{"values", pts}}},
                              {"layer", tlayers},
                              {"resolve", {{"scale", {{"y", "independent"}}}}},
                              {"height", 240},
                              {"width", 560}});
    }
    return charts;
}

inline std::string render_report(const json& r, const report_assets& a) {
    const std::vector<json> charts = report_charts(r);
    const json& cands = detail::field(r, "candidates");
    const std::string cur = r.value("currency", std::string());
    std::string table =
        "<table><thead><tr><th>#</th><th>candidate</th><th>cost mean</th><th>&plusmn;95 %</th>"
        "<th>P50</th><th>P95</th><th>P99</th><th>time mean h</th><th>P95 h</th><th>billed h</th>"
        "<th>P(deadline)</th><th>runtime</th><th></th></tr></thead><tbody>";
    char buf[512];
    // Where each runtime and spot model comes from (plan results carry them), once per line.
    std::vector<std::string> sources;
    auto note_source = [&](const std::string& line) {
        if (std::find(sources.begin(), sources.end(), line) == sources.end()) sources.push_back(line);
    };
    for (std::size_t i = 0; i < cands.size(); ++i) {
        const json& c = cands[i];
        const json& cost = detail::field(c, "cost");
        const json& t = detail::field(c, "makespan_hours");
        auto num = [](const json& j, const char* k) {
            return j.contains(k) && j[k].is_number() ? j[k].get<double>() : NAN;
        };
        std::string marks;
        if (c.value("pareto", false)) marks += "Pareto ";
        if (r.contains("recommended") && detail::field(r, "recommended").is_number() &&
            detail::field(r, "recommended").get<std::size_t>() == i + 1)
            marks += "<b>recommended</b>";
        std::string runtime = "-";
        if (c.contains("runtime") && detail::field(c, "runtime").is_object()) {
            const json& rt = detail::field(c, "runtime");
            std::snprintf(buf, sizeof buf, "%.2f h %s", num(rt, "hours"), rt.value("source", std::string("?")).c_str());
            runtime = buf;
            note_source(c.value("offer", std::string()) + ": " + runtime + " — " + rt.value("basis", std::string()));
        }
        if (c.contains("interruption_model") && detail::field(c, "interruption_model").is_object())
            note_source(c.value("offer", std::string()) +
                        " spot interruptions: " + detail::field(c, "interruption_model").dump());
        const double half = cost.contains("ci95") && detail::field(cost, "ci95").is_array() &&
                                    detail::field(cost, "ci95").size() == 2 &&
                                    detail::field(cost, "ci95")[1].is_number()
                                ? detail::field(cost, "ci95")[1].get<double>() - num(cost, "mean")
                                : NAN;
        std::snprintf(buf, sizeof buf,
                      "<tr><td>%zu</td><td>%s</td><td>%.2f %s</td><td>%.2f</td><td>%.2f</td><td>%.2f</td><td>%.2f</td>"
                      "<td>%.2f</td><td>%.2f</td><td>%.2f</td><td>%.1f %%</td><td>%s</td><td>%s</td></tr>",
                      i + 1, detail::html_escape(detail::candidate_label(c, i)).c_str(), num(cost, "mean"), cur.c_str(),
                      half, num(cost, "p50"), num(cost, "p95"), num(cost, "p99"), num(t, "mean"), num(t, "p95"),
                      c.contains("billed_hours") ? num(detail::field(c, "billed_hours"), "mean") : NAN,
                      100 * c.value("deadline_met", 1.0), detail::html_escape(runtime).c_str(), marks.c_str());
        table += buf;
    }
    table += "</tbody></table>";
    if (!sources.empty()) {
        table += "\n<h3>Where the runtimes and spot models come from</h3>\n<ul>";
        for (const auto& l : sources) table += "<li>" + detail::html_escape(l) + "</li>";
        table += "</ul>";
    }

    std::string divs, specs = "[";
    for (std::size_t i = 0; i < charts.size(); ++i) {
        // Appended piece by piece: GCC 12 misreports `"literal" + std::string&&` (-Wrestrict).
        divs.append("<div class=\"chart\" id=\"chart").append(std::to_string(i)).append("\"></div>\n");
        if (i) specs += ',';
        specs += charts[i].dump();
    }
    specs += "]";
    std::string title = "costsim report: " + r.value("scenario", std::string("result"));
    std::string meta = std::to_string(r.value("trials", 0)) + " trials, seed " + std::to_string(r.value("seed", 0)) +
                       ", currency " + cur;
    if (r.contains("deadline_hours") && detail::field(r, "deadline_hours").is_number()) {
        std::snprintf(buf, sizeof buf, ", deadline %.2f h", detail::field(r, "deadline_hours").get<double>());
        meta += buf;
    }
    std::string excluded;
    if (r.contains("excluded") && detail::field(r, "excluded").is_array() && !detail::field(r, "excluded").empty()) {
        excluded = "<h2>Excluded</h2><ul>";
        for (const auto& e : detail::field(r, "excluded"))
            excluded += "<li>" + detail::html_escape(e.value("offer", std::string())) + " (" +
                        detail::html_escape(e.value("market", std::string())) +
                        "): " + detail::html_escape(e.value("reason", std::string())) + "</li>";
        excluded += "</ul>";
    }
    std::string html;
    html += "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + detail::html_escape(title) +
            "</title>\n<style>body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
            "table{border-collapse:collapse;font-size:13px}td,th{border-bottom:1px solid #ddd;padding:4px 8px;"
            "text-align:right}td:nth-child(2),th:nth-child(2){text-align:left}.chart{margin:2em 0}"
            "#errors{display:none;background:#fdd;border:1px solid #c00;padding:1em;color:#900}</style>\n";
    html +=
        "<script>window.__costsimErrors=[];window.addEventListener('error',function(e){window.__costsimErrors.push("
        "String(e.message));});(function(){var ce=console.error;console.error=function(){window.__costsimErrors.push("
        "Array.prototype.join.call(arguments,' '));ce.apply(console,arguments);};})();</script>\n";
    html += "<script>" + detail::script_safe(a.vega) + "</script>\n";
    html += "<script>" + detail::script_safe(a.vega_lite) + "</script>\n";
    html += "<script>" + detail::script_safe(a.vega_embed) + "</script>\n";
    html += "</head><body data-charts-expected=\"" + std::to_string(charts.size()) + "\">\n";
    html += "<h1>" + detail::html_escape(title) + "</h1><p>" + detail::html_escape(meta) + "</p>\n";
    html += "<div id=\"errors\"></div>\n<h2>Candidates, cheapest expected cost first</h2>\n" + table + "\n" + excluded +
            "\n" + divs;
    html += "<script>\nconst specs = " + detail::json_script_safe(specs) + ";\n";
    html +=
        R"JS(function showErrors(){var e=window.__costsimErrors;document.body.setAttribute('data-errors',String(e.length));
if(e.length){var d=document.getElementById('errors');d.style.display='block';d.textContent='Chart errors: '+e.join('; ');}}
Promise.all(specs.map(function(s,i){return vegaEmbed('#chart'+i,s,{renderer:'svg',actions:false}).then(function(){
var svg=document.querySelector('#chart'+i+' svg');return svg&&svg.querySelectorAll('path,rect,line,symbol,text').length>0?1:0;});}))
.then(function(ok){document.body.setAttribute('data-charts-rendered',String(ok.reduce(function(a,b){return a+b;},0)));showErrors();})
.catch(function(err){window.__costsimErrors.push(String(err));document.body.setAttribute('data-charts-rendered','0');showErrors();});
</script>
</body></html>
)JS";
    return html;
}

inline std::string render_report_from(const json& result, const report_assets& assets, const std::string& file) {
    if (!result.is_object() || !result.contains("candidates"))
        throw input_error(file, "/candidates", "a costsim simulate or plan --json result");
    try {
        return render_report(result, assets);
    } catch (const model_error& e) {
        throw input_error(file, "", e.what());
    } catch (const json::exception& e) {
        throw input_error(file, "/candidates", std::string("a costsim simulate or plan result (") + e.what() + ")");
    }
}

}  // namespace costsim
