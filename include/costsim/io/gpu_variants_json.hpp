// costsim/io/gpu_variants_json.hpp — the GPU variant table file (`costsim.gpu-variants/v1`;
// the types are pricing/gpu_variant.hpp):
//     {"schema": "costsim.gpu-variants/v1", "name": "...", "as_of": "2026-12-05",
//      "source": "...", "notes": "...",
//      "variants": {"H100-SXM": {"memory_gib": 80, "peak_tflops": 989,
//                                "memory_bandwidth_gb_s": 3350, "basis": "NVIDIA datasheet ..."}},
//      "aliases": [{"gpu": "H100", "provider": "lambda", "instance": "pcie",
//                   "variant": "H100-PCIe", "basis": "the instance name says PCIe"},
//                  {"gpu": "H100", "variant": "H100-SXM", "basis": "..."}]}
// Aliases are tried in order; "instance" is a POSIX extended regex searched in the instance name.
#pragma once

#include <string>

#include "costsim/io/json_input.hpp"
#include "costsim/pricing/gpu_variant.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view gpu_variants_schema = "costsim.gpu-variants/v1";
/// input_error with the file and JSON pointer on bad input (an alias naming no variant,
/// a rule that can never match because an earlier generic one takes its GPU, ...).
gpu_variant_table parse_gpu_variants(const json_cursor& c);
gpu_variant_table load_gpu_variants(const std::string& path);
json to_json(const gpu_variant_table& t);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline gpu_variant_table parse_gpu_variants(const json_cursor& c) {
    c.expect_schema(gpu_variants_schema, "a GPU variant table");
    c.expect_object({"schema", "name", "as_of", "source", "notes", "variants", "aliases"});
    gpu_variant_table t;
    t.file = c.file();
    t.name = c["name"].string();
    (void)c["as_of"].day();
    t.as_of = c["as_of"].string();
    auto vs = c["variants"];
    if (!vs.value().is_object() || vs.value().empty()) vs.fail("an object of variant id to its specs, not empty");
    for (const auto& [id, _] : vs.value().items()) {
        auto e = vs[id];
        e.expect_object({"memory_gib", "peak_tflops", "memory_bandwidth_gb_s", "basis"});
        if (id.empty()) e.fail("a non-empty variant id");
        gpu_variant v{id, e["memory_gib"].number(0.1, 1e5), e["peak_tflops"].number(1e-3, 1e6),
                      e["memory_bandwidth_gb_s"].number(1e-3, 1e7), e["basis"].string()};
        if (v.basis.empty()) e["basis"].fail("a non-empty account of where the specs come from");
        t.variants.push_back(std::move(v));
    }
    for (const auto& e : c["aliases"].elements(true)) {
        e.expect_object({"gpu", "provider", "instance", "variant", "basis"});
        gpu_alias a;
        a.gpu = e["gpu"].string();
        if (a.gpu.empty()) e["gpu"].fail("a catalog's GPU model name");
        if (auto p = e.optional("provider")) a.provider = p->string();
        if (auto i = e.optional("instance")) i->in_context([&] { a.instance.emplace(i->string()); });
        a.variant = e["variant"].string();
        if (!t.find(a.variant)) e["variant"].fail("a variant of \"variants\" (\"" + a.variant + "\" is none)");
        a.basis = e["basis"].string();
        if (a.basis.empty()) e["basis"].fail("a non-empty account of why the offer carries this variant");
        for (const auto& before : t.aliases)
            if (before.generic() && before.gpu == a.gpu)
                e.fail("a rule before the generic rule for \"" + a.gpu +
                       "\" (that rule matches every such offer first)");
        t.aliases.push_back(std::move(a));
    }
    return t;
}

inline gpu_variant_table load_gpu_variants(const std::string& path) {
    const json j = load_json_file(path);
    return parse_gpu_variants(json_cursor(j, path));
}

inline json to_json(const gpu_variant_table& t) {
    json vs = json::object();
    for (const auto& v : t.variants)
        vs[v.id] = {{"memory_gib", v.memory_gib},
                    {"peak_tflops", v.peak_tflops},
                    {"memory_bandwidth_gb_s", v.memory_bandwidth_gb_s},
                    {"basis", v.basis}};
    json as = json::array();
    for (const auto& a : t.aliases) {
        json r{{"gpu", a.gpu}, {"variant", a.variant}, {"basis", a.basis}};
        if (a.provider) r["provider"] = *a.provider;
        if (a.instance) r["instance"] = a.instance->text();
        as.push_back(std::move(r));
    }
    return {{"schema", gpu_variants_schema}, {"name", t.name}, {"as_of", t.as_of}, {"variants", vs}, {"aliases", as}};
}

}  // namespace costsim
