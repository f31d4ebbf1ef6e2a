// tests/streams_test.cpp — no two uses of randomness share a stream id.
#include <doctest/doctest.h>

#include <cstdint>
#include <unordered_set>

#include "costsim/core/streams.hpp"

using namespace costsim;

TEST_CASE("The five stream families are disjoint for every candidate index below 2^15") {
    std::unordered_set<std::uint32_t> seen;
    constexpr std::uint32_t n = 1u << 15;
    for (std::uint32_t k = 0; k < n; ++k)
        for (stream_id s : {streams::events(k), streams::price(k), streams::waits(k), streams::real_run_events(k),
                            streams::real_run_waits(k)})
            REQUIRE(seen.insert(s.value).second);
    CHECK(seen.size() == 5 * n);
}

// Compile-time: changing an id changes every simulated output, so it must be a decision.
TEST_CASE("Stream ids are the ones every bundled output was produced with") {
    static_assert(streams::events(3).value == 6);
    static_assert(streams::price(3).value == 7);
    static_assert(streams::waits(3).value == 0x80000003u);
    static_assert(streams::real_run_events(3).value == 0x10003u);
    static_assert(streams::real_run_waits(3).value == 0x20003u);
}
