// costsim/pricing/catalog.hpp — a catalog: dated, sourced offers and the exchange rates between
// their currencies. The types only: reading and writing the `costsim.catalog/v1` file is
// io/catalog_json.hpp, so that pricing (invoice.hpp, rank.hpp, breakeven.hpp) needs no
// JSON library.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/error.hpp"
#include "costsim/core/money.hpp"
#include "costsim/pricing/offer.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct catalog {
    std::string name, source, notes;
    date::year_month_day as_of{};
    std::optional<costsim::currency> currency;  ///< default for prices that name none
    std::vector<exchange_rate> exchange_rates;
    std::vector<offer> offers;
    std::string file;  ///< where it was loaded from (for messages); not serialised

    const offer* find(std::string_view id) const noexcept;
    /// When `o`'s prices are from: its own date where it has one, else the catalog's as_of.
    price_date prices_as_of(const offer& o) const noexcept {
        return o.prices_as_of.value_or(price_date{as_of, date_bound::on});
    }
    /// The catalog's rate from -> to: as listed, or the inverse of the listed to -> from.
    std::optional<exchange_rate> rate(const costsim::currency& from, const costsim::currency& to) const;
};

/// `m` in currency `to` at the catalog's rate (unchanged when it is already in `to`). The
/// rate used is added to `*used`, once, when `used` is given. Throws missing_exchange_rate
/// ("no exchange rate from EUR to USD in catalog "NAME"") when the catalog has none.
money convert(const catalog& cat, const money& m, const currency& to, std::vector<exchange_rate>* used = nullptr);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline const offer* catalog::find(std::string_view id) const noexcept {
    auto it = std::find_if(offers.begin(), offers.end(), [&](const offer& o) { return o.id == id; });
    return it == offers.end() ? nullptr : &*it;
}

inline std::optional<exchange_rate> catalog::rate(const costsim::currency& from, const costsim::currency& to) const {
    for (const auto& r : exchange_rates)
        if (r.from == from && r.to == to) return r;
    for (const auto& r : exchange_rates)
        if (r.from == to && r.to == from) return r.inverse();
    return std::nullopt;
}

inline money convert(const catalog& cat, const money& m, const currency& to, std::vector<exchange_rate>* used) {
    if (m.currency_of() == to) return m;
    auto r = cat.rate(m.currency_of(), to);
    if (!r)
        throw missing_exchange_rate("no exchange rate from " + std::string(m.currency_of().code()) + " to " +
                                    std::string(to.code()) + " in catalog \"" + cat.name + "\"");
    if (used && std::none_of(used->begin(), used->end(),
                             [&](const exchange_rate& u) { return u.from == r->from && u.to == r->to; }))
        used->push_back(*r);
    return convert(m, *r);
}

}  // namespace costsim
