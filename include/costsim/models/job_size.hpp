// costsim/models/job_size.hpp — an LLM training job stated by its size (model, tokens,
// method, precision) turned into a run time on the anchor GPU and a memory need per GPU.
//
// A user rarely knows "10 h on one A100"; they know "LoRA on a 7B model over 50 M tokens".
// The time is given as a range, not one number: the tuned end from NVIDIA's published
// throughput of its tuned NeMo recipes (the nearest model size of the same method, scaled by
// the parameter ratio), the plain end from torchtitan's published plain PyTorch FSDP
// throughput, scaled by parameters and the method's FLOPs per token. Both are on the table's
// anchor variant (H100-SXM); the speed table per class converts them to other GPUs as it
// converts any stated work. Every figure says how it was derived (runtime_basis).
//
// The memory need per GPU: the method's weight and optimizer state (full training sharded
// over the job's GPUs, LoRA/QLoRA's frozen weights on every GPU), activations under full
// activation checkpointing at the stated sequence and micro-batch, logits, and an overhead.
// The table of facts is `costsim.job-size/v1` (io/job_size_json.hpp).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/duration.hpp"
#include "costsim/core/enum_names.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/text.hpp"
#include "costsim/models/runtime_source.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

enum class train_method { full, lora, qlora };
enum class train_precision { bf16, fp8 };
/// Which end of the estimate a plan runs at.
enum class stack_end { tuned, plain };
template <>
struct enum_table<train_method> {
    static constexpr std::string_view what = "a training method";
    static constexpr std::array<enum_entry<train_method>, 3> entries{
        {{train_method::full, "full"}, {train_method::lora, "lora"}, {train_method::qlora, "qlora"}}};
};
template <>
struct enum_table<train_precision> {
    static constexpr std::string_view what = "a training precision";
    static constexpr std::array<enum_entry<train_precision>, 2> entries{
        {{train_precision::bf16, "bf16"}, {train_precision::fp8, "fp8"}}};
};
template <>
struct enum_table<stack_end> {
    static constexpr std::string_view what = "a stack";
    static constexpr std::array<enum_entry<stack_end>, 2> entries{
        {{stack_end::tuned, "tuned"}, {stack_end::plain, "plain"}}};
};

std::string_view to_string(train_method m) noexcept;
std::string_view to_string(train_precision p) noexcept;
std::string_view to_string(stack_end e) noexcept;
/// "full" | "lora" | "qlora" (any case); value_error otherwise. Likewise the others.
train_method parse_train_method(std::string_view s);
train_precision parse_train_precision(std::string_view s);
stack_end parse_stack_end(std::string_view s);

/// A count with an optional K, M, B (or G) or T suffix: "50M" = 5e7, "1.5B", "52000";
/// value_error unless positive and finite.
double parse_count(std::string_view text);

/// A transformer's size and shape; `named` when it came from the table's model list.
struct model_shape {
    std::string name;
    double params = 0;
    int layers = 0, hidden = 0, vocab = 0;
    bool shape_assumed = false;  ///< layers and hidden from the size (hidden = 128 x layers), vocab the default
    std::string source;          ///< where a named model's figures come from
};

/// One published throughput of a tuned stack on the anchor GPU.
struct throughput_row {
    std::string model;
    double params = 0;
    train_method method = train_method::full;  ///< full (SFT or pre-training) or lora
    train_precision precision = train_precision::fp8;
    int gpus = 8, seq = 4096;
    double tokens_per_s = 0;  ///< per GPU
    std::string source;
};

struct method_facts {
    double flops_per_param_token = 6;
    double state_bytes_per_param = 16;
    bool sharded = true;    ///< the state is split over the job's GPUs (FSDP / ZeRO-3)
    double slowdown = 1.0;  ///< over the stack's figure for the same FLOPs (QLoRA's dequantising)
    std::string basis;
};

struct job_size_table {
    std::string name, as_of, anchor, source, file;
    std::vector<throughput_row> tuned;
    struct plain_stack {
        std::string model, source;
        double params = 0, bf16 = 0, bf16_compiled = 0, fp8_compiled = 0;
        int gpus = 8, seq = 8192;
    } plain;
    method_facts full, lora, qlora;
    struct memory_facts {
        double activation = 34, checkpoint = 2, logit = 4, overhead_gib = 2;
        int default_vocab = 32000, default_seq = 2048;
        std::string basis;
    } memory;
    std::vector<model_shape> models;

    const method_facts& facts(train_method m) const noexcept;
    /// A named model (case-insensitive) or a size such as "7B", "350M" with an assumed shape;
    /// value_error naming the known models otherwise.
    model_shape model(std::string_view text) const;
};

/// The job as its size states it.
struct job_size {
    model_shape model;
    double tokens = 0;  ///< tokens processed, epochs included
    train_method method = train_method::lora;
    train_precision precision = train_precision::bf16;
    int seq = 0;          ///< sequence length (0: the table's default)
    int micro_batch = 1;  ///< sequences per GPU per step
};

/// What the size gives on `gpus` GPUs of the table's anchor.
struct size_estimate {
    usec tuned{0}, plain{0};
    runtime_basis tuned_basis, plain_basis;
    double memory_gib = 0;  ///< per GPU
    std::string memory_basis;
    double flops = 0;  ///< the job's model FLOPs (per-token factor x parameters x tokens)
    usec at(stack_end e) const noexcept { return e == stack_end::tuned ? tuned : plain; }
};

/// The estimate; value_error for a job the table cannot size (no tokens, a bad GPU count,
/// over 10^12 s).
size_estimate estimate_job(const job_size& j, int gpus, const job_size_table& t);

/// "7B lora bf16, 50M tokens, seq 2048": the job in a few words.
std::string describe(const job_size& j);

/// What a work taken from the size rests on, in words: both ends on `gpus` GPUs of the
/// table's anchor with their derivations, the end `planned`, and the memory need.
std::string size_basis(const job_size& j, const size_estimate& e, stack_end planned, int gpus, const job_size_table& t);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(train_method m) noexcept { return enum_name(m); }
inline std::string_view to_string(train_precision p) noexcept { return enum_name(p); }
inline std::string_view to_string(stack_end e) noexcept { return enum_name(e); }

namespace detail {
// Any case ("LoRA", "BF16"), the refusal quoting the value as given.
template <named_enum E>
E parse_any_case(std::string_view s) {
    if (const auto e = find_enum<E>(ascii_lower(s))) return *e;
    throw value_error(enum_refusal<E>(s));
}
}  // namespace detail

inline train_method parse_train_method(std::string_view s) { return detail::parse_any_case<train_method>(s); }
inline train_precision parse_train_precision(std::string_view s) { return detail::parse_any_case<train_precision>(s); }
inline stack_end parse_stack_end(std::string_view s) { return detail::parse_any_case<stack_end>(s); }

inline double parse_count(std::string_view text) {
    auto bad = [&] {
        return value_error("a positive count such as 50M, 1.5B or 52000, got \"" + std::string(text) + "\"");
    };
    if (text.empty()) throw bad();
    double scale = 1;
    std::string_view num = text;
    switch (num.back()) {
        case 'k':
        case 'K': scale = 1e3; break;
        case 'm':
        case 'M': scale = 1e6; break;
        case 'b':
        case 'B':
        case 'g':
        case 'G': scale = 1e9; break;
        case 't':
        case 'T': scale = 1e12; break;
        default: break;
    }
    if (scale != 1) num.remove_suffix(1);
    bool digit = false, dot = false;
    for (char c : num) {
        if (c >= '0' && c <= '9')
            digit = true;
        else if (c == '.' && !dot)
            dot = true;
        else
            throw bad();
    }
    if (!digit) throw bad();
    const double v = std::stod(std::string(num)) * scale;
    if (!(v > 0 && std::isfinite(v) && v < 1e18)) throw bad();
    return v;
}

inline const method_facts& job_size_table::facts(train_method m) const noexcept {
    return m == train_method::full ? full : m == train_method::lora ? lora : qlora;
}

inline model_shape job_size_table::model(std::string_view text) const {
    const std::string l = ascii_lower(text);
    for (const auto& m : models)
        if (m.name == l) return m;
    model_shape s;
    try {
        s.params = parse_count(text);
    } catch (const value_error&) {
        std::string known;
        for (const auto& m : models) known += (known.empty() ? "" : ", ") + m.name;
        throw value_error("a model: a parameter count such as 7B or 350M, or one of " + known + "; got \"" +
                          std::string(text) + "\"");
    }
    if (s.params < 1e6 || s.params > 1e13)
        throw value_error("a model of 1M to 10T parameters, such as 7B, got \"" + std::string(text) + "\"");
    s.name = std::string(text);
    // Dense decoders: params ~ 12 * layers * hidden^2 with hidden ~ 128 * layers (Llama 7B:
    // 32 layers of 4096). Only the memory estimate uses the shape.
    s.layers = std::max(1, static_cast<int>(std::lround(std::cbrt(s.params / (12.0 * 128.0 * 128.0)))));
    s.hidden = static_cast<int>(std::lround(std::sqrt(s.params / (12.0 * s.layers))));
    s.vocab = memory.default_vocab;
    s.shape_assumed = true;
    return s;
}

inline std::string describe(const job_size& j) {
    return j.model.name + " " + std::string(to_string(j.method)) + " " + std::string(to_string(j.precision)) + ", " +
           format_quantity(j.tokens / 1e6) + "M tokens, seq " + std::to_string(j.seq);
}

inline std::string size_basis(const job_size& j, const size_estimate& e, stack_end planned, int gpus,
                              const job_size_table& t) {
    auto h = [](usec d) {
        return format_quantity(std::round(std::chrono::duration<double>(d).count() / 3.6) / 1000) + " h";
    };
    return "estimated from the job's size (" + describe(j) + ", " + t.file + "): on " + std::to_string(gpus) + "x " +
           t.anchor + " " + h(e.tuned) + " with a " + e.tuned_basis.basis + ", to " + h(e.plain) + " with " +
           e.plain_basis.basis + "; planned at the " + std::string(to_string(planned)) + " end; memory " +
           e.memory_basis;
}

inline size_estimate estimate_job(const job_size& j, int gpus, const job_size_table& t) {
    if (gpus < 1) throw value_error("a GPU count of at least 1");
    if (!(j.tokens > 0)) throw value_error("a positive number of tokens");
    if (!(j.model.params > 0)) throw value_error("a model with a positive parameter count");
    const method_facts& mf = t.facts(j.method);
    const double n = j.model.params;
    size_estimate e;
    e.flops = mf.flops_per_param_token * n * j.tokens;
    const std::string on = std::to_string(gpus) + "x " + t.anchor;
    auto time_of = [&](double tokens_per_s_per_gpu) {
        const double secs = j.tokens / (tokens_per_s_per_gpu * gpus);
        // usec holds ~292,000 years; a size past 30,000 is a typo, not a plan.
        if (!(secs > 0 && secs <= 1e12))
            throw value_error("a job that takes at most 10^12 s on " + on + " (this size gives " +
                              format_quantity(secs) + " s)");
        return std::chrono::duration_cast<usec>(std::chrono::duration<double>(secs));
    };
    const std::string slow =
        mf.slowdown != 1.0 ? ", / " + format_quantity(mf.slowdown) + " for " + std::string(to_string(j.method)) : "";

    // Tuned: the published row of the same method nearest in size (QLoRA: LoRA's rows).
    const train_method row_method = j.method == train_method::full ? train_method::full : train_method::lora;
    const throughput_row* best = nullptr;
    for (const auto& r : t.tuned)
        if (r.method == row_method &&
            (!best || std::abs(std::log(r.params / n)) < std::abs(std::log(best->params / n)) - 1e-12))
            best = &r;
    if (!best) throw model_error(t.file + ": no tuned throughput row for " + std::string(to_string(row_method)));
    double tps = best->tokens_per_s * best->params / n;
    std::string how = format_quantity(best->tokens_per_s) + " tokens/s per GPU (" + best->source + ")";
    if (best->params != n) how += " x " + format_quantity(best->params / 1e9) + "B / " + format_quantity(n / 1e9) + "B";
    bool exact = best->params == n && j.method == row_method;
    if (j.precision != best->precision) {
        // NVIDIA publishes FP8 rows only; torchtitan's compiled bf16 / Float8 ratio carries them over.
        const double r = j.precision == train_precision::bf16 ? t.plain.bf16_compiled / t.plain.fp8_compiled
                                                              : t.plain.fp8_compiled / t.plain.bf16_compiled;
        tps *= r;
        how += " x " + format_quantity(r) + " for " + std::string(to_string(j.precision)) + " (torchtitan's ratio)";
        exact = false;
    }
    tps /= mf.slowdown;
    e.tuned = time_of(tps);
    e.tuned_basis = {
        exact ? runtime_source::published : runtime_source::estimate,
        "tuned stack: " + how + slow + " = " + format_quantity(std::round(tps)) + " tokens/s per GPU on " + on};

    // Plain: torchtitan's FSDP figure, by parameters and the method's FLOPs per token.
    const double base = j.precision == train_precision::bf16 ? t.plain.bf16 : t.plain.fp8_compiled;
    double ptps = base * t.plain.params / n * (t.full.flops_per_param_token / mf.flops_per_param_token);
    ptps /= mf.slowdown;
    e.plain = time_of(ptps);
    e.plain_basis = {runtime_source::estimate,
                     "plain PyTorch: " + format_quantity(base) + " tokens/s per GPU (" + t.plain.source + ", " +
                         (j.precision == train_precision::bf16 ? "plain" : "Float8") + ") x " +
                         format_quantity(t.plain.params / 1e9) + "B / " + format_quantity(n / 1e9) + "B x " +
                         format_quantity(t.full.flops_per_param_token) + "/" +
                         format_quantity(mf.flops_per_param_token) + " FLOPs per parameter-token" + slow + " = " +
                         format_quantity(std::round(ptps)) + " tokens/s per GPU on " + on};

    // Memory per GPU.
    const double seq = j.seq > 0 ? j.seq : t.memory.default_seq;
    const double sbh = seq * j.micro_batch * j.model.hidden;
    const double state = mf.state_bytes_per_param * n / (mf.sharded ? gpus : 1);
    const double act = sbh * (t.memory.checkpoint * j.model.layers + t.memory.activation);
    const double logits = t.memory.logit * seq * j.micro_batch * j.model.vocab;
    const double gib = 1024.0 * 1024.0 * 1024.0;
    e.memory_gib = (state + act + logits) / gib + t.memory.overhead_gib;
    e.memory_basis = format_quantity(std::round(e.memory_gib * 10) / 10) +
                     " GiB per GPU: " + format_quantity(std::round(state / gib * 10) / 10) +
                     " GiB weights and state (" + format_quantity(mf.state_bytes_per_param) + " bytes per parameter" +
                     (mf.sharded && gpus > 1 ? ", sharded over " + std::to_string(gpus) + " GPUs" : "") + "), " +
                     format_quantity(std::round((act + logits) / gib * 10) / 10) + " GiB activations and logits (" +
                     std::to_string(j.model.layers) + " layers, hidden " + std::to_string(j.model.hidden) +
                     (j.model.shape_assumed ? " assumed from the size" : "") + ", seq " +
                     std::to_string(static_cast<int>(seq)) + ", micro-batch " + std::to_string(j.micro_batch) + "), " +
                     format_quantity(t.memory.overhead_gib) + " GiB overhead";
    return e;
}

}  // namespace costsim
