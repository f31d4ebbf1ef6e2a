// The offer the layout programs build in code, without any file (pricing_without_json.cpp,
// engine_without_json.cpp): 3.06 USD/h on demand, 0.918 USD/h spot, per second with a
// 1 min minimum.
#pragma once

#include <chrono>

#include <costsim/pricing/offer.hpp>

inline costsim::offer in_code_offer() {
    using namespace costsim;
    const currency usd("USD");
    offer o;
    o.id = "aws/us-east-1/p3.2xlarge";
    o.provider = "aws";
    o.on_demand = hourly_market{quoted_price{money(parse_decimal("3.06"), usd), price_unit::hour, false, {}}};
    o.spot = spot_market{quoted_price{money(parse_decimal("0.918"), usd), price_unit::hour, false, {}}};
    o.billing.increment = increment_rule{std::chrono::seconds(1), std::chrono::seconds(60)};
    return o;
}
