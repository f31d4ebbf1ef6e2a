// tests/csv_test.cpp — the RFC 4180 reader shared by the SkyPilot import and costsim-bench.
#include <doctest/doctest.h>

#include <string>

#include "costsim/io/csv.hpp"

using namespace costsim;

namespace {
std::string error_of(const std::string& text) {
    try {
        (void)parse_csv(text, "x.csv");
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("Quoted fields hold commas and doubled quotes, and CRLF ends a record") {
    auto rows = parse_csv("a,\"b,\"\"c\"\"\",d\r\n1,2,3\n", "x.csv");
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].fields == std::vector<std::string>{"a", "b,\"c\"", "d"});
    CHECK(rows[1].fields == std::vector<std::string>{"1", "2", "3"});
    CHECK(rows[1].line == 2);
}

TEST_CASE("Each record carries the line it starts on, past empty lines and quoted line breaks") {
    auto rows = parse_csv("h1,h2\n\n\"two\nlines\",x\r\r\nlast,y", "x.csv");
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].line == 1);
    CHECK(rows[1].line == 3);
    CHECK(rows[1].fields[0] == "two\nlines");
    CHECK(rows[2].line == 6);  // the lone CR ends line 4, the CRLF line 5
    CHECK(rows[2].fields == std::vector<std::string>{"last", "y"});
}

TEST_CASE("A quote inside an unquoted field is an ordinary character") {
    auto rows = parse_csv("5'11\" tall,b\"c\n", "x.csv");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].fields == std::vector<std::string>{"5'11\" tall", "b\"c"});
}

TEST_CASE("Empty fields are kept: a trailing comma, and a field of \"\"") {
    auto rows = parse_csv(",\"\",\n", "x.csv");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].fields == std::vector<std::string>{"", "", ""});
}

TEST_CASE("A file that ends inside a quoted field names the line the field opened on") {
    CHECK(error_of("a,b\n1,\"open\n\nstill open") ==
          "x.csv: line 2: a closing '\"' for the quoted field (the file ends inside it)");
    CHECK(error_of("") == "no error");
    CHECK(parse_csv("", "x.csv").empty());
    CHECK(parse_csv("\n\r\n", "x.csv").empty());
}
