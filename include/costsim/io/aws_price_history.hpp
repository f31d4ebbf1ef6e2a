// costsim/io/aws_price_history.hpp — AWS `describe-spot-price-history` output, as spot price histories.
//
// `aws ec2 describe-spot-price-history --output json` prints pages of
//     {"SpotPriceHistory": [{"AvailabilityZone": "us-east-1a", "InstanceType": "p3.2xlarge",
//       "ProductDescription": "Linux/UNIX", "SpotPrice": "0.918000",
//       "Timestamp": "2023-04-20T11:04:41+00:00"}, ...], "NextToken": "..."}
// A file may hold one page, several pages concatenated (`>>` after each call), or a JSON
// array of pages. Prices are decimal strings (kept exact), timestamps ISO 8601 with a UTC
// offset ("Z", "+00:00", "+0000" or "-05:00"; converted to UTC); prices are per hour in USD.
// Reading is strict about what it uses: a missing field, a number where a price string
// belongs, a negative or malformed price, a bad timestamp, or no records at all is an
// input_error naming the file ("FILE (page 2)" for the second concatenated page) and the
// JSON pointer. Other fields AWS may add are ignored.
//
// `histories` groups the records by (zone, instance type, product) into time-ordered
// costsim spot_history values (duplicates of one instant must agree), and
// `to_catalog` turns them into a costsim.catalog/v1 catalog with one spot offer each
// ("aws/<zone>/<type>[/<product>]"), billed per second with a 60 s minimum (AWS Linux).
#pragma once

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "costsim/io/catalog_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/pricing/offer.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct spot_price_record {
    std::string zone, instance_type, product;
    exact price;  ///< USD per hour
    timestamp at;
};

/// All records of all pages, in file order.
std::vector<spot_price_record> parse_aws_price_history_text(const std::string& text, const std::string& file);
std::vector<spot_price_record> load_aws_price_history(const std::string& path);

struct spot_price_series {
    std::string zone, instance_type, product;
    spot_history history;  ///< oldest first, USD per hour
};
/// Grouped by (zone, type, product), sorted by key; input_error (naming `file`) when one
/// instant has two different prices.
std::vector<spot_price_series> histories(const std::vector<spot_price_record>& records, const std::string& file);

/// A catalog of one spot offer per series; `as_of` = the latest record's day.
catalog to_catalog(const std::vector<spot_price_series>& series, const std::string& name, const std::string& source);

/// ISO 8601 with an offset: "2023-04-20T11:04:41+00:00", "...Z", "...-0500". value_error.
timestamp parse_iso8601_offset(const std::string& s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline timestamp parse_iso8601_offset(const std::string& s) {
    auto bad = [&] { return value_error("an ISO 8601 time such as \"2023-04-20T11:04:41+00:00\", got \"" + s + "\""); };
    if (s.size() < 20) throw bad();
    std::string base = s, off;
    if (s.back() == 'Z') {
        base = s.substr(0, s.size() - 1);
    } else {
        auto p = s.find_last_of("+-");
        if (p == std::string::npos || p < 19) throw bad();
        base = s.substr(0, p);
        off = s.substr(p);
    }
    timestamp t;
    try {
        t = parse_timestamp(base + "Z");
    } catch (const value_error&) {
        throw bad();
    }
    if (!off.empty()) {
        std::string digits;
        for (char c : off.substr(1))
            if (c != ':') digits += c;
        if (digits.size() != 4 || !std::all_of(digits.begin(), digits.end(),
                                               [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
            throw bad();
        int minutes = std::stoi(digits.substr(0, 2)) * 60 + std::stoi(digits.substr(2, 2));
        if (minutes > 14 * 60) throw bad();
        t -= std::chrono::minutes(off[0] == '+' ? minutes : -minutes);
    }
    return t;
}

namespace detail {

inline void read_price_page(const json_cursor& page, std::vector<spot_price_record>& out) {
    if (!page.value().is_object())
        page.fail("an object {\"SpotPriceHistory\": [...]}, got " + json_type_name(page.value()));
    for (const auto& r : page["SpotPriceHistory"].elements()) {
        if (!r.value().is_object()) r.fail("a price record object, got " + json_type_name(r.value()));
        spot_price_record rec;
        rec.zone = r["AvailabilityZone"].string();
        rec.instance_type = r["InstanceType"].string();
        rec.product = r["ProductDescription"].string();
        auto p = r["SpotPrice"];
        if (!p.value().is_string()) p.fail("a price string such as \"0.918000\", got " + json_type_name(p.value()));
        rec.price = p.decimal();
        auto ts = r["Timestamp"];
        rec.at = ts.in_context([&] { return parse_iso8601_offset(ts.string()); });
        out.push_back(std::move(rec));
    }
}

}  // namespace detail

inline std::vector<spot_price_record> parse_aws_price_history_text(const std::string& text, const std::string& file) {
    std::vector<json> pages;
    // Concatenated pages: parse values one after another.
    std::size_t pos = 0;
    const std::size_t n = text.size();
    auto skip_ws = [&] {
        while (pos < n && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
    };
    skip_ws();
    if (pos == n) throw input_error(file, "", "valid JSON (the file is empty)");
    while (pos < n) {
        // Find the end of one JSON value by bracket matching outside strings.
        std::size_t start = pos, depth = 0;
        bool in_str = false, esc = false, done = false;
        for (; pos < n && !done; ++pos) {
            char c = text[pos];
            if (in_str) {
                if (esc)
                    esc = false;
                else if (c == '\\')
                    esc = true;
                else if (c == '"')
                    in_str = false;
                continue;
            }
            if (c == '"')
                in_str = true;
            else if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (depth == 0) break;
                if (--depth == 0) done = true;
            }
        }
        if (!done) pos = n;
        std::string label = pages.empty() ? file : file + " (page " + std::to_string(pages.size() + 1) + ")";
        pages.push_back(parse_json_text(text.substr(start, pos - start), label));
        skip_ws();
    }
    std::vector<spot_price_record> out;
    if (pages.size() == 1 && pages[0].is_array()) {
        json_cursor arr(pages[0], file);
        for (const auto& p : arr.elements(true)) detail::read_price_page(p, out);
    } else {
        for (std::size_t i = 0; i < pages.size(); ++i)
            detail::read_price_page(
                json_cursor(pages[i], i == 0 ? file : file + " (page " + std::to_string(i + 1) + ")"), out);
    }
    if (out.empty()) throw input_error(file, "/SpotPriceHistory", "at least one price record (the history is empty)");
    return out;
}

inline std::vector<spot_price_record> load_aws_price_history(const std::string& path) {
    return parse_aws_price_history_text(read_input_file(path), path);
}

inline std::vector<spot_price_series> histories(const std::vector<spot_price_record>& records,
                                                const std::string& file) {
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<const spot_price_record*>> groups;
    for (const auto& r : records) groups[{r.zone, r.instance_type, r.product}].push_back(&r);
    std::vector<spot_price_series> out;
    for (auto& [key, recs] : groups) {
        std::stable_sort(recs.begin(), recs.end(), [](auto* a, auto* b) { return a->at < b->at; });
        spot_price_series s{std::get<0>(key), std::get<1>(key), std::get<2>(key),
                            spot_history{{}, currency("USD"), price_unit::hour}};
        for (const auto* r : recs) {
            if (!s.history.points.empty() && s.history.points.back().from == r->at) {
                if (s.history.points.back().amount != r->price)
                    throw input_error(file, "/SpotPriceHistory",
                                      "one price per instant (" + r->zone + " " + r->instance_type + " " + r->product +
                                          " at " + format_timestamp(r->at) + " has two)");
                continue;
            }
            s.history.points.push_back({r->at, r->price});
        }
        out.push_back(std::move(s));
    }
    return out;
}

inline catalog to_catalog(const std::vector<spot_price_series>& series, const std::string& name,
                          const std::string& source) {
    catalog c;
    c.name = name;
    c.source = source;
    c.currency = currency("USD");
    timestamp latest{};
    std::map<std::pair<std::string, std::string>, int> products;
    for (const auto& s : series) ++products[{s.zone, s.instance_type}];
    for (const auto& s : series) {
        offer o;
        o.provider = "aws";
        o.region = s.zone;
        o.instance = s.instance_type;
        o.id = "aws/" + s.zone + "/" + s.instance_type;
        if (products[{s.zone, s.instance_type}] > 1) o.id += "/" + s.product;
        o.spot = spot_market{s.history};
        o.billing.increment = increment_rule{usec(std::chrono::seconds(1)), usec(std::chrono::seconds(60))};
        o.notes = "spot price history of " + s.product + " from describe-spot-price-history";
        latest = std::max(latest, s.history.points.back().from);
        c.offers.push_back(std::move(o));
    }
    c.as_of = date::year_month_day{date::floor<date::days>(latest)};
    return c;
}

}  // namespace costsim
