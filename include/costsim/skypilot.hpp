// costsim/skypilot.hpp — the SkyPilot catalog CSV (skypilot-catalog vms.csv), as a costsim catalog.
//
// Columns (any order; others are ignored):
//     InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,
//     Region,AvailabilityZone
// one row per instance type and region (or zone). CSV per RFC 4180: fields may be quoted,
// quotes inside doubled; GpuInfo is a quoted Python/JSON dict from which only
// 'SizeInMiB' (GPU memory) is taken.
//
// Each row becomes one offer "<provider>/<zone, else region>/<instance>": on-demand at
// Price and spot at SpotPrice (USD per hour; either may be empty, not both), GPUs from
// AcceleratorName × AcceleratorCount, vCPUs and memory. When several rows share that id
// (GCP lists one instance type with different accelerators), all of them get
// "+<count>x<accelerator>" appended. Billing per provider: aws per second with a 60 s
// minimum, gcp per second with a 1 min minimum, azure per minute; any other provider per
// second with a 60 s minimum, said in the offer's notes.
// Reading is strict: a missing column, an unterminated quote, a malformed or negative
// price, a non-numeric count, a row with the wrong number of fields, duplicate ids, or no
// rows is an input_error naming the file and "line N/Column". A row with neither price
// is left out, and the catalog's notes say which lines.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <optional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "costsim/catalog.hpp"
#include "costsim/decimal.hpp"
#include "costsim/json_input.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// RFC 4180 rows of `text` (the header included); input_error for an unterminated quote.
std::vector<std::vector<std::string>> parse_csv(const std::string& text, const std::string& file);

struct skypilot_import {
    std::string provider = "aws";
    std::string name;    ///< catalog name (default "skypilot-<provider>")
    std::string source;  ///< default: the file
    date::year_month_day as_of{};
};

catalog parse_skypilot_csv(const std::string& text, const std::string& file, const skypilot_import& o);
catalog load_skypilot_csv(const std::string& path, const skypilot_import& o);

/// "3.06", "0.9731", also "1.2e-05" (converted exactly); value_error otherwise.
exact parse_csv_decimal(const std::string& s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::vector<std::vector<std::string>> parse_csv(const std::string& text, const std::string& file) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false, any = false;
    std::size_t line = 1, quote_line = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (quoted) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                if (c == '\n') ++line;
                field += c;
            }
            continue;
        }
        if (c == '"') {
            quoted = true;
            quote_line = line;
            any = true;
        } else if (c == ',') {
            row.push_back(std::move(field));
            field.clear();
            any = true;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            if (any || !field.empty()) {
                row.push_back(std::move(field));
                rows.push_back(std::move(row));
            }
            row.clear();
            field.clear();
            any = false;
            ++line;
        } else {
            field += c;
            any = true;
        }
    }
    if (quoted) throw input_error(file, "line " + std::to_string(quote_line), "a closing '\"' for the quoted field (the file ends inside it)");
    if (any || !field.empty()) {
        row.push_back(std::move(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

inline exact parse_csv_decimal(const std::string& s) {
    auto e = s.find_first_of("eE");
    if (e == std::string::npos) return parse_decimal(s);
    exact m = parse_decimal(s.substr(0, e));
    std::string ex = s.substr(e + 1);
    const bool neg = !ex.empty() && ex[0] == '-';
    if (!ex.empty() && (ex[0] == '-' || ex[0] == '+')) ex = ex.substr(1);
    if (ex.empty() || ex.size() > 3 || !std::all_of(ex.begin(), ex.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
        throw value_error("a non-negative decimal price such as \"0.9731\", got \"" + s + "\"");
    exact p = 1;
    for (int k = std::stoi(ex); k > 0; --k) p *= 10;
    return neg ? m / p : m * p;
}

namespace detail {
inline std::string trim(const std::string& s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}
}  // namespace detail

inline catalog parse_skypilot_csv(const std::string& text, const std::string& file, const skypilot_import& o) {
    auto rows = parse_csv(text, file);
    if (rows.empty()) throw input_error(file, "line 1", "a header line (the file is empty)");
    const auto& header = rows[0];
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < header.size(); ++i) col[detail::trim(header[i])] = i;
    for (const char* need : {"InstanceType", "AcceleratorName", "AcceleratorCount", "vCPUs", "MemoryGiB", "GpuInfo",
                             "Price", "SpotPrice", "Region", "AvailabilityZone"})
        if (!col.count(need)) throw input_error(file, "line 1", std::string("a \"") + need + "\" column (SkyPilot's header)");
    if (rows.size() == 1) throw input_error(file, "line 2", "at least one instance row (the catalog is empty)");

    catalog c;
    c.name = o.name.empty() ? "skypilot-" + o.provider : o.name;
    c.source = o.source.empty() ? "SkyPilot catalog CSV " + file : o.source;
    c.as_of = o.as_of;
    c.currency = currency("USD");
    increment_rule rule{usec(std::chrono::seconds(1)), usec(std::chrono::seconds(60))};
    std::string billing_note;
    if (o.provider == "gcp") rule = {usec(std::chrono::seconds(1)), usec(std::chrono::minutes(1))};
    else if (o.provider == "azure") rule = {usec(std::chrono::minutes(1)), usec(std::chrono::minutes(1))};
    else if (o.provider != "aws") billing_note = "billing rule assumed (per second, 60 s minimum): SkyPilot's CSV has none";

    struct pending {
        offer o;
        std::string acc_suffix;
        std::size_t line;
    };
    std::vector<pending> offers;
    std::vector<std::size_t> skipped;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto& row = rows[r];
        const std::size_t line = r + 1;
        auto where = [&](const char* column) { return "line " + std::to_string(line) + "/" + column; };
        if (row.size() != header.size())
            throw input_error(file, "line " + std::to_string(line),
                              std::to_string(header.size()) + " fields like the header, got " + std::to_string(row.size()));
        auto get = [&](const char* column) { return detail::trim(row[col.at(column)]); };
        auto price = [&](const char* column) -> std::optional<exact> {
            std::string s = get(column);
            if (s.empty()) return std::nullopt;
            try {
                return parse_csv_decimal(s);
            } catch (const value_error&) {
                throw input_error(file, where(column), "a non-negative decimal price in USD per hour such as \"3.06\", got \"" + s + "\"");
            }
        };
        auto number = [&](const char* column, double max) -> std::optional<double> {
            std::string s = get(column);
            if (s.empty()) return std::nullopt;
            std::size_t used = 0;
            double v = 0;
            try {
                v = std::stod(s, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used != s.size() || !std::isfinite(v) || v < 0 || v > max)
                throw input_error(file, where(column), "a non-negative number, got \"" + s + "\"");
            return v;
        };
        std::optional<exact> od = price("Price"), spot = price("SpotPrice");
        offer of;
        of.instance = get("InstanceType");
        if (of.instance.empty()) throw input_error(file, where("InstanceType"), "an instance type (the field is empty)");
        of.provider = o.provider;
        std::string zone = get("AvailabilityZone"), region = get("Region");
        if (zone.empty() && region.empty()) throw input_error(file, where("Region"), "a region or an availability zone");
        of.region = zone.empty() ? region : zone;
        of.id = o.provider + "/" + of.region + "/" + of.instance;
        std::string acc = get("AcceleratorName");
        auto count = number("AcceleratorCount", 1024);
        if (count && std::floor(*count) != *count)
            throw input_error(file, where("AcceleratorCount"), "a whole number of accelerators, got \"" + get("AcceleratorCount") + "\"");
        if (auto v = number("vCPUs", 100000)) of.vcpus = std::max(1, static_cast<int>(std::lround(*v)));
        if (auto m = number("MemoryGiB", 1e9)) of.memory_gib = *m;
        std::string suffix;
        if (!acc.empty() && count && *count >= 1) {
            gpu_spec g{acc, static_cast<int>(*count), std::nullopt};
            std::string info = row[col.at("GpuInfo")];
            if (auto p = info.find("SizeInMiB"); p != std::string::npos) {
                auto q = info.find_first_of("0123456789", p);
                if (q != std::string::npos) {
                    double mib = std::stod(info.substr(q));
                    g.memory_gib = mib / 1024.0;
                }
            }
            of.gpus = g;
            suffix = "+" + std::to_string(g.count) + "x" + acc;
        }
        if (!od && !spot) {
            skipped.push_back(line);
            continue;
        }
        if (od) of.on_demand = hourly_market{quoted_price{money(*od, currency("USD")), price_unit::hour, false, {}}};
        if (spot) of.spot = spot_market{quoted_price{money(*spot, currency("USD")), price_unit::hour, false, {}}};
        of.billing.increment = rule;
        of.notes = billing_note;
        offers.push_back({std::move(of), suffix, line});
    }
    if (offers.empty()) throw input_error(file, "line 2", "at least one row with a Price or a SpotPrice");
    std::map<std::string, int> uses;
    for (const auto& p : offers) ++uses[p.o.id];
    std::map<std::string, std::size_t> seen;
    for (auto& p : offers) {
        if (uses[p.o.id] > 1) p.o.id += p.acc_suffix;
        if (auto it = seen.find(p.o.id); it != seen.end())
            throw input_error(file, "line " + std::to_string(p.line),
                              "one row per instance, accelerator and location (\"" + p.o.id + "\" is on line " +
                                  std::to_string(it->second) + " too)");
        seen.emplace(p.o.id, p.line);
        c.offers.push_back(std::move(p.o));
    }
    if (!skipped.empty()) {
        c.notes = "left out " + std::to_string(skipped.size()) + " row(s) with neither Price nor SpotPrice (lines";
        for (std::size_t i = 0; i < skipped.size() && i < 20; ++i) c.notes += " " + std::to_string(skipped[i]);
        c.notes += skipped.size() > 20 ? " ...)" : ")";
    }
    return c;
}

inline catalog load_skypilot_csv(const std::string& path, const skypilot_import& o) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw input_error(path, "", "a readable file (cannot open it)");
    std::ostringstream ss;
    ss << in.rdbuf();
    return parse_skypilot_csv(ss.str(), path, o);
}

}  // namespace costsim
