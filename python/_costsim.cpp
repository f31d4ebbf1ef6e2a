// python/_costsim.cpp — the C++ half of the `costsim` Python module (pybind11): the library's
// own readers, planner, simulator and writers called as the CLI calls them, each result
// returned as the JSON text the CLI's --json prints (byte for byte), which costsim/__init__.py
// turns into Python objects. No computation lives here.
//
// Long runs (plan, simulate, replay) release the GIL; plan and simulate check for Ctrl-C
// between chunks of trials (the Monte Carlo engine's progress callback, called on this
// thread), and stop with KeyboardInterrupt. A costsim error becomes costsim.InputError
// (file, JSON pointer or argument, what was expected) or costsim.ModelError.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "costsim/costsim.hpp"

namespace py = pybind11;
using namespace costsim;

namespace {

// The bundled catalogs, speed tables and traces: $COSTSIM_SHARE_DIR, else the folder the
// package names (costsim/_share.py: the source tree, or the installed share/costsim).
std::string& package_share() {
    static std::string dir;
    return dir;
}
std::string share_dir() {
    if (const char* env = std::getenv("COSTSIM_SHARE_DIR"); env && *env) return env;
    return package_share();
}

// Thrown by the progress callback when Python has a pending signal (Ctrl-C); the Python
// error is already set, and is raised once the GIL is held again.
struct interrupted {};

void check_signals(double) {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) throw interrupted{};
}

// Runs f without the GIL; an interruption re-raises the pending KeyboardInterrupt.
template <class F>
auto without_gil(F&& f) {
    try {
        py::gil_scoped_release release;
        return f();
    } catch (const interrupted&) {
        throw py::error_already_set();
    }
}

// A scenario from a file or from JSON text (a dict, labelled `file`: relative paths in it
// resolve beside that label).
scenario scenario_from(const std::optional<std::string>& path, const std::optional<std::string>& text,
                       const std::string& file) {
    if (path) return load_scenario(*path);
    const json j = parse_json_text(*text, file);
    return parse_scenario(json_cursor(j, file));
}

// A scenario with no candidates runs its plan's (as `costsim simulate` and `replay` do);
// the note says so.
std::pair<scenario, std::string> with_plan(scenario s) {
    std::string note;
    s = listed_or_planned(std::move(s), note);
    if (!note.empty()) note += " (costsim.plan ranks them)";
    return {std::move(s), note};
}

std::string plan_json(scenario s, const std::string& where, const mc_options& base) {
    mc_options o = base;
    o.progress = check_signals;
    const plan_result p = without_gil([&] { return in_context(where, "/plan", [&] { return run_plan(s, o); }); });
    return to_json(p).dump();
}

}  // namespace

PYBIND11_MODULE(_costsim, m) {
    m.doc() = "costsim's C++ library: results as the CLI's --json text (use the costsim package)";

    // Errors: the Python classes live in costsim/_errors.py (no import of this module there).
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const input_error& e) {
            py::object cls = py::module_::import("costsim._errors").attr("InputError");
            PyErr_SetObject(cls.ptr(), py::make_tuple(e.what(), e.file(), e.pointer()).ptr());
        } catch (const value_error& e) {
            py::object cls = py::module_::import("costsim._errors").attr("InputError");
            PyErr_SetObject(cls.ptr(), py::make_tuple(e.what(), "arguments", "").ptr());
        } catch (const model_error& e) {
            py::object cls = py::module_::import("costsim._errors").attr("ModelError");
            PyErr_SetObject(cls.ptr(), py::make_tuple(e.what()).ptr());
        }
    });

    m.def("share_dir", &share_dir, "where the bundled data is read from");
    m.def("set_share_dir", [](const std::string& dir) { package_share() = dir; });
    m.def("version", [] { return std::string(COSTSIM_VERSION); });

    py::class_<catalog, std::shared_ptr<catalog>>(m, "Catalog")
        .def_property_readonly("name", [](const catalog& c) { return c.name; })
        .def_property_readonly("file", [](const catalog& c) { return c.file; })
        .def_property_readonly("as_of", [](const catalog& c) { return format_date(c.as_of); })
        .def_property_readonly("source", [](const catalog& c) { return c.source; })
        .def_property_readonly("size", [](const catalog& c) { return c.offers.size(); })
        .def(
            "offers_json",
            [](const catalog& c, const std::string& gpu, const std::string& cloud, const std::string& region,
               const std::string& market, const std::string& max_price) {
                return to_json(c, list_offers(c, {gpu, cloud, region, market, max_price})).dump();
            },
            py::arg("gpu"), py::arg("cloud"), py::arg("region"), py::arg("market"), py::arg("max_price"));

    m.def(
        "load_catalog",
        [](const std::string& path) {
            return std::make_shared<catalog>(
                path.empty() ? load_catalog(share_dir() + "/pricing_data/gpu_cloud_2026.json") : load_catalog(path));
        },
        py::arg("path"));

    // (invoice JSON, how a region-level id was matched)
    m.def(
        "quote",
        [](const catalog& c, const std::string& offer, const std::string& market, const std::string& duration,
           const std::string& start, const std::string& currency, const std::string& egress_gb) {
            quote_flags f;
            f.offer = offer;
            f.market = market;
            f.duration = duration;
            f.start = start;
            f.currency = currency;
            f.egress_gb = egress_gb;
            const offer_quote q = quote_offer(c, f);
            return std::make_pair(to_json(q.inv).dump(), q.lookup_note);
        },
        py::arg("catalog"), py::arg("offer"), py::arg("market"), py::arg("duration"), py::arg("start"),
        py::arg("currency"), py::arg("egress_gb"));

    m.def(
        "plan_scenario",
        [](const std::optional<std::string>& path, const std::optional<std::string>& text, const std::string& file,
           const std::string& deadline, std::uint64_t trials, bool trials_given, std::uint64_t seed, unsigned threads,
           double target_rel_ci) {
            scenario s = scenario_from(path, text, file);
            if (!deadline.empty()) s.deadline = positive_flag_duration("--deadline", deadline);
            return plan_json(std::move(s), path ? *path : file,
                             plan_mc_options(false, trials, trials_given, target_rel_ci, seed, threads));
        },
        py::arg("path"), py::arg("text"), py::arg("file"), py::arg("deadline"), py::arg("trials"),
        py::arg("trials_given"), py::arg("seed"), py::arg("threads"), py::arg("target_rel_ci"));

    m.def(
        "plan_quick",
        [](const py::dict& flags, std::uint64_t trials, bool trials_given, std::uint64_t seed, unsigned threads,
           double target_rel_ci) {
            quick_flags f;
            for (const auto& t : quick_flags::flags) {
                if (!flags.contains(t.key)) continue;
                switch (t.kind) {
                    case quick_flags::flag_kind::text: f.*t.text = flags[t.key].cast<std::string>(); break;
                    case quick_flags::flag_kind::count:  // --gpus, the one count
                        f.gpus = flags[t.key].cast<int>();
                        f.*t.set = true;
                        break;
                    case quick_flags::flag_kind::toggle: f.*t.set = flags[t.key].cast<bool>(); break;
                }
            }
            scenario s = quick_scenario(quick_job_of(f, share_dir()));
            return plan_json(std::move(s), "command line",
                             plan_mc_options(true, trials, trials_given, target_rel_ci, seed, threads));
        },
        py::arg("flags"), py::arg("trials"), py::arg("trials_given"), py::arg("seed"), py::arg("threads"),
        py::arg("target_rel_ci"));

    // (result JSON, a note when the scenario's plan supplied the candidates)
    m.def(
        "simulate",
        [](const std::optional<std::string>& path, const std::optional<std::string>& text, const std::string& file,
           std::uint64_t trials, std::uint64_t seed, unsigned threads, double target_rel_ci) {
            auto [s, note] = with_plan(scenario_from(path, text, file));
            mc_options o;
            o.trials = trials;
            o.seed = seed;
            o.threads = threads;
            if (target_rel_ci > 0) o.target_rel_ci = target_rel_ci;
            o.progress = check_signals;
            const simulation_result r = without_gil([&] {
                return in_context(path ? *path : file, "/candidates", [&] { return costsim::simulate(s, o); });
            });
            return std::make_pair(to_json(r).dump(), note);
        },
        py::arg("path"), py::arg("text"), py::arg("file"), py::arg("trials"), py::arg("seed"), py::arg("threads"),
        py::arg("target_rel_ci"));

    m.def(
        "replay",
        [](const std::optional<std::string>& path, const std::optional<std::string>& text, const std::string& file,
           const std::string& trace, std::uint64_t starts, const std::string& windows, const std::string& deadline,
           const std::string& sense) {
            auto [s, note] = with_plan(scenario_from(path, text, file));
            const trace_sense ts = in_context("arguments", "sense", [&] { return parse_trace_sense(sense); });
            const spot_trace t = load_spot_trace(trace, ts);
            replay_options o;
            std::optional<trace_windows> w;
            if (!windows.empty()) {
                w = load_trace_windows(windows);
                o.windows = &*w;
            }
            if (starts) o.starts = starts;
            if (!deadline.empty()) {
                o.deadline = positive_flag_duration("--deadline", deadline);
                if (*o.deadline < s.work)
                    throw input_error("command line", "--deadline",
                                      "a deadline of at least the work (" + format_duration(s.work) + ")");
            }
            const replay_result r = without_gil([&] {
                return in_context(path ? *path : file, "/candidates", [&] { return costsim::replay(s, t, o); });
            });
            json j = to_json(r);
            j["sense"] = std::string(to_string(t.sense()));
            return std::make_pair(j.dump(), note);
        },
        py::arg("path"), py::arg("text"), py::arg("file"), py::arg("trace"), py::arg("starts"), py::arg("windows"),
        py::arg("deadline"), py::arg("sense"));
}
