// simulator/progress.hpp — a progress bar on stderr for long runs, only on a terminal.
//
// It shows once a run has taken 2 s (at once with --progress), is redrawn at most 10 times a
// second, and is cleared when the run ends, so a finished run's output is what it would be
// without it. On a pipe or a file it draws nothing. Debian packages no C++ progress-bar
// library; these few lines over {fmt} are the whole of it.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

#include <unistd.h>

#include <fmt/format.h>

namespace costsim::cli {

class progress_bar {
public:
    using clock = std::chrono::steady_clock;
    /// `label` heads the bar ("plan", "simulate"); `at_once`: show from the start.
    explicit progress_bar(std::string label, bool at_once = false)
        : label_(std::move(label)), tty_(::isatty(STDERR_FILENO) != 0), at_once_(at_once), start_(clock::now()) {}
    progress_bar(const progress_bar&) = delete;
    progress_bar& operator=(const progress_bar&) = delete;
    ~progress_bar() { clear(); }

    /// The run is `fraction` (0..1) done; called from the thread that runs it.
    void operator()(double fraction) {
        if (!tty_) return;
        const auto now = clock::now();
        if (!at_once_ && now - start_ < std::chrono::seconds(2)) return;
        if (drawn_ && now - last_ < std::chrono::milliseconds(100) && fraction < 1.0) return;
        last_ = now;
        drawn_ = true;
        const double f = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
        const auto done = static_cast<std::size_t>(f * 40);
        fmt::print(stderr, "\r  {} [{:<40}] {:3d} %", label_, std::string(done, '#'), static_cast<int>(f * 100));
        std::fflush(stderr);
    }
    /// Removes the bar from the terminal (also on destruction).
    void clear() {
        if (!drawn_) return;
        fmt::print(stderr, "\r{:{}}\r", "", label_.size() + 52);
        std::fflush(stderr);
        drawn_ = false;
    }

private:
    std::string label_;
    bool tty_, at_once_, drawn_ = false;
    clock::time_point start_, last_{};
};

}  // namespace costsim::cli
