// tests/error_test.cpp — errors stay one line whatever the input quoted into them.
#include <doctest/doctest.h>

#include <stdexcept>
#include <type_traits>

#include "costsim/core/error.hpp"

using namespace costsim;

TEST_CASE("an input_error quoting newlines, tabs and escapes from a file is still one line") {
    const input_error e("a\nb.json", "/offers/0/x\ty", std::string("a known field, got \"\x1b[31m\r\n\x7f\""));
    CHECK(std::string(e.what()) == "a\\nb.json: /offers/0/x\\ty: a known field, got \"\\x1b[31m\\r\\n\\x7f\"");
    // The parts keep what the input said; only the message is escaped.
    CHECK(e.file() == "a\nb.json");
}

TEST_CASE("value_error and model_error messages are one line too, and escaping twice changes nothing") {
    CHECK(std::string(value_error("got \"1\n2\"").what()) == "got \"1\\n2\"");
    CHECK(std::string(model_error("no rate\r").what()) == "no rate\\r");
    const value_error once("x\ny");
    CHECK(std::string(value_error(once.what()).what()) == once.what());
}

TEST_CASE("every error costsim reports is a costsim error, and nothing else is") {
    CHECK(std::is_base_of_v<error, input_error>);
    CHECK(std::is_base_of_v<error, value_error>);
    CHECK(std::is_base_of_v<error, model_error>);
    CHECK(std::is_base_of_v<error, missing_exchange_rate>);
    CHECK_FALSE(std::is_base_of_v<error, std::logic_error>);
}

TEST_CASE("in_context gives a value_error or model_error the place it was met") {
    auto place = [](auto thrower) -> input_error {
        try {
            in_context("job.json", "/workload/work", thrower);
        } catch (const input_error& e) {
            return e;
        }
        FAIL("no input_error");
        return input_error("", "", "");
    };
    const input_error v = place([] { throw value_error("a duration with a unit, such as 5h"); });
    CHECK(std::string(v.what()) == "job.json: /workload/work: a duration with a unit, such as 5h");
    CHECK(v.file() == "job.json");
    CHECK(v.pointer() == "/workload/work");
    const input_error m = place([] { throw model_error("no rate from EUR to USD"); });
    CHECK(std::string(m.what()) == "job.json: /workload/work: no rate from EUR to USD");
}

TEST_CASE("in_context lets an input_error that knows its place through unchanged") {
    try {
        in_context("outer.json", "/plan", [] { throw input_error("inner.json", "/offers/2", "a price"); });
        FAIL("no throw");
    } catch (const input_error& e) {
        CHECK(std::string(e.what()) == "inner.json: /offers/2: a price");
    }
}

TEST_CASE("in_context returns the value and leaves other exceptions alone") {
    CHECK(in_context("f", "/p", [] { return 42; }) == 42);
    CHECK_THROWS_AS(in_context("f", "/p", [] { throw std::logic_error("bug"); }), std::logic_error);
}

TEST_CASE("flag_value names the flag and appends its hint") {
    try {
        flag_value(
            "--deadline", [] { throw value_error("a positive duration"); }, "such as 24h");
        FAIL("no throw");
    } catch (const input_error& e) {
        CHECK(std::string(e.what()) == "command line: --deadline: a positive duration (such as 24h)");
    }
}
