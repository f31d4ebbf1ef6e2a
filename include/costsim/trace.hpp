// costsim/trace.hpp — spot availability / preemption traces, their windows and statistics.
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
// Reading is strict: a missing or non-positive `gap_seconds`, a string where a number
// belongs, a negative or fractional value, or empty `data` is an input_error naming the
// file and the JSON pointer.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "costsim/duration.hpp"
#include "costsim/fast_units.hpp"
#include "costsim/json_input.hpp"
#include "costsim/stats.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

class spot_trace {
public:
    /// gap > 0 and non-empty values (value_error otherwise).
    spot_trace(usec gap, std::vector<std::uint32_t> values, std::string name = {});

    usec gap() const noexcept { return gap_; }
    std::int64_t ticks() const noexcept { return static_cast<std::int64_t>(values_.size()); }
    fast_hours length() const { return to_fast_hours(gap_) * static_cast<double>(values_.size()); }
    /// Spot capacity available during tick i (0 <= i < ticks()).
    bool available(std::int64_t i) const noexcept { return values_[static_cast<std::size_t>(i)] == 0; }
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
    std::vector<std::int64_t> run_end_;
    std::string name_, file_;
};

spot_trace load_spot_trace(const std::string& path);
spot_trace parse_spot_trace(const json_cursor& root, std::string name);
/// The trace in its published form (round-trips through parse_spot_trace).
json to_json(const spot_trace& t);

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
trace_windows load_trace_windows(const std::string& path);
trace_windows parse_trace_windows(const json_cursor& root);
json to_json(const trace_windows& w);

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
json to_json(const trace_stats& s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline spot_trace::spot_trace(usec gap, std::vector<std::uint32_t> values, std::string name)
    : gap_(gap), values_(std::move(values)), name_(std::move(name)) {
    if (gap_.count() <= 0) throw value_error("a positive tick length");
    if (values_.empty()) throw value_error("at least one tick of data");
    run_end_.resize(values_.size());
    std::int64_t n = ticks();
    run_end_[static_cast<std::size_t>(n - 1)] = n;
    for (std::int64_t i = n - 2; i >= 0; --i)
        run_end_[static_cast<std::size_t>(i)] =
            available(i) == available(i + 1) ? run_end_[static_cast<std::size_t>(i + 1)] : i + 1;
}

inline spot_trace parse_spot_trace(const json_cursor& c, std::string name) {
    c.expect_object({"metadata", "data"});
    auto md = c["metadata"];
    if (!md.value().is_object()) md.fail("an object such as {\"gap_seconds\": 600}");
    auto g = md["gap_seconds"];
    if (!g.value().is_number()) g.fail("a positive number of seconds, got " + json_type_name(g.value()));
    double gs = g.value().get<double>();
    if (!(gs > 0) || !std::isfinite(gs) || gs > 86400.0 * 365)
        g.fail("a positive number of seconds (at most a year), got " + g.value().dump());
    usec gap;
    try {
        gap = duration_from_seconds(gs);
    } catch (const value_error& e) {
        g.fail(e.what());
    }
    auto data = c["data"];
    if (!data.value().is_array()) data.fail("an array of ticks, got " + json_type_name(data.value()));
    if (data.value().empty()) data.fail("a non-empty array of ticks (the trace has no data)");
    std::vector<std::uint32_t> v;
    v.reserve(data.value().size());
    const json& arr = data.value();
    for (std::size_t i = 0; i < arr.size(); ++i) {
        const json& x = arr[i];
        if (x.is_number_unsigned() || (x.is_number_integer() && x.get<std::int64_t>() >= 0)) {
            auto u = x.get<std::uint64_t>();
            if (u > 0xffffffffULL)
                json_cursor(x, c.file(), data.pointer() + "/" + std::to_string(i)).fail("a count below 2^32");
            v.push_back(static_cast<std::uint32_t>(u));
            continue;
        }
        std::string want = "a non-negative integer (0: spot available, non-zero: not), got ";
        json_cursor(x, c.file(), data.pointer() + "/" + std::to_string(i))
            .fail(want + (x.is_number() ? x.dump() : json_type_name(x)));
    }
    return spot_trace(gap, std::move(v), std::move(name));
}

inline spot_trace load_spot_trace(const std::string& path) {
    json j = load_json_file(path);
    spot_trace t = parse_spot_trace(json_cursor(j, path), std::filesystem::path(path).stem().string());
    t.set_file(path);
    return t;
}

inline json to_json(const spot_trace& t) {
    json md = json::object();
    const auto us = t.gap().count();
    if (us % 1000000 == 0)
        md["gap_seconds"] = us / 1000000;
    else
        md["gap_seconds"] = static_cast<double>(us) / 1e6;
    return json{{"metadata", md}, {"data", t.values()}};
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

inline trace_windows parse_trace_windows(const json_cursor& c) {
    c.expect_object({"description", "windows"});
    trace_windows w;
    w.file = c.file();
    if (auto d = c.optional("description")) w.description = d->string();
    auto ws = c["windows"];
    if (!ws.value().is_object())
        ws.fail("an object of trace name to [[start, end], ...], got " + json_type_name(ws.value()));
    if (ws.value().empty()) ws.fail("windows for at least one trace");
    for (const auto& [name, _] : ws.value().items()) {
        std::vector<tick_window> list;
        for (const auto& e : ws[name].elements(true)) {
            auto pair = e.elements();
            if (pair.size() != 2) e.fail("a window [start, end] of two tick indices");
            tick_window tw{pair[0].integer(0, std::int64_t{1} << 40), pair[1].integer(0, std::int64_t{1} << 40)};
            if (tw.end <= tw.start) pair[1].fail("an end tick after the start (" + std::to_string(tw.start) + ")");
            list.push_back(tw);
        }
        w.windows.emplace(name, std::move(list));
    }
    return w;
}

inline trace_windows load_trace_windows(const std::string& path) {
    json j = load_json_file(path);
    return parse_trace_windows(json_cursor(j, path));
}

inline json to_json(const trace_windows& w) {
    json ws = json::object();
    for (const auto& [name, list] : w.windows) {
        json a = json::array();
        for (const auto& x : list) a.push_back(json::array({x.start, x.end}));
        ws[name] = a;
    }
    json j = json::object();
    if (!w.description.empty()) j["description"] = w.description;
    j["windows"] = ws;
    return j;
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

inline json to_json(const trace_stats& s) {
    auto runs = [](const run_stats& r) {
        return json{{"count", r.count},           {"censored", r.censored},     {"mean_hours", r.mean.count()},
                    {"p05_hours", r.p05.count()}, {"p50_hours", r.p50.count()}, {"p95_hours", r.p95.count()},
                    {"min_hours", r.min.count()}, {"max_hours", r.max.count()}};
    };
    return json{{"ticks", s.ticks},
                {"gap_seconds", static_cast<double>(s.gap.count()) / 1e6},
                {"hours", s.length.count()},
                {"availability", s.availability},
                {"lifetimes", runs(s.lifetimes)},
                {"outages", runs(s.outages)},
                {"preemptions", s.preemptions},
                {"poisson_rate_per_hour", s.poisson_rate.per_hour()}};
}

}  // namespace costsim
