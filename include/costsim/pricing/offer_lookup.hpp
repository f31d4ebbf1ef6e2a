// costsim/pricing/offer_lookup.hpp — finding an offer by the id a person typed.
//
// Offer ids are "<provider>/<zone or region>/<instance>": per zone where a cloud sells per
// zone (2026 AWS: "aws/use1-az6/p5.48xlarge"), per region elsewhere ("aws/us-east-1/
// p3.2xlarge" in the 2018 catalog). A person thinks in regions, so a region-level id
// ("aws/us-east-1/p5.48xlarge") is accepted wherever an id is, and means that instance in
// the region's cheapest zone for the market asked (on-demand when none is). An id that
// matches nothing gets one line naming at most five near ids, never the whole catalog.
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/text_pattern.hpp"
#include "costsim/pricing/catalog.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// An id resolved to an offer; `note` says how when it was not the exact id
/// ("aws/us-east-1/p5.48xlarge: the cheapest of 6 zones, use1-az4").
struct offer_match {
    const offer* found = nullptr;
    std::string note;
};

/// The offer with this exact id, else the region-level match (cheapest zone of the
/// region for `market`; on-demand when not given), else nothing.
offer_match find_offer(const catalog& cat, std::string_view id, std::optional<market_kind> market = std::nullopt);

/// Up to `n` ids of the catalog nearest to `id` (edit distance, case-insensitive; ids that
/// share its instance name first).
std::vector<std::string> near_offer_ids(const catalog& cat, std::string_view id, std::size_t n = 5);

/// Levenshtein distance, ASCII case-insensitive (for "did you mean").
std::size_t edit_distance(std::string_view a, std::string_view b);
/// An offer's list price per hour in market `m`, as a double, for sorting and comparing
/// offers (none when it lacks the market; a spot history gives its latest price).
std::optional<double> listed_price_per_hour(const offer& o, market_kind m);

/// A --region pattern: a POSIX extended regular expression, case-insensitive, searched
/// in an offer's region, zone and id ("^us-", "europe|eu-", "use1-az6").
class offer_place_pattern {
public:
    /// Throws value_error naming the pattern and what is wrong with it.
    explicit offer_place_pattern(const std::string& pattern) : re_(pattern) {}
    bool matches(const offer& o) const { return re_.search(o.region) || re_.search(o.zone) || re_.search(o.id); }

private:
    text_pattern re_;
};

/// What an error says after "expected": `an offer id of catalog "NAME" ("ID" is none;
/// did you mean a, b, c?)`, kept under 300 characters.
std::string unknown_offer_text(const catalog& cat, std::string_view id);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
            diag = up;
        }
    }
    return row[b.size()];
}

inline std::optional<double> listed_price_per_hour(const offer& o, market_kind m) {
    try {
        if (m == market_kind::on_demand && o.on_demand)
            return to_double(o.on_demand->price.hourly().per_hour().amount());
        if (m == market_kind::spot && o.spot) return to_double(o.spot->headline().per_hour().amount());
        if (m == market_kind::monthly && o.monthly) return to_double(o.monthly->price.hourly().per_hour().amount());
    } catch (const std::exception&) {
        return std::nullopt;  // a price that cannot be read per hour does not rank zones
    }
    return std::nullopt;
}

inline offer_match find_offer(const catalog& cat, std::string_view id, std::optional<market_kind> market) {
    if (const offer* o = cat.find(id)) return {o, {}};
    // "provider/region/instance": the instance in the region's zones.
    const auto a = id.find('/'), b = a == std::string_view::npos ? a : id.find('/', a + 1);
    if (b == std::string_view::npos || id.find('/', b + 1) != std::string_view::npos) return {};
    const std::string_view provider = id.substr(0, a), region = id.substr(a + 1, b - a - 1),
                           instance = id.substr(b + 1);
    const market_kind m = market.value_or(market_kind::on_demand);
    const offer* best = nullptr;
    std::optional<double> best_price;
    std::size_t zones = 0;
    for (const auto& o : cat.offers) {
        if (o.zone.empty() || o.provider != provider || o.region != region || o.instance != instance) continue;
        ++zones;
        const auto p = listed_price_per_hour(o, m);
        if (!best || (p && (!best_price || *p < *best_price))) {
            best = &o;
            best_price = p;
        }
    }
    if (!best) return {};
    return {best, std::string(id) + ": the " +
                      (zones > 1 ? "cheapest " + std::string(to_string(m)) + " of " + std::to_string(zones) + " zones, "
                                 : std::string("only zone, ")) +
                      best->zone + " (" + best->id + ")"};
}

inline std::vector<std::string> near_offer_ids(const catalog& cat, std::string_view id, std::size_t n) {
    const auto slash = id.rfind('/');
    const std::string_view instance = slash == std::string_view::npos ? id : id.substr(slash + 1);
    struct scored {
        bool other_instance;
        std::size_t distance;
        const std::string* id;
    };
    std::vector<scored> all;
    all.reserve(cat.offers.size());
    for (const auto& o : cat.offers) all.push_back({o.instance != instance, edit_distance(id, o.id), &o.id});
    const std::size_t k = std::min(n, all.size());
    std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(k), all.end(),
                      [](const scored& x, const scored& y) {
                          if (x.other_instance != y.other_instance) return !x.other_instance;
                          if (x.distance != y.distance) return x.distance < y.distance;
                          return *x.id < *y.id;
                      });
    std::vector<std::string> out;
    for (std::size_t i = 0; i < k; ++i) out.push_back(*all[i].id);
    return out;
}

inline std::string unknown_offer_text(const catalog& cat, std::string_view id) {
    std::string shown(id.substr(0, 80));
    if (id.size() > 80) shown += "...";
    std::string out = "an offer id of catalog \"" + cat.name.substr(0, 40) + "\" (\"" + shown + "\" is none";
    std::string near;
    for (const auto& s : near_offer_ids(cat, id, 5)) {
        if (out.size() + near.size() + s.size() + 20 > 200) break;
        near += (near.empty() ? "" : ", ") + s;
    }
    if (!near.empty()) out += "; did you mean " + near + "?";
    return out + " `costsim offers` lists them)";
}

}  // namespace costsim
