// costsim/runtime_source.hpp — where a runtime figure comes from, and relative-speed tables.
//
// Every runtime costsim prices says where it comes from: `measured` (costsim-bench ran the
// workload), `published` (a study printed it, or printed a cost it follows from), or
// `estimate` (a guess, a proxy such as FP32 peak, or a figure derived from one). A figure
// derived from several is only as good as the weakest: `weakest(published, estimate)` is an
// estimate.
//
// A relative-speed table (`costsim.speed/v1`) gives, per GPU model, its speed relative to a
// reference model for one kind of workload, each figure with its source and basis:
//     {"schema": "costsim.speed/v1", "name": "...", "as_of": "2026-12-01",
//      "workload": "LLM fine-tuning, 7B", "reference": "A100-80GB",
//      "speeds": {"A100-80GB": {"value": 1.0, "source": "published", "basis": "reference"},
//                 "L4": {"value": 0.2, "source": "estimate", "basis": "FP16 peak ratio"}}}
// A scenario's workload "speed" is such a file's path, or the same "speeds" object inline;
// an entry may also be a bare number, whose source is then an estimate (the workload's
// "speed_basis" says what it rests on).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "costsim/error.hpp"
#include "costsim/json_input.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

enum class runtime_source { measured = 0, published = 1, estimate = 2 };
std::string_view to_string(runtime_source s) noexcept;
/// "measured" | "published" | "estimate"; value_error otherwise.
runtime_source parse_runtime_source(std::string_view s);
/// The less certain of two sources (measured < published < estimate).
constexpr runtime_source weakest(runtime_source a, runtime_source b) noexcept { return a > b ? a : b; }

/// A figure's source and a one-line account of where it comes from.
struct runtime_basis {
    runtime_source source = runtime_source::estimate;
    std::string basis;
};

/// One GPU model's relative speed, with where it comes from.
struct gpu_speed {
    std::string model;
    double value = 1.0;
    runtime_basis basis;
};

inline constexpr std::string_view speed_table_schema = "costsim.speed/v1";

struct speed_table {
    std::string name, as_of, workload, reference, file;
    std::vector<gpu_speed> speeds;
    const gpu_speed* find(std::string_view model) const;
};

/// The "speeds" object (entries a number or {"value", "source", "basis"}); bare numbers get
/// `bare` as their basis.
std::vector<gpu_speed> parse_speeds(const json_cursor& c, const runtime_basis& bare);
/// A costsim.speed/v1 file (input_error with the file and JSON pointer on bad input).
speed_table parse_speed_table(const json_cursor& c);
speed_table load_speed_table(const std::string& path);
/// The costsim.speed/v1 object (as_of as read; "source" and "notes" are not kept).
json to_json(const speed_table& t);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(runtime_source s) noexcept {
    switch (s) {
        case runtime_source::measured: return "measured";
        case runtime_source::published: return "published";
        case runtime_source::estimate: return "estimate";
    }
    return "?";
}

inline runtime_source parse_runtime_source(std::string_view s) {
    if (s == "measured") return runtime_source::measured;
    if (s == "published") return runtime_source::published;
    if (s == "estimate") return runtime_source::estimate;
    throw value_error("\"measured\", \"published\" or \"estimate\", got \"" + std::string(s) + "\"");
}

inline const gpu_speed* speed_table::find(std::string_view model) const {
    for (const auto& s : speeds)
        if (s.model == model) return &s;
    return nullptr;
}

inline std::vector<gpu_speed> parse_speeds(const json_cursor& c, const runtime_basis& bare) {
    if (!c.value().is_object())
        c.fail(
            "an object of GPU model to relative speed, e.g. {\"V100\": 1, \"K80\": 0.25}, or a costsim.speed/v1 file");
    std::vector<gpu_speed> out;
    for (const auto& [model, v] : c.value().items()) {
        auto e = c[model];
        gpu_speed g{model, 1.0, bare};
        if (v.is_object()) {
            e.expect_object({"value", "source", "basis"});
            g.value = e["value"].number(1e-9, 1e9);
            auto src = e["source"];
            try {
                g.basis.source = parse_runtime_source(src.string());
            } catch (const value_error& err) {
                src.fail(err.what());
            }
            g.basis.basis = e["basis"].string();
            if (g.basis.basis.empty()) e["basis"].fail("a non-empty account of where the figure comes from");
        } else {
            g.value = e.number(1e-9, 1e9);
        }
        out.push_back(std::move(g));
    }
    if (out.empty()) c.fail("at least one GPU model");
    return out;
}

inline speed_table parse_speed_table(const json_cursor& c) {
    auto schema = c["schema"];
    if (schema.string() != speed_table_schema) schema.fail("\"" + std::string(speed_table_schema) + "\"");
    c.expect_object({"schema", "name", "as_of", "workload", "reference", "source", "notes", "speeds"});
    speed_table t;
    t.file = c.file();
    t.name = c["name"].string();
    (void)c["as_of"].day();
    t.as_of = c["as_of"].string();
    t.workload = c["workload"].string();
    t.reference = c["reference"].string();
    // An entry without its own basis would have none: every figure of a file says where it comes from.
    auto sp = c["speeds"];
    if (sp.value().is_object())
        for (const auto& [model, v] : sp.value().items())
            if (!v.is_object())
                sp[model].fail(
                    "{\"value\": x, \"source\": \"published\"|\"measured\"|\"estimate\", \"basis\": \"...\"}");
    t.speeds = parse_speeds(sp, {});
    const gpu_speed* ref = t.find(t.reference);
    if (!ref) c["reference"].fail("a GPU model listed in \"speeds\"");
    if (ref->value != 1.0) sp[t.reference]["value"].fail("1 for the reference model \"" + t.reference + "\"");
    return t;
}

inline speed_table load_speed_table(const std::string& path) {
    const json j = load_json_file(path);
    return parse_speed_table(json_cursor(j, path));
}

inline json to_json(const speed_table& t) {
    json speeds = json::object();
    for (const auto& g : t.speeds)
        speeds[g.model] = {{"value", g.value}, {"source", to_string(g.basis.source)}, {"basis", g.basis.basis}};
    return {{"schema", speed_table_schema}, {"name", t.name},           {"as_of", t.as_of},
            {"workload", t.workload},       {"reference", t.reference}, {"speeds", speeds}};
}

}  // namespace costsim
