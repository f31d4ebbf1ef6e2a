// costsim/workflow/quote_offer.hpp — "what does this offer bill for this run?" asked as text
// (an offer id, a market, a duration, a start), as `costsim quote` and the Python module ask.
//
// The id is found exactly or at region level (find_offer: "aws/us-east-1/p3.2xlarge" is the
// region's cheapest zone, said in `lookup_note`); the text is parsed and checked once, here,
// so both front ends refuse the same input with the same line.
#pragma once

#include <chrono>
#include <string>

#include "costsim/core/error.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/pricing/invoice.hpp"
#include "costsim/pricing/offer_lookup.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// A quote as text (empty: not given; the start defaults to default_campaign_start, the
/// currency to the market's).
struct quote_flags {
    std::string offer, market = "on_demand", duration, start, currency, egress_gb;
};

struct offer_quote {
    const offer* of = nullptr;  ///< into the catalog
    std::string lookup_note;    ///< how a region-level id was matched; empty for an exact id
    invoice inv;
};

/// The invoice of one run; input_error naming the catalog file and JSON pointer (an unknown
/// id with near ids, a missing market, missing egress tiers or exchange rate) or the flag
/// ("command line", "--duration") for malformed text.
offer_quote quote_offer(const catalog& cat, const quote_flags& f);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline offer_quote quote_offer(const catalog& cat, const quote_flags& f) {
    quote_request req;
    req.market = flag_value("--market", [&] { return parse_market_kind(f.market); });
    const offer_match found = find_offer(cat, f.offer, req.market);
    const offer* o = found.found;
    if (!o) throw input_error(cat.file, "/offers", unknown_offer_text(cat, f.offer));
    const std::string at = "/offers/" + std::to_string(o - cat.offers.data());
    if (!o->has_market(req.market)) {
        std::string have;
        for (auto m : {market_kind::on_demand, market_kind::spot, market_kind::monthly})
            if (o->has_market(m)) have += (have.empty() ? "" : ", ") + std::string(to_string(m));
        throw input_error(cat.file, at + "/markets",
                          "a \"" + f.market + "\" market for offer \"" + o->id + "\" (it has: " + have + ")");
    }
    req.duration = flag_value("--duration", [&] { return parse_duration(f.duration); });
    req.start =
        f.start.empty() ? default_campaign_start : flag_value("--start", [&] { return parse_timestamp(f.start); });
    if (!f.currency.empty()) req.in_currency = flag_value("--currency", [&] { return currency(f.currency); });
    if (!f.egress_gb.empty())
        req.egress = flag_value("--egress-gb", [&] { return gigabytes(parse_decimal(f.egress_gb)); });
    if (req.egress && o->egress.empty() && req.egress->get() > 0)
        throw input_error(cat.file, at + "/egress", "egress tiers for offer \"" + o->id + "\" (--egress-gb was given)");
    try {
        return {o, found.note, quote(cat, *o, req)};
    } catch (const missing_exchange_rate& e) {
        throw input_error(cat.file, "/exchange_rates", e.what());
    } catch (const model_error& e) {
        throw input_error(cat.file, at + "/markets/" + f.market, e.what());
    }
}

}  // namespace costsim
