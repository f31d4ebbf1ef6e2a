// bench_adapter/fused_adam.cpp — the one-pass Adam update (see fused_adam.hpp).
#include "fused_adam.hpp"

#include <cmath>

#include <ATen/Parallel.h>

namespace bench {

namespace {
// Kept out of line and simple so the compiler vectorises it (this file is built with -O3
// -fno-math-errno: sqrt becomes a vector instruction).
void adam_kernel(float* p, const float* g, float* m, float* v, std::int64_t begin, std::int64_t end, float b1, float b2,
                 float inv_sqrt_bc2, float eps, float neg_step) {
    for (std::int64_t i = begin; i < end; ++i) {
        const float gi = g[i];
        const float mi = m[i] * b1 + (1.0f - b1) * gi;
        const float vi = v[i] * b2 + (1.0f - b2) * gi * gi;
        m[i] = mi;
        v[i] = vi;
        p[i] += neg_step * mi / (std::sqrt(vi) * inv_sqrt_bc2 + eps);
    }
}
}  // namespace

torch::Tensor fused_adam::step(LossClosure closure) {
    torch::NoGradGuard no_grad;
    torch::Tensor loss;
    if (closure) {
        at::AutoGradMode enable_grad(true);
        loss = closure();
    }
    for (auto& group : param_groups_) {
        const auto& o = static_cast<const torch::optim::AdamOptions&>(group.options());
        const bool fusable_options = o.weight_decay() == 0 && !o.amsgrad();
        for (auto& p : group.params()) {
            if (!p.grad().defined()) continue;
            const torch::Tensor& grad = p.grad();
            const std::string key = c10::guts::to_string(p.unsafeGetTensorImpl());
            auto it = state_.find(key);
            if (it == state_.end()) {
                auto s = std::make_unique<torch::optim::AdamParamState>();
                s->step(0);
                s->exp_avg(torch::zeros_like(p, torch::MemoryFormat::Preserve));
                s->exp_avg_sq(torch::zeros_like(p, torch::MemoryFormat::Preserve));
                it = state_.emplace(key, std::move(s)).first;
            }
            auto& s = static_cast<torch::optim::AdamParamState&>(*it->second);
            s.step(s.step() + 1);
            const double b1 = std::get<0>(o.betas()), b2 = std::get<1>(o.betas());
            const double bc1 = 1 - std::pow(b1, static_cast<double>(s.step()));
            const double bc2 = 1 - std::pow(b2, static_cast<double>(s.step()));
            const double step_size = o.lr() / bc1;
            const bool fusable = fusable_options && p.device().is_cpu() && p.scalar_type() == torch::kFloat32 &&
                                 p.is_contiguous() && grad.is_contiguous() && !grad.is_sparse() &&
                                 s.exp_avg().is_contiguous() && s.exp_avg_sq().is_contiguous();
            if (!fusable) {  // the stock update, operation by operation
                torch::Tensor g = o.weight_decay() != 0 ? grad.add(p, o.weight_decay()) : grad;
                s.exp_avg().mul_(b1).add_(g, 1 - b1);
                s.exp_avg_sq().mul_(b2).addcmul_(g, g, 1 - b2);
                TORCH_CHECK(!o.amsgrad(), "costsim-bench's fused Adam does not implement amsgrad");
                const torch::Tensor denom = (s.exp_avg_sq().sqrt() / std::sqrt(bc2)).add_(o.eps());
                p.addcdiv_(s.exp_avg(), denom, -step_size);
                continue;
            }
            float* pp = p.data_ptr<float>();
            const float* gp = grad.data_ptr<float>();
            float* mp = s.exp_avg().data_ptr<float>();
            float* vp = s.exp_avg_sq().data_ptr<float>();
            const auto fb1 = static_cast<float>(b1), fb2 = static_cast<float>(b2);
            const auto inv = static_cast<float>(1 / std::sqrt(bc2)), eps = static_cast<float>(o.eps());
            const auto neg = static_cast<float>(-step_size);
            // Static split over LibTorch's threads: the same thread count gives the same
            // result, and each element is independent anyway.
            at::parallel_for(0, p.numel(), 1 << 15, [&](std::int64_t b, std::int64_t e) {
                adam_kernel(pp, gp, mp, vp, b, e, fb1, fb2, inv, eps, neg);
            });
        }
    }
    return loss;
}

void clear_grads(const std::vector<torch::Tensor>& params) {
    for (const auto& p : params) {
        torch::Tensor& g = const_cast<torch::Tensor&>(p).mutable_grad();
        g.reset();
    }
}

}  // namespace bench
