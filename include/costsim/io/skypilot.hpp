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
// above the on-demand one is kept as listed and said in the offer's notes (plan leaves such
// a spot market out, with the reason; `offers` flags it).
//
// Billing per provider (skypilot_billing_for), said in every offer's notes with its source:
// aws per second with a 60 s minimum (Linux), lambda per minute (one-minute increments),
// runpod per second with no minimum, gcp per second with a 1 min minimum, azure per minute;
// any other provider per second with a 60 s minimum, an assumption the notes say.
//
// GCP (provider "gcp") lists a GPU VM in two rows: the host machine type (a2/a3/a4/g2/n1,
// no accelerator; its price is vCPUs and memory only) and the GPUs (empty InstanceType,
// the accelerator and count). An offer is the pair in one zone, its prices the sums
// (on-demand with on-demand, spot with spot): a2-highgpu-Ng + A100 ×N, a2-megagpu-16g +
// A100 ×16, a2-ultragpu-Ng + A100-80GB ×N, a3-highgpu-Ng + H100 ×N, a3-edgegpu-8g + H100
// ×8, a3-megagpu-8g + H100-MEGA ×8, a3-ultragpu-8g + H200 ×8, a4-highgpu-8g + B200 ×8,
// g2-standard-{4,8,12,16,32} + L4 ×1, -24 ×2, -48 ×4, -96 ×8 (Google's machine types), and
// for the GPUs that attach to N1 VMs (T4, P4, P100, V100 ×N) the host n1-standard-(8·N), a
// choice costsim makes and the offer's notes say ("n1-standard-8+1xT4"). TPU rows and the
// 700.0 placeholder prices are dropped; GPU rows without a host in their zone and host rows
// without GPUs are left out; the catalog's notes count each.
//
// Several files (load_skypilot_csvs) make one catalog; offer ids must stay distinct across
// them, except that a later file of a provider already read replaces that provider's earlier
// offers of every instance type it lists (an update of a few types). A file may carry the
// date of its prices; its offers then carry it ("prices_as_of").
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
#include <set>
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

/// One SkyPilot CSV, the cloud whose rows it lists, and (optionally) the date of its prices,
/// which every offer read from it carries.
struct skypilot_file {
    std::string provider, path;
    std::optional<price_date> prices_as_of{};  // {} so that {provider, path} stays complete
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
    if (provider == "gcp")
        return {{usec(seconds(1)), usec(minutes(1))},
                "billed per second with a 1 min minimum (Google Compute Engine, VM instance pricing: \"billed for a "
                "minimum of 1 minute\" then per second, https://cloud.google.com/compute/vm-instance-pricing); the "
                "price is the host machine type's plus its GPUs' (SkyPilot lists them in two rows)"};
    if (provider == "azure")
        return {{usec(minutes(1)), usec(minutes(1))},
                "billed per minute (the rule costsim's SPEC.md states for Azure; not checked against Azure's current "
                "terms); prices from SkyPilot's v6 Azure catalog, older than its AWS and GCP rows"};
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

// The accelerators a GCP host machine type carries (none: not a GPU host).
inline std::optional<std::pair<std::string, int>> gcp_host_gpus(const std::string& host) {
    static const std::map<std::string, std::pair<std::string, int>> fixed = {
        {"a2-highgpu-1g", {"A100", 1}},        {"a2-highgpu-2g", {"A100", 2}},
        {"a2-highgpu-4g", {"A100", 4}},        {"a2-highgpu-8g", {"A100", 8}},
        {"a2-megagpu-16g", {"A100", 16}},      {"a2-ultragpu-1g", {"A100-80GB", 1}},
        {"a2-ultragpu-2g", {"A100-80GB", 2}},  {"a2-ultragpu-4g", {"A100-80GB", 4}},
        {"a2-ultragpu-8g", {"A100-80GB", 8}},  {"a3-highgpu-1g", {"H100", 1}},
        {"a3-highgpu-2g", {"H100", 2}},        {"a3-highgpu-4g", {"H100", 4}},
        {"a3-highgpu-8g", {"H100", 8}},        {"a3-edgegpu-8g", {"H100", 8}},
        {"a3-edgegpu-8g-nolssd", {"H100", 8}}, {"a3-megagpu-8g", {"H100-MEGA", 8}},
        {"a3-ultragpu-8g", {"H200", 8}},       {"a3-ultragpu-8g-nolssd", {"H200", 8}},
        {"a4-highgpu-8g", {"B200", 8}},        {"g2-standard-4", {"L4", 1}},
        {"g2-standard-8", {"L4", 1}},          {"g2-standard-12", {"L4", 1}},
        {"g2-standard-16", {"L4", 1}},         {"g2-standard-32", {"L4", 1}},
        {"g2-standard-24", {"L4", 2}},         {"g2-standard-48", {"L4", 4}},
        {"g2-standard-96", {"L4", 8}}};
    auto it = fixed.find(host);
    if (it == fixed.end()) return std::nullopt;
    return it->second;
}

// The N1 host costsim pairs with n GPUs that attach to N1 VMs.
inline bool gcp_n1_gpu(const std::string& acc) { return acc == "T4" || acc == "P4" || acc == "P100" || acc == "V100"; }
inline std::string gcp_n1_host(int n) { return "n1-standard-" + std::to_string(8 * n); }

// GCP's host and GPU rows joined into one row per GPU VM and zone (the header's columns),
// prices summed; what is dropped or left out is counted in `notes`.
inline std::vector<csv_record> gcp_joined(const std::vector<csv_record>& rows,
                                          const std::map<std::string, std::size_t>& col, const std::string& file,
                                          std::vector<std::string>& notes) {
    auto cell = [&](const csv_record& r, const char* c) { return trim(r.fields.at(col.at(c))); };
    auto price = [&](const csv_record& r, const char* c) -> std::optional<exact> {
        const std::string s = cell(r, c);
        if (s.empty()) return std::nullopt;
        try {
            exact v = parse_csv_decimal(s);
            if (v == exact(700)) return std::nullopt;  // SkyPilot's placeholder for "no published price"
            return v;
        } catch (const value_error&) {
            throw input_error(file, "line " + std::to_string(r.line) + "/" + c,
                              "a non-negative decimal price in USD per hour such as \"3.06\", got \"" + s + "\"");
        }
    };
    auto sum = [](const std::optional<exact>& a, const std::optional<exact>& b) -> std::string {
        if (!a || !b) return {};
        return to_decimal_string(*a + *b, 12);
    };
    std::map<std::pair<std::string, std::string>, const csv_record*> hosts;  // (type, zone)
    std::size_t tpus = 0, lonely_gpus = 0;
    std::vector<const csv_record*> gpus;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const csv_record& row = rows[r];
        if (row.fields.size() != rows[0].fields.size()) continue;  // the row loop reports it
        const std::string type = cell(row, "InstanceType"), acc = cell(row, "AcceleratorName");
        if (acc.rfind("tpu", 0) == 0) {
            ++tpus;
            continue;
        }
        if (type.empty())
            gpus.push_back(&row);
        else
            hosts.emplace(std::make_pair(type, cell(row, "AvailabilityZone")), &row);
    }
    std::vector<csv_record> out{rows[0]};
    std::size_t used_hosts = 0;
    std::map<std::pair<std::string, std::string>, bool> host_used;
    for (const csv_record* g : gpus) {
        const std::string acc = cell(*g, "AcceleratorName"), zone = cell(*g, "AvailabilityZone");
        int n = 0;
        try {
            n = std::stoi(cell(*g, "AcceleratorCount"));
        } catch (const std::exception&) {
            throw input_error(file, "line " + std::to_string(g->line) + "/AcceleratorCount",
                              "a whole number of accelerators, got \"" + cell(*g, "AcceleratorCount") + "\"");
        }
        std::vector<std::string> types;
        for (const auto& [key, row] : hosts) {
            if (key.second != zone) continue;
            auto carried = gcp_host_gpus(key.first);
            if (carried && carried->first == acc && carried->second == n) types.push_back(key.first);
        }
        if (gcp_n1_gpu(acc) && hosts.count({gcp_n1_host(n), zone})) types.push_back(gcp_n1_host(n));
        if (types.empty()) {
            ++lonely_gpus;
            continue;
        }
        for (const auto& type : types) {
            const csv_record& h = *hosts.at({type, zone});
            host_used[{type, zone}] = true;
            csv_record joined = *g;
            joined.line = h.line;
            auto set = [&](const char* c, const std::string& v) { joined.fields[col.at(c)] = v; };
            set("InstanceType", gcp_n1_gpu(acc) ? type + "+" + std::to_string(n) + "x" + acc : type);
            set("vCPUs", cell(h, "vCPUs"));
            set("MemoryGiB", cell(h, "MemoryGiB"));
            set("Price", sum(price(h, "Price"), price(*g, "Price")));
            set("SpotPrice", sum(price(h, "SpotPrice"), price(*g, "SpotPrice")));
            out.push_back(std::move(joined));
        }
    }
    for (const auto& [key, row] : hosts)
        if (host_used.count(key)) ++used_hosts;
    notes.push_back(
        "joined each GPU row with its host machine type's row of the same zone (prices summed; N1 GPUs "
        "on n1-standard-(8 x GPUs), costsim's choice): " +
        std::to_string(out.size() - 1) + " GPU VMs from " + std::to_string(gpus.size()) + " GPU rows and " +
        std::to_string(used_hosts) + " host rows; left out " + std::to_string(hosts.size() - used_hosts) +
        " host rows without GPUs, " + std::to_string(lonely_gpus) + " GPU rows without a host in their zone and " +
        std::to_string(tpus) + " TPU rows");
    return out;
}
}  // namespace detail

inline catalog parse_skypilot_csv(const std::string& text, const std::string& file, const skypilot_import& o) {
    auto rows = parse_csv(text, file);
    std::vector<std::string> notes;
    if (rows.empty()) throw input_error(file, "line 1", "a header line (the file is empty)");
    const std::vector<std::string> header = rows[0].fields;  // a copy: GCP's rows are replaced below
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
    // GCP's split rows: GPU rows with no instance type (an older GCP file lists whole VMs).
    const bool split = o.provider == "gcp" && std::any_of(rows.begin() + 1, rows.end(), [&](const csv_record& r) {
                           return r.fields.size() == header.size() &&
                                  detail::trim(r.fields[col.at("InstanceType")]).empty() &&
                                  !detail::trim(r.fields[col.at("AcceleratorName")]).empty();
                       });
    if (split) {
        if (!zones) throw input_error(file, "line 1", "an \"AvailabilityZone\" column (GCP's rows are per zone)");
        rows = detail::gcp_joined(rows, col, file, notes);
    }

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
                         "the source row's SpotPrice is above its Price (kept as listed; plan leaves this spot "
                         "market out)";
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
    for (std::size_t i = 0; i < files.size(); ++i)
        for (std::size_t k = 0; k < i; ++k)
            if (files[k].path == files[i].path)
                throw input_error("command line", files[i].path, "each file once (it is listed twice)");
    for (const auto& f : files) {
        skypilot_import one = o;
        one.provider = f.provider;
        catalog part = load_skypilot_csv(f.path, one);
        // A later file of a provider read before updates it: its instance types replace
        // the earlier rows of those types (newer rows of a few types, e.g. AWS's P family
        // after a price cut), and the notes say how many.
        std::set<std::string> types;
        for (const auto& of : part.offers) types.insert(of.instance);
        const auto before = c.offers.size();
        std::erase_if(c.offers, [&](const offer& q) {
            if (q.provider != f.provider || !types.count(q.instance)) return false;
            from.erase(q.id);
            return true;
        });
        if (c.offers.size() != before) {
            std::string names;
            for (const auto& t : types) names += (names.empty() ? "" : ", ") + t;
            c.notes += (c.notes.empty() ? "" : "; ") + f.provider + ": " + std::to_string(part.offers.size()) +
                       " offers of " + f.path.substr(f.path.find_last_of('/') + 1) + " replace " +
                       std::to_string(before - c.offers.size()) + " of an earlier file for its instance types (" +
                       names + ")";
        }
        for (auto& of : part.offers) {
            of.prices_as_of = f.prices_as_of;
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
