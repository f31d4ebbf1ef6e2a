// fuzz/measurement_fuzz.cpp — costsim.measurement/v1 files (one object or an array), as
// `costsim-bench` writes them and a scenario's "measured" reads them.
#include "costsim/io/measurement_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           const costsim::json j = costsim::parse_json_text(b, n);
                                           const costsim::json_cursor c(j, n);
                                           if (j.is_array()) {
                                               for (const auto& e : c.elements(true))
                                                   (void)costsim::parse_measurement(e);
                                           } else {
                                               (void)costsim::parse_measurement(c);
                                           }
                                       });
}
