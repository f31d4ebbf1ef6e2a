// fuzz/gpu_variants_fuzz.cpp — costsim.gpu-variants/v1 GPU variant tables (which card an offer is).
#include "costsim/io/gpu_variants_json.hpp"
#include "fuzz_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return costsim::fuzz::check_reader(
        data, size, costsim::fuzz::input_name, [](const std::string& b, const std::string& n) {
            const costsim::json j = costsim::parse_json_text(b, n);
            const costsim::gpu_variant_table t = costsim::parse_gpu_variants(costsim::json_cursor(j, n));
            for (const auto& v : t.variants) (void)t.named(v.id);
        });
}
