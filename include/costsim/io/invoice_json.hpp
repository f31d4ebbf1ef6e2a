// costsim/io/invoice_json.hpp — an invoice as `costsim quote --json` writes it (SPEC.md):
// amounts as decimal strings, the exact value beside the rounded one, and the fraction
// when the decimal expansion does not end.
#pragma once

#include "costsim/io/catalog_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/pricing/invoice.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// SPEC.md's `quote --json` object: amounts as decimal strings.
json to_json(const invoice& inv);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline json to_json(const invoice& inv) {
    auto secs = [](usec d) -> json {
        if (d.count() % 1000000 == 0) return d.count() / 1000000;
        return static_cast<double>(d.count()) / 1e6;
    };
    json lines = json::array();
    for (const auto& l : inv.lines) {
        json j{{"item", l.item},
               {"billed_seconds", secs(l.billed)},
               {"exact", to_decimal_string(l.exact.amount())},
               {"amount", round_half_up(l.exact).to_string()}};
        if (!l.month.empty()) j["month"] = l.month;
        if (!is_terminating(l.exact.amount())) j["exact_fraction"] = to_fraction_string(l.exact.amount());
        if (!(l.original.currency_of() == inv.in_currency)) j["original"] = to_json(l.original);
        lines.push_back(j);
    }
    json j{{"offer", inv.offer_id},
           {"market", std::string(to_string(inv.market))},
           {"currency", std::string(inv.in_currency.code())},
           {"start", format_timestamp(inv.start)},
           {"duration_seconds", secs(inv.duration)},
           {"billed_seconds", secs(inv.billed)},
           {"lines", lines},
           {"total_exact", to_decimal_string(inv.total_exact.amount())}};
    if (!is_terminating(inv.total_exact.amount()))
        j["total_exact_fraction"] = to_fraction_string(inv.total_exact.amount());
    j["total"] = inv.total.to_string();
    j["billing"] = inv.rule;
    if (!inv.rates_used.empty()) {
        json r = json::array();
        for (const auto& x : inv.rates_used) r.push_back(to_json(x));
        j["exchange_rates"] = r;
    }
    return j;
}

}  // namespace costsim
