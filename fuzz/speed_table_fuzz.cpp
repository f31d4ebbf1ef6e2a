// fuzz/speed_table_fuzz.cpp — costsim.speed/v1 relative-speed tables (a workload's "speed").
#include "costsim/io/speed_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           const costsim::json j = costsim::parse_json_text(b, n);
                                           (void)costsim::parse_speed_table(costsim::json_cursor(j, n));
                                       });
}
