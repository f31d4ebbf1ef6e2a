// bench/kernels_bench.cpp — Google Benchmark kernels behind bench/speed.sh: the Monte Carlo
// engine's trials on the SPEC reference scenario and on a rich one, the random-number floor
// of the reference scenario, and trace replay. Timings never gate CI; bench/README.md has
// the figures.
//
//   costsim_kernels_bench [google-benchmark flags]   (run from the repository root, or set
//   COSTSIM_ROOT; COSTSIM_TRACES: the cbl-eval-2022-10 folder)
#include <algorithm>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>

#include <costsim/costsim.hpp>

using namespace costsim;

namespace {

std::string root() {
    const char* r = std::getenv("COSTSIM_ROOT");
    return r ? r : ".";
}

const scenario& reference() {
    static const scenario s = load_scenario(root() + "/tests/data/spec_scenario.json");
    return s;
}

const scenario& rich() {
    static const scenario s = load_scenario(root() + "/bench/scenarios/rich.json");
    return s;
}

constexpr std::uint64_t batch = 1 << 14;

// The engine, one thread, trials [0, batch) of candidate 0 (results stored by index, as in
// `simulate`).
void trials(benchmark::State& st, const scenario& s) {
    trial_table table;
    table.resize(batch);
    for (auto _ : st) {
        run_spot_trials(s, s.candidates[0], 0, 1, 0, batch, 1, table);
        benchmark::DoNotOptimize(table.cost.data());
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * batch));
}

void BM_reference_trials(benchmark::State& st) { trials(st, reference()); }

// The reference scenario's spot trials on all cores, in the scope of the numpy peer's timer
// (poisson_ckpt_mc.py times its simulate(): allocating the per-trial arrays and filling
// them): a fresh table of COSTSIM_TRIALS rows (default 10^6), filled by `simulate`'s
// engine on every hardware thread. Wall time (UseRealTime): the work is on other threads.
void BM_reference_all_cores(benchmark::State& st) {
    const char* env = std::getenv("COSTSIM_TRIALS");
    const std::uint64_t n = env ? std::strtoull(env, nullptr, 10) : 1000000;
    const scenario& s = reference();
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    for (auto _ : st) {
        trial_table table;
        table.resize(n);
        run_spot_trials(s, s.candidates[0], 0, 1, 0, n, threads, table);
        benchmark::DoNotOptimize(table.cost.data());
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * n));
    st.counters["threads"] = threads;
}
void BM_rich_trials(benchmark::State& st) {
    trials(st, rich());
    st.counters["work_h"] = to_fast_hours(rich().work_of(rich().candidates[0])).count();
}

// The random-number floor of the reference scenario: per trial, the three Philox streams the
// engine opens (events, price, waits) and just the variates it needs — one exponential per
// session (the restart delay is fixed: no draw), i.e. interruptions + 1, drawn as the engine
// draws a plain campaign's (campaign_draws::exponential) — and nothing else.
void BM_reference_floor(benchmark::State& st) {
    const scenario& s = reference();
    trial_table table;
    table.resize(batch);
    run_spot_trials(s, s.candidates[0], 0, 1, 0, batch, 1, table);
    std::vector<std::uint32_t> sessions(batch);
    for (std::uint64_t t = 0; t < batch; ++t) sessions[t] = static_cast<std::uint32_t>(table.interruptions[t]) + 1;
    const campaign c = make_campaign(s, s.candidates[0]);
    if (!prepared_campaign(c).plain()) {
        st.SkipWithError("the reference campaign is expected to be plain");
        return;
    }
    const campaign_draws draws(c);
    for (auto _ : st) {
        double sum = 0;
        for (std::uint64_t t = 0; t < batch; ++t) {
            philox_stream events(rng_seed(1), trial_index(t), streams::events(0));
            philox_stream price(rng_seed(1), trial_index(t), streams::price(0));
            philox_stream waits(rng_seed(1), trial_index(t), streams::waits(0));
            benchmark::DoNotOptimize(price);
            benchmark::DoNotOptimize(waits);
            for (std::uint32_t i = 0; i < sessions[t]; ++i) sum += draws.exponential(events).count();
        }
        benchmark::DoNotOptimize(sum);
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * batch));
}

// One 48 h job (d = 12 min, deadline 52 h, Uniform Progress) replayed on each of a real
// trace's evaluation windows.
void BM_replay_48h(benchmark::State& st) {
    const char* env = std::getenv("COSTSIM_TRACES");
    const std::string dir = env ? env : root() + "/pricing_data/spot-traces/cbl-eval-2022-10";
    static const trace_windows w = load_trace_windows(dir + "/random_windows.json");
    static const spot_trace t = load_spot_trace(dir + "/us-west-2a_v100_1.json");
    const auto& windows = w.windows.at("us-west-2a_v100_1");
    constant_spot_price price(fast_price_per_hour(0.9731));
    tick_campaign c;
    c.policy = tick_policy::uniform_progress;
    c.gap = t.gap();
    c.work = std::chrono::hours(48);
    c.changeover = std::chrono::minutes(12);
    c.deadline = std::chrono::hours(52);
    c.per_tick_billing = true;
    c.on_demand = fast_price_per_hour(3.06);
    for (auto _ : st) {
        double sum = 0;
        for (const auto& x : windows) {
            trace_window_source src(t, x.start, x.end);
            sum += run_tick_trial(c, src, price).result.cost.value();
        }
        benchmark::DoNotOptimize(sum);
    }
    st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations() * static_cast<std::int64_t>(windows.size())));
}

}  // namespace

BENCHMARK(BM_reference_trials)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_reference_all_cores)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK(BM_reference_floor)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_rich_trials)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_replay_48h)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
