// costsim/measurement.hpp — measured runtimes (`costsim.measurement/v1`, written by
// `costsim-bench`) and the adapter that turns them into a scenario's workload.
//
// A measurement is one run of one workload on one device: steady-state step time (median
// and spread, warm-up excluded), samples/s, seconds per epoch projected to a data set size,
// peak memory, checkpoint size and write/restore seconds, versions, host and time. This
// header reads (strictly: an unknown field is an error) and writes that object; the runner
// fills the same struct, so the format has one definition.
//
// The adapter (`read_measured_workload`) serves the scenario form
//   "workload": {"measurements": "bench.json" | ["a.json", ...], "samples": 1420765,
//                "epochs": 4, "batch": 32}
// (files relative to the scenario's folder; each holds one measurement object or an array
// of them; "epochs" defaults to 1; "batch" picks one batch size when a file has several):
// - each measurement is mapped to a GPU model of the catalog: through its "offer" field
//   (that offer's GPU model, or "cpu" for a CPU-only offer), else through its device name
//   and `device_model_table` below (a CUDA device whose name is not in it is refused:
//   add an "offer" field), a CPU measurement to "cpu";
// - the first measurement's model is the reference: work = samples × epochs / its
//   samples/s; every other measured model gets speed = its samples/s / the reference's
//   (repeats of one model and batch: the median samples/s);
// - the workload's own "speed" entries, if any, are relative speeds of unmeasured models;
//   they are re-anchored to the reference model (which must be among them), and measured
//   models override them;
// - multi-GPU scaling: measurements of one model on 1 and on n > 1 devices give the
//   scaling efficiency e = (S_n / S_1 − 1) / (n − 1) (the smallest over models, clamped to
//   [0, 1]); without such data none is set, so plans use 1 GPU per offer (the study found
//   multi-GPU use poor) unless the workload states a "scaling_efficiency";
// - gpu_memory_gib: the largest CUDA allocator peak among the measurements (CPU runs say
//   nothing about GPU memory), unless the workload states one.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "costsim/duration.hpp"
#include "costsim/error.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/json_input.hpp"
#include "costsim/stats.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view measurement_schema = "costsim.measurement/v1";

/// Seconds per step over the timed (post-warm-up) steps.
struct step_spread {
    double median = 0, p10 = 0, p90 = 0, mean = 0, min = 0, max = 0;
};

struct measured_data {
    std::string source = "synthetic";  ///< "synthetic" | "file"
    std::string format;                ///< e.g. "sentiment140", "cifar10-binary", "jsonl"
    std::optional<std::string> path;   ///< the file read, when source is "file"
    std::int64_t train_samples = 0, heldout_samples = 0;
    std::uint64_t seed = 0;
};

/// Held-out loss and accuracy after training (training workloads only).
struct measured_quality {
    double loss = 0, accuracy = 0;
    std::int64_t samples = 0;
};

/// The checkpoint model's δ as measured: bytes on disk and seconds to write / restore.
struct measured_checkpoint {
    std::int64_t every_steps = 0, bytes = 0, writes = 0;
    double write_seconds = 0;            ///< median over the writes (temp file, fsync, rename)
    double restore_seconds = 0;          ///< reading the checkpoint back into model and optimiser
    std::int64_t resumed_from_step = 0;  ///< 0 unless this run continued a checkpoint
};

struct measurement {
    std::string workload;             ///< "bilstm-sentiment", "distilbert-inference", "resnet-cifar"
    std::string task = "train";       ///< "train" | "inference"
    json model = json::object();      ///< model configuration, as the runner states it
    std::string device_kind = "cpu";  ///< "cpu" | "cuda"
    std::string device_name;
    int device_count = 1;
    std::optional<std::string> offer;  ///< catalog offer id the run was made on, if known
    int threads = 1;
    std::int64_t batch_size = 1;
    measured_data data;
    std::int64_t warmup_steps = 0, timed_steps = 0;
    step_spread step_seconds;
    double samples_per_second = 0;       ///< batch / median step: the steady state
    double samples_per_second_mean = 0;  ///< timed samples / timed seconds
    std::int64_t projected_samples = 0, projected_epochs = 1;
    double seconds_per_epoch = 0, total_seconds = 0;  ///< projected from samples_per_second
    std::int64_t peak_memory_bytes = 0;
    std::string peak_memory_kind = "rss";  ///< "rss" (CPU) | "cuda_allocator"
    std::optional<measured_quality> quality;
    std::optional<measured_checkpoint> checkpoint;
    std::optional<std::string> parameters_digest;               ///< FNV-1a 64 of the final parameters
    std::vector<std::pair<std::string, std::string>> versions;  ///< libtorch, costsim, compiler, cuda…
    std::string host;
    std::string timestamp;  ///< ISO 8601 UTC
};

json to_json(const measurement& m);
measurement parse_measurement(const json_cursor& c);
/// A file holding one measurement object or an array of them.
std::vector<measurement> load_measurements(const std::string& path);

/// Device names (as CUDA reports them) to the GPU model names catalogs use. A name matches
/// an entry when it contains the entry's pattern as whole words, case-insensitively; the
/// first match wins, so longer patterns come first.
struct device_model_entry {
    std::string_view pattern, model;
};
inline constexpr device_model_entry device_model_table[] = {
    {"GTX 1080 Ti", "GTX 1080 Ti"},
    {"GTX 1080", "GTX 1080"},
    {"RTX 4090", "RTX 4090"},
    {"RTX 3090", "RTX 3090"},
    {"RTX A6000", "RTX A6000"},
    {"Quadro P5000", "Quadro P5000"},
    {"Quadro M4000", "Quadro M4000"},
    {"H200", "H200"},
    {"H100", "H100"},
    {"A100", "A100"},
    {"A10G", "A10G"},
    {"A10", "A10"},
    {"L40S", "L40S"},
    {"L4", "L4"},
    {"V100", "V100"},
    {"P100", "P100"},
    {"T4", "T4"},
    {"K80", "K80"},
    {"M60", "M60"},
};
/// The catalog GPU model of a device name, if the table knows it.
std::optional<std::string> gpu_model_of_device(std::string_view device_name);

/// n devices of one model run 1 + (n − 1)·e times as fast as one (plan.hpp's convention).
double scaled_samples_per_second(double single_device, int devices, double efficiency);

/// What a scenario's workload gets from its measurements.
struct measured_workload {
    usec work{0};                 ///< samples × epochs on the reference model
    std::string reference_model;  ///< "V100", "cpu", ...
    double reference_samples_per_second = 0;
    std::vector<std::pair<std::string, double>> speed;  ///< model → relative speed (reference 1)
    std::vector<std::string> measured_models;           ///< the models of `speed` a measurement gave
    std::optional<double> scaling_efficiency;
    std::optional<double> gpu_memory_gib;
    std::vector<std::string> files;
};

/// Reads `workload`'s "measurements", "samples", "epochs", "batch" (see the top of this
/// file) and resolves them against `offers`; `stated_speed` is the workload's "speed".
measured_workload read_measured_workload(const json_cursor& workload, const catalog& offers,
                                         const std::vector<std::pair<std::string, double>>& stated_speed);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline json to_json(const measurement& m) {
    json j;
    j["schema"] = measurement_schema;
    j["workload"] = m.workload;
    j["task"] = m.task;
    j["model"] = m.model;
    j["device"] = json{{"kind", m.device_kind}, {"name", m.device_name}, {"count", m.device_count}};
    if (m.offer) j["offer"] = *m.offer;
    j["threads"] = m.threads;
    j["batch_size"] = m.batch_size;
    json d{{"source", m.data.source}, {"format", m.data.format}};
    if (m.data.path) d["path"] = *m.data.path;
    d["train_samples"] = m.data.train_samples;
    d["heldout_samples"] = m.data.heldout_samples;
    d["seed"] = m.data.seed;
    j["data"] = d;
    j["steps"] = json{{"warmup", m.warmup_steps}, {"timed", m.timed_steps}};
    const auto& s = m.step_seconds;
    j["step_seconds"] =
        json{{"median", s.median}, {"p10", s.p10}, {"p90", s.p90}, {"mean", s.mean}, {"min", s.min}, {"max", s.max}};
    j["samples_per_second"] = m.samples_per_second;
    j["samples_per_second_mean"] = m.samples_per_second_mean;
    j["epoch_seconds"] = json{{"samples", m.projected_samples},
                              {"epochs", m.projected_epochs},
                              {"per_epoch", m.seconds_per_epoch},
                              {"total", m.total_seconds},
                              {"projected", true}};
    j["peak_memory"] = json{{"bytes", m.peak_memory_bytes}, {"kind", m.peak_memory_kind}};
    if (m.quality)
        j["quality"] =
            json{{"loss", m.quality->loss}, {"accuracy", m.quality->accuracy}, {"samples", m.quality->samples}};
    if (m.checkpoint) {
        const auto& c = *m.checkpoint;
        j["checkpoint"] = json{{"every_steps", c.every_steps},
                               {"bytes", c.bytes},
                               {"writes", c.writes},
                               {"write_seconds", c.write_seconds},
                               {"restore_seconds", c.restore_seconds},
                               {"resumed_from_step", c.resumed_from_step}};
    }
    if (m.parameters_digest) j["parameters_digest"] = *m.parameters_digest;
    json v = json::object();
    for (const auto& [k, val] : m.versions) v[k] = val;
    j["versions"] = v;
    j["host"] = m.host;
    j["timestamp"] = m.timestamp;
    return j;
}

namespace detail {

inline double seconds_of(const json_cursor& c) { return c.number(0, 1e12); }
inline std::int64_t count_of(const json_cursor& c) { return c.integer(0, std::int64_t{1} << 53); }

inline bool words_contain(std::string_view text, std::string_view pattern) {
    auto lower = [](char ch) { return static_cast<char>(std::tolower(static_cast<unsigned char>(ch))); };
    auto alnum = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; };
    for (std::size_t i = 0; i + pattern.size() <= text.size(); ++i) {
        bool eq = true;
        for (std::size_t k = 0; k < pattern.size() && eq; ++k) eq = lower(text[i + k]) == lower(pattern[k]);
        if (!eq) continue;
        // Whole words: "A10" must not match "A100", nor "L4" match "L40S".
        const bool left = i == 0 || !alnum(text[i - 1]);
        const bool right = i + pattern.size() == text.size() || !alnum(text[i + pattern.size()]);
        if (left && right) return true;
    }
    return false;
}

}  // namespace detail

inline std::optional<std::string> gpu_model_of_device(std::string_view device_name) {
    for (const auto& e : device_model_table)
        if (detail::words_contain(device_name, e.pattern)) return std::string(e.model);
    return std::nullopt;
}

inline double scaled_samples_per_second(double single_device, int devices, double efficiency) {
    return single_device * (1.0 + (devices - 1) * efficiency);
}

inline measurement parse_measurement(const json_cursor& c) {
    c.expect_object({"schema",
                     "workload",
                     "task",
                     "model",
                     "device",
                     "offer",
                     "threads",
                     "batch_size",
                     "data",
                     "steps",
                     "step_seconds",
                     "samples_per_second",
                     "samples_per_second_mean",
                     "epoch_seconds",
                     "peak_memory",
                     "quality",
                     "checkpoint",
                     "parameters_digest",
                     "versions",
                     "host",
                     "timestamp"});
    auto schema = c["schema"];
    if (!schema.value().is_string() || schema.string() != measurement_schema)
        schema.fail("\"" + std::string(measurement_schema) + "\" (a costsim-bench measurement)");
    measurement m;
    auto wl = c["workload"];
    m.workload = wl.string();
    if (m.workload.empty()) wl.fail("a workload name such as \"bilstm-sentiment\"");
    m.task = c["task"].choice({"train", "inference"});
    auto model = c["model"];
    if (!model.value().is_object()) model.fail("an object: the model's configuration");
    m.model = model.value();

    auto dev = c["device"];
    dev.expect_object({"kind", "name", "count"});
    m.device_kind = dev["kind"].choice({"cpu", "cuda"});
    m.device_name = dev["name"].string();
    m.device_count = static_cast<int>(dev["count"].integer(1, 1024));
    if (auto o = c.optional("offer")) m.offer = o->string();
    m.threads = static_cast<int>(c["threads"].integer(1, 4096));
    m.batch_size = c["batch_size"].integer(1, std::int64_t{1} << 31);

    auto d = c["data"];
    d.expect_object({"source", "format", "path", "train_samples", "heldout_samples", "seed"});
    m.data.source = d["source"].choice({"synthetic", "file"});
    m.data.format = d["format"].string();
    if (auto p = d.optional("path")) m.data.path = p->string();
    if (m.data.source == "file" && !m.data.path) d.fail("a \"path\" (the data came from a file)");
    m.data.train_samples = detail::count_of(d["train_samples"]);
    m.data.heldout_samples = detail::count_of(d["heldout_samples"]);
    m.data.seed = static_cast<std::uint64_t>(d["seed"].integer(0, std::numeric_limits<std::int64_t>::max()));

    auto st = c["steps"];
    st.expect_object({"warmup", "timed"});
    m.warmup_steps = detail::count_of(st["warmup"]);
    auto timed = st["timed"];
    m.timed_steps = detail::count_of(timed);
    if (m.timed_steps < 1) timed.fail("at least 1 timed step");

    auto ss = c["step_seconds"];
    ss.expect_object({"median", "p10", "p90", "mean", "min", "max"});
    auto& s = m.step_seconds;
    s.median = detail::seconds_of(ss["median"]);
    s.p10 = detail::seconds_of(ss["p10"]);
    s.p90 = detail::seconds_of(ss["p90"]);
    s.mean = detail::seconds_of(ss["mean"]);
    s.min = detail::seconds_of(ss["min"]);
    s.max = detail::seconds_of(ss["max"]);
    if (!(s.median > 0)) ss["median"].fail("a positive number of seconds per step");
    if (!(s.min <= s.p10 && s.p10 <= s.median && s.median <= s.p90 && s.p90 <= s.max))
        ss.fail("min <= p10 <= median <= p90 <= max");

    auto sps = c["samples_per_second"];
    m.samples_per_second = sps.number(1e-12, 1e15);
    // The steady state is batch / median step; a file that says otherwise was edited wrong.
    const double implied = static_cast<double>(m.batch_size) / s.median;
    if (std::abs(m.samples_per_second - implied) > 1e-3 * implied)
        sps.fail("batch_size / step_seconds.median = " + std::to_string(implied) + " samples/s");
    m.samples_per_second_mean = c["samples_per_second_mean"].number(1e-12, 1e15);

    auto ep = c["epoch_seconds"];
    ep.expect_object({"samples", "epochs", "per_epoch", "total", "projected"});
    m.projected_samples = detail::count_of(ep["samples"]);
    m.projected_epochs = detail::count_of(ep["epochs"]);
    m.seconds_per_epoch = detail::seconds_of(ep["per_epoch"]);
    m.total_seconds = detail::seconds_of(ep["total"]);
    if (!ep["projected"].boolean()) ep["projected"].fail("true (epoch seconds are projected from samples/s)");

    auto pm = c["peak_memory"];
    pm.expect_object({"bytes", "kind"});
    m.peak_memory_bytes = detail::count_of(pm["bytes"]);
    m.peak_memory_kind = pm["kind"].choice({"rss", "cuda_allocator"});

    if (auto q = c.optional("quality")) {
        q->expect_object({"loss", "accuracy", "samples"});
        m.quality = measured_quality{(*q)["loss"].number(0, 1e9), (*q)["accuracy"].number(0, 1),
                                     detail::count_of((*q)["samples"])};
    }
    if (auto k = c.optional("checkpoint")) {
        k->expect_object({"every_steps", "bytes", "writes", "write_seconds", "restore_seconds", "resumed_from_step"});
        measured_checkpoint ck;
        ck.every_steps = detail::count_of((*k)["every_steps"]);
        ck.bytes = detail::count_of((*k)["bytes"]);
        ck.writes = detail::count_of((*k)["writes"]);
        ck.write_seconds = detail::seconds_of((*k)["write_seconds"]);
        ck.restore_seconds = detail::seconds_of((*k)["restore_seconds"]);
        ck.resumed_from_step = detail::count_of((*k)["resumed_from_step"]);
        m.checkpoint = ck;
    }
    if (auto p = c.optional("parameters_digest")) m.parameters_digest = p->string();
    auto v = c["versions"];
    if (!v.value().is_object()) v.fail("an object of library name to version string");
    for (const auto& [k, _] : v.value().items()) m.versions.emplace_back(k, v[k].string());
    m.host = c["host"].string();
    auto ts = c["timestamp"];
    ts.time();  // validates ISO 8601 UTC
    m.timestamp = ts.string();
    return m;
}

inline std::vector<measurement> load_measurements(const std::string& path) {
    const json j = load_json_file(path);
    const json_cursor c(j, path);
    std::vector<measurement> out;
    if (j.is_array()) {
        for (const auto& e : c.elements(true)) out.push_back(parse_measurement(e));
    } else {
        out.push_back(parse_measurement(c));
    }
    return out;
}

inline measured_workload read_measured_workload(const json_cursor& wl, const catalog& offers,
                                                const std::vector<std::pair<std::string, double>>& stated_speed) {
    measured_workload r;
    auto files = wl["measurements"];
    std::vector<json_cursor> names;
    if (files.value().is_array())
        names = files.elements(true);
    else
        names.push_back(files);

    // Each measurement with where it came from: its file and JSON pointer, for messages.
    struct entry {
        measurement m;
        std::string file, pointer, model;
        [[noreturn]] void fail(const std::string& field, const std::string& expected) const {
            throw input_error(file, pointer + field, expected);
        }
    };
    std::vector<entry> all;
    for (const auto& n : names) {
        std::filesystem::path p(n.string());
        if (p.is_relative()) p = std::filesystem::path(n.file()).parent_path() / p;
        r.files.push_back(p.string());
        const json j = load_json_file(p.string());
        const json_cursor c(j, p.string());
        if (j.is_array()) {
            for (const auto& e : c.elements(true)) all.push_back({parse_measurement(e), e.file(), e.pointer(), {}});
        } else {
            all.push_back({parse_measurement(c), c.file(), c.pointer(), {}});
        }
    }

    const std::int64_t samples = wl["samples"].integer(1, std::int64_t{1} << 50);
    std::int64_t epochs = 1;
    if (auto e = wl.optional("epochs")) epochs = e->integer(1, 1000000);
    if (auto b = wl.optional("batch")) {
        const std::int64_t batch = b->integer(1, std::int64_t{1} << 31);
        std::erase_if(all, [&](const entry& e) { return e.m.batch_size != batch; });
        if (all.empty()) b->fail("a batch size some measurement was made with");
    }

    for (auto& e : all) {
        if (e.m.workload != all.front().m.workload)
            e.fail("/workload", "the workload of the other measurements, \"" + all.front().m.workload + "\", got \"" +
                                    e.m.workload + "\"");
        if (e.m.offer) {
            const offer* o = offers.find(*e.m.offer);
            if (!o) e.fail("/offer", "an offer id of the scenario (\"" + *e.m.offer + "\" is not one)");
            e.model = o->gpus ? o->gpus->model : "cpu";
        } else if (e.m.device_kind == "cpu") {
            e.model = "cpu";
        } else if (auto g = gpu_model_of_device(e.m.device_name)) {
            e.model = *g;
        } else {
            e.fail("/device/name",
                   "a device in measurement.hpp's device table, or an \"offer\" field naming the "
                   "offer it ran on (\"" +
                       e.m.device_name + "\" is not in the table)");
        }
    }
    for (const auto& e : all)
        for (const auto& f : all)
            if (e.model == f.model && e.m.device_count == f.m.device_count && e.m.batch_size != f.m.batch_size)
                wl.fail("a \"batch\" to choose among the measurements' batch sizes (" + e.model +
                        " was measured with " + std::to_string(e.m.batch_size) + " and " +
                        std::to_string(f.m.batch_size) + ")");

    // Per model: the median samples/s of its single-device runs, and of its n-device runs.
    auto sps = [&](const std::string& model, int count) -> std::optional<double> {
        std::vector<double> v;
        for (const auto& e : all)
            if (e.model == model && e.m.device_count == count) v.push_back(e.m.samples_per_second);
        if (v.empty()) return std::nullopt;
        return median(std::move(v));
    };
    const entry* ref = nullptr;
    for (const auto& e : all)
        if (e.m.device_count == 1) {
            ref = &e;
            break;
        }
    if (!ref) files.fail("at least one single-device measurement (the reference throughput)");
    r.reference_model = ref->model;
    r.reference_samples_per_second = *sps(ref->model, 1);
    const double seconds = static_cast<double>(samples) * static_cast<double>(epochs) / r.reference_samples_per_second;
    try {
        r.work = duration_from_seconds(seconds);
    } catch (const value_error& e) {
        wl["samples"].fail(std::string("samples × epochs that take a representable time: ") + e.what());
    }
    if (r.work.count() <= 0) wl["samples"].fail("samples × epochs that take at least a microsecond");

    // Stated relative speeds are re-anchored at the reference model.
    if (!stated_speed.empty()) {
        auto it = std::find_if(stated_speed.begin(), stated_speed.end(),
                               [&](const auto& p) { return p.first == r.reference_model; });
        if (it == stated_speed.end())
            (wl.has("speed") ? wl["speed"] : wl)
                .fail("an entry for the measured reference model \"" + r.reference_model +
                      "\" (to anchor the relative speeds)");
        for (const auto& [model, v] : stated_speed) r.speed.emplace_back(model, v / it->second);
    }
    for (const auto& e : all) {
        if (e.m.device_count != 1) continue;
        const double rel = *sps(e.model, 1) / r.reference_samples_per_second;
        auto it = std::find_if(r.speed.begin(), r.speed.end(), [&](const auto& p) { return p.first == e.model; });
        if (it != r.speed.end())
            it->second = rel;
        else
            r.speed.emplace_back(e.model, rel);
        if (std::find(r.measured_models.begin(), r.measured_models.end(), e.model) == r.measured_models.end())
            r.measured_models.push_back(e.model);
    }

    for (const auto& e : all) {
        if (e.m.device_count == 1) continue;
        auto one = sps(e.model, 1);
        if (!one)
            e.fail("/device/count", "1, or a single-device measurement of " + e.model + " beside this " +
                                        std::to_string(e.m.device_count) + "-device one");
        const double eff = (*sps(e.model, e.m.device_count) / *one - 1.0) / (e.m.device_count - 1);
        const double clamped = std::clamp(eff, 0.0, 1.0);
        r.scaling_efficiency = r.scaling_efficiency ? std::min(*r.scaling_efficiency, clamped) : clamped;
    }
    for (const auto& e : all)
        if (e.m.peak_memory_kind == "cuda_allocator") {
            const double gib = static_cast<double>(e.m.peak_memory_bytes) / (1024.0 * 1024.0 * 1024.0);
            r.gpu_memory_gib = std::max(r.gpu_memory_gib.value_or(0.0), gib);
        }
    return r;
}

}  // namespace costsim
