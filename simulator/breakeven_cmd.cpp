// simulator/breakeven_cmd.cpp — `costsim breakeven`: dedicated vs hourly, GPU vs CPU.
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "text.hpp"

namespace costsim::cli {

namespace {
// An offer named by a flag (--monthly, --hourly, --gpu, --cpu): its id, or a region-level id.
const offer& offer_of(const catalog& cat, const char* flag, const std::string& id) {
    if (const offer* o = costsim::find_offer(cat, id).found) return *o;
    throw input_error(cat.file, "/offers", unknown_offer_text(cat, id) + " (" + flag + ")");
}
}  // namespace

int run_breakeven(const breakeven_args& a) {
    catalog cat = load_catalog(a.catalog);
    currency in = flag_value("--currency", [&] { return currency(a.currency); });
    auto wrap = [&](auto f) {
        return in_context(a.catalog, "/offers", [&] {
            try {
                return f();
            } catch (const missing_exchange_rate& e) {  // not the offer's fault: the catalog's rates
                throw input_error(a.catalog, "/exchange_rates", e.what());
            }
        });
    };
    std::string out;
    if (!a.monthly.empty()) {
        if (a.hourly.empty())
            throw input_error("command line", "--hourly", "an hourly offer to compare --monthly with");
        const offer& m = offer_of(cat, "--monthly", a.monthly);
        const offer& h = offer_of(cat, "--hourly", a.hourly);
        dedicated_breakeven b = wrap([&] { return breakeven_dedicated(cat, m, h, a.months, in); });
        if (a.json) {
            json j = to_json(b);
            j["monthly_offer"] = m.id;
            j["hourly_offer"] = h.id;
            out = j.dump() + "\n";
        } else {
            out = bold(fmt::format("Break-even: {} (monthly) vs {} (hourly), {} months", m.id, h.id, a.months)) + "\n";
            out += fmt::format("  commitment  {} {} (= {} x monthly + setup fee)\n",
                               round_half_up(b.commitment).to_string(), in.code(), a.months);
            out += fmt::format("  hourly      {} {}/h{}\n", to_decimal_string(b.hourly.per_hour().amount(), 6),
                               in.code(), h.billing.sustained ? " before sustained-use discounts" : "");
            if (b.hours_per_month)
                out += fmt::format(
                    "  the dedicated server is cheaper above {} h of use per month ({} % of a 730 h month)\n",
                    to_decimal_string(*b.hours_per_month, 2),
                    to_decimal_string(exact(*b.hours_per_month * 100 / breakeven_month_hours), 1));
            else
                out += "  the hourly offer is cheaper even at 730 h of use every month\n";
            for (const auto& r : b.rates_used) out += "  rate        " + describe(r) + "\n";
        }
    } else if (!a.gpu.empty()) {
        if (a.cpu.empty()) throw input_error("command line", "--cpu", "a CPU offer to compare --gpu with");
        const offer& g = offer_of(cat, "--gpu", a.gpu);
        const offer& c = offer_of(cat, "--cpu", a.cpu);
        gpu_cpu_breakeven b = wrap([&] { return breakeven_gpu_cpu(cat, g, c, in); });
        if (a.json) {
            json j = to_json(b);
            j["gpu_offer"] = g.id;
            j["cpu_offer"] = c.id;
            out = j.dump() + "\n";
        } else {
            out = bold(fmt::format("Break-even: {} (GPU) vs {} (CPU)", g.id, c.id)) + "\n";
            out += fmt::format("  prices      {} vs {} {}/h\n", to_decimal_string(b.gpu.per_hour().amount(), 6),
                               to_decimal_string(b.cpu.per_hour().amount(), 6), in.code());
            out += fmt::format("  the GPU offer is cheaper per solution when its throughput exceeds {} x the CPU's\n",
                               to_decimal_string(b.throughput_ratio, 4));
        }
    } else {
        throw input_error("command line", "--monthly", "--monthly ID --hourly ID, or --gpu ID --cpu ID");
    }
    std::cout << out << std::flush;
    return 0;
}

// `costsim breakeven`: its options, registered on the app; run when named.
command add_breakeven(CLI::App& app) {
    auto be = std::make_shared<breakeven_args>();
    auto* breakeven =
        app.add_subcommand("breakeven", "dedicated vs hourly utilisation, or GPU vs CPU throughput ratio");
    breakeven->add_option("--catalog", be->catalog, "costsim.catalog/v1 file")->required();
    breakeven->add_option("--monthly", be->monthly, "monthly (dedicated) offer id");
    breakeven->add_option("--hourly", be->hourly, "hourly offer id to compare it with");
    breakeven->add_option("--months", be->months, "commitment in months (default 12)")->check(CLI::Range(1, 1200));
    breakeven->add_option("--gpu", be->gpu, "GPU offer id");
    breakeven->add_option("--cpu", be->cpu, "CPU offer id to compare it with");
    breakeven->add_option("--currency", be->currency, "comparison currency (default USD)");
    breakeven->add_flag("--json", be->json, "one JSON object");
    return {breakeven, [be] { return run_breakeven(*be); }};
}

}  // namespace costsim::cli
