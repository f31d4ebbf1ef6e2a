// Tests of costsim/skypilot.hpp: CSV, offers, the catalog round trip, bad input.
#include <costsim/skypilot.hpp>

#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string data = COSTSIM_TEST_DATA;
skypilot_import opts() {
    skypilot_import o;
    o.as_of = date::year{2024} / 1 / 1;
    return o;
}
std::string err(const std::string& f) {
    try {
        load_skypilot_csv(data + "/bad_real/" + f, opts());
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("RFC 4180: quoted fields, doubled quotes, CRLF") {
    auto rows = parse_csv("a,\"b,\"\"c\"\"\",d\r\n1,2,3\n", "x.csv");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0][1] == "b,\"c\"");
    CHECK(rows[1][2] == "3");
    CHECK(parse_csv_decimal("1.2e-05") == parse_decimal("0.000012"));
    CHECK(parse_csv_decimal("3.06") == parse_decimal("3.06"));
}

TEST_CASE("SkyPilot rows become offers; the catalog round-trips through costsim's loader") {
    catalog c = load_skypilot_csv(data + "/real_formats/skypilot_vms.csv", opts());
    REQUIRE(c.offers.size() == 4);
    const offer* p3 = c.find("aws/us-west-2a/p3.2xlarge");
    REQUIRE(p3);
    CHECK(p3->gpus->model == "V100");
    CHECK(p3->gpus->count == 1);
    CHECK(*p3->gpus->memory_gib == doctest::Approx(16));
    CHECK(*p3->vcpus == 8);
    CHECK(p3->on_demand->price.amount.amount() == parse_decimal("3.06"));
    CHECK(std::get<quoted_price>(p3->spot->price).amount.amount() == parse_decimal("0.9731"));
    CHECK(p3->billing.increment.minimum == usec(std::chrono::seconds(60)));
    const offer* b = c.find("aws/us-west-2b/p3.2xlarge");
    REQUIRE(b);
    CHECK_FALSE(b->spot);  // empty SpotPrice: no spot market
    CHECK(c.find("aws/us-east-1/m5.large"));  // no zone: the region
    CHECK(c.notes.find("lines 6") != std::string::npos);  // the priceless row is said, not hidden

    json j = to_json(c);
    catalog back = parse_catalog(json_cursor(j, "catalog.json"));
    CHECK(back.offers.size() == c.offers.size());
    CHECK(to_json(back) == j);
}

TEST_CASE("one instance type with different accelerators gets distinct ids") {
    std::string csv =
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,AvailabilityZone\n"
        "n1-standard-8,V100,1,8,30,,2.86,0.99,us-central1,us-central1-a\n"
        "n1-standard-8,V100,2,8,30,,5.34,1.6,us-central1,us-central1-a\n";
    skypilot_import o = opts();
    o.provider = "gcp";
    catalog c = parse_skypilot_csv(csv, "g.csv", o);
    CHECK(c.find("gcp/us-central1-a/n1-standard-8+1xV100"));
    CHECK(c.find("gcp/us-central1-a/n1-standard-8+2xV100"));
    CHECK(c.offers[0].billing.increment.minimum == usec(std::chrono::minutes(1)));
    CHECK_THROWS_WITH_AS(parse_skypilot_csv(csv + "n1-standard-8,V100,1,8,30,,2.86,0.99,us-central1,us-central1-a\n", "g.csv", o),
                         doctest::Contains("g.csv: line 4: one row per instance"), input_error);
}

TEST_CASE("malformed SkyPilot CSVs name the file, the line and the column") {
    CHECK(err("skypilot_truncated.csv").find("skypilot_truncated.csv: line 2: a closing") != std::string::npos);
    CHECK(err("skypilot_negative.csv").find("line 2/Price: a non-negative decimal price") != std::string::npos);
    CHECK(err("skypilot_string_count.csv").find("line 2/AcceleratorCount: a non-negative number, got \"one\"") !=
          std::string::npos);
    CHECK(err("skypilot_empty.csv").find("at least one instance row") != std::string::npos);
    CHECK(err("skypilot_missing_column.csv").find("line 1: a \"AcceleratorName\" column") != std::string::npos);
    CHECK_THROWS_WITH_AS(parse_skypilot_csv("", "e.csv", opts()), doctest::Contains("e.csv: line 1: a header"), input_error);
    CHECK_THROWS_WITH_AS(
        parse_skypilot_csv("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,"
                           "AvailabilityZone\np3,V100,1\n", "f.csv", opts()),
        doctest::Contains("f.csv: line 2: 10 fields like the header, got 3"), input_error);
}
