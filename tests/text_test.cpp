// Tests of costsim/core/text.hpp: lists split on commas with empty parts dropped, and ASCII
// lower case that leaves other bytes alone.
#include <costsim/core/text.hpp>

#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

TEST_CASE("a comma-separated list drops empty parts and keeps spaces inside a part") {
    CHECK(split_list("L4,A100-80GB") == std::vector<std::string>{"L4", "A100-80GB"});
    CHECK(split_list("a,,b,") == std::vector<std::string>{"a", "b"});
    CHECK(split_list("").empty());
    CHECK(split_list(",").empty());
    CHECK(split_list("on demand") == std::vector<std::string>{"on demand"});
}

TEST_CASE("ascii_lower lowers A to Z only") {
    CHECK(ascii_lower("Llama-3.1-8B") == "llama-3.1-8b");
    CHECK(ascii_lower("\xc3\x84X") == "\xc3\x84x");
}
