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
