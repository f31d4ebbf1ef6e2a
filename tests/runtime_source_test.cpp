// Tests of costsim/models/runtime_source.hpp: runtime sources, relative-speed tables and their
// refusals, and the round trip of a costsim.speed/v1 file.
#include <costsim/io/speed_json.hpp>
#include <costsim/models/runtime_source.hpp>

#include <type_traits>

#include <doctest/doctest.h>

using namespace costsim;

static_assert(!std::is_convertible_v<int, runtime_source>, "a source is named, never a bare number");
static_assert(weakest(runtime_source::measured, runtime_source::published) == runtime_source::published);
static_assert(weakest(runtime_source::estimate, runtime_source::measured) == runtime_source::estimate);

namespace {
json table_doc() {
    return json::parse(R"({"schema": "costsim.speed/v1", "name": "t", "as_of": "2026-12-01", "workload": "w",
      "reference": "A100", "speeds": {
        "A100": {"value": 1, "source": "published", "basis": "reference"},
        "L4": {"value": 0.25, "source": "estimate", "basis": "FP16 peak ratio"}}})");
}
}  // namespace

TEST_CASE("a runtime source reads and prints as its name, and nothing else is one") {
    for (auto s : {runtime_source::measured, runtime_source::published, runtime_source::estimate})
        CHECK(parse_runtime_source(to_string(s)) == s);
    CHECK_THROWS_AS(parse_runtime_source("guess"), value_error);
}

TEST_CASE("a speed table gives each GPU model its speed and where it comes from") {
    const json j = table_doc();
    const speed_table t = parse_speed_table(json_cursor(j, "speeds.json"));
    REQUIRE(t.speeds.size() == 2);
    const gpu_speed* l4 = t.find("L4");
    REQUIRE(l4 != nullptr);
    CHECK(l4->value == 0.25);
    CHECK(l4->basis.source == runtime_source::estimate);
    CHECK(l4->basis.basis == "FP16 peak ratio");
    CHECK(t.find("H100") == nullptr);

    SUBCASE("it round-trips through its JSON form") {
        const json back = to_json(t);
        const speed_table u = parse_speed_table(json_cursor(back, "speeds.json"));
        CHECK(to_json(u) == back);
        CHECK(back["speeds"]["L4"]["source"] == "estimate");
    }
}

TEST_CASE("inline speeds may be bare numbers, which carry the workload's stated basis") {
    const json j = json::parse(R"({"V100": 1, "K80": {"value": 0.3, "source": "published", "basis": "a table"}})");
    const auto v = parse_speeds(json_cursor(j, "s.json", "/workload/speed"), {runtime_source::estimate, "FP32 peak"});
    REQUIRE(v.size() == 2);
    const auto& k80 = v[0].model == "K80" ? v[0] : v[1];
    const auto& v100 = v[0].model == "V100" ? v[0] : v[1];
    CHECK(v100.basis.source == runtime_source::estimate);
    CHECK(v100.basis.basis == "FP32 peak");
    CHECK(k80.basis.source == runtime_source::published);
}

TEST_CASE("bad speed tables are refused with the JSON pointer of the offending value") {
    auto refused = [](json j, const std::string& pointer) {
        try {
            (void)parse_speed_table(json_cursor(j, "speeds.json"));
        } catch (const input_error& e) {
            CHECK(e.pointer() == pointer);
            return;
        }
        FAIL("accepted: " << j.dump());
    };
    json j = table_doc();
    j["speeds"]["L4"]["source"] = "guess";
    refused(j, "/speeds/L4/source");
    j = table_doc();
    j["speeds"]["L4"] = 0.25;  // a file's entries all say where they come from
    refused(j, "/speeds/L4");
    j = table_doc();
    j["reference"] = "H100";
    refused(j, "/reference");
    j = table_doc();
    j["speeds"]["A100"]["value"] = 2;
    refused(j, "/speeds/A100/value");
    j = table_doc();
    j["speeds"]["L4"]["value"] = -1;
    refused(j, "/speeds/L4/value");
    j = table_doc();
    j["speeds"]["L4"]["basis"] = "";
    refused(j, "/speeds/L4/basis");
    j = table_doc();
    j["schema"] = "costsim.speed/v2";
    refused(j, "/schema");
}
