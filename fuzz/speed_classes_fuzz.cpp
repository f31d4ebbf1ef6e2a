// fuzz/speed_classes_fuzz.cpp — costsim.speed-classes/v1 speed tables per workload class,
// read against the bundled variant table and resolved for every class.
#include "costsim/io/speed_classes_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const costsim::gpu_variant_table variants =
        costsim::load_gpu_variants(COSTSIM_FUZZ_PRICING_DIR "/gpu_variants_2026.json");
    return costsim::fuzz::check_reader(
        data, size, costsim::fuzz::input_name, [](const std::string& b, const std::string& n) {
            const costsim::json j = costsim::parse_json_text(b, n);
            const costsim::speed_class_table t = costsim::parse_speed_classes(costsim::json_cursor(j, n), variants);
            for (const auto& k : t.classes) (void)costsim::resolve_class_speeds(t, variants, k.cls);
        });
}
