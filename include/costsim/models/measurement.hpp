// costsim/models/measurement.hpp — measured runtimes (`costsim.measurement/v1`, written by
// `costsim-bench`) and the adapter that turns them into a scenario's workload.
//
// A measurement is one run of one workload on one device: steady-state step time (median
// and spread, warm-up excluded), samples/s, seconds per epoch projected to a data set size,
// peak memory, checkpoint size and write/restore seconds, versions, host and time; the
// runner fills the same struct. Reading and writing the file, and the adapter below, are
// io/measurement_json.hpp, which also holds the adapter described here.
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
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/stats.hpp"
#include "costsim/pricing/catalog.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

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
    std::string model = "{}";         ///< model configuration as the runner states it: canonical JSON text of an object
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

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

namespace detail {

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

}  // namespace costsim
