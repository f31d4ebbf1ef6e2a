// costsim/models/speed_classes.hpp — relative speeds per workload class and GPU variant.
//
// A GPU's lead depends on the job: the H100 SXM is ~2.8x an A100 SXM4 on LLM fine-tuning
// but ~2x on BERT. A class table (`costsim.speed-classes/v1`, io/speed_classes_json.hpp)
// holds, per class, each variant's speed relative to one reference variant, each figure
// with its source, and the class's multi-GPU scaling from published runs at n and 2n GPUs.
//
// resolve_class_speeds() gives every variant of the variant table a figure for the class,
// in this order, each step saying so in the basis:
//   1. the class's own figure;
//   2. the same variant's figure in the nearest other class (fallback_order), carried over
//      by the ratio between the two classes of the variant nearest to it in speed that has
//      a figure in both (the reference always has), an estimate;
//   3. the ratio of its peak 16-bit TFLOPS to the reference's (memory bandwidth for
//      inference, which is bandwidth-bound), an estimate.
#pragma once

#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/enum_names.hpp"
#include "costsim/core/error.hpp"
#include "costsim/models/runtime_source.hpp"
#include "costsim/pricing/gpu_variant.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

enum class workload_class { llm_finetune, llm_pretrain, encoder, cnn, inference };
template <>
struct enum_table<workload_class> {
    static constexpr std::string_view what = "a workload class";
    static constexpr std::array<enum_entry<workload_class>, 5> entries{{{workload_class::llm_finetune, "llm_finetune"},
                                                                        {workload_class::llm_pretrain, "llm_pretrain"},
                                                                        {workload_class::encoder, "encoder"},
                                                                        {workload_class::cnn, "cnn"},
                                                                        {workload_class::inference, "inference"}}};
};
inline constexpr std::array<workload_class, 5> all_workload_classes{
    workload_class::llm_finetune, workload_class::llm_pretrain, workload_class::encoder, workload_class::cnn,
    workload_class::inference};
std::string_view to_string(workload_class c) noexcept;
/// "llm_finetune" | "llm_pretrain" | "encoder" | "cnn" | "inference"; value_error otherwise.
workload_class parse_workload_class(std::string_view s);
/// The other classes, nearest first: where a variant's figure is looked for when the class lacks it.
std::array<workload_class, 4> fallback_order(workload_class c) noexcept;

/// Speed-up per doubling of the GPU count (2 = linear), from published runs.
struct class_scaling {
    double per_doubling = 2.0;
    runtime_basis basis;
    /// The speed-up of n GPUs over one: per_doubling ^ log2(n).
    double speedup(int n) const { return std::pow(per_doubling, std::log2(static_cast<double>(n))); }
};

struct class_speeds {
    workload_class cls = workload_class::llm_finetune;
    std::string workload;  ///< what the class covers, in words
    std::vector<gpu_speed> speeds;
    std::optional<class_scaling> scaling;
    const gpu_speed* find(std::string_view variant) const;
};

struct speed_class_table {
    std::string name, as_of, reference, file;
    std::vector<class_speeds> classes;
    const class_speeds* find(workload_class c) const;
};

/// Every variant's figure for class `c` (steps 1-3 above), keyed by variant id, relative to
/// the table's reference. model_error when the class or the reference variant is missing.
std::vector<gpu_speed> resolve_class_speeds(const speed_class_table& t, const gpu_variant_table& v, workload_class c);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(workload_class c) noexcept { return enum_name(c); }

inline workload_class parse_workload_class(std::string_view s) { return parse_enum<workload_class>(s); }

inline std::array<workload_class, 4> fallback_order(workload_class c) noexcept {
    using w = workload_class;
    switch (c) {
        case w::llm_finetune: return {w::llm_pretrain, w::encoder, w::inference, w::cnn};
        case w::llm_pretrain: return {w::llm_finetune, w::encoder, w::inference, w::cnn};
        case w::encoder: return {w::llm_finetune, w::llm_pretrain, w::cnn, w::inference};
        case w::cnn: return {w::encoder, w::llm_finetune, w::llm_pretrain, w::inference};
        case w::inference: return {w::llm_finetune, w::encoder, w::llm_pretrain, w::cnn};
    }
    return {w::llm_pretrain, w::encoder, w::inference, w::cnn};
}

inline const gpu_speed* class_speeds::find(std::string_view variant) const {
    for (const auto& g : speeds)
        if (g.model == variant) return &g;
    return nullptr;
}

inline const class_speeds* speed_class_table::find(workload_class c) const {
    for (const auto& k : classes)
        if (k.cls == c) return &k;
    return nullptr;
}

inline std::vector<gpu_speed> resolve_class_speeds(const speed_class_table& t, const gpu_variant_table& v,
                                                   workload_class c) {
    const class_speeds* own = t.find(c);
    if (!own) throw model_error("the speed table " + t.name + " has no class \"" + std::string(to_string(c)) + "\"");
    const gpu_variant* ref = v.find(t.reference);
    if (!ref)
        throw model_error("the speed table " + t.name + "'s reference \"" + t.reference +
                          "\" is not a variant of the GPU variant table " + v.name);
    std::vector<gpu_speed> out;
    for (const gpu_variant& g : v.variants) {
        if (const gpu_speed* s = own->find(g.id)) {
            out.push_back(*s);
            continue;
        }
        bool found = false;
        for (workload_class other : fallback_order(c)) {
            const class_speeds* k = t.find(other);
            const gpu_speed* s = k ? k->find(g.id) : nullptr;
            if (!s) continue;
            // Classes differ in how far apart GPUs are, so the other class's figure is carried
            // over through the variant with figures in both that is nearest in speed there
            // (the reference always qualifies): value = other(g) x own(bridge) / other(bridge).
            const gpu_speed* bridge_own = nullptr;
            const gpu_speed* bridge_other = nullptr;
            for (const gpu_speed& b : own->speeds) {
                const gpu_speed* bo = k->find(b.model);
                if (!bo) continue;
                if (!bridge_other ||
                    std::abs(std::log(bo->value / s->value)) < std::abs(std::log(bridge_other->value / s->value))) {
                    bridge_own = &b;
                    bridge_other = bo;
                }
            }
            if (!bridge_own) bridge_own = bridge_other = s;  // a table built in code without its reference
            const double value = s->value * bridge_own->value / bridge_other->value;
            out.push_back({g.id,
                           value,
                           {runtime_source::estimate,
                            "no " + std::string(to_string(c)) + " figure for " + g.id + "; its " +
                                std::string(to_string(other)) + " figure " + format_quantity(s->value) + " x " +
                                format_quantity(bridge_own->value) + " / " + format_quantity(bridge_other->value) +
                                ", the " + std::string(to_string(c)) + " / " + std::string(to_string(other)) +
                                " ratio of " + bridge_own->model + " (the nearest variant with both) (" +
                                std::string(to_string(s->basis.source)) + ": " + s->basis.basis + ")"}});
            found = true;
            break;
        }
        if (found) continue;
        const bool bandwidth = c == workload_class::inference;
        const double mine = bandwidth ? g.memory_bandwidth_gb_s : g.peak_tflops;
        const double theirs = bandwidth ? ref->memory_bandwidth_gb_s : ref->peak_tflops;
        if (!(mine > 0 && theirs > 0)) continue;  // nothing to rest an estimate on: no figure
        out.push_back(
            {g.id,
             mine / theirs,
             {runtime_source::estimate,
              "no figure for " + g.id + " in any class; its " +
                  (bandwidth ? "memory bandwidth " + format_quantity(mine) + " / " + format_quantity(theirs) + " GB/s"
                             : "peak 16-bit " + format_quantity(mine) + " / " + format_quantity(theirs) + " TFLOPS") +
                  " of the " + ref->id + " (" + g.basis + ")"}});
    }
    return out;
}

}  // namespace costsim
