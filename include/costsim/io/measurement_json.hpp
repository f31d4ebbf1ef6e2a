// costsim/io/measurement_json.hpp — the `costsim.measurement/v1` file that costsim-bench
// writes, and the adapter that turns a scenario's "workload": {"measurements": ...} into
// its work and relative speeds (the rules are at the top of measurement.hpp).
//
// Reading is strict: an unknown field is an error; the runner fills the same struct, so the
// format has one definition. The model configuration travels as canonical JSON text.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "costsim/core/stats.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/models/measurement.hpp"
#include "costsim/pricing/catalog.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view measurement_schema = "costsim.measurement/v1";

json to_json(const measurement& m);
measurement parse_measurement(const json_cursor& c);
/// A file holding one measurement object or an array of them.
std::vector<measurement> load_measurements(const std::string& path);
/// Reads `workload`'s "measurements", "samples", "epochs", "batch" (see the top of
/// measurement.hpp) and resolves them against `offers`; `stated_speed` is the workload's "speed".
measured_workload read_measured_workload(const json_cursor& workload, const catalog& offers,
                                         const std::vector<std::pair<std::string, double>>& stated_speed);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {
inline double seconds_of(const json_cursor& c) { return c.number(0, 1e12); }
inline std::int64_t count_of(const json_cursor& c) { return c.integer(0, std::int64_t{1} << 53); }
}  // namespace detail

inline json to_json(const measurement& m) {
    json j;
    j["schema"] = measurement_schema;
    j["workload"] = m.workload;
    j["task"] = m.task;
    j["model"] = json::parse(m.model);
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
    c.expect_schema(measurement_schema, "a costsim-bench measurement");
    measurement m;
    auto wl = c["workload"];
    m.workload = wl.string();
    if (m.workload.empty()) wl.fail("a workload name such as \"bilstm-sentiment\"");
    m.task = c["task"].choice({"train", "inference"});
    auto model = c["model"];
    if (!model.value().is_object()) model.fail("an object: the model's configuration");
    m.model = model.value().dump();

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
