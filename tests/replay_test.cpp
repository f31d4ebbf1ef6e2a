// Tests of costsim/engine/replay.hpp: windows and starts, statistics, savings, refusals.
#include <costsim/engine/replay.hpp>
#include <costsim/io/result_json.hpp>
#include <costsim/io/scenario_json.hpp>
#include <costsim/io/trace_json.hpp>

#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string cbl = std::string(COSTSIM_PRICING_DATA) + "/spot-traces/cbl-eval-2022-10";  // bundled
const std::string example = std::string(COSTSIM_TEST_DATA) + "/../../examples/cant_be_late/scenario.json";

json scenario_json() { return load_json_file(example); }
scenario parse(const json& j) { return parse_scenario(json_cursor(j, "s.json")); }
}  // namespace

TEST_CASE("--starts spreads start ticks over the part of the trace the deadline fits in") {
    spot_trace t(std::chrono::minutes(10), std::vector<std::uint32_t>(100, 0));
    replay_options o;
    o.starts = 5;
    auto ws = replay_windows(t, o, std::chrono::hours(10));  // 60 ticks
    REQUIRE(ws.size() == 5);
    CHECK(ws[0].start == 0);
    CHECK(ws[4].start == 40);
    CHECK(ws[2].start == 20);
    CHECK(ws[4].end == 100);
    CHECK_THROWS_WITH_AS(replay_windows(t, o, std::chrono::hours(20)),
                         doctest::Contains("/data: a trace at least as long"), input_error);
}

TEST_CASE("replay reports simulate's statistics plus work on spot, deadline met and outlasted") {
    scenario s = parse(scenario_json());
    spot_trace t = load_spot_trace(cbl + "/us-west-2a_v100_1.json");
    trace_windows w = load_trace_windows(cbl + "/random_windows.json");
    replay_options o;
    o.windows = &w;
    replay_result r = replay(s, t, o);
    CHECK(r.replays == 300);
    REQUIRE(r.candidates.size() == 4);
    const auto& od = r.candidates[0];
    const auto& spot = r.candidates[1];
    const auto& greedy = r.candidates[2];
    const auto& up = r.candidates[3];
    CHECK(od.stats.cost.mean == doctest::Approx(147.90));
    CHECK(od.stats.spot_work_fraction == 0);
    CHECK(*od.saving_vs_on_demand == doctest::Approx(0));
    CHECK(greedy.stats.deadline_met == 1.0);
    CHECK(up.stats.deadline_met == 1.0);
    CHECK(up.stats.cost.mean <= greedy.stats.cost.mean);
    CHECK(greedy.stats.spot_work_fraction > 0);
    CHECK(*greedy.saving_vs_on_demand == doctest::Approx(1 - greedy.stats.cost.mean / 147.90));
    CHECK(spot.outlasted == 36);  // spot alone does not finish 48 h in 36 of the 92 h windows
    CHECK(spot.finished == 264);
    CHECK(spot.stats.deadline_met < 0.1);
    json j = to_json(r);
    CHECK(j["candidates"][1]["outlasted"] == 36);
    CHECK(j["candidates"][2]["cost"].contains("p95"));
    CHECK(j["candidates"][2].contains("spot_work_fraction"));
}

TEST_CASE("replay refuses what it does not model, naming the candidate") {
    spot_trace t(std::chrono::minutes(10), std::vector<std::uint32_t>(1000, 0));
    replay_options o;
    json j = scenario_json();
    j["candidates"][1]["checkpoint"] = json{{"every", "1h"}, {"cost", "1m"}};
    CHECK_THROWS_WITH_AS(replay(parse(j), t, o),
                         doctest::Contains("s.json: /candidates/1/checkpoint: no checkpoint in trace replay"),
                         input_error);
    j = scenario_json();
    j["candidates"][1]["policy"] = "deadline_fallback";
    CHECK_THROWS_WITH_AS(replay(parse(j), t, o), doctest::Contains("/candidates/1/policy"), input_error);
    trace_windows w = parse_trace_windows(json_cursor(json::parse(R"({"windows": {"": [[0, 2000]]}})"), "w.json"));
    o.windows = &w;
    CHECK_THROWS_WITH_AS(replay(parse(scenario_json()), t, o),
                         doctest::Contains("w.json: /windows//0: a window inside the trace"), input_error);
}

TEST_CASE("replay with the offer's billing: sessions rounded by the offer's rule") {
    // All spot: one session of exactly the work plus d, billed per second with a 60 s minimum.
    spot_trace t(std::chrono::minutes(10), std::vector<std::uint32_t>(400, 0));
    json j = scenario_json();
    for (auto& c : j["candidates"]) c.erase("billing");
    replay_options o;
    o.starts = 3;
    replay_result r = replay(parse(j), t, o);
    CHECK(r.candidates[1].stats.cost.mean == doctest::Approx(0.9731 * 48.2));
    CHECK(r.candidates[0].stats.cost.mean == doctest::Approx(3.06 * 48.2));
    CHECK(r.candidates[2].stats.makespan_hours.mean == doctest::Approx(48.2));
}

TEST_CASE("replay records each candidate's sessions in the first window, and the trace's runs there") {
    scenario s = parse(scenario_json());
    spot_trace t = load_spot_trace(cbl + "/us-west-2a_v100_1.json");
    trace_windows w = load_trace_windows(cbl + "/random_windows.json");
    replay_options o;
    o.windows = &w;
    replay_result r = replay(s, t, o);
    // The runs tile the first window, alternating availability.
    REQUIRE(!r.spot_runs.empty());
    CHECK(r.spot_runs.front().start == 0);
    CHECK(r.spot_runs.back().end == r.first_window.end - r.first_window.start);
    for (std::size_t i = 1; i < r.spot_runs.size(); ++i) {
        CHECK(r.spot_runs[i].start == r.spot_runs[i - 1].end);
        CHECK(r.spot_runs[i].available != r.spot_runs[i - 1].available);
    }
    // On-demand holds one instance from the start to its finish; the sessions never overlap.
    const auto& od = r.candidates[0].first_window_sessions;
    REQUIRE(od.size() == 1);
    CHECK(od[0].kind == instance_kind::on_demand);
    CHECK(od[0].start_us == 0);
    for (const auto& c : r.candidates)
        for (std::size_t i = 1; i < c.first_window_sessions.size(); ++i)
            CHECK(c.first_window_sessions[i].start_us >= c.first_window_sessions[i - 1].end_us);
    // Spot sessions only where the trace has capacity.
    const double gap_us = static_cast<double>(t.gap().count());
    for (const auto& x : r.candidates[2].first_window_sessions)
        if (x.kind == instance_kind::spot)
            CHECK(t.available(r.first_window.start +
                              static_cast<std::int64_t>(static_cast<double>(x.start_us) / gap_us)));
    json j = to_json(r);
    CHECK(j["first_window"]["availability"].size() == r.spot_runs.size());
    CHECK(j["candidates"][0]["first_window"]["sessions"][0]["market"] == "on_demand");
}
