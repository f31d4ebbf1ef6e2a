// costsim/io/job_size_json.hpp — the job-size fact table (`costsim.job-size/v1`; the types
// and the estimate are models/job_size.hpp):
//     {"schema": "costsim.job-size/v1", "name": "...", "as_of": "2026-12-07",
//      "anchor": "H100-SXM", "source": "...", "notes": "...",
//      "tuned": [{"model": "LLAMA2-7B", "params": 6.74e9, "method": "lora", "precision": "fp8",
//                 "gpus": 8, "seq": 4096, "tokens_per_s_per_gpu": 25206, "source": "..."}],
//      "plain": {"model": "...", "params": 8.03e9, "gpus": 8, "seq": 8192, "bf16": 5762,
//                "bf16_compiled": 6667, "fp8_compiled": 8532, "source": "..."},
//      "methods": {"full": {"flops_per_param_token": 6, "state_bytes_per_param": 16,
//                           "sharded": true, "basis": "..."}, "lora": {...}, "qlora": {..., "slowdown": 1.4}},
//      "memory": {"activation_bytes_per_layer_token_hidden": 34, ..., "basis": "..."},
//      "models": {"llama-2-7b": {"params": 6.74e9, "layers": 32, "hidden": 4096,
//                                "vocab": 32000, "source": "..."}}}
#pragma once

#include <algorithm>
#include <string>

#include "costsim/io/json_input.hpp"
#include "costsim/models/job_size.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view job_size_schema = "costsim.job-size/v1";

/// Reads the table; input_error naming the pointer for anything malformed.
job_size_table parse_job_size_table(const json_cursor& c);
job_size_table load_job_size_table(const std::string& path);
/// The table as its file holds it (the notes, which the reader skips, left out).
json to_json(const job_size_table& t);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline job_size_table parse_job_size_table(const json_cursor& c) {
    c.expect_schema(job_size_schema, "a job-size fact table");
    c.expect_object(
        {"schema", "name", "as_of", "anchor", "source", "notes", "tuned", "plain", "methods", "memory", "models"});
    job_size_table t;
    t.file = c.file();
    t.name = c["name"].string();
    (void)c["as_of"].day();
    t.as_of = c["as_of"].string();
    t.anchor = c["anchor"].string();
    t.source = c["source"].string();
    auto text = [](const json_cursor& k) {
        std::string s = k.string();
        if (s.empty()) k.fail("a non-empty account of where the figure comes from");
        return s;
    };
    for (const auto& r : c["tuned"].elements(true)) {
        r.expect_object({"model", "params", "method", "precision", "gpus", "seq", "tokens_per_s_per_gpu", "source"});
        throughput_row row;
        row.model = r["model"].string();
        row.params = r["params"].number(1e6, 1e13);
        row.method = r["method"].choice_of({train_method::full, train_method::lora});
        row.precision = r["precision"].choice_of<train_precision>();
        row.gpus = static_cast<int>(r["gpus"].integer(1, 1 << 20));
        row.seq = static_cast<int>(r["seq"].integer(1, 1 << 24));
        row.tokens_per_s = r["tokens_per_s_per_gpu"].number(1e-3, 1e9);
        row.source = text(r["source"]);
        t.tuned.push_back(std::move(row));
    }
    auto p = c["plain"];
    p.expect_object({"model", "params", "gpus", "seq", "bf16", "bf16_compiled", "fp8_compiled", "source"});
    t.plain.model = p["model"].string();
    t.plain.params = p["params"].number(1e6, 1e13);
    t.plain.gpus = static_cast<int>(p["gpus"].integer(1, 1 << 20));
    t.plain.seq = static_cast<int>(p["seq"].integer(1, 1 << 24));
    t.plain.bf16 = p["bf16"].number(1e-3, 1e9);
    t.plain.bf16_compiled = p["bf16_compiled"].number(1e-3, 1e9);
    t.plain.fp8_compiled = p["fp8_compiled"].number(1e-3, 1e9);
    t.plain.source = text(p["source"]);
    auto ms = c["methods"];
    ms.expect_object({"full", "lora", "qlora"});
    for (train_method m : {train_method::full, train_method::lora, train_method::qlora}) {
        auto k = ms[to_string(m)];
        k.expect_object({"flops_per_param_token", "state_bytes_per_param", "sharded", "slowdown", "basis"});
        method_facts f;
        f.flops_per_param_token = k["flops_per_param_token"].number(0.1, 100);
        f.state_bytes_per_param = k["state_bytes_per_param"].number(0.01, 100);
        f.sharded = k["sharded"].boolean();
        if (auto s = k.optional("slowdown")) f.slowdown = s->number(1, 100);
        f.basis = text(k["basis"]);
        (m == train_method::full ? t.full : m == train_method::lora ? t.lora : t.qlora) = std::move(f);
    }
    auto mem = c["memory"];
    mem.expect_object({"activation_bytes_per_layer_token_hidden", "checkpoint_bytes_per_layer_token_hidden",
                       "logit_bytes_per_token_vocab", "overhead_gib", "default_vocab", "default_seq", "basis"});
    t.memory.activation = mem["activation_bytes_per_layer_token_hidden"].number(0, 1000);
    t.memory.checkpoint = mem["checkpoint_bytes_per_layer_token_hidden"].number(0, 1000);
    t.memory.logit = mem["logit_bytes_per_token_vocab"].number(0, 1000);
    t.memory.overhead_gib = mem["overhead_gib"].number(0, 1000);
    t.memory.default_vocab = static_cast<int>(mem["default_vocab"].integer(1, 1 << 24));
    t.memory.default_seq = static_cast<int>(mem["default_seq"].integer(1, 1 << 24));
    t.memory.basis = text(mem["basis"]);
    auto models = c["models"];
    if (!models.value().is_object()) models.fail("an object of model name to its size and shape");
    for (const auto& [name, _] : models.value().items()) {
        auto k = models[name];
        k.expect_object({"params", "layers", "hidden", "vocab", "source"});
        model_shape s;
        s.name = name;  // looked up lower-cased (job_size_table::model)
        if (std::any_of(name.begin(), name.end(), [](char ch) { return ch >= 'A' && ch <= 'Z'; }))
            k.fail("a lower-case model name (\"" + name + "\")");
        s.params = k["params"].number(1e6, 1e13);
        s.layers = static_cast<int>(k["layers"].integer(1, 100000));
        s.hidden = static_cast<int>(k["hidden"].integer(1, 1 << 20));
        s.vocab = static_cast<int>(k["vocab"].integer(1, 1 << 24));
        s.source = text(k["source"]);
        t.models.push_back(std::move(s));
    }
    if (std::none_of(t.tuned.begin(), t.tuned.end(),
                     [](const throughput_row& r) { return r.method == train_method::full; }))
        c["tuned"].fail("at least one row of method \"full\" and one of \"lora\"");
    if (std::none_of(t.tuned.begin(), t.tuned.end(),
                     [](const throughput_row& r) { return r.method == train_method::lora; }))
        c["tuned"].fail("at least one row of method \"full\" and one of \"lora\"");
    return t;
}

inline json to_json(const job_size_table& t) {
    json tuned = json::array();
    for (const auto& r : t.tuned)
        tuned.push_back({{"model", r.model},
                         {"params", r.params},
                         {"method", std::string(to_string(r.method))},
                         {"precision", std::string(to_string(r.precision))},
                         {"gpus", r.gpus},
                         {"seq", r.seq},
                         {"tokens_per_s_per_gpu", r.tokens_per_s},
                         {"source", r.source}});
    json methods = json::object();
    for (train_method m : {train_method::full, train_method::lora, train_method::qlora}) {
        const method_facts& f = t.facts(m);
        methods[std::string(to_string(m))] = {{"flops_per_param_token", f.flops_per_param_token},
                                              {"state_bytes_per_param", f.state_bytes_per_param},
                                              {"sharded", f.sharded},
                                              {"slowdown", f.slowdown},
                                              {"basis", f.basis}};
    }
    json models = json::object();
    for (const auto& m : t.models)
        models[m.name] = {
            {"params", m.params}, {"layers", m.layers}, {"hidden", m.hidden}, {"vocab", m.vocab}, {"source", m.source}};
    return {{"schema", job_size_schema},
            {"name", t.name},
            {"as_of", t.as_of},
            {"anchor", t.anchor},
            {"source", t.source},
            {"tuned", tuned},
            {"plain",
             {{"model", t.plain.model},
              {"params", t.plain.params},
              {"gpus", t.plain.gpus},
              {"seq", t.plain.seq},
              {"bf16", t.plain.bf16},
              {"bf16_compiled", t.plain.bf16_compiled},
              {"fp8_compiled", t.plain.fp8_compiled},
              {"source", t.plain.source}}},
            {"methods", methods},
            {"memory",
             {{"activation_bytes_per_layer_token_hidden", t.memory.activation},
              {"checkpoint_bytes_per_layer_token_hidden", t.memory.checkpoint},
              {"logit_bytes_per_token_vocab", t.memory.logit},
              {"overhead_gib", t.memory.overhead_gib},
              {"default_vocab", t.memory.default_vocab},
              {"default_seq", t.memory.default_seq},
              {"basis", t.memory.basis}}},
            {"models", models}};
}

inline job_size_table load_job_size_table(const std::string& path) {
    const json j = load_json_file(path);
    return parse_job_size_table(json_cursor(j, path));
}

}  // namespace costsim
