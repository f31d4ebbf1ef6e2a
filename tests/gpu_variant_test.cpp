// Tests of costsim/pricing/gpu_variant.hpp and its reader, io/gpu_variants_json.hpp: ordered
// alias rules map offers onto the card they carry; bad tables are refused at their pointer;
// the bundled table maps every GPU of the bundled catalogs but the accelerators it names as
// unmapped.
#include <costsim/io/catalog_json.hpp>
#include <costsim/io/gpu_variants_json.hpp>

#include <set>
#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
gpu_variant_table small_table() {
    const json j = json::parse(R"({"schema": "costsim.gpu-variants/v1", "name": "small", "as_of": "2026-12-05",
      "source": "written for this test",
      "variants": {
        "H100-SXM": {"memory_gib": 80, "peak_tflops": 989, "memory_bandwidth_gb_s": 3350, "basis": "datasheet"},
        "H100-PCIe": {"memory_gib": 80, "peak_tflops": 756, "memory_bandwidth_gb_s": 2000, "basis": "datasheet"},
        "A100-PCIe-80GB": {"memory_gib": 80, "peak_tflops": 312, "memory_bandwidth_gb_s": 1935, "basis": "datasheet"}},
      "aliases": [
        {"gpu": "H100", "provider": "lambda", "instance": "_PCIE$", "variant": "H100-PCIe", "basis": "instance name"},
        {"gpu": "H100", "provider": "runpod", "variant": "H100-PCIe", "basis": "RunPod's H100 is the PCIe card"},
        {"gpu": "H100", "variant": "H100-SXM", "basis": "elsewhere the SXM5 card"},
        {"gpu": "A100-80GB", "provider": "runpod", "variant": "A100-PCIe-80GB", "basis": "RunPod"}]})");
    return parse_gpu_variants(json_cursor(j, "small.json"));
}

offer gpu_offer(std::string provider, std::string instance, std::string model) {
    offer o;
    o.provider = std::move(provider);
    o.instance = std::move(instance);
    o.id = o.provider + "/r/" + o.instance;
    o.gpus = gpu_spec{std::move(model), 1, std::nullopt};
    return o;
}
}  // namespace

TEST_CASE("the first alias rule that matches names the variant; provider and instance narrow a rule") {
    const gpu_variant_table t = small_table();
    CHECK(t.of(gpu_offer("lambda", "gpu_1x_h100_pcie", "H100")).variant->id == "H100-PCIe");  // any case
    CHECK(t.of(gpu_offer("lambda", "gpu_8x_h100_sxm5", "H100")).variant->id == "H100-SXM");
    CHECK(t.of(gpu_offer("runpod", "1x_H100_SECURE", "H100")).variant->id == "H100-PCIe");
    CHECK(t.of(gpu_offer("aws", "p5.48xlarge", "H100")).variant->id == "H100-SXM");
    const gpu_variant_match m = t.of(gpu_offer("aws", "p5.48xlarge", "H100"));
    CHECK(m.rule->basis == "elsewhere the SXM5 card");
}

TEST_CASE("a GPU no rule names, and a CPU offer, have no variant") {
    const gpu_variant_table t = small_table();
    CHECK(t.of(gpu_offer("aws", "p4de.24xlarge", "A100-80GB")).variant == nullptr);  // only RunPod's is named
    CHECK(t.of(gpu_offer("aws", "trn1.32xlarge", "Trainium")).variant == nullptr);
    offer cpu;
    cpu.provider = "aws";
    CHECK(t.of(cpu).variant == nullptr);
}

TEST_CASE("a name means a variant id in any case, or a catalog name's generic rule") {
    const gpu_variant_table t = small_table();
    CHECK(t.named("h100-pcie")->id == "H100-PCIe");
    CHECK(t.named("H100")->id == "H100-SXM");
    CHECK(t.named("A100-80GB") == nullptr);  // no generic rule: its meaning depends on the cloud
    CHECK(t.named("B200") == nullptr);
}

TEST_CASE("the variant table round-trips through its JSON") {
    const json once = to_json(small_table());
    CHECK(to_json(parse_gpu_variants(json_cursor(once, "again"))) == once);
}

TEST_CASE("bad variant tables are refused with the file and the JSON pointer") {
    const std::string d = std::string(COSTSIM_TEST_DATA) + "/bad_real/";
    CHECK_THROWS_WITH_AS(load_gpu_variants(d + "variants_alias_unknown_variant.json"),
                         doctest::Contains("/aliases/0/variant: a variant of \"variants\" (\"H100-PCIe\" is none)"),
                         input_error);
    CHECK_THROWS_WITH_AS(load_gpu_variants(d + "variants_rule_after_generic.json"),
                         doctest::Contains("/aliases/1: a rule before the generic rule for \"H100\""), input_error);
    CHECK_THROWS_WITH_AS(load_gpu_variants(d + "variants_bad_instance_regex.json"),
                         doctest::Contains("/aliases/0/instance: a regular expression"), input_error);
    CHECK_THROWS_WITH_AS(load_gpu_variants(d + "variants_zero_memory.json"),
                         doctest::Contains("/variants/H100-SXM/memory_gib"), input_error);
}

TEST_CASE("the bundled table maps every GPU of the bundled catalogs but the accelerators it leaves unmapped") {
    const gpu_variant_table t = load_gpu_variants(std::string(COSTSIM_PRICING_DATA) + "/gpu_variants_2026.json");
    const std::set<std::string> unmapped{"Trainium",
                                         "Inferentia",
                                         "Inferentia2",
                                         "Qualcomm AI100",
                                         "Virtex UltraScale (VU9P)",
                                         "Virtex UltraScale+ (VU47P)"};
    for (const char* f : {"/gpu_cloud_2026.json", "/gpu_platforms_2018.json"}) {
        const catalog c = load_catalog(std::string(COSTSIM_PRICING_DATA) + f);
        for (const offer& o : c.offers) {
            if (!o.gpus || unmapped.count(o.gpus->model)) continue;
            CAPTURE(o.id);
            CHECK(t.of(o).variant != nullptr);
        }
    }
}

TEST_CASE("the bundled table tells the cards a catalog name covers apart") {
    const gpu_variant_table t = load_gpu_variants(std::string(COSTSIM_PRICING_DATA) + "/gpu_variants_2026.json");
    const catalog c = load_catalog(std::string(COSTSIM_PRICING_DATA) + "/gpu_cloud_2026.json");
    auto variant_of = [&](std::string_view provider, std::string_view instance_part) {
        for (const offer& o : c.offers)
            if (o.provider == provider && o.instance.find(instance_part) != std::string::npos)
                return t.of(o).variant ? t.of(o).variant->id : std::string("none");
        return std::string("no such offer");
    };
    CHECK(variant_of("aws", "p5.48xlarge") == "H100-SXM");
    CHECK(variant_of("lambda", "h100_pcie") == "H100-PCIe");
    CHECK(variant_of("aws", "p4d.24xlarge") == "A100-SXM4-40GB");
    CHECK(variant_of("aws", "p4de.24xlarge") == "A100-SXM4-80GB");
    CHECK(variant_of("aws", "g5.xlarge") == "A10G");
    CHECK(variant_of("aws", "g6e.xlarge") == "L40S");
}
