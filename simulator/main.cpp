// simulator/main.cpp — the `costsim` command: argument parsing and dispatch only.
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/error.hpp"

namespace {

// CLI11 reads "--duration -5m" as a missing value followed by an unknown flag; glue such
// values to their option so the duration parser can say what is wrong with them.
std::vector<std::string> glue_dash_values(int argc, char** argv) {
    static const char* const valued[] = {
        "--duration", "--start",   "--egress-gb",       "--currency",         "--trials",   "--target-rel-ci",
        "--seed",     "--threads", "--deadline",        "--months",           "--runs",     "--time-scale",
        "--work",     "--memory",  "--checkpoint-cost", "--restart-overhead", "--max-price"};
    std::vector<std::string> out;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        bool is_valued = false;
        for (const char* v : valued) is_valued = is_valued || a == v;
        if (is_valued && i + 1 < argc && argv[i + 1][0] == '-') {
            out.push_back(a + "=" + argv[++i]);
        } else {
            out.push_back(a);
        }
    }
    return out;
}

}  // namespace

namespace costsim::cli {

int run_command(const std::function<int()>& run) {
    try {
        return run();
    } catch (const value_error& e) {  // a flag's value, parsed where no file is involved
        std::cerr << "costsim: command line: " << e.what() << "\n";
    } catch (const error& e) {  // input_error: the file (or "command line"), the pointer or flag, what was expected
        std::cerr << "costsim: " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "costsim: internal error: " << e.what() << "\n";
        return 1;
    }
    return 2;
}

}  // namespace costsim::cli

int main(int argc, char** argv) {
    CLI::App app{"costsim: what an ML job will cost, and how long it will take, on each offer"};
    app.name("costsim");  // parse(vector) never sees argv[0]: without this, usage reads "Usage: [OPTIONS]"
    app.require_subcommand(0, 1);
    app.set_version_flag("--version", std::string("costsim ") + COSTSIM_VERSION);
    using namespace costsim::cli;
    const std::vector<command> commands{add_quote(app),     add_simulate(app), add_plan(app),    add_offers(app),
                                        add_breakeven(app), add_report(app),   add_replay(app),  add_trace_stats(app),
                                        add_import(app),    add_validate(app), add_failover(app)};
    const command demo = add_demo(app);  // `costsim` alone runs the demo
    try {
        std::vector<std::string> args = glue_dash_values(argc, argv);
        std::reverse(args.begin(), args.end());  // CLI11 takes the vector reversed
        app.parse(args);
    } catch (const CLI::Success& e) {  // --help, --help-all, --version
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "costsim: command line: " << e.what() << " (see costsim --help)\n";
        return 2;
    }
    for (const command& c : commands)
        if (*c.app) return run_command(c.run);
    return run_command(demo.run);
}
