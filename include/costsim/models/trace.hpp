// costsim/models/trace.hpp — spot availability / preemption traces, their windows and statistics.
//
// The traces published with *Can't Be Late* (Wu et al., NSDI '24; skypilot-org/spot-traces):
//     {"metadata": {"gap_seconds": 600}, "data": [0, 1, 1, 0, ...]}
// one value per tick of `gap_seconds`; a non-zero value means spot capacity was NOT
// available during that tick (a multi-node trace counts the nodes missing). The paper's
// simulator reads `spot_available = not data[t]`, and so does costsim.
//
// A trace is stored as its values plus, for every tick, the end of the run of equal
// availability it belongs to, so that the replay engine (replay.hpp) can jump over a
// whole run in O(1) instead of visiting its ticks.
//
// Also here:
//  - `trace_windows`: the paper's evaluation windows file, `{"description": ..., "windows":
//    {"<trace file stem>": [[start, end), ...]}}` (tick indices);
//  - `trace_stats`: availability, spot lifetimes (maximal runs of available ticks) and
//    outages (maximal runs of unavailable ticks), and the Poisson rate a Monte Carlo
//    model would use: λ = (number of preemptions) / (hours spot was available), a
//    preemption being an available tick followed by an unavailable one. A run cut by the
//    trace's start or end is counted (it is all the trace knows) and flagged in
//    `censored_lifetimes` / `censored_outages`.
// Reading and writing them is io/trace_json.hpp.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/duration.hpp"
#include "costsim/core/enum_names.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/fast_units.hpp"
#include "costsim/core/stats.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// What a trace's values count. The two public data sets read oppositely:
///  - preempted: *Can't Be Late* (skypilot-org/spot-traces, as the paper's simulator reads
///    them, `spot_available = not data[t]`): non-zero means spot was not available;
///  - obtainable: SpotHedge (EuroSys '25): the number of spot instances obtainable in the
///    zone at that step, 0 meaning none.
enum class trace_sense { preempted, obtainable };
template <>
struct enum_table<trace_sense> {
    static constexpr std::string_view what = "";
    static constexpr std::array<enum_entry<trace_sense>, 2> entries{
        {{trace_sense::preempted, "preempted", "non-zero: spot not available, Can't Be Late"},
         {trace_sense::obtainable, "obtainable", "the count of spot instances obtainable, 0: none, SpotHedge"}}};
};
std::string_view to_string(trace_sense s) noexcept;
/// "preempted" or "obtainable"; value_error otherwise.
trace_sense parse_trace_sense(std::string_view s);

class spot_trace {
public:
    /// gap > 0 and non-empty values (value_error otherwise).
    spot_trace(usec gap, std::vector<std::uint32_t> values, std::string name = {},
               trace_sense sense = trace_sense::preempted);

    usec gap() const noexcept { return gap_; }
    std::int64_t ticks() const noexcept { return static_cast<std::int64_t>(values_.size()); }
    fast_hours length() const { return to_fast_hours(gap_) * static_cast<double>(values_.size()); }
    /// Spot capacity available during tick i (0 <= i < ticks()).
    bool available(std::int64_t i) const noexcept {
        return (values_[static_cast<std::size_t>(i)] == 0) == (sense_ == trace_sense::preempted);
    }
    trace_sense sense() const noexcept { return sense_; }
    /// The first tick after i whose availability differs from tick i's (or ticks()).
    std::int64_t run_end(std::int64_t i) const noexcept { return run_end_[static_cast<std::size_t>(i)]; }
    const std::vector<std::uint32_t>& values() const noexcept { return values_; }
    /// The file's stem ("us-west-2a_v100_1"), the key of its windows.
    const std::string& name() const noexcept { return name_; }
    /// The file it was read from (for messages), if any.
    const std::string& file() const noexcept { return file_; }
    void set_file(std::string f) { file_ = std::move(f); }

private:
    usec gap_;
    std::vector<std::uint32_t> values_;
    trace_sense sense_ = trace_sense::preempted;
    std::vector<std::int64_t> run_end_;
    std::string name_, file_;
};

/// The trace in its published form (round-trips through io/trace_json.hpp's parse_spot_trace).

/// [start, end) in ticks of one trace.
struct tick_window {
    std::int64_t start = 0, end = 0;
};

/// The windows file: windows per trace name. Windows must be non-empty, start >= 0.
struct trace_windows {
    std::string description;
    std::map<std::string, std::vector<tick_window>> windows;
    std::string file;
    /// The windows of `trace_name`; input_error (naming the file) when absent.
    const std::vector<tick_window>& of(const std::string& trace_name) const;
};

struct run_stats {
    std::size_t count = 0;
    fast_hours mean{0}, p05{0}, p50{0}, p95{0}, min{0}, max{0};
    std::size_t censored = 0;  ///< runs cut by the trace's start or end
};

struct trace_stats {
    std::int64_t ticks = 0;
    usec gap{0};
    fast_hours length{0};
    double availability = 0;  ///< share of ticks with spot available
    run_stats lifetimes, outages;
    std::size_t preemptions = 0;  ///< available tick followed by an unavailable one
    hazard poisson_rate{};        ///< preemptions per hour of availability
    /// The run lengths themselves (for resampling: "trace_fit").
    std::vector<fast_hours> lifetime_samples, outage_samples;
};

trace_stats compute_trace_stats(const spot_trace& t);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(trace_sense s) noexcept { return enum_name(s); }

inline trace_sense parse_trace_sense(std::string_view s) { return parse_enum<trace_sense>(s); }

inline spot_trace::spot_trace(usec gap, std::vector<std::uint32_t> values, std::string name, trace_sense sense)
    : gap_(gap), values_(std::move(values)), sense_(sense), name_(std::move(name)) {
    if (gap_.count() <= 0) throw value_error("a positive tick length");
    if (values_.empty()) throw value_error("at least one tick of data");
    run_end_.resize(values_.size());
    std::int64_t n = ticks();
    run_end_[static_cast<std::size_t>(n - 1)] = n;
    for (std::int64_t i = n - 2; i >= 0; --i)
        run_end_[static_cast<std::size_t>(i)] =
            available(i) == available(i + 1) ? run_end_[static_cast<std::size_t>(i + 1)] : i + 1;
}

inline const std::vector<tick_window>& trace_windows::of(const std::string& trace_name) const {
    auto it = windows.find(trace_name);
    if (it == windows.end()) {
        std::string known;
        for (const auto& [k, _] : windows) known += (known.empty() ? "" : ", ") + k;
        throw input_error(file, "/windows", "windows for trace \"" + trace_name + "\" (the file has: " + known + ")");
    }
    return it->second;
}

namespace detail {
inline run_stats summarize_runs(std::vector<fast_hours> runs, std::size_t censored) {
    run_stats r;
    r.count = runs.size();
    r.censored = censored;
    if (runs.empty()) return r;
    std::vector<double> v;
    v.reserve(runs.size());
    for (auto x : runs) v.push_back(x.count());
    std::sort(v.begin(), v.end());
    r.mean = fast_hours(compensated_sum(v) / static_cast<double>(v.size()));
    r.p05 = fast_hours(quantile_sorted(v, 0.05));
    r.p50 = fast_hours(quantile_sorted(v, 0.50));
    r.p95 = fast_hours(quantile_sorted(v, 0.95));
    r.min = fast_hours(v.front());
    r.max = fast_hours(v.back());
    return r;
}
}  // namespace detail

inline trace_stats compute_trace_stats(const spot_trace& t) {
    trace_stats s;
    s.ticks = t.ticks();
    s.gap = t.gap();
    s.length = t.length();
    const fast_hours g = to_fast_hours(t.gap());
    std::int64_t avail = 0;
    std::size_t cens_l = 0, cens_o = 0;
    for (std::int64_t i = 0; i < t.ticks(); i = t.run_end(i)) {
        const std::int64_t len = t.run_end(i) - i;
        const bool cut = i == 0 || t.run_end(i) == t.ticks();
        if (t.available(i)) {
            avail += len;
            s.lifetime_samples.push_back(g * static_cast<double>(len));
            cens_l += cut ? 1 : 0;
            if (t.run_end(i) < t.ticks()) ++s.preemptions;
        } else {
            s.outage_samples.push_back(g * static_cast<double>(len));
            cens_o += cut ? 1 : 0;
        }
    }
    s.availability = static_cast<double>(avail) / static_cast<double>(t.ticks());
    s.lifetimes = detail::summarize_runs(s.lifetime_samples, cens_l);
    s.outages = detail::summarize_runs(s.outage_samples, cens_o);
    const double avail_hours = g.count() * static_cast<double>(avail);
    s.poisson_rate = avail_hours > 0 ? hazard(static_cast<double>(s.preemptions) / avail_hours) : hazard{};
    return s;
}

}  // namespace costsim
