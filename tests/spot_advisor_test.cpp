// Tests of costsim/io/spot_advisor.hpp: entries, hazards, the scenario object, bad input.
#include <costsim/io/spot_advisor.hpp>

#include <cmath>
#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string data = COSTSIM_TEST_DATA;
std::string err(const std::string& f) {
    try {
        load_spot_advisor(data + "/bad_real/" + f);
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("each region / OS / instance becomes its bucket's Poisson hazard") {
    auto es = load_spot_advisor(data + "/real_formats/spot_advisor.json");
    CHECK(es.size() == 4);
    const auto& e = find_advisor_entry(es, "f", "us-east-1", "Linux", "p3.2xlarge");
    CHECK(e.savings_percent == 70);
    CHECK(e.bucket == advisor_bucket::from_15_to_20);
    CHECK(e.rate().per_hour() == doctest::Approx(0.531 * std::log(1 - 0.175) / std::log(0.75)));
    CHECK(e.scenario_interruptions() == json{{"model", "advisor"}, {"bucket", "15-20%"}});
    CHECK(find_advisor_entry(es, "f", "us-east-1", "Windows", "p3.2xlarge").bucket == advisor_bucket::over_20);
    CHECK_THROWS_WITH_AS(find_advisor_entry(es, "f.json", "eu-west-1", "Linux", "p3.2xlarge"),
                         doctest::Contains("f.json: /spot_advisor/eu-west-1/Linux/p3.2xlarge: an Advisor entry"),
                         input_error);
}

TEST_CASE("round trip: the emitted interruptions object is one the scenario reader maps to the same hazard") {
    auto es = load_spot_advisor(data + "/real_formats/spot_advisor.json");
    for (const auto& e : es) {
        json j = to_json(e);
        CHECK(parse_advisor_bucket(j["interruptions"]["bucket"].get<std::string>()) == e.bucket);
        CHECK(j["rate_per_hour"].get<double>() == doctest::Approx(e.rate().per_hour()));
    }
}

TEST_CASE("malformed Advisor data names the file and the JSON pointer") {
    CHECK(err("advisor_truncated.json").find("valid JSON") != std::string::npos);
    CHECK(err("advisor_string.json")
              .find("/spot_advisor/us-east-1/Linux/p3.2xlarge/s: an integer from -1000 to 100, got a string") !=
          std::string::npos);
    CHECK(err("advisor_negative.json").find("/spot_advisor/us-east-1/Linux/p3.2xlarge/r: an integer from 0 to 4") !=
          std::string::npos);
    CHECK(err("advisor_empty.json").find("/spot_advisor: at least one") != std::string::npos);
    json bad = json::parse(
        R"({"ranges": [{"index": 0, "label": "<50%"}], "spot_advisor": {"r": {"Linux": {"t": {"s": 1, "r": 0}}}}})");
    CHECK_THROWS_WITH_AS(parse_spot_advisor(json_cursor(bad, "a.json")), doctest::Contains("a.json: /ranges/0/label"),
                         input_error);
    json unlisted = json::parse(
        R"({"ranges": [{"index": 0, "label": "<5%"}], "spot_advisor": {"r": {"Linux": {"t": {"s": 1, "r": 2}}}}})");
    CHECK_THROWS_WITH_AS(parse_spot_advisor(json_cursor(unlisted, "a.json")),
                         doctest::Contains("/spot_advisor/r/Linux/t/r: an index listed"), input_error);
}
