// fuzz/scenario_fuzz.cpp — costsim.scenario/v1 files, read as `plan` and `simulate` read
// them: the scenario, the files it names (relative to scenarios/, so the seeds' catalogs,
// traces and studies resolve), and the plan section expanded into candidates.
#include "costsim/engine/scenario.hpp"
#include "costsim/io/scenario_json.hpp"
#include "costsim/plan/plan.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string name = std::string(COSTSIM_FUZZ_SCENARIO_DIR) + "/fuzz-input.json";
    return costsim::fuzz::check_reader(data, size, name, [](const std::string& b, const std::string& n) {
        const costsim::json j = costsim::parse_json_text(b, n);
        const costsim::scenario s = costsim::parse_scenario(costsim::json_cursor(j, n));
        if (s.plan) {
            std::vector<costsim::excluded_offer> excluded;
            (void)costsim::expand_plan(s, excluded);
        }
    });
}
