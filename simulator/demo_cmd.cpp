// simulator/demo_cmd.cpp — `costsim demo`: one default job priced on every bundled offer.
//
// Until the planning layer lands, the demo is exact pricing only: a job of N GPU-hours
// (default 10) started at a stated date, quoted on every offer and market of every
// catalog in pricing_data/, converted to one currency with each catalog's dated rate,
// ranked by total.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "text.hpp"

#ifndef COSTSIM_SOURCE_DATA_DIR
#define COSTSIM_SOURCE_DATA_DIR ""
#endif

namespace costsim::cli {

std::string find_data_dir(const char* argv0) {
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("COSTSIM_DATA_DIR"); env && *env) return env;
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) exe = fs::canonical(argv0, ec);
    if (!ec) {
        fs::path installed = exe.parent_path().parent_path() / "share" / "costsim" / "pricing_data";
        if (fs::is_directory(installed, ec)) return installed.string();
    }
    if (fs::is_directory(COSTSIM_SOURCE_DATA_DIR, ec)) return COSTSIM_SOURCE_DATA_DIR;
    return "pricing_data";
}

int run_demo(const demo_args& a) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(a.data_dir, ec))
        throw input_error(a.data_dir, "", "a folder of costsim.catalog/v1 files (set COSTSIM_DATA_DIR)");
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(a.data_dir))
        if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    std::vector<catalog> catalogs;
    for (const auto& f : files) catalogs.push_back(load_catalog(f));

    ranked_job job{parse_duration(a.gpu_hours), parse_timestamp(a.start), currency(a.currency)};
    ranking r = rank_offers(catalogs, job);
    const std::string cur(job.in_currency.code());

    if (a.json) {
        json rows = json::array();
        for (const auto& q : r.rows) {
            json j = to_json(q.bill);
            j["catalog"] = q.catalog_name;
            j["gpus"] = q.what.gpus ? q.what.gpus->count : 0;
            rows.push_back(j);
        }
        json out{{"job", {{"gpu_hours", to_fast_hours(job.gpu_hours).count()},
                          {"start", format_timestamp(job.start)},
                          {"currency", cur}}},
                 {"ranked", rows},
                 {"skipped", r.skipped}};
        std::cout << out.dump(2) << "\n";
        return 0;
    }
    std::string out = bold(fmt::format("costsim demo: a job of {} GPU-hours from {} on every bundled offer, in {}",
                                       to_decimal_string(exact(big_int(job.gpu_hours.count()), big_int(3600000000LL)), 6), format_timestamp(job.start), cur)) + "\n";
    out += "  wall time = GPU-hours / GPUs (perfect scaling assumed); exact invoice per offer, rounded once.\n\n";
    text_table t({{"#", align::right},
                  {"catalog", align::left},
                  {"offer", align::left},
                  {"market", align::left},
                  {"GPUs", align::right},
                  {"wall", align::right},
                  {"billed", align::right},
                  {"billing rule", align::left},
                  {"priced in", align::left},
                  {"total " + cur, align::right}});
    int rank = 0;
    for (const auto& q : r.rows) {
        std::string gpus = q.what.gpus ? fmt::format("{}x {}", q.what.gpus->count, q.what.gpus->model) : "-";
        t.add({std::to_string(++rank), q.catalog_name, q.what.id, std::string(to_string(q.market)), gpus, format_duration(q.wall),
               format_duration(q.bill.billed), q.bill.rule, std::string(q.what.market_currency(q.market).code()),
               q.bill.total.to_string()});
    }
    out += t.render();
    for (const auto& s : r.skipped) out += "  skipped: " + s + "\n";
    out += fmt::format("\n  catalogs: {}\n", a.data_dir);
    out += "  one invoice in full: costsim quote --catalog FILE --offer ID --market on_demand --duration 10h\n";
    std::cout << out << std::flush;
    return 0;
}

}  // namespace costsim::cli
