// costsim/workflow/quick_flags.hpp — the quick mode's flags as text (`costsim plan --work
// 10h --gpu A100-80GB ...`, Python's costsim.plan(work=...)), and the one table of them that
// the CLI, the Python module and the checks read. quick_plan.hpp turns them into a job.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// The quick mode as text, as `costsim plan --work ...` and the Python module take it
/// (empty: not given). Lists are comma-separated.
struct quick_flags {
    std::string work, gpu, memory, deadline, market, cloud, region, catalog, speed, work_class, checkpoint_cost,
        restart_overhead;
    /// The job by its size (with --model instead of --work): tokens, or samples x seq x epochs.
    std::string model, tokens, samples, epochs, method, precision, seq, micro_batch, stack;
    int gpus = 1;
    bool gpus_given = false;
    bool allow_unknown_memory = false;

    /// A text flag: its name on the command line, its Python keyword, where it is kept, and
    /// whether it states the job's size (only with --model).
    struct text_flag {
        const char* flag;
        const char* key;
        std::string quick_flags::*member;
        bool size;
    };
    /// Every text flag, once: the CLI, the Python module and the checks read this table.
    static const std::array<text_flag, 21> text_flags;
    /// The flags of the quick mode but --deadline (a scenario file takes that too), and
    /// whether each was given: refused beside a scenario file.
    std::vector<std::pair<const char*, bool>> given() const;
};
inline const std::array<quick_flags::text_flag, 21> quick_flags::text_flags{{
    {"--work", "work", &quick_flags::work, false},
    {"--gpu", "gpu", &quick_flags::gpu, false},
    {"--memory", "memory", &quick_flags::memory, false},
    {"--deadline", "deadline", &quick_flags::deadline, false},
    {"--market", "market", &quick_flags::market, false},
    {"--cloud", "cloud", &quick_flags::cloud, false},
    {"--region", "region", &quick_flags::region, false},
    {"--catalog", "catalog", &quick_flags::catalog, false},
    {"--speed", "speed", &quick_flags::speed, false},
    {"--class", "work_class", &quick_flags::work_class, false},
    {"--checkpoint-cost", "checkpoint_cost", &quick_flags::checkpoint_cost, false},
    {"--restart-overhead", "restart_overhead", &quick_flags::restart_overhead, false},
    {"--model", "model", &quick_flags::model, true},
    {"--tokens", "tokens", &quick_flags::tokens, true},
    {"--samples", "samples", &quick_flags::samples, true},
    {"--epochs", "epochs", &quick_flags::epochs, true},
    {"--method", "method", &quick_flags::method, true},
    {"--precision", "precision", &quick_flags::precision, true},
    {"--seq", "seq", &quick_flags::seq, true},
    {"--micro-batch", "micro_batch", &quick_flags::micro_batch, true},
    {"--stack", "stack", &quick_flags::stack, true},
}};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::vector<std::pair<const char*, bool>> quick_flags::given() const {
    std::vector<std::pair<const char*, bool>> out;
    for (const text_flag& t : text_flags) {
        if (std::string_view(t.flag) == "--deadline") continue;
        out.emplace_back(t.flag, !(this->*t.member).empty());
        if (std::string_view(t.flag) == "--gpu") out.emplace_back("--gpus", gpus_given);
        if (std::string_view(t.flag) == "--restart-overhead")
            out.emplace_back("--allow-unknown-memory", allow_unknown_memory);
    }
    return out;
}

}  // namespace costsim
