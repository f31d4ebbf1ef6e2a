// simulator/commands.hpp — the costsim subcommands: thin shells over include/costsim.
//
// Each command parses nothing itself (main.cpp does, with CLI11), calls the library,
// and renders text or JSON. Output is composed in full before anything is printed, so
// a failure never leaves half an output behind.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace costsim::cli {

struct quote_args {
    std::string catalog, offer, market, duration, start, currency, egress_gb;
    bool json = false;
};

struct demo_args {
    std::string data_dir;  ///< empty: find the bundled pricing_data
    std::string gpu_hours = "10h";
    std::string start = "2026-02-01";
    std::string currency = "USD";
    bool json = false;
};

struct simulate_args {
    std::string scenario;
    std::uint64_t trials = 100000, seed = 1;
    unsigned threads = 0;
    double target_rel_ci = 0;
    bool json = false, csv = false, progress = false;
};

int run_quote(const quote_args& a);
int run_simulate(const simulate_args& a);
int run_demo(const demo_args& a);

/// The folder holding the bundled catalogs: $COSTSIM_DATA_DIR, the source tree this
/// binary was built from, or <prefix>/share/costsim/pricing_data next to an installed one.
std::string find_data_dir(const char* argv0);

}  // namespace costsim::cli
