// bench/replay_bench.cpp — time per trace replay: costsim's event-driven engine and its
// tick-by-tick reference loop, on the paper's windows (48 h of work, d = 0.2 h).
// Built and run by bench/replay_bench.sh; not a test (timings never gate CI).
#include <chrono>
#include <cstdio>
#include <string>

#include <costsim/engine/tick_trial.hpp>
#include <costsim/io/trace_json.hpp>

using namespace costsim;

int main(int argc, char** argv) {
    const std::string dir = argc > 1 ? argv[1] : "pricing_data/spot-traces/cbl-eval-2022-10";
    const int repeat = argc > 2 ? std::stoi(argv[2]) : 20;
    trace_windows w = load_trace_windows(dir + "/random_windows.json");
    constant_spot_price price(fast_price_per_hour(0.9731));
    std::printf("%-20s %-17s %12s %12s %9s\n", "trace", "policy", "event us", "per-tick us", "checksum");
    double total_event = 0, total_tick = 0;
    long replays = 0;
    for (const auto& [name, windows] : w.windows) {
        spot_trace t = load_spot_trace(dir + "/" + name + ".json");
        for (auto pol : {tick_policy::greedy, tick_policy::uniform_progress}) {
            double ev = 0, tk = 0, sum = 0;
            long n = 0;
            for (double ddl : {52.0, 53.3, 64.0, 70.0}) {
                tick_campaign c;
                c.policy = pol;
                c.gap = t.gap();
                c.work = std::chrono::hours(48);
                c.changeover = std::chrono::minutes(12);
                c.deadline = std::chrono::duration_cast<usec>(fast_hours(ddl));
                c.per_tick_billing = true;
                c.on_demand = fast_price_per_hour(3.06);
                for (int pass = 0; pass < 2; ++pass) {
                    auto t0 = std::chrono::steady_clock::now();
                    for (int r = 0; r < repeat; ++r)
                        for (const auto& x : windows) {
                            trace_window_source src(t, x.start, x.end);
                            auto res =
                                pass == 0 ? run_tick_trial(c, src, price) : run_tick_trial_per_tick(c, src, price);
                            sum += res.result.cost.value();
                        }
                    double us =
                        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
                    (pass == 0 ? ev : tk) += us;
                }
                n += static_cast<long>(windows.size()) * repeat;
            }
            std::printf("%-20s %-17s %12.2f %12.2f %9.0f\n", name.c_str(),
                        pol == tick_policy::greedy ? "greedy" : "uniform_progress", ev / static_cast<double>(n),
                        tk / static_cast<double>(n), sum);
            total_event += ev;
            total_tick += tk;
            replays += n;
        }
    }
    std::printf("\nmean per 48 h replay: event-driven %.2f us, tick-by-tick %.2f us (%ld replays each)\n",
                total_event / static_cast<double>(replays), total_tick / static_cast<double>(replays), replays);
    std::printf("against ~10 ms per replay for the paper's Python simulator: %.0fx\n",
                10000.0 / (total_event / static_cast<double>(replays)));
}
