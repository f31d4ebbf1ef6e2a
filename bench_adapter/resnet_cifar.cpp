// bench_adapter/resnet_cifar.cpp — the spot study's CIFAR-10 training: a ResNet for 32×32
// images (ResNet-18 in its CIFAR form, or He et al.'s ResNet-20), SGD with momentum and
// weight decay, over the study's grid of batch sizes (128, 256) × learning rates (0.01,
// 0.1): one measurement per configuration. No data augmentation (it would add random
// crops to the timed step; the study's throughput is the network's).
#include <sstream>

#include "data.hpp"
#include "workloads.hpp"

namespace bench {

namespace {

torch::nn::Conv2d conv(std::int64_t in, std::int64_t out, std::int64_t k, std::int64_t stride) {
    return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, k).stride(stride).padding(k / 2).bias(false));
}

struct BasicBlockImpl : torch::nn::Module {
    BasicBlockImpl(std::int64_t in, std::int64_t out, std::int64_t stride)
        : c1(register_module("conv1", conv(in, out, 3, stride))),
          b1(register_module("bn1", torch::nn::BatchNorm2d(out))),
          c2(register_module("conv2", conv(out, out, 3, 1))),
          b2(register_module("bn2", torch::nn::BatchNorm2d(out))) {
        // A projection shortcut where the shape changes (option B of He et al.).
        if (stride != 1 || in != out) {
            shortcut = register_module("shortcut",
                                       torch::nn::Sequential(conv(in, out, 1, stride), torch::nn::BatchNorm2d(out)));
        }
    }

    torch::Tensor forward(const torch::Tensor& x) {
        torch::Tensor y = b2->forward(c2->forward(torch::relu(b1->forward(c1->forward(x)))));
        return torch::relu(y + (shortcut ? shortcut->forward(x) : x));
    }

    torch::nn::Conv2d c1;
    torch::nn::BatchNorm2d b1;
    torch::nn::Conv2d c2;
    torch::nn::BatchNorm2d b2;
    torch::nn::Sequential shortcut{nullptr};
};
TORCH_MODULE(BasicBlock);

struct ResNetImpl : torch::nn::Module {
    ResNetImpl(const resnet_options& r) {
        // resnet18: 4 stages of 2 blocks, w..8w channels; resnet20: 3 stages of 3, w..4w.
        const bool r18 = r.arch == "resnet18";
        const std::vector<std::int64_t> blocks =
            r18 ? std::vector<std::int64_t>{2, 2, 2, 2} : std::vector<std::int64_t>{3, 3, 3};
        stem = register_module(
            "stem", torch::nn::Sequential(conv(3, r.width, 3, 1), torch::nn::BatchNorm2d(r.width), torch::nn::ReLU()));
        std::int64_t in = r.width;
        for (std::size_t s = 0; s < blocks.size(); ++s) {
            const std::int64_t out = r.width << s;
            for (std::int64_t b = 0; b < blocks[s]; ++b) {
                body->push_back(BasicBlock(in, out, s > 0 && b == 0 ? 2 : 1));
                in = out;
            }
        }
        register_module("body", body);
        fc = register_module("fc", torch::nn::Linear(in, r.classes));
    }

    torch::Tensor forward(const torch::Tensor& x) {
        const torch::Tensor y = body->forward(stem->forward(x));
        return fc->forward(torch::adaptive_avg_pool2d(y, {1, 1}).flatten(1));
    }

    torch::nn::Sequential stem{nullptr}, body;
    torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(ResNet);

}  // namespace

std::vector<costsim::measurement> run_resnet(const common_options& o, const resnet_options& r) {
    check_checkpoint_flags(o);
    if ((o.checkpoint_every > 0 || o.resume) && r.batches.size() * r.lrs.size() != 1)
        throw flag_error("--checkpoint-every", "one configuration (a single --batch and --lr) to checkpoint");
    if (!o.data.empty() && o.samples > 0)
        throw flag_error("--samples", "no --samples beside --data (it sizes synthetic data)");
    const torch::Device dev = pick_device(o.device);
    const int threads = set_threads(o.threads);

    const image_classification data =
        o.data.empty() ? synthetic_cifar(o.samples > 0 ? o.samples : 5000, r.classes, o.seed, r.heldout)
                       : load_cifar10(o.data, o.seed, r.heldout);
    if (data.labels.max().item<std::int64_t>() >= r.classes)
        throw flag_error("--classes", "at least the data's classes (" +
                                          std::to_string(data.labels.max().item<std::int64_t>() + 1) + ")");
    const auto train_n = static_cast<std::int64_t>(data.train.size());
    const torch::Tensor images = data.images.to(dev), labels = data.labels.to(dev);
    std::vector<costsim::measurement> out;

    for (std::int64_t batch : r.batches)
        for (double lr : r.lrs) {
            torch::manual_seed(o.seed);  // every configuration starts from the same weights
            ResNet model(r);
            model->to(dev);
            torch::optim::SGD opt(model->parameters(),
                                  torch::optim::SGDOptions(lr).momentum(r.momentum).weight_decay(r.weight_decay));
            const std::int64_t batches_per_epoch = std::max<std::int64_t>(1, train_n / batch);
            const std::int64_t warmup = o.warmup >= 0 ? o.warmup : 5;
            const std::int64_t total =
                r.epochs > 0 ? r.epochs * batches_per_epoch : warmup + (o.steps > 0 ? o.steps : 50);
            std::ostringstream sig;
            sig << "resnet-cifar arch=" << r.arch << " width=" << r.width << " classes=" << r.classes
                << " batch=" << batch << " lr=" << lr << " momentum=" << r.momentum << " wd=" << r.weight_decay
                << " seed=" << o.seed
                << " data=" << (o.data.empty() ? "synthetic:" + std::to_string(data.labels.size(0)) : o.data)
                << " steps=" << total;

            checkpointer ck(o, dev);
            epoch_sampler sampler(data.train, o.seed);
            auto step = [&](std::int64_t epoch, std::int64_t position) {
                const auto& order = sampler.order(epoch);
                const torch::Tensor x = normalise_cifar(gather_rows(images, order, position * batch, batch));
                const torch::Tensor y = gather_rows(labels, order, position * batch, batch);
                opt.zero_grad();
                torch::Tensor loss = torch::cross_entropy_loss(model->forward(x), y);
                loss.backward();
                opt.step();
                return loss.item<double>();
            };
            train_outcome t = train(o, dev, *model, opt, total, warmup, batches_per_epoch, sig.str(), ck, step);

            costsim::measurement m;
            m.workload = "resnet-cifar";
            m.task = "train";
            m.model =
                costsim::json{{"architecture", r.arch},
                              {"width", r.width},
                              {"classes", r.classes},
                              {"optimizer", "sgd"},
                              {"lr", lr},
                              {"momentum", r.momentum},
                              {"weight_decay", r.weight_decay},
                              {"loss", "cross_entropy"},
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
            fill_common(m, o, dev, threads, batch, t.step_seconds, t.warmup,
                        o.project_samples > 0 ? o.project_samples : 50000, o.project_epochs > 0 ? o.project_epochs : 1);
            if (!data.heldout.empty())
                m.quality = evaluate(
                    *model, static_cast<std::int64_t>(data.heldout.size()), [&](std::int64_t from, std::int64_t k) {
                        const torch::Tensor x = normalise_cifar(gather_rows(images, data.heldout, from, k));
                        const torch::Tensor y = gather_rows(labels, data.heldout, from, k);
                        const torch::Tensor logits = model->forward(x);
                        return std::pair{torch::cross_entropy_loss(logits, y, {}, at::Reduction::Sum).item<double>(),
                                         logits.argmax(1).eq(y).sum().item<std::int64_t>()};
                    });
            m.parameters_digest = parameters_digest(*model);
            if (ck.enabled() || o.resume) {
                ck.time_restore(*model, opt);
                m.checkpoint = ck.facts();
            }
            out.push_back(std::move(m));
        }
    return out;
}

}  // namespace bench
