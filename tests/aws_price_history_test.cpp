// Tests of costsim/io/aws_price_history.hpp: pages, offsets, grouping, catalog round trip, bad input.
#include <costsim/io/aws_price_history.hpp>

#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string data = COSTSIM_TEST_DATA;
}

TEST_CASE("ISO 8601 timestamps with offsets become UTC") {
    CHECK(format_timestamp(parse_iso8601_offset("2023-04-20T11:04:41+00:00")) == "2023-04-20T11:04:41Z");
    CHECK(format_timestamp(parse_iso8601_offset("2023-04-18T23:30:00-05:00")) == "2023-04-19T04:30:00Z");
    CHECK(format_timestamp(parse_iso8601_offset("2023-04-19T08:00:00.000Z")) == "2023-04-19T08:00:00Z");
    CHECK(format_timestamp(parse_iso8601_offset("2023-04-20T11:04:41+0530")) == "2023-04-20T05:34:41Z");
    CHECK_THROWS_AS(parse_iso8601_offset("2023-04-20"), value_error);
    CHECK_THROWS_AS(parse_iso8601_offset("2023-04-20T11:04:41+99:00"), value_error);
}

TEST_CASE("concatenated pages are read in order; prices stay exact strings") {
    auto recs = load_aws_price_history(data + "/real_formats/price_history.json");
    REQUIRE(recs.size() == 3);
    CHECK(recs[0].price == parse_decimal("0.918"));
    CHECK(recs[2].zone == "us-east-1b");
    auto series = histories(recs, "f");
    REQUIRE(series.size() == 2);
    REQUIRE(series[0].history.points.size() == 2);
    CHECK(series[0].history.points[0].amount == parse_decimal("0.9731"));  // oldest first
    // A JSON array of pages reads the same.
    auto arr = parse_aws_price_history_text(
        R"([{"SpotPriceHistory": [{"AvailabilityZone": "a", "InstanceType": "t", "ProductDescription": "Linux/UNIX",
            "SpotPrice": "1.5", "Timestamp": "2023-01-01T00:00:00Z"}]}, {"SpotPriceHistory": []}])",
        "arr.json");
    CHECK(arr.size() == 1);
}

TEST_CASE("the imported catalog round-trips through costsim's own loader") {
    auto series = histories(load_aws_price_history(data + "/real_formats/price_history.json"), "f");
    catalog c = to_catalog(series, "hist", "test");
    json j = to_json(c);
    catalog back = parse_catalog(json_cursor(j, "imported.json"));
    REQUIRE(back.offers.size() == 2);
    const offer* o = back.find("aws/us-east-1a/p3.2xlarge");
    REQUIRE(o);
    const auto& h = std::get<spot_history>(o->spot->price);
    CHECK(h.points.size() == 2);
    CHECK(h.points[1].amount == parse_decimal("0.918"));
    CHECK(to_json(back) == j);
    CHECK(format_date(back.as_of) == "2023-04-20");
}

TEST_CASE("malformed price histories name the file, page and JSON pointer") {
    auto err = [&](const std::string& f) {
        try {
            load_aws_price_history(data + "/bad_real/" + f);
        } catch (const input_error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(err("history_truncated.json").find("valid JSON") != std::string::npos);
    CHECK(err("history_number_price.json").find("/SpotPriceHistory/0/SpotPrice: a price string") != std::string::npos);
    CHECK(err("history_negative_price.json").find("/SpotPriceHistory/0/SpotPrice: a non-negative decimal") !=
          std::string::npos);
    CHECK(err("history_bad_time.json").find("/SpotPriceHistory/0/Timestamp: an ISO 8601 time") != std::string::npos);
    CHECK(err("history_empty.json").find("/SpotPriceHistory: at least one price record") != std::string::npos);
    CHECK_THROWS_WITH_AS(parse_aws_price_history_text("{\"SpotPriceHistory\": []} {\"SpotPriceHistory\": 3}", "p.json"),
                         doctest::Contains("p.json (page 2): /SpotPriceHistory: an array"), input_error);
    CHECK_THROWS_WITH_AS(parse_aws_price_history_text("  ", "p.json"), doctest::Contains("p.json: valid JSON"),
                         input_error);
    auto dup = R"({"SpotPriceHistory": [
        {"AvailabilityZone": "a", "InstanceType": "t", "ProductDescription": "L", "SpotPrice": "1", "Timestamp": "2023-01-01T00:00:00Z"},
        {"AvailabilityZone": "a", "InstanceType": "t", "ProductDescription": "L", "SpotPrice": "2", "Timestamp": "2023-01-01T00:00:00Z"}]})";
    CHECK_THROWS_WITH_AS(histories(parse_aws_price_history_text(dup, "d.json"), "d.json"),
                         doctest::Contains("one price per instant"), input_error);
}
