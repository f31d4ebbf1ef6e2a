// Tests of costsim/models/trace.hpp: reading, round trip, runs, windows, statistics, bad input.
#include <costsim/io/trace_json.hpp>
#include <costsim/models/trace.hpp>

#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string data = COSTSIM_TEST_DATA;
spot_trace parse_text(const std::string& text) {
    json j = parse_json_text(text, "t.json");
    return parse_spot_trace(json_cursor(j, "t.json"), "t");
}
std::string error_of(const std::string& text) {
    try {
        parse_text(text);
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("a trace reads as ticks of gap_seconds, non-zero meaning no spot, with its runs") {
    spot_trace t = load_spot_trace(data + "/traces/small.json");
    CHECK(t.name() == "small");
    CHECK(t.gap() == usec(std::chrono::seconds(600)));
    CHECK(t.ticks() == 12);
    CHECK(t.available(0));
    CHECK_FALSE(t.available(3));
    CHECK(t.run_end(0) == 3);
    CHECK(t.run_end(1) == 3);
    CHECK(t.run_end(3) == 5);
    CHECK(t.run_end(9) == 10);
    CHECK(t.run_end(10) == 12);
}

TEST_CASE("a trace round-trips through its published form") {
    spot_trace t = load_spot_trace(data + "/traces/small.json");
    json j = to_json(t);
    spot_trace back = parse_spot_trace(json_cursor(j, "x"), "small");
    CHECK(back.values() == t.values());
    CHECK(back.gap() == t.gap());
    CHECK(to_json(back) == j);
    // Multi-node counts survive (they are not squashed to 0/1).
    spot_trace m = parse_text(R"({"metadata": {"gap_seconds": 300}, "data": [0, 4, 2, 0]})");
    CHECK(to_json(m)["data"] == json::array({0, 4, 2, 0}));
    CHECK_FALSE(m.available(2));
}

TEST_CASE("malformed traces name the file and the JSON pointer") {
    CHECK(error_of(R"({"metadata": {"gap_seconds": -600}, "data": [0]})")
              .find("t.json: /metadata/gap_seconds: a positive") == 0);
    CHECK(error_of(R"({"metadata": {"gap_seconds": 0}, "data": [0]})").find("/metadata/gap_seconds") !=
          std::string::npos);
    CHECK(error_of(R"({"metadata": {"gap_seconds": "600"}, "data": [0]})")
              .find("/metadata/gap_seconds: a positive number of seconds, got a string") != std::string::npos);
    CHECK(error_of(R"({"metadata": {"gap_seconds": 600}, "data": [0, "1"]})").find("/data/1: a non-negative integer") !=
          std::string::npos);
    CHECK(error_of(R"({"metadata": {"gap_seconds": 600}, "data": [0, -1]})").find("/data/1: a non-negative integer") !=
          std::string::npos);
    CHECK(error_of(R"({"metadata": {"gap_seconds": 600}, "data": [0, 0.5]})").find("/data/1") != std::string::npos);
    CHECK(error_of(R"({"metadata": {"gap_seconds": 600}, "data": []})").find("/data: a non-empty array") !=
          std::string::npos);
    CHECK(error_of(R"({"metadata": {"gap_seconds": 600}})").find("/data: a value") != std::string::npos);
    CHECK(error_of(R"({"metadata": {"gap_seconds": 600}, "data": [0], "extra": 1})").find("/extra: a known field") !=
          std::string::npos);
    CHECK_THROWS_WITH_AS(load_spot_trace(data + "/bad_real/trace_truncated.json"), doctest::Contains("valid JSON"),
                         input_error);
}

TEST_CASE("windows files read, round-trip, and refuse backwards or non-integer windows") {
    trace_windows w = load_trace_windows(data + "/traces/small_windows.json");
    REQUIRE(w.of("small").size() == 2);
    CHECK(w.of("small")[1].start == 2);
    CHECK(w.of("small")[1].end == 10);
    json j = to_json(w);
    CHECK(to_json(parse_trace_windows(json_cursor(j, "w"))) == j);
    CHECK_THROWS_WITH_AS(w.of("nope"), doctest::Contains("/windows: windows for trace \"nope\""), input_error);
    CHECK_THROWS_WITH_AS(load_trace_windows(data + "/bad_real/windows_backwards.json"),
                         doctest::Contains("/windows/small/1/1: an end tick after the start"), input_error);
    CHECK_THROWS_WITH_AS(load_trace_windows(data + "/bad_real/windows_string.json"),
                         doctest::Contains("/windows/small/0/1: an integer"), input_error);
}

TEST_CASE("trace statistics: availability, lifetimes, outages and the Poisson rate") {
    trace_stats s = compute_trace_stats(load_spot_trace(data + "/traces/small.json"));
    // 0 0 0 | 1 1 | 0 0 0 0 | 1 | 0 0  (10-minute ticks)
    CHECK(s.availability == doctest::Approx(9.0 / 12.0));
    CHECK(s.lifetimes.count == 3);
    CHECK(s.lifetimes.censored == 2);  // the first and the last run are cut by the trace's ends
    CHECK(s.outages.count == 2);
    CHECK(s.preemptions == 2);
    CHECK(s.lifetimes.mean.count() == doctest::Approx((3 + 4 + 2) / 3.0 / 6.0));
    CHECK(s.outages.max.count() == doctest::Approx(2 / 6.0));
    CHECK(s.poisson_rate.per_hour() == doctest::Approx(2.0 / 1.5));  // 2 preemptions in 9 ticks = 1.5 h
    json j = to_json(s);
    CHECK(j["lifetimes"]["count"] == 3);
    CHECK(j["poisson_rate_per_hour"].get<double>() == doctest::Approx(4.0 / 3.0));
}

TEST_CASE("the two data sets read in their own senses: preempted flags and obtainable counts") {
    // Can't Be Late: non-zero = no spot. SpotHedge: the count of obtainable instances.
    const std::string text = R"({"metadata": {"gap_seconds": 150}, "data": [0, 2, 4, 0, 0, 1]})";
    json j = parse_json_text(text, "t.json");
    const spot_trace pre = parse_spot_trace(json_cursor(j, "t.json"), "t");
    const spot_trace obt = parse_spot_trace(json_cursor(j, "t.json"), "t", trace_sense::obtainable);
    CHECK(pre.sense() == trace_sense::preempted);
    CHECK(obt.sense() == trace_sense::obtainable);
    for (std::int64_t i = 0; i < pre.ticks(); ++i) CHECK(pre.available(i) != obt.available(i));
    // Runs follow availability, not the count: 2 then 4 is one run of obtainable spot.
    CHECK(obt.run_end(1) == 3);
    CHECK(pre.run_end(1) == 3);
    CHECK(compute_trace_stats(obt).availability == doctest::Approx(3.0 / 6));
    CHECK(parse_trace_sense("obtainable") == trace_sense::obtainable);
    CHECK(to_string(trace_sense::preempted) == "preempted");
    CHECK_THROWS_AS(parse_trace_sense("available"), value_error);
}

TEST_CASE("SpotHedge's GCP A100 traces read as obtainable counts give the published availability") {
    // spot-traces/spothedge-gcp-a100/README.md: share of steps with >= 1 instance obtainable:
    // us-west1-b 0.479, us-central1-a 0.856, us-east1-b 0 (770 steps of 150 s).
    const std::string dir = std::string(COSTSIM_PRICING_DATA) + "/spot-traces/spothedge-gcp-a100/";
    const auto west =
        compute_trace_stats(load_spot_trace(dir + "us-west1-b_a100_40gb_8.json", trace_sense::obtainable));
    CHECK(west.ticks == 770);
    CHECK(west.availability == doctest::Approx(0.479).epsilon(0.002));
    // Read in the other data set's sense, the same file says the opposite.
    const auto wrong = compute_trace_stats(load_spot_trace(dir + "us-west1-b_a100_40gb_8.json"));
    CHECK(wrong.availability == doctest::Approx(1 - west.availability));
    CHECK(compute_trace_stats(load_spot_trace(dir + "us-central1-a_a100_40gb_8.json", trace_sense::obtainable))
              .availability == doctest::Approx(0.856).epsilon(0.002));
    CHECK(compute_trace_stats(load_spot_trace(dir + "us-east1-b_a100_40gb_8.json", trace_sense::obtainable))
              .availability == 0.0);
}
