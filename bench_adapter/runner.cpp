// bench_adapter/runner.cpp — the machinery every workload shares (see runner.hpp): devices,
// timing, memory, the measurement record, atomic writes, checkpoints and the training loop.
#include "runner.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include <torch/version.h>

#ifdef COSTSIM_BENCH_CUDA
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <cuda_runtime_api.h>
#endif

#include "costsim/core/atomic_file.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/runner_protocol.hpp"
#include "costsim/core/stats.hpp"
#include "data.hpp"

namespace bench {

torch::Device pick_device(const std::string& flag) {
    if (flag == "cpu") return torch::kCPU;
    const bool cuda = torch::cuda::is_available();
    if (flag == "cuda") {
        if (!cuda)
            throw flag_error("--device",
                             "a device this machine has (cuda was asked for; LibTorch sees no CUDA device)");
        return {torch::kCUDA, 0};
    }
    if (flag == "auto") return cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
    throw flag_error("--device", "cpu, cuda or auto, got \"" + flag + "\"");
}

std::string device_name(const torch::Device& d) {
#ifdef COSTSIM_BENCH_CUDA
    if (d.is_cuda()) return at::cuda::getDeviceProperties(d.index())->name;
#endif
    if (d.is_cuda()) return "cuda";
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0) {
            auto p = line.find(':');
            if (p != std::string::npos) return line.substr(line.find_first_not_of(' ', p + 1));
        }
    return "cpu";
}

int set_threads(int requested) {
    const int n = requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    torch::set_num_threads(n);
    return torch::get_num_threads();
}

void synchronize([[maybe_unused]] const torch::Device& d) {
#ifdef COSTSIM_BENCH_CUDA
    if (d.is_cuda()) torch::cuda::synchronize(d.index());
#endif
}

namespace {
std::int64_t status_kib(const char* field) {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(field, 0) == 0) return std::atoll(line.c_str() + std::strlen(field));
    return -1;
}
}  // namespace

std::pair<std::int64_t, std::string> peak_memory([[maybe_unused]] const torch::Device& d) {
#ifdef COSTSIM_BENCH_CUDA
    if (d.is_cuda()) {
        const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(d.index());
        return {
            stats.allocated_bytes[static_cast<std::size_t>(c10::cuda::CUDACachingAllocator::StatType::AGGREGATE)].peak,
            "cuda_allocator"};
    }
#endif
    // VmHWM is the resident high-water mark since the last reset; ru_maxrss the fallback.
    std::int64_t kib = status_kib("VmHWM:");
    if (kib < 0) {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        kib = u.ru_maxrss;
    }
    return {kib * 1024, "rss"};
}

void reset_peak_memory([[maybe_unused]] const torch::Device& d) {
#ifdef COSTSIM_BENCH_CUDA
    if (d.is_cuda()) {
        c10::cuda::CUDACachingAllocator::resetPeakStats(d.index());
        return;
    }
#endif
    // "5" resets VmHWM to the current RSS (Linux >= 4.0), so each run of a sweep is its own.
    std::ofstream("/proc/self/clear_refs") << "5";
}

void step_timer::start() {
    synchronize(dev_);
    t0_ = std::chrono::steady_clock::now();
}

void step_timer::stop(bool timed) {
    synchronize(dev_);
    const auto t1 = std::chrono::steady_clock::now();
    if (timed) s_.push_back(std::chrono::duration<double>(t1 - t0_).count());
}

costsim::step_spread spread_of(std::vector<double> v) {
    costsim::step_spread s;
    if (v.empty()) return s;
    std::sort(v.begin(), v.end());
    // Type-7 quantiles (NumPy's default): the simulator's own (stats.hpp).
    auto q = [&](double p) { return costsim::quantile_sorted(v, p); };
    s.median = q(0.5);
    s.p10 = q(0.1);
    s.p90 = q(0.9);
    double sum = 0;
    for (double x : v) sum += x;
    s.mean = sum / static_cast<double>(v.size());
    s.min = v.front();
    s.max = v.back();
    return s;
}

void fill_common(costsim::measurement& m, const common_options& o, const torch::Device& dev, int threads,
                 std::int64_t batch, const std::vector<double>& step_seconds, std::int64_t warmup,
                 std::int64_t project_samples, std::int64_t project_epochs) {
    m.device_kind = dev.is_cuda() ? "cuda" : "cpu";
    m.device_name = device_name(dev);
    m.device_count = 1;
    if (!o.offer.empty()) m.offer = o.offer;
    m.threads = threads;
    m.batch_size = batch;
    m.warmup_steps = warmup;
    m.timed_steps = static_cast<std::int64_t>(step_seconds.size());
    m.step_seconds = spread_of(step_seconds);
    m.samples_per_second = static_cast<double>(batch) / m.step_seconds.median;
    double total = 0;
    for (double x : step_seconds) total += x;
    m.samples_per_second_mean = static_cast<double>(batch) * static_cast<double>(step_seconds.size()) / total;
    m.projected_samples = project_samples;
    m.projected_epochs = project_epochs;
    m.seconds_per_epoch = static_cast<double>(project_samples) / m.samples_per_second;
    m.total_seconds = m.seconds_per_epoch * static_cast<double>(project_epochs);
    std::tie(m.peak_memory_bytes, m.peak_memory_kind) = peak_memory(dev);
    m.versions = {{"libtorch", TORCH_VERSION}, {"costsim", COSTSIM_VERSION}, {"compiler", __VERSION__}};
    // The BLAS behind LibTorch decides CPU GEMM speed (Debian's default libblas3 is the
    // reference implementation, many times slower than OpenBLAS): say which one ran.
    if (std::ifstream maps("/proc/self/maps"); maps)
        for (std::string line; std::getline(maps, line);)
            if (auto p = line.find('/'); p != std::string::npos && (line.find("libblas.so", p) != std::string::npos ||
                                                                    line.find("libopenblas", p) != std::string::npos ||
                                                                    line.find("libmkl", p) != std::string::npos)) {
                m.versions.emplace_back("blas", line.substr(p));
                break;
            }
#ifdef COSTSIM_BENCH_CUDA
    if (dev.is_cuda()) {
        int driver = 0, runtime = 0;
        cudaDriverGetVersion(&driver);
        cudaRuntimeGetVersion(&runtime);
        m.versions.emplace_back("cuda_driver",
                                std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10));
        m.versions.emplace_back("cuda_runtime",
                                std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10));
    }
#endif
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    m.host = host;
    m.timestamp =
        costsim::format_timestamp(std::chrono::time_point_cast<costsim::usec>(std::chrono::system_clock::now()));
}

std::int64_t parameter_count(const torch::nn::Module& m) {
    std::int64_t n = 0;
    for (const auto& p : m.parameters()) n += p.numel();
    return n;
}

std::string parameters_digest(const torch::nn::Module& m) {
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&](const torch::Tensor& t) {
        const torch::Tensor c = t.detach().to(torch::kCPU).contiguous();
        const auto* p = static_cast<const unsigned char*>(c.data_ptr());
        const std::size_t n = static_cast<std::size_t>(c.numel()) * c.element_size();
        for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ULL;
    };
    for (const auto& p : m.parameters()) mix(p);
    for (const auto& b : m.buffers()) mix(b);
    char buf[32];
    std::snprintf(buf, sizeof buf, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
    return buf;
}

void emit(const common_options& o, const std::vector<costsim::measurement>& ms) {
    costsim::json out;
    if (ms.size() == 1) {
        out = costsim::to_json(ms.front());
    } else {
        out = costsim::json::array();
        for (const auto& m : ms) out.push_back(costsim::to_json(m));
    }
    const std::string text = out.dump(2) + "\n";
    if (o.output.empty() || o.output == "-")
        std::cout << text << std::flush;
    else
        costsim::write_file_atomically(o.output, text);
}

[[noreturn]] void die_now() {
    std::cerr << "costsim-bench: test hook: SIGKILL\n" << std::flush;
    ::kill(::getpid(), SIGKILL);
    std::abort();  // not reached
}

void check_checkpoint_flags(const common_options& o) {
    if ((o.checkpoint_every > 0 || o.resume) && o.checkpoint.empty())
        throw flag_error("--checkpoint", "a file to write and resume from (--checkpoint-every and --resume need one)");
    if (o.kill_in_checkpoint > 0 && (o.checkpoint_every == 0 || o.kill_in_checkpoint % o.checkpoint_every != 0))
        throw flag_error("--kill-in-checkpoint",
                         "a step at which a checkpoint is written (a multiple of --checkpoint-every)");
}

// --- checkpoints -------------------------------------------------------------------------

namespace {
torch::Tensor int_tensor(std::int64_t v) { return torch::tensor(v, torch::kInt64); }

torch::Tensor bytes_tensor(const std::string& s) {
    return torch::from_blob(const_cast<char*>(s.data()), {static_cast<std::int64_t>(s.size())}, torch::kUInt8).clone();
}

std::string tensor_bytes(const torch::Tensor& t) {
    const torch::Tensor c = t.contiguous();
    return std::string(static_cast<const char*>(c.data_ptr()), static_cast<std::size_t>(c.numel()));
}

// The generators whose state decides dropout masks and any other random op.
std::vector<at::Generator> generators(const torch::Device& dev) {
    std::vector<at::Generator> g{at::globalContext().defaultGenerator(torch::kCPU)};
    if (dev.is_cuda()) g.push_back(at::globalContext().defaultGenerator(dev));
    return g;
}
}  // namespace

bool checkpointer::maybe_write(const torch::nn::Module& model, const torch::optim::Optimizer& opt,
                               const train_state& state) {
    if (!enabled() || state.step % o_.checkpoint_every != 0) return false;
    write(model, opt, state);
    return true;
}

void checkpointer::write(const torch::nn::Module& model, const torch::optim::Optimizer& opt, const train_state& state) {
    synchronize(dev_);
    const auto t0 = std::chrono::steady_clock::now();
    torch::serialize::OutputArchive root, ma, oa;
    model.save(ma);
    opt.save(oa);
    root.write("model", ma);
    root.write("optimizer", oa);
    root.write("step", int_tensor(state.step));
    root.write("epoch", int_tensor(state.epoch));
    root.write("position", int_tensor(state.position));
    root.write("loss_sum", torch::tensor(state.loss_sum, torch::kFloat64));
    root.write("loss_count", int_tensor(state.loss_count));
    root.write("signature", bytes_tensor(state.signature));
    auto gens = generators(dev_);
    for (std::size_t i = 0; i < gens.size(); ++i) {
        std::lock_guard<std::mutex> lock(gens[i].mutex());
        root.write("rng_" + std::to_string(i), gens[i].get_state());
    }
    std::ostringstream bytes;
    root.save_to(bytes);
    const std::string b = bytes.str();
    const bool die = o_.kill_in_checkpoint > 0 && state.step == o_.kill_in_checkpoint;
    costsim::write_file_atomically(o_.checkpoint, b, [&] {
        if (die) die_now();  // the temp file is complete, the rename has not happened
    });
    write_s_.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    bytes_ = static_cast<std::int64_t>(b.size());
}

namespace {
train_state load_into(const std::string& path, torch::nn::Module& model, torch::optim::Optimizer& opt,
                      const torch::Device& dev, bool restore_rng) {
    torch::serialize::InputArchive root, ma, oa;
    try {
        root.load_from(path, dev);
        root.read("model", ma);
        root.read("optimizer", oa);
        model.load(ma);
        opt.load(oa);
        // A fresh tensor per key: read() into a defined tensor would set_() its storage.
        auto get = [&](const std::string& key) {
            torch::Tensor t;
            root.read(key, t);
            return t.to(torch::kCPU);
        };
        train_state s;
        s.step = get("step").item<std::int64_t>();
        s.epoch = get("epoch").item<std::int64_t>();
        s.position = get("position").item<std::int64_t>();
        s.loss_sum = get("loss_sum").item<double>();
        s.loss_count = get("loss_count").item<std::int64_t>();
        s.signature = tensor_bytes(get("signature"));
        if (restore_rng) {
            auto gens = generators(dev);
            for (std::size_t i = 0; i < gens.size(); ++i) {
                const torch::Tensor state = get("rng_" + std::to_string(i));
                std::lock_guard<std::mutex> lock(gens[i].mutex());
                gens[i].set_state(state);
            }
        }
        return s;
    } catch (const c10::Error& e) {
        std::string what = e.what_without_backtrace();
        if (auto nl = what.find('\n'); nl != std::string::npos) what.resize(nl);
        throw costsim::input_error(path, "", "a costsim-bench checkpoint of this workload and shape (" + what + ")");
    }
}
}  // namespace

bool checkpointer::resume(torch::nn::Module& model, torch::optim::Optimizer& opt, train_state& state) {
    if (!o_.resume || !std::filesystem::exists(o_.checkpoint)) return false;
    const std::string expected = state.signature;
    synchronize(dev_);
    const auto t0 = std::chrono::steady_clock::now();
    train_state s = load_into(o_.checkpoint, model, opt, dev_, true);
    synchronize(dev_);
    restore_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (s.signature != expected)
        throw costsim::input_error(o_.checkpoint, "",
                                   "a checkpoint of this run's workload and flags (it was written by `" + s.signature +
                                       "`, this run is `" + expected + "`)");
    state = s;
    resumed_from_ = s.step;
    bytes_ = static_cast<std::int64_t>(std::filesystem::file_size(o_.checkpoint));
    return true;
}

void checkpointer::time_restore(torch::nn::Module& model, torch::optim::Optimizer& opt) {
    if (!enabled() || !std::filesystem::exists(o_.checkpoint)) return;
    synchronize(dev_);
    const auto t0 = std::chrono::steady_clock::now();
    load_into(o_.checkpoint, model, opt, dev_, false);
    synchronize(dev_);
    restore_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

costsim::measured_checkpoint checkpointer::facts() const {
    costsim::measured_checkpoint f;
    f.every_steps = o_.checkpoint_every;
    f.bytes = bytes_;
    f.writes = static_cast<std::int64_t>(write_s_.size());
    f.write_seconds = write_s_.empty() ? 0 : spread_of(write_s_).median;
    f.restore_seconds = restore_s_;
    f.resumed_from_step = resumed_from_;
    return f;
}

// --- the training loop -------------------------------------------------------------------

namespace {
volatile std::sig_atomic_t notice_received = 0;
extern "C" void on_notice(int) { notice_received = 1; }

// The line costsim validate's supervisor reads (runner_protocol.hpp).
void report(const common_options& o, costsim::runner::progress_event event, std::int64_t step) {
    if (o.progress) std::cerr << costsim::runner::progress_line(event, step) << "\n" << std::flush;
}
}  // namespace

train_outcome train(const common_options& o, torch::Device dev, torch::nn::Module& model, torch::optim::Optimizer& opt,
                    std::int64_t total_steps, std::int64_t warmup, std::int64_t batches_per_epoch,
                    const std::string& signature, checkpointer& ck,
                    const std::function<double(std::int64_t epoch, std::int64_t position)>& step) {
    train_outcome r;
    r.state.signature = signature;
    if (ck.enabled()) std::signal(SIGTERM, on_notice);
    ck.resume(model, opt, r.state);
    if (r.state.step >= total_steps)  // nothing left to run, so nothing to measure
        throw costsim::input_error(o.checkpoint, "",
                                   "a checkpoint before the run's last step " + std::to_string(total_steps) +
                                       " (it is at step " + std::to_string(r.state.step) + ": the run is complete)");
    const std::int64_t to_run = total_steps - r.state.step;
    // At least one timed step, even when a resume leaves fewer steps than the warm-up.
    r.warmup = std::max<std::int64_t>(0, std::min(warmup, to_run - 1));
    model.train();
    step_timer timer(dev);
    reset_peak_memory(dev);
    report(o, costsim::runner::progress_event::ready, r.state.step);
    for (std::int64_t i = 0; i < to_run; ++i) {
        timer.start();
        const double loss = step(r.state.epoch, r.state.position);
        timer.stop(i >= r.warmup);
        r.state.loss_sum += loss;
        r.state.loss_count += 1;
        r.state.step += 1;
        if (++r.state.position == batches_per_epoch) {
            r.state.position = 0;
            r.state.epoch += 1;
        }
        report(o, costsim::runner::progress_event::step, r.state.step);
        const bool last = r.state.step == total_steps;
        bool saved = !last && ck.maybe_write(model, opt, r.state);
        if (saved) report(o, costsim::runner::progress_event::checkpoint, r.state.step);
        if (o.kill_at_step > 0 && r.state.step == o.kill_at_step) die_now();
        if (notice_received && !last) {  // interruption notice: save the step just done, then go
            if (!saved) ck.write(model, opt, r.state);
            report(o, costsim::runner::progress_event::stopped, r.state.step);
            std::_Exit(costsim::runner::exit_after_notice);
        }
    }
    r.step_seconds = timer.seconds();
    return r;
}

const std::vector<std::int64_t>& epoch_sampler::order(std::int64_t epoch) {
    if (epoch != epoch_) {
        const auto perm = epoch_order(static_cast<std::int64_t>(train_.size()), seed_, epoch);
        order_.resize(perm.size());
        for (std::size_t i = 0; i < perm.size(); ++i) order_[i] = train_[static_cast<std::size_t>(perm[i])];
        epoch_ = epoch;
    }
    return order_;
}

costsim::measured_quality evaluate(
    torch::nn::Module& model, std::int64_t n,
    const std::function<std::pair<double, std::int64_t>(std::int64_t, std::int64_t)>& chunk) {
    torch::NoGradGuard no_grad;
    model.eval();
    double loss = 0;
    std::int64_t right = 0;
    for (std::int64_t from = 0; from < n; from += 256) {
        const auto [l, r] = chunk(from, std::min<std::int64_t>(256, n - from));
        loss += l;
        right += r;
    }
    return {loss / static_cast<double>(n), static_cast<double>(right) / static_cast<double>(n), n};
}

}  // namespace bench
