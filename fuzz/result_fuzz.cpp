// fuzz/result_fuzz.cpp — a simulate/plan --json result read back by `costsim report`.
#include "costsim/report/report.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(data, size, costsim::fuzz::input_name,
                                       [](const std::string& b, const std::string& n) {
                                           const costsim::json j = costsim::parse_json_text(b, n);
                                           (void)costsim::render_report_from(j, costsim::report_assets{}, n);
                                       });
}
