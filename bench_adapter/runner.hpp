// bench_adapter/runner.hpp — what every costsim-bench workload shares: the common flags,
// device choice, step timing done right (warm-up excluded, CUDA synchronised before every
// clock read), peak memory, the measurement record, atomic file writes and the
// checkpoint file (model + optimiser + data position + RNG state, temp+fsync+rename).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <torch/torch.h>

#include "costsim/core/error.hpp"
#include "costsim/io/measurement_json.hpp"
#include "costsim/models/measurement.hpp"

namespace bench {

/// A bad flag value: "command line: --batch: a positive integer, got 0" (exit 2).
inline costsim::input_error flag_error(const std::string& flag, const std::string& expected) {
    return costsim::input_error("command line", flag, expected);
}

/// Flags every workload takes.
struct common_options {
    std::string device = "auto";  ///< cpu | cuda | auto
    int threads = 0;              ///< 0: all cores
    std::uint64_t seed = 1;
    std::int64_t warmup = -1, steps = -1;  ///< -1: the workload's default
    std::string data;                      ///< a real data file/folder; empty: synthetic
    std::string format = "auto";
    std::int64_t samples = -1;  ///< synthetic data set size (-1: the workload's default)
    std::string output;         ///< measurement JSON file (default: stdout)
    std::string offer;          ///< catalog offer id the run is made on (recorded)
    std::int64_t project_samples = -1, project_epochs = -1;
    // checkpoint + resume (training workloads)
    std::string checkpoint;
    std::int64_t checkpoint_every = 0;
    bool resume = false;
    // for the kill-and-resume tests: SIGKILL this process after step N completes, or
    // after the temp file of the checkpoint at step N is written (before its rename).
    std::int64_t kill_at_step = 0, kill_in_checkpoint = 0;
    // --progress: one line on stderr per event (`costsim-bench: progress ready|step|checkpoint|stopped N`),
    // so a supervisor (`costsim validate`) can time sessions without parsing anything else.
    bool progress = false;
};

/// The device the run uses, resolved from --device.
torch::Device pick_device(const std::string& flag);
std::string device_name(const torch::Device& d);
/// Sets LibTorch's intra-op threads (0: all cores); returns the number in use.
int set_threads(int requested);
void synchronize(const torch::Device& d);
/// Peak resident set (CPU) or the CUDA caching allocator's peak, with its kind.
std::pair<std::int64_t, std::string> peak_memory(const torch::Device& d);
void reset_peak_memory(const torch::Device& d);

/// Times steps: every clock read is preceded by a device synchronisation.
class step_timer {
public:
    explicit step_timer(torch::Device d) : dev_(d) {}
    void start();
    /// Ends a step; `timed` says whether it counts (warm-up steps do not).
    void stop(bool timed);
    const std::vector<double>& seconds() const noexcept { return s_; }

private:
    torch::Device dev_;
    std::chrono::steady_clock::time_point t0_;
    std::vector<double> s_;
};

costsim::step_spread spread_of(std::vector<double> seconds);

/// Fills device, threads, timing, projection, memory, versions, host, timestamp.
void fill_common(costsim::measurement& m, const common_options& o, const torch::Device& dev, int threads,
                 std::int64_t batch, const std::vector<double>& step_seconds, std::int64_t warmup,
                 std::int64_t project_samples, std::int64_t project_epochs);

/// Number of trainable values.
std::int64_t parameter_count(const torch::nn::Module& m);
/// FNV-1a 64 over every parameter and buffer's bytes, in registration order.
std::string parameters_digest(const torch::nn::Module& m);

/// The measurement(s) as JSON, to --output (atomically) or stdout.
void emit(const common_options& o, const std::vector<costsim::measurement>& ms);

/// Refuses checkpoint flags that cannot work together (exit 2 naming the flag).
void check_checkpoint_flags(const common_options& o);

/// Everything a training run needs to continue exactly where it stopped.
struct train_state {
    std::int64_t step = 0;      ///< steps completed
    std::int64_t epoch = 0;     ///< data epoch the next batch comes from
    std::int64_t position = 0;  ///< batches of that epoch already consumed
    double loss_sum = 0;        ///< running training loss (for the report)
    std::int64_t loss_count = 0;
    std::string signature;  ///< workload + shape flags; a resume must match it
};

/// Checkpoint files: model, optimiser, train_state, and the torch CPU (and CUDA) generator.
class checkpointer {
public:
    checkpointer(const common_options& o, torch::Device dev) : o_(o), dev_(dev) {}
    bool enabled() const noexcept { return o_.checkpoint_every > 0; }
    /// After step `state.step`: writes a checkpoint when it is due (every N steps); true if written.
    bool maybe_write(const torch::nn::Module& model, const torch::optim::Optimizer& opt, const train_state& state);
    /// Writes a checkpoint of `state` now (atomically), due or not.
    void write(const torch::nn::Module& model, const torch::optim::Optimizer& opt, const train_state& state);
    /// --resume: loads the checkpoint when the file exists (false when there is none, so a
    /// restart script can always pass --resume).
    bool resume(torch::nn::Module& model, torch::optim::Optimizer& opt, train_state& state);
    /// Reads the last checkpoint back into `model` and `opt` once, timed: the restore half
    /// of δ. Call it after the run's results are taken (it overwrites the live state).
    void time_restore(torch::nn::Module& model, torch::optim::Optimizer& opt);
    costsim::measured_checkpoint facts() const;

private:
    const common_options& o_;
    torch::Device dev_;
    std::vector<double> write_s_;
    std::int64_t bytes_ = 0, resumed_from_ = 0;
    double restore_s_ = 0;
};

/// What a training loop leaves: the state after its last step and its timed step seconds.
struct train_outcome {
    train_state state;
    std::vector<double> step_seconds;
    std::int64_t warmup = 0;  ///< steps of this process not timed
};

/// Runs training up to `total_steps` global steps: resumes (--resume), calls
/// `step(epoch, position)` (one optimiser step on that batch of that epoch's order; returns
/// its loss), times it, checkpoints when due and honours the kill hooks. The first `warmup`
/// steps of this process are not timed (at least one step always is). The last step writes
/// no checkpoint (the reference model's last stretch needs none, and a run killed after it
/// must be able to resume). With checkpoints on, SIGTERM (a spot interruption notice) makes
/// the run checkpoint after the step in progress and exit with status 143.
train_outcome train(const common_options& o, torch::Device dev, torch::nn::Module& model, torch::optim::Optimizer& opt,
                    std::int64_t total_steps, std::int64_t warmup, std::int64_t batches_per_epoch,
                    const std::string& signature, checkpointer& ck,
                    const std::function<double(std::int64_t epoch, std::int64_t position)>& step);

/// Each epoch's order of the training samples (a shuffle keyed by seed and epoch, see
/// data.hpp's epoch_order), computed once per epoch.
class epoch_sampler {
public:
    epoch_sampler(const std::vector<std::int64_t>& train, std::uint64_t seed) : train_(train), seed_(seed) {}
    const std::vector<std::int64_t>& order(std::int64_t epoch);

private:
    const std::vector<std::int64_t>& train_;
    std::uint64_t seed_;
    std::int64_t epoch_ = -1;
    std::vector<std::int64_t> order_;
};

/// Held-out loss and accuracy in chunks of 256, in eval mode without autograd:
/// `chunk(from, k)` returns the summed loss and the number right of samples [from, from + k).
costsim::measured_quality evaluate(
    torch::nn::Module& model, std::int64_t n,
    const std::function<std::pair<double, std::int64_t>(std::int64_t, std::int64_t)>& chunk);

/// Runs the `kill` test hook: SIGKILL to itself.
[[noreturn]] void die_now();

}  // namespace bench
