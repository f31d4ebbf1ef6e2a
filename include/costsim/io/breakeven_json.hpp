// costsim/io/breakeven_json.hpp — break-even results as `costsim breakeven --json` writes
// them: amounts and ratios as decimal strings, with their exact fractions.
#pragma once

#include "costsim/io/catalog_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/pricing/breakeven.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

json to_json(const dedicated_breakeven& b);
json to_json(const gpu_cpu_breakeven& b);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline json to_json(const dedicated_breakeven& b) {
    json j{{"months", b.months},
           {"currency", std::string(b.commitment.currency_of().code())},
           {"commitment_exact", to_decimal_string(b.commitment.amount())},
           {"commitment", round_half_up(b.commitment).to_string()},
           {"hourly_price", to_decimal_string(b.hourly.per_hour().amount())},
           {"month_hours", 730}};
    if (b.hours_per_month) {
        j["hours_per_month"] = to_decimal_string(*b.hours_per_month, 6);
        j["hours_per_month_fraction"] = to_fraction_string(*b.hours_per_month);
        j["utilisation"] = to_decimal_string(exact(*b.hours_per_month / breakeven_month_hours), 6);
    } else {
        j["hours_per_month"] = nullptr;
        j["utilisation"] = nullptr;
    }
    json r = json::array();
    for (const auto& x : b.rates_used) r.push_back(to_json(x));
    if (!r.empty()) j["exchange_rates"] = r;
    return j;
}

inline json to_json(const gpu_cpu_breakeven& b) {
    return json{{"currency", std::string(b.gpu.currency_of().code())},
                {"gpu_price_per_hour", to_decimal_string(b.gpu.per_hour().amount())},
                {"cpu_price_per_hour", to_decimal_string(b.cpu.per_hour().amount())},
                {"throughput_ratio", to_decimal_string(b.throughput_ratio, 6)},
                {"throughput_ratio_fraction", to_fraction_string(b.throughput_ratio)}};
}

}  // namespace costsim
