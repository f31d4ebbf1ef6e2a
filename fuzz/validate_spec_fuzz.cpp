// fuzz/validate_spec_fuzz.cpp — the "validate" section of a scenario (`costsim validate`).
#include "costsim/engine/validate.hpp"
#include "costsim/io/validate_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           const costsim::json j = costsim::parse_json_text(b, n);
                                           (void)costsim::parse_validate_spec(costsim::json_cursor(j, n));
                                       });
}
