// costsim/workflow/offer_list.hpp — the catalog browsed: offers filtered by GPU model, provider,
// place and market, sorted by the price of one market, as `costsim offers` and the Python
// module's `catalog.offers()` list them.
//
// Filters are text as the user gives them (lists comma-separated, GPU models without regard
// to case, the place a POSIX extended regular expression on region, zone or id); a filter
// that names what the catalog lacks, or that leaves nothing, is refused with the flag.
#pragma once

#include <algorithm>
#include <cctype>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "costsim/core/error.hpp"
#include "costsim/core/text.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/pricing/offer_lookup.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// The filters as text (empty: not given).
struct offer_filter {
    std::string gpu, cloud, region, market, max_price;
};

struct listed_offer {
    const offer* of = nullptr;
    std::optional<double> on_demand, spot;  ///< per hour, in the market's currency
    std::optional<double> monthly;          ///< per month
    double key = 0;                         ///< the sorting price (infinity: none)
};

struct offer_list {
    market_kind sorted_by = market_kind::on_demand;
    std::vector<listed_offer> rows;  ///< cheapest first; offers without the sorting price last
};

/// The offers that pass; input_error ("command line", the flag) for a malformed filter, a
/// GPU model or provider the catalog does not have, or filters that match nothing.
offer_list list_offers(const catalog& cat, const offer_filter& f);

/// `costsim offers --json`: the catalog (name, file, as_of, source), the sorting market and
/// one object per row (prices exact as text, billing, the date of its prices).
json to_json(const catalog& cat, const offer_list& l);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline offer_list list_offers(const catalog& cat, const offer_filter& f) {
    std::optional<market_kind> market;
    if (!f.market.empty()) market = flag_value("--market", [&] { return parse_market_kind(f.market); });
    std::optional<double> max_price;
    if (!f.max_price.empty())
        max_price = flag_value(
            "--max-price", [&] { return to_double(parse_decimal(f.max_price)); }, "a price per hour, such as 2.5");
    std::optional<offer_place_pattern> where;
    if (!f.region.empty()) flag_value("--region", [&] { where.emplace(f.region); });
    const std::vector<std::string> gpus = split_list(ascii_lower(f.gpu));
    const std::vector<std::string> clouds = split_list(f.cloud);
    for (const auto& c : clouds)
        if (std::none_of(cat.offers.begin(), cat.offers.end(), [&](const offer& o) { return o.provider == c; }))
            throw input_error("command line", "--cloud",
                              "a provider of catalog \"" + cat.name + "\" (\"" + c + "\" is none)");
    for (const auto& g : gpus)
        if (std::none_of(cat.offers.begin(), cat.offers.end(),
                         [&](const offer& o) { return o.gpus && ascii_lower(o.gpus->model) == g; }))
            throw input_error(
                "command line", "--gpu",
                "a GPU model of catalog \"" + cat.name + "\" (\"" + g + "\" is none; `costsim offers` lists them)");
    offer_list out;
    out.sorted_by = market.value_or(market_kind::on_demand);
    const market_kind by = out.sorted_by;
    for (const auto& o : cat.offers) {
        if (!gpus.empty() && (!o.gpus || std::find(gpus.begin(), gpus.end(), ascii_lower(o.gpus->model)) == gpus.end()))
            continue;
        if (!clouds.empty() && std::find(clouds.begin(), clouds.end(), o.provider) == clouds.end()) continue;
        if (where && !where->matches(o)) continue;
        if (market && !o.has_market(*market)) continue;
        listed_offer r{&o, listed_price_per_hour(o, market_kind::on_demand),
                       listed_price_per_hour(o, market_kind::spot), std::nullopt, 0};
        if (o.monthly && o.monthly->price.per == price_unit::month)
            r.monthly = to_double(o.monthly->price.amount.amount());
        const std::optional<double> sort_by = by == market_kind::on_demand ? r.on_demand
                                              : by == market_kind::spot    ? r.spot
                                                                           : listed_price_per_hour(o, by);
        r.key = sort_by.value_or(std::numeric_limits<double>::infinity());
        if (max_price && !(sort_by && *sort_by <= *max_price)) continue;
        out.rows.push_back(r);
    }
    if (out.rows.empty()) {
        // Named: the narrowest filter given (a price cap, a market, a place, then the rest).
        const char* flag = !f.max_price.empty() ? "--max-price"
                           : !f.market.empty()  ? "--market"
                           : !f.region.empty()  ? "--region"
                           : !f.gpu.empty()     ? "--gpu"
                                                : "--cloud";
        throw input_error("command line", flag,
                          "filters that match at least one offer of catalog \"" + cat.name + "\" (none does)");
    }
    std::stable_sort(out.rows.begin(), out.rows.end(),
                     [](const listed_offer& x, const listed_offer& y) { return x.key < y.key; });
    return out;
}

inline json to_json(const catalog& cat, const offer_list& l) {
    json list = json::array();
    for (const auto& r : l.rows) {
        const offer& o = *r.of;
        json j{
            {"id", o.id}, {"provider", o.provider}, {"region", o.region}, {"zone", o.zone}, {"instance", o.instance}};
        j["gpu"] = o.gpus ? json(o.gpus->model) : json(nullptr);
        j["gpus"] = o.gpus ? o.gpus->count : 0;
        j["gpu_memory_gib"] = o.gpus && o.gpus->memory_gib ? json(*o.gpus->memory_gib) : json(nullptr);
        for (market_kind m : {market_kind::on_demand, market_kind::spot, market_kind::monthly}) {
            const std::string k(to_string(m));
            if (!o.has_market(m)) {
                j[k] = nullptr;
                continue;
            }
            if (m == market_kind::spot && !std::holds_alternative<quoted_price>(o.spot->price)) {
                j[k] = {{"history", true}, {"per_hour_latest", *r.spot}};
                continue;
            }
            const quoted_price& q = m == market_kind::on_demand ? o.on_demand->price
                                    : m == market_kind::monthly ? o.monthly->price
                                                                : std::get<quoted_price>(o.spot->price);
            j[k] = {{"amount", to_decimal_string(q.amount.amount())},
                    {"currency", std::string(q.amount.currency_of().code())},
                    {"per", std::string(to_string(q.per))}};
        }
        j["spot_above_on_demand"] = r.spot && r.on_demand && *r.spot > *r.on_demand;
        j["billing"] = o.billing.describe(o.monthly && !o.on_demand ? market_kind::monthly : market_kind::on_demand);
        j["prices_as_of"] = to_string(cat.prices_as_of(o));
        list.push_back(j);
    }
    return json{{"catalog", cat.name},
                {"file", cat.file},
                {"as_of", format_date(cat.as_of)},
                {"source", cat.source},
                {"sorted_by", std::string(to_string(l.sorted_by))},
                {"offers", list}};
}

}  // namespace costsim
