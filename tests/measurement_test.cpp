// Tests of costsim/models/measurement.hpp: the costsim.measurement/v1 format round-trips, bad
// input is refused with its JSON pointer, and the adapter turns measurements into a
// scenario's workload (offer and device-name mapping, speeds, scaling, memory), including
// through parse_scenario.
#include <costsim/engine/scenario.hpp>
#include <costsim/io/measurement_json.hpp>
#include <costsim/io/scenario_json.hpp>
#include <costsim/models/measurement.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {

measurement sample(double samples_per_second = 400.0, std::string device = "Tesla V100-SXM2-16GB") {
    measurement m;
    m.workload = "bilstm-sentiment";
    m.task = "train";
    m.model = json{{"vocab", 274562}, {"embed", 128}}.dump();
    m.device_kind = "cuda";
    m.device_name = std::move(device);
    m.threads = 8;
    m.batch_size = 32;
    m.data.source = "file";
    m.data.format = "sentiment140";
    m.data.path = "train.csv";
    m.data.train_samples = 1420765;
    m.data.heldout_samples = 157863;
    m.data.seed = 7;
    m.warmup_steps = 20;
    m.timed_steps = 200;
    const double median = 32.0 / samples_per_second;
    m.step_seconds = {median, median * 0.9, median * 1.1, median * 1.01, median * 0.8, median * 1.5};
    m.samples_per_second = samples_per_second;
    m.samples_per_second_mean = 32.0 / (median * 1.01);
    m.projected_samples = 1420765;
    m.projected_epochs = 4;
    m.seconds_per_epoch = 1420765 / samples_per_second;
    m.total_seconds = 4 * m.seconds_per_epoch;
    m.peak_memory_bytes = std::int64_t{3} << 30;  // 3 GiB
    m.peak_memory_kind = "cuda_allocator";
    m.quality = measured_quality{0.41, 0.81, 157863};
    m.checkpoint = measured_checkpoint{500, 140000000, 3, 0.25, 0.2, 0};
    m.parameters_digest = "fnv1a64:0123456789abcdef";
    m.versions = {{"libtorch", "1.13.1"}, {"cuda_driver", "535.54"}};
    m.host = "gpu-box";
    m.timestamp = "2026-02-01T12:00:00Z";
    return m;
}

std::string refusal(const json& j) {
    try {
        parse_measurement(json_cursor(j, "bench.json"));
    } catch (const input_error& e) {
        return e.pointer() + ": " + e.expected();
    }
    return "accepted";
}

// A scratch folder with files, removed at the end of the test.
struct scratch {
    std::filesystem::path dir;
    scratch() {
        dir = std::filesystem::temp_directory_path() /
              ("costsim-measurement-test-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        std::filesystem::create_directories(dir);
    }
    ~scratch() { std::filesystem::remove_all(dir); }
    std::string write(const std::string& name, const json& j) const {
        std::ofstream(dir / name) << j.dump(1);
        return (dir / name).string();
    }
};

json offers_json() {
    return json::array({
        json{{"id", "aws/p3.2xlarge"},
             {"provider", "aws"},
             {"gpus", {{"model", "V100"}, {"count", 1}, {"memory_gib", 16}}},
             {"markets", {{"on_demand", {{"price", {{"amount", "3.06"}, {"per", "hour"}}}}}}},
             {"billing", {{"increment", "1s"}}}},
        json{{"id", "aws/p2.8xlarge"},
             {"provider", "aws"},
             {"gpus", {{"model", "K80"}, {"count", 8}}},
             {"markets", {{"on_demand", {{"price", {{"amount", "7.20"}, {"per", "hour"}}}}}}},
             {"billing", {{"increment", "1s"}}}},
        json{{"id", "hetzner/cpu"},
             {"provider", "hetzner"},
             {"markets", {{"on_demand", {{"price", {{"amount", "0.10"}, {"per", "hour"}}}}}}},
             {"billing", {{"increment", "1h"}}}},
    });
}

json scenario_json(const json& workload) {
    return json{{"schema", "costsim.scenario/v1"},
                {"name", "measured"},
                {"currency", "USD"},
                {"offers", offers_json()},
                {"workload", workload},
                {"candidates",
                 json::array({json{{"offer", "aws/p3.2xlarge"}, {"market", "on_demand"}, {"policy", "on_demand"}}})}};
}

catalog offers_catalog() {
    json j{{"schema", "costsim.catalog/v1"},
           {"name", "t"},
           {"as_of", "2026-01-01"},
           {"source", "test"},
           {"offers", offers_json()}};
    for (auto& o : j["offers"])
        for (auto& [_, mk] : o["markets"].items()) mk["price"]["currency"] = "USD";
    return parse_catalog(json_cursor(j, "c.json"));
}

}  // namespace

TEST_CASE("a measurement round-trips through costsim.measurement/v1 JSON unchanged") {
    const measurement m = sample();
    const json j = to_json(m);
    CHECK(j["schema"] == "costsim.measurement/v1");
    CHECK(j["epoch_seconds"]["projected"] == true);
    const measurement back = parse_measurement(json_cursor(j, "bench.json"));
    CHECK(to_json(back) == j);
    CHECK(back.samples_per_second == m.samples_per_second);
    CHECK(back.device_name == "Tesla V100-SXM2-16GB");
    REQUIRE(back.checkpoint);
    CHECK(back.checkpoint->bytes == 140000000);
    REQUIRE(back.quality);
    CHECK(back.quality->accuracy == 0.81);
    CHECK(back.versions == m.versions);
    CHECK(back.model == m.model);  // the configuration as canonical JSON text

    SUBCASE("optional parts stay absent") {
        measurement inf = sample();
        inf.task = "inference";
        inf.quality.reset();
        inf.checkpoint.reset();
        inf.parameters_digest.reset();
        inf.data.source = "synthetic";
        inf.data.path.reset();
        const json ji = to_json(inf);
        CHECK_FALSE(ji.contains("quality"));
        CHECK_FALSE(ji.contains("checkpoint"));
        CHECK(to_json(parse_measurement(json_cursor(ji, "x.json"))) == ji);
    }
}

TEST_CASE("bad measurements are refused with the JSON pointer and what was expected") {
    const json good = to_json(sample());
    auto with = [&](const std::string& ptr, const json& v) {
        json j = good;
        j[json::json_pointer(ptr)] = v;
        return j;
    };
    CHECK(refusal(good) == "accepted");
    CHECK(refusal(with("/schema", "costsim.measurement/v2")).rfind("/schema: \"costsim.measurement/v1\"", 0) == 0);
    CHECK(refusal(with("/device/kind", "tpu")).rfind("/device/kind: one of \"cpu\", \"cuda\"", 0) == 0);
    CHECK(refusal(with("/samples_per_second", -1.0)).rfind("/samples_per_second: a number from", 0) == 0);
    // 32 samples / median step must be the stated samples/s.
    CHECK(
        refusal(with("/samples_per_second", 999.0)).rfind("/samples_per_second: batch_size / step_seconds.median", 0) ==
        0);
    CHECK(refusal(with("/step_seconds/p90", 0.0)) == "/step_seconds: min <= p10 <= median <= p90 <= max");
    CHECK(refusal(with("/epoch_seconds/projected", false)).rfind("/epoch_seconds/projected: true", 0) == 0);
    CHECK(refusal(with("/timestamp", "yesterday")).rfind("/timestamp:", 0) == 0);
    CHECK(refusal(with("/steps/timed", 0)) == "/steps/timed: at least 1 timed step");
    CHECK(refusal(with("/colour", "red")).rfind("/colour: a known field", 0) == 0);
    json no_path = with("/data/source", "file");
    no_path["data"].erase("path");
    CHECK(refusal(no_path).rfind("/data: a \"path\"", 0) == 0);
    json missing = good;
    missing.erase("host");
    CHECK(refusal(missing) == "/host: a value (this field is required)");
}

TEST_CASE("device names map to catalog GPU models by whole words") {
    CHECK(gpu_model_of_device("Tesla V100-SXM2-16GB") == "V100");
    CHECK(gpu_model_of_device("NVIDIA A100-SXM4-40GB") == "A100");
    CHECK(gpu_model_of_device("NVIDIA A10") == "A10");    // not A100
    CHECK(gpu_model_of_device("NVIDIA L40S") == "L40S");  // not L4
    CHECK(gpu_model_of_device("Tesla K80") == "K80");
    CHECK(gpu_model_of_device("NVIDIA GeForce GTX 1080 Ti") == "GTX 1080 Ti");
    CHECK(gpu_model_of_device("GeForce GTX 1080") == "GTX 1080");
    CHECK(gpu_model_of_device("NVIDIA H200") == "H200");
    CHECK_FALSE(gpu_model_of_device("Radeon Instinct MI250").has_value());
    CHECK(scaled_samples_per_second(100, 4, 0.5) == doctest::Approx(250));
}

TEST_CASE("the adapter: work, speeds, scaling efficiency and GPU memory from measurements") {
    scratch dir;
    const catalog cat = offers_catalog();
    measurement v100 = sample(400.0);
    measurement k80 = sample(100.0, "Tesla K80");
    measurement k80x4 = sample(250.0, "Tesla K80");  // 4 K80s: 1 + 3e = 2.5 -> e = 0.5
    k80x4.device_count = 4;
    measurement cpu = sample(20.0, "Intel(R) Xeon(R)");
    cpu.device_kind = "cpu";
    cpu.peak_memory_kind = "rss";
    cpu.peak_memory_bytes = std::int64_t{40} << 30;  // says nothing about GPU memory
    dir.write("bench.json", json::array({to_json(v100), to_json(k80), to_json(k80x4), to_json(cpu)}));
    const json scen = scenario_json(json{{"measurements", "bench.json"}, {"samples", 1420765}, {"epochs", 4}});
    const std::string sfile = dir.write("s.json", scen);

    const json doc = load_json_file(sfile);
    const measured_workload w = read_measured_workload(json_cursor(doc, sfile)["workload"], cat, {});
    CHECK(w.reference_model == "V100");
    CHECK(w.work == duration_from_seconds(1420765.0 * 4 / 400.0));
    REQUIRE(w.speed.size() == 3);
    CHECK(w.speed[0] == std::pair<std::string, double>{"V100", 1.0});
    CHECK(w.speed[1] == std::pair<std::string, double>{"K80", 0.25});
    CHECK(w.speed[2] == std::pair<std::string, double>{"cpu", 0.05});
    REQUIRE(w.scaling_efficiency);
    CHECK(*w.scaling_efficiency == doctest::Approx(0.5));
    REQUIRE(w.gpu_memory_gib);
    CHECK(*w.gpu_memory_gib == doctest::Approx(3.0));

    SUBCASE("parse_scenario: the work and speeds drive listed candidates; stated facts win") {
        json s2 = scen;
        s2["workload"]["scaling_efficiency"] = 0.0;
        s2["workload"]["gpu_memory_gib"] = 2;
        s2["candidates"].push_back(json{{"offer", "aws/p2.8xlarge"}, {"market", "on_demand"}, {"policy", "on_demand"}});
        const scenario s = parse_scenario(json_cursor(s2, sfile));
        REQUIRE(s.measured);
        CHECK(s.work == w.work);
        CHECK(*s.scaling_efficiency == 0.0);
        CHECK(*s.gpu_memory_gib == 2);
        CHECK(s.candidates[0].speedup == 1.0);
        CHECK(s.candidates[1].speedup == 0.25);
        CHECK(s.work_of(s.candidates[1]) == usec(w.work.count() * 4));
    }
    SUBCASE("stated relative speeds are re-anchored at the measured reference; measured models override") {
        const std::vector<std::pair<std::string, double>> stated{{"V100", 2.0}, {"K80", 1.0}, {"T4", 1.0}};
        const measured_workload a = read_measured_workload(json_cursor(doc, sfile)["workload"], cat, stated);
        REQUIRE(a.speed.size() == 4);
        CHECK(a.speed[1] == std::pair<std::string, double>{"K80", 0.25});  // measured
        CHECK(a.speed[2] == std::pair<std::string, double>{"T4", 0.5});    // 1 / 2
        CHECK_THROWS_WITH_AS(read_measured_workload(json_cursor(doc, sfile)["workload"], cat, {{"T4", 1.0}}),
                             doctest::Contains("an entry for the measured reference model \"V100\""), input_error);
    }
    SUBCASE("an \"offer\" field maps a measurement to that offer's model") {
        measurement odd = sample(50.0, "Mystery GPU 9000");
        odd.offer = "aws/p2.8xlarge";
        dir.write("odd.json", to_json(odd));
        json s3 = scen;
        s3["workload"]["measurements"] = "odd.json";
        s3["candidates"][0]["offer"] = "aws/p2.8xlarge";
        const scenario s = parse_scenario(json_cursor(s3, dir.write("s3.json", s3)));
        CHECK(s.measured->reference_model == "K80");
        CHECK(s.candidates[0].speedup == 1.0);
        // The listed p3.2xlarge (V100) has no measurement or speed: refused with its pointer.
        s3["candidates"][0]["offer"] = "aws/p3.2xlarge";
        CHECK_THROWS_WITH_AS(
            parse_scenario(json_cursor(s3, (dir.dir / "s3.json").string())),
            doctest::Contains("/candidates/0/offer: an offer whose GPU model (\"V100\") has a measurement"),
            input_error);
    }
}

TEST_CASE("the adapter refuses what it cannot use, naming the file and pointer") {
    scratch dir;
    const catalog cat = offers_catalog();
    auto refuse = [&](const json& workload) {
        const std::string f = dir.write("s.json", scenario_json(workload));
        try {
            parse_scenario(json_cursor(load_json_file(f), f));
        } catch (const input_error& e) {
            return std::filesystem::path(e.file()).filename().string() + ":" + e.pointer() + ": " + e.expected();
        }
        return std::string("accepted");
    };
    measurement unknown = sample(100.0, "Radeon Instinct MI250");
    dir.write("unknown.json", to_json(unknown));
    CHECK(refuse(json{{"measurements", "unknown.json"}, {"samples", 1000}})
              .rfind("unknown.json:/device/name: a device in measurement.hpp's device table", 0) == 0);

    measurement b64 = sample(600.0);
    b64.batch_size = 64;
    b64.step_seconds.median = 64.0 / 600.0;
    b64.step_seconds.p90 = b64.step_seconds.max = 1.0;
    dir.write("sweep.json", json::array({to_json(sample(400.0)), to_json(b64)}));
    CHECK(refuse(json{{"measurements", "sweep.json"}, {"samples", 1000}}).rfind("s.json:/workload: a \"batch\"", 0) ==
          0);
    CHECK(refuse(json{{"measurements", "sweep.json"}, {"samples", 1000}, {"batch", 64}}) == "accepted");
    CHECK(refuse(json{{"measurements", "sweep.json"}, {"samples", 1000}, {"batch", 16}}) ==
          "s.json:/workload/batch: a batch size some measurement was made with");

    measurement other = sample(100.0);
    other.workload = "resnet-cifar";
    dir.write("mixed.json", json::array({to_json(sample(400.0)), to_json(other)}));
    CHECK(refuse(json{{"measurements", "mixed.json"}, {"samples", 1000}}) ==
          "mixed.json:/1/workload: the workload of the other measurements, \"bilstm-sentiment\", got \"resnet-cifar\"");

    dir.write("ok.json", to_json(sample(400.0)));
    CHECK(refuse(json{{"measurements", "ok.json"}, {"samples", 1000}, {"work", "1h"}})
              .rfind("s.json:/workload/work: no \"work\"", 0) == 0);
    CHECK(refuse(json{{"measurements", "ok.json"}}) == "s.json:/workload/samples: a value (this field is required)");
    CHECK(refuse(json{{"work", "1h"}, {"samples", 5}}) ==
          "s.json:/workload/samples: no \"samples\" without \"measurements\"");
    CHECK(refuse(json{{"measurements", "missing.json"}, {"samples", 1000}}) ==
          "missing.json:: a readable file (cannot open it)");
    CHECK(refuse(json{{"measurements", "ok.json"}, {"samples", 1000}}) == "accepted");
}
