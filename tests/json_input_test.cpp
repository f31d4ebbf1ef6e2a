// tests/json_input_test.cpp — reading input files: what is refused, and how it is said.
#include <doctest/doctest.h>

#include <string>

#include "costsim/io/json_input.hpp"

using namespace costsim;

namespace {
std::string error_of(const std::string& path) {
    try {
        (void)load_json_file(path);
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("a folder or a device is refused before it is read, naming the path") {
    // /dev/zero would never end; a folder would fail with an obscure stream error.
    CHECK(error_of("/dev/zero") == "/dev/zero: a regular file (this is a folder, a device or a socket)");
    CHECK(error_of(COSTSIM_TEST_DATA) ==
          std::string(COSTSIM_TEST_DATA) + ": a regular file (this is a folder, a device or a socket)");
    CHECK(error_of("/no/such/file.json") == "/no/such/file.json: a readable file (cannot open it)");
}

TEST_CASE("a number too large for a double is invalid JSON, not an internal error (found writing the fuzz targets)") {
    // nlohmann throws out_of_range, not parse_error, for 1e400.
    try {
        (void)parse_json_text("{\"rate\": 1e400}", "f.json");
        FAIL("expected an input_error");
    } catch (const input_error& e) {
        CHECK(e.file() == "f.json");
        CHECK(e.expected().find("valid JSON (") == 0);
        CHECK(e.expected().find("number overflow") != std::string::npos);
    }
}

TEST_CASE("expect_schema: the format's name passes; anything else is refused at /schema saying which") {
    auto refusal = [](const json& doc, std::string_view what = {}) {
        try {
            json_cursor(doc, "f.json", "/x").expect_schema("costsim.catalog/v1", what);
        } catch (const input_error& e) {
            CHECK(e.file() == "f.json");
            CHECK(e.pointer() == "/x/schema");
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const json right = json::parse(R"({"schema": "costsim.catalog/v1"})");
    CHECK(refusal(right) == "no error");
    CHECK(refusal(right, "a catalog") == "no error");
    const json wrong = json::parse(R"({"schema": "costsim.catalog/v2"})");
    CHECK_THROWS_AS(json_cursor(wrong, "f.json").expect_schema("costsim.catalog/v1"), input_error);
    CHECK(refusal(wrong) == "f.json: /x/schema: \"costsim.catalog/v1\"");
    CHECK(refusal(wrong, "a catalog") == "f.json: /x/schema: \"costsim.catalog/v1\" (a catalog)");
    // Not a string: said so, unless the reader says what its files are.
    const json number = json::parse(R"({"schema": 1})");
    CHECK(refusal(number) == "f.json: /x/schema: a string, got a number");
    CHECK(refusal(number, "a catalog") == "f.json: /x/schema: \"costsim.catalog/v1\" (a catalog)");
    CHECK(refusal(json::object()) == "f.json: /x/schema: a value (this field is required)");
}
