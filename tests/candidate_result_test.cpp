// Tests of costsim/engine/candidate_result.hpp: the fields and JSON every engine reports.
#include <costsim/engine/candidate_result.hpp>
#include <costsim/io/result_json.hpp>
#include <costsim/io/scenario_json.hpp>

#include <limits>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

TEST_CASE("a candidate is described by its offer, market, policy and resolved checkpoint") {
    const json d = load_json_file(std::string(COSTSIM_TEST_DATA) + "/spec_scenario.json");
    const scenario s = parse_scenario(json_cursor(d, "spec_scenario.json"));
    const candidate_result spot = describe_candidate(s, s.candidates[0]);
    CHECK(spot.offer == "ref/p3.2xlarge");
    CHECK(spot.market == market_kind::spot);
    CHECK(spot.policy == policy_kind::spot_only);
    CHECK(spot.checkpoint.rule == checkpoint_rule::fixed);
    CHECK(spot.checkpoint.every.count() == doctest::Approx(1.0));
    // Without checkpoints the job is one stretch: `every` is the whole work.
    const candidate_result od = describe_candidate(s, s.candidates[1]);
    CHECK(od.checkpoint.rule == checkpoint_rule::none);
    CHECK(od.checkpoint.every.count() == doctest::Approx(100.0));
}

TEST_CASE("the percent points are 0, 1, ..., 100 % and a summary's JSON writes what is not finite as null") {
    const auto ps = percent_points();
    REQUIRE(ps.size() == 101);
    CHECK(ps.front() == 0.0);
    CHECK(ps[50] == 0.5);
    CHECK(ps.back() == 1.0);
    summary sm = constant_summary(2.5, 10);
    sm.max = std::numeric_limits<double>::infinity();
    const json j = to_json(sm);
    CHECK(j.dump() ==
          R"({"mean":2.5,"stderr":0.0,"ci95":[2.5,2.5],"p05":2.5,"p50":2.5,"p95":2.5,"p99":2.5,"min":2.5,"max":null})");
}

TEST_CASE("json j = x calls the type's writer in io/, and a type without one does not convert") {
    const summary sm = constant_summary(2.5, 10);
    const json j = sm;
    CHECK(j == to_json(sm));
    json doc;
    doc["cost"] = sm;
    CHECK(doc["cost"].dump() == to_json(sm).dump());
    const std::vector<summary> two{sm, sm};
    CHECK(json(two).dump() == json::array({to_json(sm), to_json(sm)}).dump());
    // candidate_result has no document of its own (its fields are written by each engine's result).
    static_assert(!std::is_constructible_v<json, candidate_result>);
    static_assert(std::is_constructible_v<json, simulation_result>);
}
