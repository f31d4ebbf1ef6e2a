// bench_adapter/workloads.hpp — the three studies' workloads: their flags (every size is
// one, with the study's value as default) and the function that runs each and returns
// its measurement(s).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "costsim/io/measurement_json.hpp"
#include "costsim/models/measurement.hpp"
#include "runner.hpp"

namespace bench {

/// The GPU-platform study: Embedding(274,562, 128) → BiLSTM(64) → Dropout(0.5) →
/// Dense(1, sigmoid); Adam; binary cross-entropy; batch 32; 10 % held out.
struct bilstm_options {
    std::int64_t vocab = 274562, embed = 128, hidden = 64, seq = 40, batch = 32;
    double dropout = 0.5, lr = 1e-3, heldout = 0.1;
    std::int64_t epochs = 0;               ///< > 0: train whole epochs instead of --steps
    std::string optimizer_impl = "fused";  ///< fused (fused_adam.hpp) | stock (torch::optim::Adam)
};
std::vector<costsim::measurement> run_bilstm(const common_options& o, const bilstm_options& b);

/// The inference study: DistilBERT-base's shape with random weights, batch sizes swept.
struct distilbert_options {
    std::int64_t layers = 6, hidden = 768, heads = 12, ffn = 3072, vocab = 30522, max_positions = 512, seq = 128,
                 classes = 2;
    std::vector<std::int64_t> batches{40, 70};
    std::string text_field = "text";
};
std::vector<costsim::measurement> run_distilbert(const common_options& o, const distilbert_options& d);

/// The spot study: a CIFAR ResNet trained with SGD + momentum; batch × learning-rate grid.
struct resnet_options {
    std::string arch = "resnet18";  ///< resnet18 (4 stages, 64–512 channels) | resnet20 (He et al.'s CIFAR net)
    std::int64_t width = 64;        ///< channels of the first stage (resnet20's default 16)
    std::int64_t classes = 10;
    std::vector<std::int64_t> batches{128, 256};
    std::vector<double> lrs{0.01, 0.1};
    double momentum = 0.9, weight_decay = 5e-4, heldout = 0.1;
    std::int64_t epochs = 0;
};
std::vector<costsim::measurement> run_resnet(const common_options& o, const resnet_options& r);

}  // namespace bench
