// costsim/pricing/rank.hpp — quote one job on every offer and market, in one currency, ranked.
//
// The data flow reads as a sentence: every (catalog, offer, market) → quote the run →
// convert to the comparison currency with the catalog's own dated rate → sort by total.
// Offers whose currency has no rate in their catalog are listed as skipped, with why.
#pragma once

#include <string>
#include <vector>

#include <range/v3/action/stable_sort.hpp>
#include <range/v3/range/conversion.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/for_each.hpp>
#include <range/v3/view/transform.hpp>

#include "costsim/pricing/catalog.hpp"
#include "costsim/pricing/invoice.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// A job to price everywhere: `gpu_hours` of GPU time (wall time = gpu_hours / GPU count,
/// i.e. perfect multi-GPU scaling; an offer without GPUs runs gpu_hours of wall time).
struct ranked_job {
    usec gpu_hours;
    timestamp start;
    currency in_currency;
};

/// A row owns copies of what it names, so a ranking outlives the catalogs it came from.
struct ranked_quote {
    std::string catalog_name;
    std::size_t catalog_index;  ///< position of its catalog in the input
    offer what;
    market_kind market;
    usec wall;
    invoice bill;  ///< in the job's currency
};

struct ranking {
    std::vector<ranked_quote> rows;    ///< cheapest first (ties: catalog order)
    std::vector<std::string> skipped;  ///< "catalog/offer market: why"
};

ranking rank_offers(const std::vector<catalog>& catalogs, const ranked_job& job);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline ranking rank_offers(const std::vector<catalog>& catalogs, const ranked_job& job) {
    struct candidate {
        const catalog* cat;
        const offer* off;
        market_kind market;
    };
    constexpr market_kind markets[] = {market_kind::on_demand, market_kind::spot, market_kind::monthly};
    auto candidates = catalogs | ranges::views::for_each([&](const catalog& c) {
                          return c.offers | ranges::views::for_each([&c, &markets](const offer& o) {
                                     return markets |
                                            ranges::views::filter([&o](market_kind m) { return o.has_market(m); }) |
                                            ranges::views::transform([&c, &o](market_kind m) {
                                                return candidate{&c, &o, m};
                                            });
                                 });
                      }) |
                      ranges::to<std::vector>();
    ranking out;
    for (const candidate& c : candidates) {
        int gpus = c.off->gpus ? c.off->gpus->count : 1;
        usec wall(job.gpu_hours.count() / gpus);  // to the microsecond below, for GPU counts that do not divide
        try {
            invoice inv = quote(*c.cat, *c.off, {c.market, job.start, wall, std::nullopt, job.in_currency});
            out.rows.push_back({c.cat->name, static_cast<std::size_t>(c.cat - catalogs.data()), *c.off, c.market, wall,
                                std::move(inv)});
        } catch (const model_error& e) {
            out.skipped.push_back(c.cat->name + "/" + c.off->id + " " + std::string(to_string(c.market)) + ": " +
                                  e.what());
        }
    }
    out.rows |= ranges::actions::stable_sort([](const ranked_quote& a, const ranked_quote& b) {
        return a.bill.total_exact.amount() < b.bill.total_exact.amount();
    });
    return out;
}

}  // namespace costsim
