// simulator/report_cmd.cpp — `costsim report RESULT.json -o report.html`, and the
// `--report FILE` option of simulate and plan.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/core/atomic_file.hpp"
#include "costsim/costsim.hpp"

#ifndef COSTSIM_BUILD_REPORT_DIR
#define COSTSIM_BUILD_REPORT_DIR ""
#endif

namespace costsim::cli {

namespace {

namespace fs = std::filesystem;

std::string report_dir() {
    if (const char* env = std::getenv("COSTSIM_REPORT_ASSETS"); env && *env) return env;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path installed = exe.parent_path().parent_path() / "share" / "costsim" / "report";
        if (fs::is_regular_file(installed / "vega.min.js", ec)) return installed.string();
    }
    return COSTSIM_BUILD_REPORT_DIR;
}

std::string read_asset(const std::string& dir, const char* name) {
    std::ifstream in(fs::path(dir) / name, std::ios::binary);
    if (!in)
        throw std::runtime_error(std::string("the report's charting library ") + name + " is missing from \"" + dir +
                                 "\" (build with npm available, or set COSTSIM_REPORT_ASSETS)");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

namespace {
void write_report_file(const json& result, const std::string& path) {
    const std::string dir = report_dir();
    report_assets assets{read_asset(dir, "vega.min.js"), read_asset(dir, "vega-lite.min.js"),
                         read_asset(dir, "vega-embed.min.js")};
    const std::string html = render_report_from(result, assets, path);
    // A report is either whole or absent, even if costsim is killed while writing it.
    write_file_atomically(path, html);
}
}  // namespace

void write_report(const json& result, const std::string& path) {
    write_report_file(result, path);
    // On stderr: `plan --json --report FILE` keeps its standard output JSON.
    std::cerr << "costsim: wrote the report to " << path << "\n";
}

int run_report(const report_args& a) {
    json result = load_json_file(a.result);
    // Named here: a problem the report finds at the document's root would otherwise be
    // indistinguishable from one with the output file.
    if (!result.is_object() || !result.contains("candidates"))
        throw input_error(a.result, "/candidates", "a costsim simulate or plan (or replay) --json result");
    try {
        write_report_file(result, a.output);
    } catch (const input_error& e) {
        if (e.file() == a.output && e.pointer().empty()) throw;
        throw input_error(a.result, e.pointer(), e.expected());
    }
    std::cout << "wrote " << a.output << "\n";
    return 0;
}

// `costsim report`: its options, registered on the app; run when named.
command add_report(CLI::App& app) {
    auto rep = std::make_shared<report_args>();
    auto* report = app.add_subcommand("report", "a self-contained HTML report of a simulate/plan --json result");
    report->add_option("result", rep->result, "RESULT.json from simulate --json or plan --json")->required();
    report->add_option("-o,--output", rep->output, "the HTML file to write")->required();
    return {report, [rep] { return run_report(*rep); }};
}

}  // namespace costsim::cli
