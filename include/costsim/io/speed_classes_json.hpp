// costsim/io/speed_classes_json.hpp — the per-class speed table file
// (`costsim.speed-classes/v1`; the types are models/speed_classes.hpp):
//     {"schema": "costsim.speed-classes/v1", "name": "...", "as_of": "2026-12-05",
//      "reference": "H100-SXM", "variants": "gpu_variants_2026.json",
//      "source": "...", "notes": "...",
//      "classes": {"llm_finetune": {"workload": "LLM fine-tuning (LoRA or SFT), 16-bit",
//          "speeds": {"H100-SXM": {"value": 1, "source": "published", "basis": "reference: ..."}},
//          "scaling": {"per_doubling": 1.95, "source": "published", "basis": "MLPerf ..."}}}}
// "variants" is the GPU variant table file, relative to this file's folder; every speed is
// keyed by one of its variant ids, and the reference is 1 in every class.
#pragma once

#include <filesystem>
#include <string>

#include "costsim/io/gpu_variants_json.hpp"
#include "costsim/io/speed_json.hpp"
#include "costsim/models/speed_classes.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view speed_classes_schema = "costsim.speed-classes/v1";

/// The table and the variant table it names, read together: speeds are keyed by its ids.
struct speed_classes_file {
    speed_class_table table;
    gpu_variant_table variants;
};

/// Reads the table; `variants` is the already-read variant table it names (input_error on a
/// speed keyed by no variant, a reference missing from a class or not 1, ...).
speed_class_table parse_speed_classes(const json_cursor& c, const gpu_variant_table& variants);
/// Reads the file and the variant table it names.
speed_classes_file load_speed_classes(const std::string& path);
/// Whether a JSON document is a costsim.speed-classes/v1 table (by its "schema").
bool is_speed_classes(const json& j);
json to_json(const speed_class_table& t, const std::string& variants_file);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline bool is_speed_classes(const json& j) {
    return j.is_object() && j.contains("schema") && j["schema"] == speed_classes_schema;
}

inline speed_class_table parse_speed_classes(const json_cursor& c, const gpu_variant_table& variants) {
    c.expect_schema(speed_classes_schema, "a speed table per workload class");
    c.expect_object({"schema", "name", "as_of", "reference", "variants", "source", "notes", "classes"});
    speed_class_table t;
    t.file = c.file();
    t.name = c["name"].string();
    (void)c["as_of"].day();
    t.as_of = c["as_of"].string();
    t.reference = c["reference"].string();
    if (!variants.find(t.reference))
        c["reference"].fail("a variant of " + variants.name + " (\"" + t.reference + "\" is none)");
    auto cl = c["classes"];
    if (!cl.value().is_object() || cl.value().empty()) cl.fail("an object of workload class to its speeds");
    for (const auto& [name, _] : cl.value().items()) {
        auto k = cl[name];
        class_speeds cs;
        cs.cls = k.in_context([&, &name = name] { return parse_workload_class(name); });
        k.expect_object({"workload", "speeds", "scaling"});
        cs.workload = k["workload"].string();
        auto sp = k["speeds"];
        if (sp.value().is_object())
            for (const auto& [model, v] : sp.value().items()) {
                if (!v.is_object())
                    sp[model].fail(
                        "{\"value\": x, \"source\": \"published\"|\"measured\"|\"estimate\", \"basis\": \"...\"}");
                if (!variants.find(model))
                    sp[model].fail("a variant id of " + variants.name + " (\"" + model + "\" is none)");
            }
        cs.speeds = parse_speeds(sp, {});
        const gpu_speed* ref = cs.find(t.reference);
        if (!ref) sp.fail("an entry for the reference variant \"" + t.reference + "\"");
        if (ref->value != 1.0) sp[t.reference]["value"].fail("1 for the reference variant \"" + t.reference + "\"");
        if (auto s = k.optional("scaling")) {
            s->expect_object({"per_doubling", "source", "basis"});
            class_scaling sc;
            sc.per_doubling = (*s)["per_doubling"].number(1.0, 2.0);
            try {
                sc.basis.source = parse_runtime_source((*s)["source"].string());
            } catch (const value_error& e) {
                (*s)["source"].fail(e.what());
            }
            sc.basis.basis = (*s)["basis"].string();
            if (sc.basis.basis.empty()) (*s)["basis"].fail("a non-empty account of where the figure comes from");
            cs.scaling = sc;
        }
        t.classes.push_back(std::move(cs));
    }
    return t;
}

inline speed_classes_file load_speed_classes(const std::string& path) {
    const json j = load_json_file(path);
    const json_cursor c(j, path);
    c.expect_schema(speed_classes_schema, "a speed table per workload class");
    std::filesystem::path vp(c["variants"].string());
    if (vp.is_relative()) vp = std::filesystem::path(path).parent_path() / vp;
    speed_classes_file f;
    f.variants = load_gpu_variants(vp.string());
    f.table = parse_speed_classes(c, f.variants);
    return f;
}

inline json to_json(const speed_class_table& t, const std::string& variants_file) {
    json cl = json::object();
    for (const auto& k : t.classes) {
        json speeds = json::object();
        for (const auto& g : k.speeds)
            speeds[g.model] = {{"value", g.value}, {"source", to_string(g.basis.source)}, {"basis", g.basis.basis}};
        json e{{"workload", k.workload}, {"speeds", speeds}};
        if (k.scaling)
            e["scaling"] = {{"per_doubling", k.scaling->per_doubling},
                            {"source", to_string(k.scaling->basis.source)},
                            {"basis", k.scaling->basis.basis}};
        cl[std::string(to_string(k.cls))] = std::move(e);
    }
    return {{"schema", speed_classes_schema}, {"name", t.name}, {"as_of", t.as_of}, {"reference", t.reference},
            {"variants", variants_file},      {"classes", cl}};
}

}  // namespace costsim
