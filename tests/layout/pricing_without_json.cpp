// quote(), ranking and break-even compile and run without the JSON library (issue 17):
// a planning tool can price offers it builds in code. This file fails to compile if any
// pricing header pulls nlohmann/json in, and the test fails if the invoice is wrong.
#include <costsim/pricing/breakeven.hpp>
#include <costsim/pricing/catalog.hpp>
#include <costsim/pricing/invoice.hpp>
#include <costsim/pricing/rank.hpp>

#ifdef NLOHMANN_JSON_VERSION_MAJOR
#error "a pricing header includes nlohmann/json: its reader or writer belongs in costsim/io/"
#endif

#include <chrono>
#include <cstdio>

#include "in_code_offer.hpp"

int main() {
    using namespace costsim;
    catalog cat;
    cat.name = "in code";
    cat.offers.push_back(in_code_offer());
    // 90 s per second with a 1 min minimum at 3.06 $/h: 90 × 3.06 / 3600 = 0.0765 exactly, 0.08 rounded.
    const invoice inv =
        quote(cat, cat.offers[0],
              {market_kind::on_demand, default_campaign_start, std::chrono::seconds(90), std::nullopt, std::nullopt});
    // 30 s is billed as the 1 min minimum: 0.051 exactly, 0.05 rounded.
    const invoice min =
        quote(cat, cat.offers[0],
              {market_kind::on_demand, default_campaign_start, std::chrono::seconds(30), std::nullopt, std::nullopt});
    const bool ok = to_decimal_string(inv.total_exact.amount()) == "0.0765" && inv.total.to_string() == "0.08" &&
                    to_decimal_string(min.total_exact.amount()) == "0.051" && min.total.to_string() == "0.05";
    std::printf("%s %s, %s %s: %s\n", to_decimal_string(inv.total_exact.amount()).c_str(),
                inv.total.to_string().c_str(), to_decimal_string(min.total_exact.amount()).c_str(),
                min.total.to_string().c_str(), ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
