// Tests of costsim/models/job_size.hpp and its reader, io/job_size_json.hpp: a job stated by
// its size gives NVIDIA's published figure where the row is the job's own, the closed forms
// of the parameter, precision and method scalings elsewhere, the memory need of each method,
// and a range that holds Llama 2's published pre-training GPU-hours (a source the table does
// not use).
#include <costsim/io/job_size_json.hpp>
#include <costsim/io/scenario_json.hpp>
#include <costsim/io/speed_classes_json.hpp>

#include <chrono>
#include <cmath>
#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string table_file = std::string(COSTSIM_PRICING_DATA) + "/llm_job_size_2026.json";
double seconds(usec d) { return std::chrono::duration<double>(d).count(); }
job_size job(const job_size_table& t, const char* model, double tokens, train_method m, train_precision p) {
    job_size j;
    j.model = t.model(model);
    j.tokens = tokens;
    j.method = m;
    j.precision = p;
    j.seq = 2048;
    return j;
}
}  // namespace

TEST_CASE("a job that is one of NVIDIA's rows takes that row's throughput, labelled published") {
    const job_size_table t = load_job_size_table(table_file);
    // LLAMA2-7B LoRA, FP8, 8 H100: 25,206 tokens/s per GPU. NVIDIA's own estimate for 10M
    // tokens is 0.8 min; 10e6 / (25206 x 8) s = 49.6 s.
    const auto e = estimate_job(job(t, "llama-2-7b", 10e6, train_method::lora, train_precision::fp8), 8, t);
    CHECK(seconds(e.tuned) == doctest::Approx(10e6 / (25206.0 * 8)).epsilon(1e-6));
    CHECK(seconds(e.tuned) / 60 == doctest::Approx(0.8).epsilon(0.05));
    CHECK(e.tuned_basis.source == runtime_source::published);
    CHECK(e.tuned_basis.basis.find("LLAMA2-7B LoRA, 8 GPUs, FP8") != std::string::npos);
    CHECK(e.plain_basis.source == runtime_source::estimate);
}

TEST_CASE("the tuned end scales by parameters and by torchtitan's bf16 to Float8 ratio, then estimate") {
    const job_size_table t = load_job_size_table(table_file);
    const auto e = estimate_job(job(t, "14B", 1e9, train_method::full, train_precision::bf16), 4, t);
    // Nearest full row to 14B: LLAMA2-13B SFT, 9,741 tokens/s per GPU.
    const double tps = 9741.0 * 13.0e9 / 14e9 * (6667.0 / 8532.0);
    CHECK(seconds(e.tuned) == doctest::Approx(1e9 / (tps * 4)).epsilon(1e-6));
    CHECK(e.tuned_basis.source == runtime_source::estimate);
    CHECK(e.flops == doctest::Approx(6 * 14e9 * 1e9));
}

TEST_CASE("the plain end is torchtitan's figure scaled by parameters and FLOPs per token, QLoRA slower at both ends") {
    const job_size_table t = load_job_size_table(table_file);
    const auto full = estimate_job(job(t, "llama-3.1-8b", 1e9, train_method::full, train_precision::bf16), 1, t);
    CHECK(seconds(full.plain) == doctest::Approx(1e9 / 5762.0).epsilon(1e-6));
    const auto lora = estimate_job(job(t, "llama-3.1-8b", 1e9, train_method::lora, train_precision::bf16), 1, t);
    CHECK(seconds(lora.plain) == doctest::Approx(1e9 / (5762.0 * 1.5)).epsilon(1e-6));
    const auto qlora = estimate_job(job(t, "llama-3.1-8b", 1e9, train_method::qlora, train_precision::bf16), 1, t);
    CHECK(seconds(qlora.plain) == doctest::Approx(seconds(lora.plain) * 1.4).epsilon(1e-6));
    CHECK(seconds(qlora.tuned) == doctest::Approx(seconds(lora.tuned) * 1.4).epsilon(1e-6));
    CHECK(lora.tuned < lora.plain);
    const auto fp8 = estimate_job(job(t, "llama-3.1-8b", 1e9, train_method::full, train_precision::fp8), 1, t);
    CHECK(seconds(fp8.plain) == doctest::Approx(1e9 / 8532.0).epsilon(1e-6));
}

TEST_CASE("memory per GPU: full training's 16 bytes per parameter shard over the GPUs, LoRA's weights do not") {
    const job_size_table t = load_job_size_table(table_file);
    const double gib = 1024.0 * 1024 * 1024;
    const job_size j = job(t, "llama-2-7b", 1e9, train_method::full, train_precision::bf16);
    // Activations: 2048 x 4096 x (2 x 32 + 34) bytes; logits 4 x 2048 x 32000 bytes; 2 GiB overhead.
    const double rest = (2048.0 * 4096 * (2 * 32 + 34) + 4.0 * 2048 * 32000) / gib + 2;
    CHECK(estimate_job(j, 1, t).memory_gib == doctest::Approx(16 * 6.74e9 / gib + rest));
    CHECK(estimate_job(j, 8, t).memory_gib == doctest::Approx(16 * 6.74e9 / 8 / gib + rest));
    job_size l = j;
    l.method = train_method::lora;
    CHECK(estimate_job(l, 8, t).memory_gib == doctest::Approx(2.1 * 6.74e9 / gib + rest));
    l.method = train_method::qlora;
    CHECK(estimate_job(l, 1, t).memory_gib < 8.0);  // a 7B QLoRA fits an 8 GB card's budget, give or take
    CHECK(estimate_job(l, 1, t).memory_basis.find("32 layers, hidden 4096, seq 2048") != std::string::npos);
}

TEST_CASE("Llama 2's published pre-training GPU-hours fall inside the range on the A100") {
    // Touvron et al. 2023, Llama 2, table 2: A100-80GB GPU-hours for 2.0T tokens. Not a
    // source of the table; the A100's speed is the class table's.
    const job_size_table t = load_job_size_table(table_file);
    const speed_classes_file f =
        load_speed_classes(std::string(COSTSIM_PRICING_DATA) + "/gpu_speed_by_class_2026.json");
    double a100 = 0;
    for (const auto& g : resolve_class_speeds(f.table, f.variants, workload_class::llm_pretrain))
        if (g.model == "A100-SXM4-80GB") a100 = g.value;
    REQUIRE(a100 > 0);
    const std::pair<const char*, double> published[] = {
        {"llama-2-7b", 184320}, {"llama-2-13b", 368640}, {"34B", 1038336}, {"llama-2-70b", 1720320}};
    for (const auto& p : published) {
        const char* model = p.first;
        const double gpu_hours = p.second;
        const auto e = estimate_job(job(t, model, 2e12, train_method::full, train_precision::bf16), 1, t);
        CAPTURE(model);
        CHECK(seconds(e.tuned) / 3600 / a100 < gpu_hours);
        CHECK(seconds(e.plain) / 3600 / a100 > gpu_hours);
    }
}

TEST_CASE("sizes and counts are read with their suffixes and refused otherwise") {
    CHECK(parse_count("50M") == 50e6);
    CHECK(parse_count("1.5B") == 1.5e9);
    CHECK(parse_count("52000") == 52000);
    CHECK(parse_count("2T") == 2e12);
    CHECK(parse_count("52k") == 52e3);
    for (const char* bad : {"", "M", "-5", "5X", "1e5", "0", "1..2M", "0.0"}) {
        CAPTURE(bad);
        CHECK_THROWS_AS((void)parse_count(bad), value_error);
    }
    const job_size_table t = load_job_size_table(table_file);
    CHECK(t.model("Llama-3-8B").layers == 32);
    const model_shape s = t.model("7B");
    CHECK(s.shape_assumed);
    CHECK(s.layers == 33);
    CHECK_THROWS_WITH_AS((void)t.model("gpt-9"), doctest::Contains("llama-2-7b"), value_error);
    CHECK_THROWS_AS((void)t.model("500"), value_error);
    CHECK(parse_train_method("LoRA") == train_method::lora);
    CHECK_THROWS_AS((void)parse_train_method("sft"), value_error);
    CHECK_THROWS_AS((void)parse_train_precision("fp16"), value_error);
}

TEST_CASE("a malformed job-size table names the pointer") {
    json j = load_json_file(table_file);
    j["tuned"][0]["method"] = "sft";
    CHECK_THROWS_WITH_AS((void)parse_job_size_table(json_cursor(j, "t.json")),
                         doctest::Contains("t.json: /tuned/0/method"), input_error);
    j = load_json_file(table_file);
    j["models"]["Big"] = j["models"]["llama-2-7b"];
    CHECK_THROWS_WITH_AS((void)parse_job_size_table(json_cursor(j, "t.json")), doctest::Contains("/models/Big"),
                         input_error);
    j = load_json_file(table_file);
    j["methods"]["qlora"]["slowdown"] = 0.5;
    CHECK_THROWS_WITH_AS((void)parse_job_size_table(json_cursor(j, "t.json")),
                         doctest::Contains("/methods/qlora/slowdown"), input_error);
}

TEST_CASE("a scenario states its workload by size: the work at the plain end on the anchor, the memory need") {
    const scenario s = load_scenario(std::string(COSTSIM_TEST_DATA) + "/size/lora_7b.json");
    const double tokens = 52002.0 * 3 * 512;
    CHECK(seconds(s.work) == doctest::Approx(tokens / (5762.0 * 8.03 / 6.74 * 1.5)).epsilon(1e-6));
    CHECK(s.work_basis.source == runtime_source::estimate);
    CHECK(s.work_basis.basis.find("estimated from the job's size (llama-2-7b lora bf16") != std::string::npos);
    REQUIRE(s.gpu_memory_gib);
    const double gib = 1024.0 * 1024 * 1024;
    const double need = (2.1 * 6.74e9 + 512.0 * 2 * 4096 * (2 * 32 + 34) + 4.0 * 512 * 2 * 32000) / gib + 2;
    CHECK(*s.gpu_memory_gib == doctest::Approx(need));
    CHECK(s.workload_name == "llama-2-7b lora bf16, 79.8751M tokens, seq 512");
}

TEST_CASE("a scenario's size is refused beside a work, with a bad method, or on a speed table of another reference") {
    json j = load_json_file(std::string(COSTSIM_TEST_DATA) + "/size/lora_7b.json");
    const std::string file = std::string(COSTSIM_TEST_DATA) + "/size/x.json";
    auto fails_at = [&](const json& doc, const std::string& where) {
        CAPTURE(where);
        const std::string want = file + ": " + where;
        CHECK_THROWS_WITH_AS((void)parse_scenario(json_cursor(doc, file)), doctest::Contains(want.c_str()),
                             input_error);
    };
    json k = j;
    k["workload"]["work"] = "3h";
    fails_at(k, "/workload/work");
    k = j;
    k["workload"]["size"]["method"] = "sft";
    fails_at(k, "/workload/size/method");
    k = j;
    k["workload"]["size"]["tokens"] = "lots";
    fails_at(k, "/workload/size/tokens");
    k = j;
    k["workload"]["speed"] = "../../../pricing_data/gpu_speed_2026.json";
    k["workload"].erase("class");
    fails_at(k, "/workload/size/table");
}
