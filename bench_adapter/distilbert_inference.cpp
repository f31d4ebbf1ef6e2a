// bench_adapter/distilbert_inference.cpp — the inference study's model: DistilBERT-base's
// shape (6 layers, hidden 768, 12 heads, FFN 3072, 512 positions, 2 classes) with random
// weights — nothing can be downloaded here, and the time is that of the shape — run for
// inference only, one measurement per swept batch size.
#include <cmath>

#include "data.hpp"
#include "workloads.hpp"

namespace bench {

namespace {

struct SelfAttentionImpl : torch::nn::Module {
    SelfAttentionImpl(std::int64_t hidden, std::int64_t heads)
        : heads(heads),
          q(register_module("q_lin", torch::nn::Linear(hidden, hidden))),
          k(register_module("k_lin", torch::nn::Linear(hidden, hidden))),
          v(register_module("v_lin", torch::nn::Linear(hidden, hidden))),
          out(register_module("out_lin", torch::nn::Linear(hidden, hidden))) {}

    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& mask) {
        const std::int64_t b = x.size(0), t = x.size(1), h = x.size(2), dh = h / heads;
        auto split = [&](const torch::Tensor& y) { return y.view({b, t, heads, dh}).transpose(1, 2); };
        const torch::Tensor qh = split(q->forward(x)) / std::sqrt(static_cast<double>(dh));
        torch::Tensor scores = torch::matmul(qh, split(k->forward(x)).transpose(-2, -1));  // [b, heads, t, t]
        // Padding positions get no attention, as DistilBERT masks them.
        scores.masked_fill_(mask.view({b, 1, 1, t}).eq(0), -std::numeric_limits<float>::infinity());
        const torch::Tensor ctx = torch::matmul(torch::softmax(scores, -1), split(v->forward(x)));
        return out->forward(ctx.transpose(1, 2).contiguous().view({b, t, h}));
    }

    std::int64_t heads;
    torch::nn::Linear q, k, v, out;
};
TORCH_MODULE(SelfAttention);

struct BlockImpl : torch::nn::Module {
    BlockImpl(const distilbert_options& d)
        : attention(register_module("attention", SelfAttention(d.hidden, d.heads))),
          sa_norm(register_module("sa_layer_norm",
                                  torch::nn::LayerNorm(torch::nn::LayerNormOptions({d.hidden}).eps(1e-12)))),
          lin1(register_module("lin1", torch::nn::Linear(d.hidden, d.ffn))),
          lin2(register_module("lin2", torch::nn::Linear(d.ffn, d.hidden))),
          out_norm(register_module("output_layer_norm",
                                   torch::nn::LayerNorm(torch::nn::LayerNormOptions({d.hidden}).eps(1e-12)))) {}

    torch::Tensor forward(const torch::Tensor& x, const torch::Tensor& mask) {
        const torch::Tensor a = sa_norm->forward(attention->forward(x, mask) + x);
        return out_norm->forward(lin2->forward(torch::gelu(lin1->forward(a))) + a);
    }

    SelfAttention attention;
    torch::nn::LayerNorm sa_norm;
    torch::nn::Linear lin1, lin2;
    torch::nn::LayerNorm out_norm;
};
TORCH_MODULE(Block);

struct DistilBertImpl : torch::nn::Module {
    DistilBertImpl(const distilbert_options& d)
        : words(register_module("word_embeddings", torch::nn::Embedding(d.vocab, d.hidden))),
          positions(register_module("position_embeddings", torch::nn::Embedding(d.max_positions, d.hidden))),
          emb_norm(register_module("embeddings_layer_norm",
                                   torch::nn::LayerNorm(torch::nn::LayerNormOptions({d.hidden}).eps(1e-12)))),
          pre_classifier(register_module("pre_classifier", torch::nn::Linear(d.hidden, d.hidden))),
          classifier(register_module("classifier", torch::nn::Linear(d.hidden, d.classes))) {
        for (std::int64_t i = 0; i < d.layers; ++i)
            blocks.push_back(register_module("layer" + std::to_string(i), Block(d)));
    }

    /// Class logits [B, classes] of ids [B, T] with attention mask [B, T].
    torch::Tensor forward(const torch::Tensor& ids, const torch::Tensor& mask) {
        const torch::Tensor pos =
            torch::arange(ids.size(1), torch::TensorOptions().dtype(torch::kInt64).device(ids.device()));
        torch::Tensor h = emb_norm->forward(words->forward(ids) + positions->forward(pos).unsqueeze(0));
        for (auto& b : blocks) h = b->forward(h, mask);
        const torch::Tensor cls = h.select(1, 0);  // the [CLS] position
        return classifier->forward(torch::relu(pre_classifier->forward(cls)));
    }

    torch::nn::Embedding words, positions;
    torch::nn::LayerNorm emb_norm;
    std::vector<Block> blocks;
    torch::nn::Linear pre_classifier, classifier;
};
TORCH_MODULE(DistilBert);

}  // namespace

std::vector<costsim::measurement> run_distilbert(const common_options& o, const distilbert_options& d) {
    if (d.hidden % d.heads != 0)
        throw flag_error("--heads",
                         "a divisor of --hidden " + std::to_string(d.hidden) + ", got " + std::to_string(d.heads));
    if (d.seq > d.max_positions)
        throw flag_error(
            "--seq", "at most --max-positions " + std::to_string(d.max_positions) + ", got " + std::to_string(d.seq));
    if (!o.data.empty() && o.samples > 0)
        throw flag_error("--samples", "no --samples beside --data (it sizes synthetic data)");
    const torch::Device dev = pick_device(o.device);
    const int threads = set_threads(o.threads);
    torch::manual_seed(o.seed);

    const text_batchable texts = o.data.empty()
                                     ? synthetic_texts(o.samples > 0 ? o.samples : 1000, d.vocab, d.seq, o.seed)
                                     : load_texts(o.data, o.format, d.text_field, d.vocab, d.seq);
    DistilBert model(d);
    model->to(dev);
    model->eval();
    const std::int64_t warmup = o.warmup >= 0 ? o.warmup : 2, steps = o.steps > 0 ? o.steps : 10;
    const auto n = static_cast<std::int64_t>(texts.texts.size());

    std::vector<costsim::measurement> out;
    for (std::int64_t batch : d.batches) {
        c10::InferenceMode inference;
        reset_peak_memory(dev);
        step_timer timer(dev);
        std::int64_t next = 0;
        for (std::int64_t i = 0; i < warmup + steps; ++i) {
            // Building the batch is part of serving it; moving it to the device too.
            timer.start();
            auto [ids, mask] = text_batch(texts, next, batch);
            const torch::Tensor logits = model->forward(ids.to(dev), mask.to(dev));
            (void)logits.argmax(1).to(torch::kCPU);  // the predictions reach the host
            timer.stop(i >= warmup);
            next = (next + batch) % n;
        }
        costsim::measurement m;
        m.workload = "distilbert-inference";
        m.task = "inference";
        m.model = costsim::json{{"architecture", "DistilBERT (random weights)"},
                                {"layers", d.layers},
                                {"hidden", d.hidden},
                                {"heads", d.heads},
                                {"ffn", d.ffn},
                                {"vocab", d.vocab},
                                {"max_positions", d.max_positions},
                                {"seq_len", d.seq},
                                {"classes", d.classes},
                                {"parameters", parameter_count(*model)}}
                      .dump();
        m.data.source = o.data.empty() ? "synthetic" : "file";
        m.data.format = texts.format;
        if (!o.data.empty()) m.data.path = o.data;
        m.data.train_samples = n;  // the texts served (nothing is trained)
        m.data.heldout_samples = 0;
        m.data.seed = o.seed;
        fill_common(m, o, dev, threads, batch, timer.seconds(), warmup, o.project_samples > 0 ? o.project_samples : n,
                    o.project_epochs > 0 ? o.project_epochs : 1);
        out.push_back(std::move(m));
    }
    return out;
}

}  // namespace bench
