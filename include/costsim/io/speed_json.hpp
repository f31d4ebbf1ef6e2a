// costsim/io/speed_json.hpp — the relative-speed table file (`costsim.speed/v1`) and the
// "speeds" object a scenario's workload may hold inline (runtime_source.hpp has the types).
//     {"schema": "costsim.speed/v1", "name": "...", "as_of": "2026-12-01",
//      "workload": "LLM fine-tuning, 7B", "reference": "A100-80GB",
//      "speeds": {"A100-80GB": {"value": 1.0, "source": "published", "basis": "reference"},
//                 "L4": {"value": 0.2, "source": "estimate", "basis": "FP16 peak ratio"}}}
// An entry may also be a bare number, whose source is then an estimate.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "costsim/io/json_input.hpp"
#include "costsim/models/runtime_source.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view speed_table_schema = "costsim.speed/v1";

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
            g.basis.source = src.in_context([&] { return parse_runtime_source(src.string()); });
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
    c.expect_schema(speed_table_schema);
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
