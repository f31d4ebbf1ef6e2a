// fuzz/values_fuzz.cpp — the single values of the command line and the files: durations
// ("--duration", "every"), ISO 8601 times ("--start") and decimal amounts. Their parsers
// throw value_error (the JSON layer adds the file and pointer); nothing else may escape, and
// a value that parses must print back to the same value.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "costsim/core/decimal.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string s(reinterpret_cast<const char*>(data), size);
    try {
        const costsim::usec d = costsim::parse_duration(s);
        if (d.count() >= 0 && costsim::parse_duration(costsim::format_duration(d)) != d) {
            std::fprintf(stderr, "duration does not round-trip: %s\n", s.c_str());
            std::abort();
        }
    } catch (const costsim::value_error&) {
    }
    try {
        (void)costsim::parse_timestamp(s);
    } catch (const costsim::value_error&) {
    }
    try {
        (void)costsim::parse_decimal(s);
    } catch (const costsim::value_error&) {
    }
    return 0;
}
