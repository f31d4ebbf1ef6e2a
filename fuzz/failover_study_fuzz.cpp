// fuzz/failover_study_fuzz.cpp — costsim.failover/v1 studies, read as `costsim failover` reads
// them: the study, then its catalog's offers and its traces (relative to scenarios/, so the
// seeds' files resolve; the bundled 2026 catalog when it names none).
#include "costsim/io/failover_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string name = std::string(COSTSIM_FUZZ_SCENARIO_DIR) + "/fuzz-input.json";
    return costsim::fuzz::check_reader(data, size, name, [](const std::string& b, const std::string& n) {
        const costsim::json j = costsim::parse_json_text(b, n);
        costsim::failover_study s = costsim::parse_failover_study(costsim::json_cursor(j, n));
        const costsim::resolved_failover r =
            costsim::resolve_failover(std::move(s), std::string(COSTSIM_FUZZ_PRICING_DIR) + "/gpu_cloud_2026.json");
        (void)r.over_all(costsim::tick_policy::spot_only);
    });
}
