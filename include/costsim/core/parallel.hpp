// costsim/core/parallel.hpp — work spread over threads so that results do not depend on
// which thread ran what.
//
// Each index is run by exactly one thread and writes only its own results; a failure is
// rethrown on the calling thread, the first in index order. The Monte Carlo engine runs its
// trials and its summaries this way (monte_carlo.hpp, trial_table.hpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <thread>
#include <vector>

namespace costsim {

// Runs work(i) for i in [0, th) on th threads (the calling thread alone for th <= 1), then
// rethrows the first failure in the order of i.
template <class Work>
void on_threads(unsigned th, const Work& work) {
    if (th <= 1) {
        work(0u);
        return;
    }
    std::vector<std::thread> pool;
    std::vector<std::exception_ptr> errors(th);
    for (unsigned i = 0; i < th; ++i) {
        pool.emplace_back([&, i] {
            try {
                work(i);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        });
    }
    for (auto& p : pool) p.join();
    for (auto& e : errors)
        if (e) std::rethrow_exception(e);
}

// Runs task(j) for j in [0, n) over up to `threads` threads, each taking the next task
// when done. Tasks must write only their own results: then those do not depend on which
// thread ran what.
template <class Task>
void run_tasks(std::size_t n, unsigned threads, const Task& task) {
    std::atomic<std::size_t> next{0};
    on_threads(static_cast<unsigned>(std::min<std::size_t>(threads, n)), [&](unsigned) {
        for (std::size_t j; (j = next++) < n;) task(j);
    });
}

}  // namespace costsim
