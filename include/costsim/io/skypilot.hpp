// costsim/io/skypilot.hpp — the SkyPilot catalog CSV (skypilot-catalog vms.csv), as a costsim catalog.
//
// Columns (any order; others are ignored):
//     InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,
//     Region,AvailabilityZone
// one row per instance type and region (or zone). CSV per RFC 4180 (csv.hpp): fields may be quoted,
// quotes inside doubled; GpuInfo is a quoted Python/JSON dict from which only
// 'SizeInMiB' (GPU memory) is taken. A file without an AvailabilityZone column (SkyPilot's
// Lambda file) lists regions only.
//
// Each row becomes one offer "<provider>/<zone, else region>/<instance>": on-demand at
// Price and spot at SpotPrice (USD per hour; either may be empty, not both), GPUs from
// AcceleratorName × AcceleratorCount, vCPUs and memory. Rows that give one id the same
// instance, GPUs, vCPUs and memory and agree on every price both list become one offer, each
// market from the row that has it (SkyPilot lists AWS p4de.24xlarge twice per zone, once
// without a spot price, and RunPod's EU-SE-1 under two country codes); the catalog's notes
// say which lines. When rows that differ share an id (GCP lists one instance type with
// different accelerators), all of them get "+<count>x<accelerator>" appended. A spot price
// above the on-demand one is kept as listed and said in the offer's notes.
//
// Billing per provider (skypilot_billing_for), said in every offer's notes with its source:
// aws per second with a 60 s minimum (Linux), lambda per minute (one-minute increments),
// runpod per second with no minimum, gcp per second with a 1 min minimum, azure per minute;
// any other provider per second with a 60 s minimum, an assumption the notes say.
//
// Several files, one per provider (load_skypilot_csvs), make one catalog; offer ids must
// stay distinct across them.
// Reading is strict: a missing column, an unterminated quote, a malformed or negative
// price, a non-numeric count, a row with the wrong number of fields, a row repeated
// verbatim, rows that share an id and disagree, or no rows is an input_error naming the file
// and "line N/Column". A row with neither price is left out, and the catalog's notes say
// which lines.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "costsim/core/decimal.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/io/csv.hpp"
#include "costsim/io/json_input.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct skypilot_import {
    std::string provider = "aws";
    std::string name;    ///< catalog name (default "skypilot-<provider>", or the providers joined by "+")
    std::string source;  ///< default: the file(s)
    date::year_month_day as_of{};
};

/// One SkyPilot CSV and the cloud whose rows it lists.
struct skypilot_file {
    std::string provider, path;
};

/// How `provider` bills its instances, and the offer note that says so and where from.
struct skypilot_billing {
    increment_rule rule;
    std::string note;
};
skypilot_billing skypilot_billing_for(const std::string& provider);

catalog parse_skypilot_csv(const std::string& text, const std::string& file, const skypilot_import& o);
catalog load_skypilot_csv(const std::string& path, const skypilot_import& o);
/// One catalog of every file's offers (o.provider is ignored: each file names its own);
/// input_error when an offer id is in two files.
catalog load_skypilot_csvs(const std::vector<skypilot_file>& files, const skypilot_import& o);

/// "3.06", "0.9731", also "1.2e-05" (converted exactly); value_error otherwise.
exact parse_csv_decimal(const std::string& s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline exact parse_csv_decimal(const std::string& s) {
    auto e = s.find_first_of("eE");
    if (e == std::string::npos) return parse_decimal(s);
    exact m = parse_decimal(s.substr(0, e));
    std::string ex = s.substr(e + 1);
    const bool neg = !ex.empty() && ex[0] == '-';
    if (!ex.empty() && (ex[0] == '-' || ex[0] == '+')) ex = ex.substr(1);
    if (ex.empty() || ex.size() > 3 ||
        !std::all_of(ex.begin(), ex.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
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

inline skypilot_billing skypilot_billing_for(const std::string& provider) {
    using std::chrono::minutes;
    using std::chrono::seconds;
    if (provider == "aws")
        return {{usec(seconds(1)), usec(seconds(60))},
                "billed per second with a 60 s minimum (Linux on-demand and spot instances; AWS, \"New - Per-Second "
                "Billing for EC2 Instances and EBS Volumes\", https://aws.amazon.com/blogs/aws/"
                "new-per-second-billing-for-ec2-instances-and-ebs-volumes/)"};
    if (provider == "lambda")
        return {{usec(minutes(1)), usec(minutes(1))},
                "billed in one-minute increments from launch (once health checks pass) to termination (Lambda docs, "
                "Billing: https://docs.lambda.ai/public-cloud/billing); Lambda sells no spot instances"};
    if (provider == "runpod")
        return {
            {usec(seconds(1)), usec(0)},
            "billed per second, no minimum stated (Runpod docs, Billing overview: \"All compute and storage charges "
            "are billed per second\", https://docs.runpod.io/accounts-billing/billing); SpotPrice is Runpod's "
            "interruptible (spot) pod price"};
    if (provider == "gcp") return {{usec(seconds(1)), usec(minutes(1))}, ""};
    if (provider == "azure") return {{usec(minutes(1)), usec(minutes(1))}, ""};
    return {{usec(seconds(1)), usec(seconds(60))},
            "billing rule assumed (per second, 60 s minimum): SkyPilot's CSV has none"};
}

namespace detail {
inline std::string skypilot_lines(const std::vector<std::string>& items) {
    std::string out;
    for (std::size_t i = 0; i < items.size() && i < 20; ++i) out += " " + items[i];
    return out + (items.size() > 20 ? " ...)" : ")");
}
inline bool same_price(const std::optional<exact>& a, const std::optional<exact>& b) { return !a || !b || *a == *b; }
}  // namespace detail

inline catalog parse_skypilot_csv(const std::string& text, const std::string& file, const skypilot_import& o) {
    auto rows = parse_csv(text, file);
    if (rows.empty()) throw input_error(file, "line 1", "a header line (the file is empty)");
    const auto& header = rows[0].fields;
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < header.size(); ++i) col[detail::trim(header[i])] = i;
    for (const char* need : {"InstanceType", "AcceleratorName", "AcceleratorCount", "vCPUs", "MemoryGiB", "GpuInfo",
                             "Price", "SpotPrice", "Region"})
        if (!col.count(need))
            throw input_error(file, "line 1", std::string("a \"") + need + "\" column (SkyPilot's header)");
    const bool zones = col.count("AvailabilityZone") > 0;
    if (rows.size() == 1)
        throw input_error(file, "line " + std::to_string(rows[0].line + 1),
                          "at least one instance row (the catalog is empty)");

    catalog c;
    c.name = o.name.empty() ? "skypilot-" + o.provider : o.name;
    c.source = o.source.empty() ? "SkyPilot catalog CSV " + file : o.source;
    c.as_of = o.as_of;
    c.currency = currency("USD");
    const skypilot_billing billing = skypilot_billing_for(o.provider);

    struct pending {
        offer o;
        std::string acc_suffix;
        std::size_t line;
        std::optional<exact> od, spot;
        const std::vector<std::string>* row;
    };
    std::vector<pending> offers;
    std::vector<std::size_t> skipped;
    std::vector<std::string> merged;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto& row = rows[r].fields;
        const std::size_t line = rows[r].line;
        auto where = [&](const char* column) { return "line " + std::to_string(line) + "/" + column; };
        if (row.size() != header.size())
            throw input_error(
                file, "line " + std::to_string(line),
                std::to_string(header.size()) + " fields like the header, got " + std::to_string(row.size()));
        auto get = [&](const char* column) { return detail::trim(row[col.at(column)]); };
        auto price = [&](const char* column) -> std::optional<exact> {
            std::string s = get(column);
            if (s.empty()) return std::nullopt;
            try {
                return parse_csv_decimal(s);
            } catch (const value_error&) {
                throw input_error(file, where(column),
                                  "a non-negative decimal price in USD per hour such as \"3.06\", got \"" + s + "\"");
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
        if (of.instance.empty())
            throw input_error(file, where("InstanceType"), "an instance type (the field is empty)");
        of.provider = o.provider;
        std::string zone = zones ? get("AvailabilityZone") : std::string(), region = get("Region");
        if (zone.empty() && region.empty())
            throw input_error(file, where("Region"), "a region or an availability zone");
        of.region = region.empty() ? zone : region;
        of.zone = zone;
        // The id names the zone where there is one: spot prices and capacity are per zone.
        of.id = o.provider + "/" + (zone.empty() ? region : zone) + "/" + of.instance;
        std::string acc = get("AcceleratorName");
        auto count = number("AcceleratorCount", 1024);
        if (count && std::floor(*count) != *count)
            throw input_error(file, where("AcceleratorCount"),
                              "a whole number of accelerators, got \"" + get("AcceleratorCount") + "\"");
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
        // A second row for an offer already read, differing but agreeing on it: one offer.
        auto same_offer = [&](const pending& p) {
            const offer& q = p.o;
            return q.id == of.id && p.acc_suffix == suffix && *p.row != row && q.vcpus == of.vcpus &&
                   q.memory_gib == of.memory_gib && q.gpus.has_value() == of.gpus.has_value() &&
                   (!q.gpus || (q.gpus->model == of.gpus->model && q.gpus->count == of.gpus->count &&
                                q.gpus->memory_gib == of.gpus->memory_gib)) &&
                   detail::same_price(p.od, od) && detail::same_price(p.spot, spot);
        };
        if (auto it = std::find_if(offers.begin(), offers.end(), same_offer); it != offers.end()) {
            if (!it->od) it->od = od;
            if (!it->spot) it->spot = spot;
            merged.push_back(std::to_string(it->line) + "+" + std::to_string(line));
            continue;
        }
        offers.push_back({std::move(of), suffix, line, od, spot, &row});
    }
    if (offers.empty()) throw input_error(file, "line 2", "at least one row with a Price or a SpotPrice");
    for (auto& p : offers) {
        if (p.od)
            p.o.on_demand = hourly_market{quoted_price{money(*p.od, currency("USD")), price_unit::hour, false, {}}};
        if (p.spot) p.o.spot = spot_market{quoted_price{money(*p.spot, currency("USD")), price_unit::hour, false, {}}};
        p.o.billing.increment = billing.rule;
        p.o.notes = billing.note;
        if (p.od && p.spot && *p.spot > *p.od)
            p.o.notes += std::string(p.o.notes.empty() ? "" : "; ") +
                         "the source row's SpotPrice is above its Price (kept as listed)";
    }
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
    std::vector<std::string> notes;
    if (!skipped.empty()) {
        std::vector<std::string> lines;
        for (auto l : skipped) lines.push_back(std::to_string(l));
        notes.push_back("left out " + std::to_string(skipped.size()) +
                        " row(s) with neither Price nor SpotPrice (lines" + detail::skypilot_lines(lines));
    }
    if (!merged.empty())
        notes.push_back(
            "merged " + std::to_string(merged.size()) +
            " pair(s) of rows that list one offer twice and agree on it, each market from the row that has it (lines" +
            detail::skypilot_lines(merged));
    for (const auto& n : notes) c.notes += (c.notes.empty() ? "" : "; ") + n;
    return c;
}

inline catalog load_skypilot_csv(const std::string& path, const skypilot_import& o) {
    return parse_skypilot_csv(read_input_file(path), path, o);
}

inline catalog load_skypilot_csvs(const std::vector<skypilot_file>& files, const skypilot_import& o) {
    if (files.empty()) throw input_error("command line", "", "at least one SkyPilot CSV");
    catalog c;
    std::string providers, sources;
    for (const auto& f : files) {
        providers += (providers.empty() ? "" : "+") + f.provider;
        sources += (sources.empty() ? "" : ", ") + f.provider + "=" + f.path;
    }
    c.name = o.name.empty() ? "skypilot-" + providers : o.name;
    c.source = o.source.empty() ? "SkyPilot catalog CSVs " + sources : o.source;
    c.as_of = o.as_of;
    c.currency = currency("USD");
    std::map<std::string, std::string> from;  // offer id -> file
    for (const auto& f : files) {
        skypilot_import one = o;
        one.provider = f.provider;
        catalog part = load_skypilot_csv(f.path, one);
        for (auto& of : part.offers) {
            if (auto it = from.find(of.id); it != from.end())
                throw input_error(
                    f.path, "", "offer ids distinct across the files (\"" + of.id + "\" is in " + it->second + " too)");
            from.emplace(of.id, f.path);
            c.offers.push_back(std::move(of));
        }
        if (!part.notes.empty()) c.notes += (c.notes.empty() ? "" : "; ") + f.provider + ": " + part.notes;
    }
    return c;
}

}  // namespace costsim
