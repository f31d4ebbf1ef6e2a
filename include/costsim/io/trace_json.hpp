// costsim/io/trace_json.hpp — spot traces, evaluation windows and trace statistics as JSON.
//
// The trace file of *Can't Be Late* (skypilot-org/spot-traces), {"metadata": {"gap_seconds":
// 600}, "data": [0, 1, 1, 0, ...]}; the paper's windows file; and `costsim trace-stats --json`.
// Reading is strict: a missing or non-positive `gap_seconds`, a string where a number
// belongs, a negative or fractional value, or empty `data` is an input_error naming the
// file and the JSON pointer.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "costsim/io/json_input.hpp"
#include "costsim/models/trace.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// `sense`: what the file's values count (models/trace.hpp); the file does not say.
spot_trace load_spot_trace(const std::string& path, trace_sense sense = trace_sense::preempted);
spot_trace parse_spot_trace(const json_cursor& root, std::string name, trace_sense sense = trace_sense::preempted);
json to_json(const spot_trace& t);
trace_windows load_trace_windows(const std::string& path);
trace_windows parse_trace_windows(const json_cursor& root);
json to_json(const trace_windows& w);
json to_json(const trace_stats& s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline spot_trace parse_spot_trace(const json_cursor& c, std::string name, trace_sense sense) {
    c.expect_object({"metadata", "data"});
    auto md = c["metadata"];
    if (!md.value().is_object()) md.fail("an object such as {\"gap_seconds\": 600}");
    auto g = md["gap_seconds"];
    if (!g.value().is_number()) g.fail("a positive number of seconds, got " + json_type_name(g.value()));
    double gs = g.value().get<double>();
    if (!(gs > 0) || !std::isfinite(gs) || gs > 86400.0 * 365)
        g.fail("a positive number of seconds (at most a year), got " + g.value().dump());
    usec gap;
    gap = g.in_context([&] { return duration_from_seconds(gs); });
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
        std::string want = sense == trace_sense::preempted
                               ? "a non-negative integer (0: spot available, non-zero: not), got "
                               : "a non-negative integer (spot instances obtainable, 0: none), got ";
        json_cursor(x, c.file(), data.pointer() + "/" + std::to_string(i))
            .fail(want + (x.is_number() ? x.dump() : json_type_name(x)));
    }
    return spot_trace(gap, std::move(v), std::move(name), sense);
}

inline spot_trace load_spot_trace(const std::string& path, trace_sense sense) {
    json j = load_json_file(path);
    spot_trace t = parse_spot_trace(json_cursor(j, path), std::filesystem::path(path).stem().string(), sense);
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
