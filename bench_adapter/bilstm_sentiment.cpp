// bench_adapter/bilstm_sentiment.cpp — the GPU-platform study's model, trained for real:
// Embedding(vocab, 128) → bidirectional LSTM(64) → Dropout(0.5) → Dense(1, sigmoid), Adam,
// binary cross-entropy, batch 32, loss and accuracy on the held-out 10 %. The same model as
// bench/peers/bilstm_pytorch.py (the sigmoid is folded into the loss, as there, for
// numerical stability).
#include <cmath>
#include <sstream>

#include "data.hpp"
#include "fused_adam.hpp"
#include "workloads.hpp"

namespace bench {

namespace {

struct BiLSTMImpl : torch::nn::Module {
    BiLSTMImpl(const bilstm_options& b)
        : emb(register_module("emb", torch::nn::Embedding(b.vocab, b.embed))),
          lstm(register_module(
              "lstm",
              torch::nn::LSTM(torch::nn::LSTMOptions(b.embed, b.hidden).batch_first(true).bidirectional(true)))),
          drop(register_module("drop", torch::nn::Dropout(b.dropout))),
          fc(register_module("fc", torch::nn::Linear(2 * b.hidden, 1))) {}

    /// Logits [B] of token ids [B, seq].
    torch::Tensor forward(const torch::Tensor& x) {
        auto out = lstm->forward(emb->forward(x));
        const torch::Tensor h = std::get<0>(std::get<1>(out));  // final states [2, B, hidden]
        return fc->forward(drop->forward(torch::cat({h[0], h[1]}, 1))).squeeze(1);
    }

    torch::nn::Embedding emb;
    torch::nn::LSTM lstm;
    torch::nn::Dropout drop;
    torch::nn::Linear fc;
};
TORCH_MODULE(BiLSTM);

}  // namespace

std::vector<costsim::measurement> run_bilstm(const common_options& o, const bilstm_options& b) {
    check_checkpoint_flags(o);
    const torch::Device dev = pick_device(o.device);
    const int threads = set_threads(o.threads);
    torch::manual_seed(o.seed);

    if (!o.data.empty() && o.samples > 0)
        throw flag_error("--samples", "no --samples beside --data (it sizes synthetic data)");
    text_classification data =
        o.data.empty() ? synthetic_sentiment(o.samples > 0 ? o.samples : 20000, b.vocab, b.seq, o.seed, b.heldout)
                       : load_sentiment_csv(o.data, o.format, b.vocab, b.seq, o.seed, b.heldout);
    const auto train_n = static_cast<std::int64_t>(data.train.size());
    const std::int64_t batches_per_epoch = std::max<std::int64_t>(1, train_n / b.batch);
    const std::int64_t warmup = o.warmup >= 0 ? o.warmup : 20;
    const std::int64_t total = b.epochs > 0 ? b.epochs * batches_per_epoch : warmup + (o.steps > 0 ? o.steps : 200);

    BiLSTM model(b);
    model->to(dev);
    // "fused": one pass per parameter and freed gradients; "stock": torch::optim::Adam and
    // zeroed gradients, operation for operation what the PyTorch peer does.
    const bool fused = b.optimizer_impl == "fused";
    std::unique_ptr<torch::optim::Adam> adam =
        fused ? std::make_unique<fused_adam>(model->parameters(), torch::optim::AdamOptions(b.lr))
              : std::make_unique<torch::optim::Adam>(model->parameters(), torch::optim::AdamOptions(b.lr));
    torch::optim::Adam& opt = *adam;
    const std::vector<torch::Tensor> params = model->parameters();
    const torch::Tensor tokens = data.tokens.to(dev), labels = data.labels.to(dev);

    std::ostringstream sig;
    sig << "bilstm-sentiment vocab=" << b.vocab << " embed=" << b.embed << " hidden=" << b.hidden << " seq=" << b.seq
        << " batch=" << b.batch << " dropout=" << b.dropout << " lr=" << b.lr << " seed=" << o.seed
        << " data=" << (o.data.empty() ? "synthetic:" + std::to_string(data.labels.size(0)) : o.data)
        << " steps=" << total;

    checkpointer ck(o, dev);
    epoch_sampler sampler(data.train, o.seed);
    auto step = [&](std::int64_t epoch, std::int64_t position) {
        const auto& order = sampler.order(epoch);
        const torch::Tensor x = gather_rows(tokens, order, position * b.batch, b.batch);
        const torch::Tensor y = gather_rows(labels, order, position * b.batch, b.batch);
        if (fused)
            clear_grads(params);
        else
            opt.zero_grad();
        torch::Tensor loss = torch::binary_cross_entropy_with_logits(model->forward(x), y);
        loss.backward();
        opt.step();
        return loss.item<double>();
    };
    train_outcome t = train(o, dev, *model, opt, total, warmup, batches_per_epoch, sig.str(), ck, step);

    costsim::measurement m;
    m.workload = "bilstm-sentiment";
    m.task = "train";
    m.model = costsim::json{{"architecture", "Embedding -> BiLSTM -> Dropout -> Dense(1, sigmoid)"},
                            {"vocab", b.vocab},
                            {"embed", b.embed},
                            {"hidden", b.hidden},
                            {"seq_len", b.seq},
                            {"dropout", b.dropout},
                            {"optimizer", "adam"},
                            {"optimizer_impl", b.optimizer_impl},
                            {"lr", b.lr},
                            {"loss", "binary_cross_entropy"},
                            {"parameters", parameter_count(*model)},
                            {"steps_total", total},
                            {"train_loss_mean",
                             t.state.loss_count ? t.state.loss_sum / static_cast<double>(t.state.loss_count) : 0.0}}
                  .dump();
    m.data.source = o.data.empty() ? "synthetic" : "file";
    m.data.format = data.format;
    if (!o.data.empty()) m.data.path = o.data;
    m.data.train_samples = train_n;
    m.data.heldout_samples = static_cast<std::int64_t>(data.heldout.size());
    m.data.seed = o.seed;
    fill_common(m, o, dev, threads, b.batch, t.step_seconds, t.warmup,
                o.project_samples > 0 ? o.project_samples : 1420765, o.project_epochs > 0 ? o.project_epochs : 4);

    if (!data.heldout.empty())  // held-out loss and accuracy, without dropout
        m.quality =
            evaluate(*model, static_cast<std::int64_t>(data.heldout.size()), [&](std::int64_t from, std::int64_t k) {
                const torch::Tensor x = gather_rows(tokens, data.heldout, from, k),
                                    y = gather_rows(labels, data.heldout, from, k);
                const torch::Tensor logits = model->forward(x);
                return std::pair{
                    torch::binary_cross_entropy_with_logits(logits, y, {}, {}, at::Reduction::Sum).item<double>(),
                    (logits.gt(0).to(torch::kFloat32) == y).sum().item<std::int64_t>()};
            });
    m.parameters_digest = parameters_digest(*model);
    if (ck.enabled() || o.resume) {
        ck.time_restore(*model, opt);  // after the digest: it overwrites the live state
        m.checkpoint = ck.facts();
    }
    return {m};
}

}  // namespace bench
