// costsim/pricing/gpu_variant.hpp — which card an offer's GPU really is.
//
// Catalogs name GPUs loosely: SkyPilot's "H100" is the SXM5 card on AWS p5 but the PCIe card
// on Lambda's gpu_1x_h100_pcie and RunPod; "A100-80GB" is SXM4 on AWS p4de and PCIe on
// RunPod. Speeds differ by up to 2x between such variants, so speeds are tabled per
// variant, and a variant table (`costsim.gpu-variants/v1`, io/gpu_variants_json.hpp) maps
// each offer onto one by ordered rules on the catalog's GPU name, the provider and the
// instance name. Each variant carries the specs a fallback estimate may rest on: memory,
// peak dense 16-bit tensor TFLOPS and memory bandwidth, with their source.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/text_pattern.hpp"
#include "costsim/pricing/catalog.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct gpu_variant {
    std::string id;  ///< "H100-SXM", "A100-PCIe-80GB", ...
    double memory_gib = 0;
    double peak_tflops = 0;            ///< dense 16-bit tensor (FP32 where the card has no tensor cores)
    double memory_bandwidth_gb_s = 0;  ///< GB/s
    std::string basis;                 ///< where the specs come from
};

/// One rule: offers whose GPU is named `gpu` (and, where given, sold by `provider`, with an
/// instance name matching `instance`) carry `variant`.
struct gpu_alias {
    std::string gpu;
    std::optional<std::string> provider;
    std::optional<text_pattern> instance;
    std::string variant;
    std::string basis;
    bool generic() const noexcept { return !provider && !instance; }
};

struct gpu_variant_match {
    const gpu_variant* variant = nullptr;
    const gpu_alias* rule = nullptr;
};

struct gpu_variant_table {
    std::string name, as_of, file;
    std::vector<gpu_variant> variants;
    std::vector<gpu_alias> aliases;  ///< in order: the first that matches wins

    const gpu_variant* find(std::string_view id) const;
    /// The variant of an offer's GPU (both null for a CPU offer or a GPU no rule names).
    gpu_variant_match of(const offer& o) const;
    /// What a catalog GPU name means without a provider or instance: its generic rule's
    /// variant, or a variant id given as is (case-insensitive); null when neither.
    const gpu_variant* named(std::string_view gpu_or_variant) const;
};

// Whether two names are equal ignoring ASCII case: GPU names and variant ids are ASCII, and
// a locale must not change what matches.
inline bool same_ascii_nocase(std::string_view a, std::string_view b);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline bool same_ascii_nocase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[i]);
        if ((x >= 'A' && x <= 'Z' ? x + 32 : x) != (y >= 'A' && y <= 'Z' ? y + 32 : y)) return false;
    }
    return true;
}

inline const gpu_variant* gpu_variant_table::find(std::string_view id) const {
    for (const auto& v : variants)
        if (v.id == id) return &v;
    return nullptr;
}

inline gpu_variant_match gpu_variant_table::of(const offer& o) const {
    if (!o.gpus) return {};
    for (const auto& a : aliases) {
        if (a.gpu != o.gpus->model) continue;
        if (a.provider && *a.provider != o.provider) continue;
        if (a.instance && !a.instance->search(o.instance)) continue;
        return {find(a.variant), &a};
    }
    return {};
}

inline const gpu_variant* gpu_variant_table::named(std::string_view name) const {
    for (const auto& v : variants)
        if (same_ascii_nocase(v.id, name)) return &v;
    for (const auto& a : aliases)
        if (a.generic() && same_ascii_nocase(a.gpu, name)) return find(a.variant);
    return nullptr;
}

}  // namespace costsim
