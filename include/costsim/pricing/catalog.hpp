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
    /// The catalog's rate from -> to: as listed, or the inverse of the listed to -> from.
    std::optional<exchange_rate> rate(const costsim::currency& from, const costsim::currency& to) const;
};

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

}  // namespace costsim
