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

    /// How a flag is given: as text, as a count (--gpus), or alone (--allow-unknown-memory).
    enum class flag_kind { text, count, toggle };
    /// A flag: its name on the command line, its Python keyword, its kind, where its text is
    /// kept (text) or whether it was given (count, toggle: for a toggle, its value), and
    /// whether it states the job's size (only with --model).
    struct flag {
        const char* name;
        const char* key;
        flag_kind kind;
        std::string quick_flags::*text;
        bool quick_flags::*set;
        bool size;
        bool given(const quick_flags& f) const { return text ? !(f.*text).empty() : f.*set; }
    };
    /// Every flag of the quick mode, once: the CLI, the Python module and the checks read this table.
    static const std::array<flag, 23> flags;
    /// The flags of the quick mode but --deadline (a scenario file takes that too), and
    /// whether each was given: refused beside a scenario file.
    std::vector<std::pair<const char*, bool>> given() const;
};
inline const std::array<quick_flags::flag, 23> quick_flags::flags{{
    {"--work", "work", flag_kind::text, &quick_flags::work, nullptr, false},
    {"--gpu", "gpu", flag_kind::text, &quick_flags::gpu, nullptr, false},
    {"--gpus", "gpus", flag_kind::count, nullptr, &quick_flags::gpus_given, false},
    {"--memory", "memory", flag_kind::text, &quick_flags::memory, nullptr, false},
    {"--deadline", "deadline", flag_kind::text, &quick_flags::deadline, nullptr, false},
    {"--market", "market", flag_kind::text, &quick_flags::market, nullptr, false},
    {"--cloud", "cloud", flag_kind::text, &quick_flags::cloud, nullptr, false},
    {"--region", "region", flag_kind::text, &quick_flags::region, nullptr, false},
    {"--catalog", "catalog", flag_kind::text, &quick_flags::catalog, nullptr, false},
    {"--speed", "speed", flag_kind::text, &quick_flags::speed, nullptr, false},
    {"--class", "work_class", flag_kind::text, &quick_flags::work_class, nullptr, false},
    {"--checkpoint-cost", "checkpoint_cost", flag_kind::text, &quick_flags::checkpoint_cost, nullptr, false},
    {"--restart-overhead", "restart_overhead", flag_kind::text, &quick_flags::restart_overhead, nullptr, false},
    {"--allow-unknown-memory", "allow_unknown_memory", flag_kind::toggle, nullptr, &quick_flags::allow_unknown_memory,
     false},
    {"--model", "model", flag_kind::text, &quick_flags::model, nullptr, true},
    {"--tokens", "tokens", flag_kind::text, &quick_flags::tokens, nullptr, true},
    {"--samples", "samples", flag_kind::text, &quick_flags::samples, nullptr, true},
    {"--epochs", "epochs", flag_kind::text, &quick_flags::epochs, nullptr, true},
    {"--method", "method", flag_kind::text, &quick_flags::method, nullptr, true},
    {"--precision", "precision", flag_kind::text, &quick_flags::precision, nullptr, true},
    {"--seq", "seq", flag_kind::text, &quick_flags::seq, nullptr, true},
    {"--micro-batch", "micro_batch", flag_kind::text, &quick_flags::micro_batch, nullptr, true},
    {"--stack", "stack", flag_kind::text, &quick_flags::stack, nullptr, true},
}};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::vector<std::pair<const char*, bool>> quick_flags::given() const {
    std::vector<std::pair<const char*, bool>> out;
    for (const flag& t : flags)
        if (std::string_view(t.name) != "--deadline") out.emplace_back(t.name, t.given(*this));
    return out;
}

}  // namespace costsim
