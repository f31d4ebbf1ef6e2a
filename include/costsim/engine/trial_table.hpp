// costsim/engine/trial_table.hpp — the trials of one spot candidate, a column per outcome,
// filled over threads.
//
// Row i holds trial base + i and is written by the thread that runs that trial; a trial's
// result depends only on its index (its Philox streams), so the table is the same whatever
// the thread count.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "costsim/core/parallel.hpp"
#include "costsim/engine/trial.hpp"

namespace costsim {

// An allocator that leaves doubles uninitialized: every row of a trial_table is written by
// the thread that runs its trial, so zeroing 5 columns first would only touch (page in)
// every page twice, once on the calling thread alone. On Linux a column of 4 MiB or more
// is aligned to 2 MiB and asked for transparent huge pages (madvise; a hint the kernel may
// ignore): first touching 10^6 trials' 40 MB then takes 20 page faults instead of 10,000,
// which on this project's VMs cost more than the summaries.
template <class T>
struct uninitialized_allocator : std::allocator<T> {
    using value_type = T;
    template <class U>
    struct rebind {
        using other = uninitialized_allocator<U>;
    };
    static constexpr std::size_t huge_page = std::size_t{2} << 20;
    uninitialized_allocator() = default;
    template <class U>
    uninitialized_allocator(const uninitialized_allocator<U>&) noexcept {}
    T* allocate(std::size_t n) {
        if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_array_new_length();
        const std::size_t bytes = n * sizeof(T);
        if (bytes < 2 * huge_page) return std::allocator<T>::allocate(n);
        void* p = ::operator new (bytes, std::align_val_t{huge_page});
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        ::madvise(p, bytes - bytes % huge_page, MADV_HUGEPAGE);
#endif
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t n) noexcept {
        if (n * sizeof(T) < 2 * huge_page)
            std::allocator<T>::deallocate(p, n);
        else
            ::operator delete (p, std::align_val_t{huge_page});
    }
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... A>
    void construct(U* p, A&&... a) {
        ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
    }
};
/// A column of trial outcomes: row i is written once, by the thread that runs trial i.
using trial_column = std::vector<double, uninitialized_allocator<double>>;

/// The trials of one spot candidate, a column per outcome: row i is trial base + i.
struct trial_table {
    std::uint64_t base = 0;  ///< row i holds trial base + i
    trial_column cost, makespan, billed, interruptions, spot_work;
    void resize(std::size_t n) {
        cost.resize(n);
        makespan.resize(n);
        billed.resize(n);
        interruptions.resize(n);
        spot_work.resize(n);
    }
};

// Runs trials [from, to) of one spot candidate into the table, over `threads` threads;
// `one(t)` is trial t's result.
template <class OneTrial>
void run_trials(std::uint64_t from, std::uint64_t to, unsigned threads, trial_table& out, const OneTrial& one) {
    auto work = [&](std::uint64_t a, std::uint64_t b) {
        for (std::uint64_t t = a; t < b; ++t) {
            trial_result r = one(t);
            out.cost[t - out.base] = r.cost.value();
            out.makespan[t - out.base] = r.makespan.count();
            out.billed[t - out.base] = r.billed.count();
            out.interruptions[t - out.base] = r.interruptions;
            out.spot_work[t - out.base] = r.spot_work.count();
        }
    };
    // Threads take the next block of trials as they finish one, so a thread slowed by the
    // machine does not hold the others up; a trial's result depends only on its index.
    const std::uint64_t n = to - from;
    const unsigned th = static_cast<unsigned>(std::min<std::uint64_t>(threads, std::max<std::uint64_t>(n / 256, 1)));
    if (th <= 1) return work(from, to);
    const std::uint64_t block = std::max<std::uint64_t>(4096, n / (16 * th));
    std::atomic<std::uint64_t> next{from};
    on_threads(th, [&](unsigned) {
        for (std::uint64_t a; (a = next.fetch_add(block)) < to;) work(a, std::min(to, a + block));
    });
}

}  // namespace costsim
