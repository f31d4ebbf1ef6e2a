// fuzz/spot_trace_fuzz.cpp — spot availability traces (`replay --trace`, `trace-stats`,
// trace_fit), parsed and summarised as trace-stats does.
#include "costsim/io/trace_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(
        data, size, costsim::fuzz::input_name, [](const std::string& b, const std::string& n) {
            const costsim::json j = costsim::parse_json_text(b, n);
            const costsim::spot_trace t = costsim::parse_spot_trace(costsim::json_cursor(j, n), "fuzz");
            (void)costsim::compute_trace_stats(t);
        });
}
