// Tests of costsim/models/speed_classes.hpp and its reader, io/speed_classes_json.hpp: each
// variant gets its class's figure, else another class's or a peak ratio, each labelled an
// estimate; a scenario names its class, and the plan uses the class's published scaling and
// the variants' memory; the bundled table gives no variant another variant's figure.
#include <costsim/io/catalog_json.hpp>
#include <costsim/io/scenario_json.hpp>
#include <costsim/io/speed_classes_json.hpp>
#include <costsim/plan/plan.hpp>

#include <cmath>
#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string dir = std::string(COSTSIM_TEST_DATA) + "/classes/";
const gpu_speed& speed_of(const std::vector<gpu_speed>& v, std::string_view id) {
    for (const auto& g : v)
        if (g.model == id) return g;
    FAIL("no figure for " << id);
    return v.front();
}
bool has(const std::vector<gpu_speed>& v, std::string_view id) {
    return std::any_of(v.begin(), v.end(), [&](const gpu_speed& g) { return g.model == id; });
}
}  // namespace

TEST_CASE("a class names each of its variants' own figures, with their sources") {
    const speed_classes_file f = load_speed_classes(dir + "classes.json");
    const auto s = resolve_class_speeds(f.table, f.variants, workload_class::llm_finetune);
    CHECK(speed_of(s, "H100-SXM").value == 1.0);
    CHECK(speed_of(s, "B200").value == 3.0);
    CHECK(speed_of(s, "B200").basis.source == runtime_source::published);
    CHECK(speed_of(s, "B200").basis.basis == "B200 row");
}

TEST_CASE("a variant the class lacks takes the nearest other class's figure, marked estimate") {
    const speed_classes_file f = load_speed_classes(dir + "classes.json");
    const auto s = resolve_class_speeds(f.table, f.variants, workload_class::llm_finetune);
    const gpu_speed& pcie = speed_of(s, "H100-PCIe");  // llm_pretrain has none: encoder is next
    CHECK(pcie.value == 0.5);
    CHECK(pcie.basis.source == runtime_source::estimate);
    CHECK(pcie.basis.basis.find("no llm_finetune figure for H100-PCIe; its encoder figure 0.5") == 0);
}

TEST_CASE("another class's figure is carried over by the variant nearest in speed with figures in both") {
    const speed_classes_file f = load_speed_classes(dir + "classes.json");
    const auto s = resolve_class_speeds(f.table, f.variants, workload_class::llm_finetune);
    // H200 encoder 1.5 is nearest the B200's 1.6 (B200: 3 in llm_finetune), not the reference's 1.
    const gpu_speed& h200 = speed_of(s, "H200-SXM");
    CHECK(h200.value == doctest::Approx(1.5 * 3 / 1.6));
    CHECK(h200.basis.basis.find("its encoder figure 1.5 x 3 / 1.6, the llm_finetune / encoder ratio of B200") !=
          std::string::npos);
}

TEST_CASE("a variant no class has takes its peak TFLOPS ratio, or its bandwidth ratio for inference") {
    const speed_classes_file f = load_speed_classes(dir + "classes.json");
    const auto train = resolve_class_speeds(f.table, f.variants, workload_class::llm_finetune);
    CHECK(speed_of(train, "L4").value == doctest::Approx(121.0 / 989.0));
    CHECK(speed_of(train, "L4").basis.source == runtime_source::estimate);
    CHECK(speed_of(train, "L4").basis.basis.find("peak 16-bit 121 / 989 TFLOPS of the H100-SXM") != std::string::npos);
    const auto inf = resolve_class_speeds(f.table, f.variants, workload_class::inference);
    CHECK(speed_of(inf, "L4").value == doctest::Approx(300.0 / 3350.0));
    CHECK(speed_of(inf, "B200").value == 3.0);  // another class's published figure comes before a ratio
    CHECK(speed_of(inf, "B200").basis.source == runtime_source::estimate);
}

TEST_CASE("the fallback order never lists the class itself and covers every other class") {
    for (workload_class c : all_workload_classes) {
        const auto order = fallback_order(c);
        for (workload_class o : order) CHECK(o != c);
        for (workload_class o : all_workload_classes)
            if (o != c) CHECK(std::find(order.begin(), order.end(), o) != order.end());
    }
    CHECK_THROWS_WITH_AS(parse_workload_class("video"), doctest::Contains("a workload class"), value_error);
}

TEST_CASE("scaling per doubling gives n GPUs per_doubling to the power log2 n") {
    const class_scaling s{1.9, {}};
    CHECK(s.speedup(1) == doctest::Approx(1.0));
    CHECK(s.speedup(2) == doctest::Approx(1.9));
    CHECK(s.speedup(8) == doctest::Approx(1.9 * 1.9 * 1.9));
    CHECK(class_scaling{2.0, {}}.speedup(4) == doctest::Approx(4.0));
}

TEST_CASE("bad class tables are refused with the file and the JSON pointer") {
    const gpu_variant_table v = load_gpu_variants(std::string(COSTSIM_PRICING_DATA) + "/gpu_variants_2026.json");
    const std::string d = std::string(COSTSIM_TEST_DATA) + "/bad_real/";
    auto read = [&](const std::string& f) {
        const json j = load_json_file(d + f);
        return parse_speed_classes(json_cursor(j, d + f), v);
    };
    CHECK_THROWS_WITH_AS(read("classes_unknown_class.json"), doctest::Contains("/classes/video: a workload class: "),
                         input_error);
    CHECK_THROWS_WITH_AS(read("classes_unknown_variant.json"),
                         doctest::Contains("/classes/cnn/speeds/H100: a variant id of"), input_error);
    CHECK_THROWS_WITH_AS(read("classes_reference_not_one.json"),
                         doctest::Contains("/classes/cnn/speeds/H100-SXM/value: 1 for the reference variant"),
                         input_error);
    CHECK_THROWS_WITH_AS(read("classes_scaling_superlinear.json"),
                         doctest::Contains("/classes/cnn/scaling/per_doubling"), input_error);
}

TEST_CASE("a scenario names its class: offers run at their variant's figure, and the class scales them") {
    const scenario s = load_scenario(dir + "scenario.json");
    REQUIRE(s.work_class);
    CHECK(*s.work_class == workload_class::llm_finetune);
    CHECK(s.speed_key(s.offers.offers[1]) == "H100-PCIe");
    CHECK(s.speed_key(s.offers.offers[3]).empty());  // Trainium: no variant
    const auto pcie = s.runtime_on(s.offers.offers[1]);
    REQUIRE(pcie);
    CHECK(pcie->speedup == 0.5);
    CHECK(pcie->basis.source == runtime_source::estimate);

    const plan_result p = run_plan(s, mc_options{});
    bool eight = false;
    for (const auto& row : p.rows)
        if (p.candidate_of(row).gpus_used == 8) {
            eight = true;
            CHECK(p.candidate_of(row).speedup == doctest::Approx(1.9 * 1.9 * 1.9));
            CHECK(p.expanded.candidates[row.candidate_index].runtime.basis.find("1.9 per doubling: 4 vs 8 GPU runs") !=
                  std::string::npos);
        }
    CHECK(eight);
    bool l4_memory = false, trainium = false;
    for (const auto& e : p.excluded) {
        if (e.offer == "gcp/r/g2") l4_memory = e.reason.find("L4 has 24 GiB (its variant's spec)") != std::string::npos;
        if (e.offer == "aws/r/trn1") trainium = e.reason.find("maps it to no GPU variant") != std::string::npos;
    }
    CHECK(l4_memory);
    CHECK(trainium);
}

TEST_CASE("a class needs a class table, and a class table needs a class") {
    json j = load_json_file(dir + "scenario.json");
    j["workload"].erase("class");
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, dir + "scenario.json")),
                         doctest::Contains("/workload: a \"class\" beside a speed table per class"), input_error);
    j = load_json_file(dir + "scenario.json");
    j["workload"]["class"] = "video";
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, dir + "scenario.json")),
                         doctest::Contains("/workload/class: a workload class: "), input_error);
    j = load_json_file(dir + "scenario.json");
    j["workload"]["class"] = "cnn";  // the table has no cnn class
    CHECK_THROWS_WITH_AS(
        parse_scenario(json_cursor(j, dir + "scenario.json")),
        doctest::Contains("/workload/class: a class of the speed table test-classes (\"cnn\" is none)"), input_error);
    j = load_json_file(dir + "scenario.json");
    j["workload"]["speed"] = json{{"H100", 1.0}};
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, dir + "scenario.json")),
                         doctest::Contains("/workload/class: no \"class\" without a \"speed\" file"), input_error);
}

TEST_CASE("the bundled table gives every variant a figure per class, and none another variant's as published") {
    const speed_classes_file f =
        load_speed_classes(std::string(COSTSIM_PRICING_DATA) + "/gpu_speed_by_class_2026.json");
    for (workload_class c : all_workload_classes) {
        CAPTURE(to_string(c));
        const class_speeds* own = f.table.find(c);
        REQUIRE(own);
        const auto s = resolve_class_speeds(f.table, f.variants, c);
        for (const gpu_variant& v : f.variants.variants) {
            CAPTURE(v.id);
            REQUIRE(has(s, v.id));
            const gpu_speed& g = speed_of(s, v.id);
            CHECK(g.value > 0);
            if (g.basis.source != runtime_source::estimate) {  // published only from the class's own row
                REQUIRE(own->find(v.id));
                CHECK(own->find(v.id)->value == g.value);
            }
        }
    }
}

TEST_CASE("the bundled table keeps the published orderings between variants") {
    const speed_classes_file f =
        load_speed_classes(std::string(COSTSIM_PRICING_DATA) + "/gpu_speed_by_class_2026.json");
    const auto ft = resolve_class_speeds(f.table, f.variants, workload_class::llm_finetune);
    const auto enc = resolve_class_speeds(f.table, f.variants, workload_class::encoder);
    // Lambda: H100 SXM5 2.8x the A100 SXM4 on LLM fine-tuning; within 15 %.
    CHECK(speed_of(ft, "H100-SXM").value / speed_of(ft, "A100-SXM4-80GB").value == doctest::Approx(2.8).epsilon(0.15));
    // MLPerf BERT, 8 GPUs: H100 PCIe about half the SXM; L40 53.7 min vs L40S 32.2.
    CHECK(speed_of(enc, "H100-PCIe").value < 0.7 * speed_of(enc, "H100-SXM").value);
    CHECK(speed_of(enc, "L40").value == doctest::Approx(speed_of(enc, "L40S").value * 32.2 / 53.7).epsilon(0.1));
    // Llama-2-70B LoRA, 8 GPUs: B200 well ahead of H200, H200 ahead of H100 SXM.
    CHECK(speed_of(ft, "B200").value > speed_of(ft, "H200-SXM").value);
    CHECK(speed_of(ft, "H200-SXM").value > 1.0);
}
