// tests/error_test.cpp — errors stay one line whatever the input quoted into them.
#include <doctest/doctest.h>

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
