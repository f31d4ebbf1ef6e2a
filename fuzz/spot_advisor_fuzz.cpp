// fuzz/spot_advisor_fuzz.cpp — AWS Spot Advisor JSON (`import aws-spot-advisor`).
#include "costsim/io/spot_advisor.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           const costsim::json j = costsim::parse_json_text(b, n);
                                           (void)costsim::parse_spot_advisor(costsim::json_cursor(j, n));
                                       });
}
