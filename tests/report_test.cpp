// Tests of costsim/report/report.hpp: the answer paragraph, the charts a report embeds and the
// page around them, and the checks on a user's result file.
#include <costsim/report/report.hpp>

#include <numeric>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
json stat(double lo, double hi) {
    return json{{"mean", (lo + hi) / 2},
                {"stderr", 0.01},
                {"ci95", {(lo + hi) / 2 - 0.02, (lo + hi) / 2 + 0.02}},
                {"p05", lo},
                {"p50", (lo + hi) / 2},
                {"p95", hi},
                {"p99", hi},
                {"min", lo},
                {"max", hi}};
}
std::vector<double> percentiles(double lo, double hi) {
    std::vector<double> q;
    for (int i = 0; i <= 100; ++i) q.push_back(lo + (hi - lo) * i / 100.0);
    return q;
}
json candidate(const char* offer, double lo, double hi, double met, bool pareto, const char* rule = "none") {
    return json{{"offer", offer},
                {"market", "spot"},
                {"policy", "spot_only"},
                {"cost", stat(lo, hi)},
                {"makespan_hours", stat(lo, hi)},
                {"billed_hours", {{"mean", 1.0}}},
                {"checkpoint", {{"every_hours", 0.5}, {"cost_hours", 0.01}, {"rule", rule}}},
                {"deadline_met", met},
                {"pareto", pareto},
                {"quantiles", {{"cost", percentiles(lo, hi)}, {"makespan_hours", percentiles(lo, hi)}}}};
}
// A plan: #1 is cheapest but misses the deadline, #2 is recommended, #3 is dearer, #4 a fixed cost.
json plan() {
    json fixed = candidate("c/<od>", 30, 30, 1.0, false);
    fixed["market"] = "on_demand";
    fixed["policy"] = "on_demand";
    return json{{"scenario", "t"},
                {"trials", 1000},
                {"seed", 1},
                {"currency", "USD"},
                {"deadline_hours", 52.0},
                {"recommended", 2},
                {"deadline_confidence", 0.95},
                {"catalog", {{"name", "cat"}, {"as_of", "2026-12-03"}}},
                {"candidates",
                 {candidate("a/x", 5, 9, 0.62, true, "young"), candidate("a/x", 10, 20, 0.97, true, "daly"),
                  candidate("b/y", 12, 22, 0.99, false), fixed}}};
}
const json* layer_with(const json& chart, const std::string& mark) {
    for (const auto& l : chart["layer"]) {
        const json& m = l["mark"];
        if ((m.is_string() && m == mark) || (m.is_object() && m["type"] == mark)) return &l;
    }
    return nullptr;
}
}  // namespace

TEST_CASE("the answer names the recommendation with its cost, time and risk, then why each alternative lost") {
    const std::string a = report_answer(plan());
    CHECK(a.find("Recommendation: a/x, spot, policy spot only, checkpointing every 0.50 h (Daly's rule).") !=
          std::string::npos);
    CHECK(a.find("Expected cost <b>15.0 USD</b> (95th percentile 20.0 USD)") != std::string::npos);
    CHECK(a.find("expected time <b>15.0 h</b> (95th percentile 20.0 h)") != std::string::npos);
    CHECK(a.find("within the 52.0 h deadline in <b>97 %</b> of the 1000 simulated campaigns") != std::string::npos);
    // #1 (same offer, market and policy, only its checkpoint differs) is a near-duplicate: the
    // runner-up is the next distinct one; a fixed-cost on-demand row is dearer.
    CHECK(a.find("<b>Runner-up</b>: #3 b/y spot") != std::string::npos);
    CHECK(a.find("dearer by 2.00 USD (+13 %)") != std::string::npos);
    CHECK(a.find("#4 c/&lt;od&gt; on-demand") != std::string::npos);
    // Fewer than three distinct alternatives: the cheaper, riskier near-duplicate is listed too.
    CHECK(a.find("riskier: P(deadline) 62 % against 97 %") != std::string::npos);
    CHECK(a.find("dated 2026-12-03") != std::string::npos);
    CHECK(a.find("{\"") == std::string::npos);  // no raw JSON
}

TEST_CASE("young and daly checkpoint rows get distinct labels") {
    const auto charts = report_charts(plan());
    const auto& pts = charts[0]["data"]["values"];
    CHECK(pts[0]["candidate"] == "#1 a/x spot, ckpt Young 0.50 h");
    CHECK(pts[1]["candidate"] == "#2 a/x spot, ckpt Daly 0.50 h");
}

TEST_CASE("a failover row's label says over how many zones, and a bad zone count is refused at its pointer") {
    json r = plan();
    r["candidates"][2]["failover"] = {{"zones", 3}, {"relaunch_hours", 0.05}};
    const auto charts = report_charts(r);
    CHECK(charts[0]["data"]["values"][2]["candidate"] == "#3 b/y spot, failover over 3 zones");
    r["candidates"][2]["failover"]["zones"] = 1;
    CHECK_THROWS_WITH_AS(render_report_from(r, {}, "r.json"), doctest::Contains("/candidates/2/failover/zones"),
                         input_error);
}

TEST_CASE("cost vs time: P50-P95 whiskers, the recommendation ringed, the Pareto front drawn above the rest") {
    const auto charts = report_charts(plan());
    REQUIRE(charts.size() == 4);
    const json& c = charts[0];
    const auto& pts = c["data"]["values"];
    CHECK(pts[1]["recommended"] == true);
    CHECK(pts[1]["kind"] == "recommended");
    CHECK(pts[2]["kind"] == "other");
    CHECK(pts[0]["time_p50"] == 7.0);
    CHECK(pts[0]["time_p95"] == 9.0);
    // Layer order = drawing order: the Pareto line after the other points.
    std::size_t other = 99, front = 99;
    for (std::size_t i = 0; i < c["layer"].size(); ++i) {
        const json& l = c["layer"][i];
        if (l.contains("transform") && l["transform"][0]["filter"] == "!datum.pareto") other = i;
        if (l.contains("transform") && l["transform"][0]["filter"] == "datum.pareto" && l["mark"]["type"] == "line")
            front = i;
    }
    CHECK(other < front);
    CHECK(front < c["layer"].size());
    CHECK(layer_with(c, "text") != nullptr);        // labelled points
    CHECK(c["usermeta"]["expect"]["symbol"] == 5);  // four points and the ring
    // 5..30 spans a factor of 6 on cost: linear; 0.4..40 would be a log axis.
    CHECK(c["layer"][2]["encoding"]["y"]["scale"].value("type", "linear") == "linear");
    json wide = plan();
    wide["candidates"][3]["cost"] = stat(300, 300);
    wide["candidates"][3]["quantiles"]["cost"] = percentiles(300, 300);
    CHECK(report_charts(wide)[0]["layer"][2]["encoding"]["y"]["scale"]["type"] == "log");
}

TEST_CASE("one shared-axis strip of cost distributions, fixed costs as points") {
    const json strip = report_charts(plan())[1];
    CHECK(!strip.contains("resolve"));  // one x axis for all
    const auto& rows = strip["data"]["values"];
    REQUIRE(rows.size() == 4);
    CHECK(rows[3]["fixed"] == true);
    CHECK(rows[0]["fixed"] == false);
    CHECK(rows[1]["p25"] == doctest::Approx(12.5));
    CHECK(strip["usermeta"]["expect"]["symbol"] == 1);
    CHECK(strip["usermeta"]["expect"]["rect"] == 6);
}

TEST_CASE("P(finish by t) in distinct colour-blind-safe colours, the deadline marked, and a slider") {
    const auto charts = report_charts(plan());
    const json& cdf = charts[2];
    const json& range = cdf["layer"][0]["encoding"]["color"]["scale"]["range"];
    std::set<std::string> colours;
    for (const auto& c : range) colours.insert(c.get<std::string>());
    CHECK(colours.size() == range.size());
    CHECK(range.size() == 4);
    CHECK(cdf["layer"][1]["mark"]["type"] == "rule");
    const json& slider = charts[3];
    CHECK(slider["params"][0]["name"] == "t");
    CHECK(slider["params"][0]["value"] == 52.0);
    CHECK(slider["params"][0]["bind"]["input"] == "range");
    CHECK(slider["transform"][1]["filter"] == "datum.q <= t");
}

TEST_CASE("top N: the page says how many of how many it shows, and keeps the recommendation") {
    json r = plan();
    report_options o;
    o.top = 1;
    const auto charts = report_charts(r, o);
    const auto& pts = charts[0]["data"]["values"];
    REQUIRE(pts.size() == 1);
    CHECK(pts[0]["recommended"] == true);  // #1 is cheaper, but the recommendation is kept
    CHECK(charts[0]["usermeta"]["caption"].get<std::string>().find("of 4 candidates") != std::string::npos);
}

TEST_CASE("a replay report says what ran, not trials and seed, and draws the timeline") {
    json r = plan();
    for (const char* k : {"trials", "seed", "recommended", "deadline_confidence", "catalog"}) r.erase(k);
    r["trace"] = "us-west-2a_v100_1";
    r["windows"] = "random_windows.json";
    r["replays"] = 300;
    r["gap_seconds"] = 600;
    r["work_hours"] = 48;
    r["first_window"] = {{"start_hours", 10},
                         {"end_hours", 100},
                         {"availability",
                          {{{"start_hours", 0}, {"end_hours", 5}, {"available", true}},
                           {{"start_hours", 5}, {"end_hours", 90}, {"available", false}}}}};
    r["candidates"][1]["first_window"] = {{"outlasted", false},
                                          {"sessions",
                                           {{{"start_hours", 0}, {"end_hours", 4}, {"market", "spot"}},
                                            {{"start_hours", 6}, {"end_hours", 20}, {"market", "on_demand"}}}}};
    const std::string a = report_answer(r);
    CHECK(a.find("Replayed on the spot trace us-west-2a_v100_1: 300 runs, one per window of random_windows.json") !=
          std::string::npos);
    CHECK(a.find("trials") == std::string::npos);
    CHECK(a.find("of the 300 replays") != std::string::npos);
    const auto charts = report_charts(r);
    REQUIRE(charts.size() == 5);
    const auto& bars = charts[4]["data"]["values"];
    std::vector<std::string> what;
    for (const auto& b : bars) what.push_back(b["what"].get<std::string>());
    CHECK(std::count(what.begin(), what.end(), "waiting") == 1);  // 4 h .. 6 h
    CHECK(std::count(what.begin(), what.end(), "on-demand") == 1);
    CHECK(std::count(what.begin(), what.end(), "spot capacity") == 1);
    CHECK(std::count(what.begin(), what.end(), "no spot capacity") == 1);
}

TEST_CASE("the page: answer first, table collapsed with a legend, libraries inlined, names escaped") {
    const std::string html = render_report(plan(), {"var v='</script>';", "/*vl*/", "/*embed*/"});
    CHECK(html.find("var v='<\\/script>';") != std::string::npos);  // cannot close the element early
    CHECK(html.find("/*vl*/") != std::string::npos);
    CHECK(html.find("data-charts-expected=\"4\"") != std::string::npos);
    CHECK(html.find("c/&lt;od&gt;") != std::string::npos);
    CHECK(html.find("<script src=") == std::string::npos);  // nothing fetched: it opens offline
    CHECK(html.find("Recommendation:") < html.find("<details id=\"table\">"));
    CHECK(html.find("<abbr title=") != std::string::npos);
    CHECK(html.find("<dl class=\"legend\">") != std::string::npos);
    CHECK(html.find("@page{size:A4") != std::string::npos);
}

TEST_CASE("a bad result is refused with the pointer of the field, never another exception") {
    auto refused_at = [](const json& r, const std::string& pointer) {
        try {
            render_report_from(r, {}, "r.json");
        } catch (const input_error& e) {
            CHECK(e.file() == "r.json");
            CHECK(e.pointer() == pointer);
            return;
        }
        FAIL("not refused");
    };
    refused_at(json{{"scenario", "x"}}, "/candidates");
    refused_at(json::array(), "");
    refused_at(json{{"candidates", json::array()}}, "/candidates");
    json r = plan();
    r["candidates"][0]["quantiles"]["cost"] = json::array({1, 2, 3});
    refused_at(r, "/candidates/0/quantiles/cost");
    r = plan();
    r["candidates"][1]["quantiles"]["makespan_hours"][7] = "x";
    refused_at(r, "/candidates/1/quantiles/makespan_hours/7");
    r = plan();
    r["candidates"][2]["cost"]["p95"] = "high";
    refused_at(r, "/candidates/2/cost/p95");
    r = plan();
    r["candidates"][0]["offer"] = 3;
    refused_at(r, "/candidates/0/offer");
    r = plan();
    r["recommended"] = 9;
    refused_at(r, "/recommended");
    r = plan();
    r["candidates"][0]["first_window"] = {{"sessions", {{{"start_hours", 2}, {"end_hours", 1}, {"market", "spot"}}}}};
    refused_at(r, "/candidates/0/first_window/sessions/0/end_hours");
    r = plan();
    r["candidates"][0] = "a/x";
    refused_at(r, "/candidates/0");
}

TEST_CASE("a result without percentiles gets the cost charts but no time distributions") {
    json r = plan();
    for (auto& c : r["candidates"]) c.erase("quantiles");
    const auto charts = report_charts(r);
    REQUIRE(charts.size() == 2);
    CHECK(charts[0]["usermeta"]["title"] == "Expected cost against expected time");
}
