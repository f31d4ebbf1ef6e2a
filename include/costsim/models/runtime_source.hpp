// costsim/models/runtime_source.hpp — where a runtime figure comes from, and relative-speed tables.
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
// "speed_basis" says what it rests on). Reading and writing it is io/speed_json.hpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "costsim/core/enum_names.hpp"
#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

enum class runtime_source { measured = 0, published = 1, estimate = 2 };
template <>
struct enum_table<runtime_source> {
    static constexpr std::string_view what = "";
    static constexpr std::array<enum_entry<runtime_source>, 3> entries{{{runtime_source::measured, "measured"},
                                                                        {runtime_source::published, "published"},
                                                                        {runtime_source::estimate, "estimate"}}};
};
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

struct speed_table {
    std::string name, as_of, workload, reference, file;
    std::vector<gpu_speed> speeds;
    const gpu_speed* find(std::string_view model) const;
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(runtime_source s) noexcept { return enum_name(s); }

inline runtime_source parse_runtime_source(std::string_view s) { return parse_enum<runtime_source>(s); }

inline const gpu_speed* speed_table::find(std::string_view model) const {
    for (const auto& s : speeds)
        if (s.model == model) return &s;
    return nullptr;
}

}  // namespace costsim
