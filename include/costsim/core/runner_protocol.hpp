// costsim/core/runner_protocol.hpp — how `costsim validate` drives the costsim-bench runner:
// the flags the supervisor sets, the progress lines the runner prints, its exit on notice.
//
// Both sides include this header, so the protocol has one definition: costsim-bench
// (bench_adapter/) prints a line per event with `--progress`, and validate's supervisor
// (simulator/validate_cmd.cpp, validate.hpp) reads them from the runner's stderr:
//     costsim-bench: progress ready 0        the job is set up (after any restore), at step 0
//     costsim-bench: progress step 12        step 12 is done
//     costsim-bench: progress checkpoint 12  the checkpoint after step 12 is written (renamed)
//     costsim-bench: progress stopped 12     a SIGTERM notice: step 12 saved, exiting with 143
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace costsim::runner {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// The runner's flags that the supervisor sets itself (a validate spec's "bench" command
/// must not): the job's length, its checkpoints, its progress lines, its output file and
/// the test hooks.
inline constexpr std::string_view flag_steps = "--steps", flag_warmup = "--warmup", flag_epochs = "--epochs",
                                  flag_checkpoint = "--checkpoint", flag_checkpoint_every = "--checkpoint-every",
                                  flag_resume = "--resume", flag_progress = "--progress", flag_output = "--output",
                                  flag_output_short = "-o", flag_kill_at_step = "--kill-at-step",
                                  flag_kill_in_checkpoint = "--kill-in-checkpoint";
inline constexpr std::string_view supervisor_flags[] = {
    flag_steps,    flag_warmup, flag_epochs,       flag_checkpoint,   flag_checkpoint_every,  flag_resume,
    flag_progress, flag_output, flag_output_short, flag_kill_at_step, flag_kill_in_checkpoint};
/// True when `flag` ("--steps", or "--steps=5") is one of supervisor_flags.
bool is_supervisor_flag(std::string_view flag) noexcept;

enum class progress_event { ready, step, checkpoint, stopped };
std::string_view to_string(progress_event e) noexcept;

struct progress_report {
    progress_event event;
    std::int64_t step = 0;
    bool operator==(const progress_report&) const = default;
};

/// Every progress line starts with this.
inline constexpr std::string_view progress_tag = "costsim-bench: progress ";
/// "costsim-bench: progress step 12" (no newline).
std::string progress_line(progress_event e, std::int64_t step);
/// The event of a progress line; none for any other line (the runner's other messages).
std::optional<progress_report> parse_progress_line(std::string_view line) noexcept;

/// The runner's exit status after it saved its step on a SIGTERM notice: 128 + SIGTERM, as
/// a shell reports a process the signal ended.
inline constexpr int exit_after_notice = 143;

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline bool is_supervisor_flag(std::string_view flag) noexcept {
    flag = flag.substr(0, flag.find('='));
    for (std::string_view f : supervisor_flags)
        if (f == flag) return true;
    return false;
}

inline std::string_view to_string(progress_event e) noexcept {
    switch (e) {
        case progress_event::ready: return "ready";
        case progress_event::step: return "step";
        case progress_event::checkpoint: return "checkpoint";
        case progress_event::stopped: return "stopped";
    }
    return "?";
}

inline std::string progress_line(progress_event e, std::int64_t step) {
    return std::string(progress_tag) + std::string(to_string(e)) + " " + std::to_string(step);
}

inline std::optional<progress_report> parse_progress_line(std::string_view line) noexcept {
    if (line.substr(0, progress_tag.size()) != progress_tag) return std::nullopt;
    line.remove_prefix(progress_tag.size());
    const auto space = line.find(' ');
    if (space == std::string_view::npos) return std::nullopt;
    const std::string_view name = line.substr(0, space), number = line.substr(space + 1);
    progress_report r{progress_event::ready, 0};
    bool known = false;
    for (progress_event e :
         {progress_event::ready, progress_event::step, progress_event::checkpoint, progress_event::stopped})
        if (to_string(e) == name) r.event = e, known = true;
    if (!known) return std::nullopt;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), r.step);
    if (ec != std::errc() || end != number.data() + number.size() || r.step < 0) return std::nullopt;
    return r;
}

}  // namespace costsim::runner
