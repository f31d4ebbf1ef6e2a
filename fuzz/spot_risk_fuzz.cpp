// fuzz/spot_risk_fuzz.cpp — costsim.spot_risk/v1 files (per-instance spot risk), read as plan
// reads them: the file, the Advisor snapshot and the anchor traces it names (relative to
// pricing_data/aws-spot-advisor/, so the bundled file's references resolve).
#include "costsim/io/spot_risk_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string name = std::string(COSTSIM_FUZZ_PRICING_DIR) + "/aws-spot-advisor/fuzz-input.json";
    return costsim::fuzz::check_reader(data, size, name, [](const std::string& b, const std::string& n) {
        const costsim::json j = costsim::parse_json_text(b, n);
        const costsim::spot_risk r = costsim::parse_spot_risk(costsim::json_cursor(j, n));
        (void)r.describe();
    });
}
