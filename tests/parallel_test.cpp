// Tests of costsim/core/parallel.hpp: every index runs exactly once whatever the thread
// count, and the first failure in index order is the one rethrown.
#include <costsim/core/parallel.hpp>

#include <atomic>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

TEST_CASE("run_tasks runs every index exactly once, on one thread or many") {
    for (unsigned threads : {1u, 2u, 7u}) {
        std::vector<std::atomic<int>> runs(1000);
        run_tasks(runs.size(), threads, [&](std::size_t j) { ++runs[j]; });
        int wrong = 0;
        for (const auto& r : runs) wrong += r.load() != 1 ? 1 : 0;
        CHECK(wrong == 0);
    }
    std::atomic<int> none{0};
    run_tasks(0, 4, [&](std::size_t) { ++none; });
    CHECK(none == 0);
}

TEST_CASE("on_threads gives each thread its index and rethrows the first failure by index") {
    std::vector<int> seen(5, 0);
    on_threads(5, [&](unsigned i) { seen[i] = static_cast<int>(i) + 1; });
    CHECK(seen == std::vector<int>{1, 2, 3, 4, 5});
    try {
        on_threads(4, [](unsigned i) {
            if (i == 1 || i == 3) throw std::runtime_error("thread " + std::to_string(i));
        });
        FAIL("no failure rethrown");
    } catch (const std::runtime_error& e) {
        CHECK(std::string(e.what()) == "thread 1");
    }
}
