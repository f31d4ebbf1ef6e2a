// Tests of costsim/report/report.hpp: the charts a report embeds and the page around them.
#include <costsim/report/report.hpp>

#include <numeric>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
json candidate(const char* offer, double lo, double hi, bool pareto) {
    std::vector<double> q;
    for (int i = 0; i <= 100; ++i) q.push_back(lo + (hi - lo) * i / 100.0);
    json s{{"mean", (lo + hi) / 2},
           {"stderr", 0.01},
           {"ci95", {(lo + hi) / 2 - 0.02, (lo + hi) / 2 + 0.02}},
           {"p05", lo},
           {"p50", (lo + hi) / 2},
           {"p95", hi},
           {"p99", hi},
           {"min", lo},
           {"max", hi}};
    return json{{"offer", offer},
                {"market", "spot"},
                {"policy", "spot_only"},
                {"cost", s},
                {"makespan_hours", s},
                {"billed_hours", {{"mean", 1.0}}},
                {"deadline_met", 0.97},
                {"pareto", pareto},
                {"quantiles", {{"cost", q}, {"makespan_hours", q}}}};
}
json result() {
    return json{{"scenario", "t"},
                {"trials", 1000},
                {"seed", 1},
                {"currency", "USD"},
                {"deadline_hours", 52.0},
                {"candidates", {candidate("a/x", 10, 20, true), candidate("b/<y>", 5, 5, false)}}};
}
}  // namespace

TEST_CASE("a result gives a histogram, a CDF and a cost-vs-time chart with the deadline") {
    const auto charts = report_charts(result());
    REQUIRE(charts.size() == 3);
    // Histogram: each candidate's bins hold all the probability (a certain cost: one bar).
    double a = 0, b = 0;
    for (const auto& bin : charts[0]["data"]["values"])
        (bin["candidate"].get<std::string>().rfind("1.", 0) == 0 ? a : b) += bin["probability"].get<double>();
    CHECK(a == doctest::Approx(1.0));
    CHECK(b == doctest::Approx(1.0));
    CHECK(charts[1]["data"]["values"].size() == 202);  // 101 CDF points per candidate
    // The scatter layers points, the Pareto line and the deadline rule at 52 h.
    REQUIRE(charts[2]["layer"].size() == 3);
    CHECK(charts[2]["layer"][2]["data"]["values"][0]["deadline"] == 52.0);
}

TEST_CASE("a replay timeline adds a fourth chart") {
    json r = result();
    r["timeline"] = json{{"hours", {0, 1, 2}}, {"available", {1, 0, 1}}, {"price", {0.9, 0.9, 1.1}}};
    r["sessions"] = json::array({{{"start_hours", 0}, {"end_hours", 1}, {"market", "spot"}}});
    CHECK(report_charts(r).size() == 4);
}

TEST_CASE("the page inlines the libraries safely and escapes names") {
    const std::string html = render_report(result(), {"var v='</script>';", "/*vl*/", "/*embed*/"});
    CHECK(html.find("var v='<\\/script>';") != std::string::npos);  // cannot close the element early
    CHECK(html.find("/*vl*/") != std::string::npos);
    CHECK(html.find("data-charts-expected=\"3\"") != std::string::npos);
    CHECK(html.find("b/&lt;y&gt;") != std::string::npos);
    CHECK(html.find("<script src=") == std::string::npos);  // nothing fetched: it opens offline
}

TEST_CASE("a JSON without candidates is refused") {
    CHECK_THROWS_AS(report_charts(json{{"scenario", "x"}}), model_error);
    CHECK_THROWS_AS(report_charts(json{{"candidates", json::array()}}), model_error);
    json bad = result();
    bad["candidates"][0]["quantiles"]["cost"] = json::array({1, 2, 3});
    CHECK_THROWS_AS(report_charts(bad), model_error);
}

TEST_CASE("a result without percentiles gets the cost-vs-time chart only, not empty distributions") {
    json r = result();
    for (auto& c : r["candidates"]) c.erase("quantiles");
    const auto charts = report_charts(r);
    REQUIRE(charts.size() == 1);
    CHECK(charts[0]["title"].get<std::string>().find("Expected cost vs expected time") == 0);
}
