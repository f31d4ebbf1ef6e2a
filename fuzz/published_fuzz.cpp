// fuzz/published_fuzz.cpp — costsim.published/v1 study files (a scenario's "published").
#include "costsim/io/published_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           const costsim::json j = costsim::parse_json_text(b, n);
                                           (void)costsim::parse_published_study(costsim::json_cursor(j, n));
                                       });
}
