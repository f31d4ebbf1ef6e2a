// simulator/offers_cmd.cpp — `costsim offers`: the catalog browsed, filtered and sorted by price.
//
// One row per offer: GPU model, count and memory, the on-demand, spot (and monthly) price,
// the billing rule and the date of the prices. Sorted by the price of --market (default
// on-demand), cheapest first; offers without that price last. A spot price above the
// on-demand one is flagged (such rows look swapped at the source; plan leaves them out of
// spot only if the scenario says so).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/pricing/offer_lookup.hpp"
#include "costsim/workflow/offer_list.hpp"
#include "text.hpp"

namespace costsim::cli {

namespace {

std::string money_cell(const std::optional<double>& v, const offer& o, market_kind m) {
    if (!v) return "-";
    const std::string cur(o.market_currency(m).code());
    return fmt::format("{:.4g}", *v) + (cur == "USD" ? "" : " " + cur);
}

std::string fit(const std::string& s, std::size_t w) {
    if (s.size() <= w || w < 4) return s;
    return s.substr(0, w / 2 - 1) + "~" + s.substr(s.size() - (w - w / 2));
}

}  // namespace

int run_offers(const offers_args& a) {
    const std::string file = a.catalog.empty() ? find_share_dir() + "/pricing_data/gpu_cloud_2026.json" : a.catalog;
    const catalog cat = load_catalog(file);
    if ((a.json || a.csv) && a.all)
        throw input_error("command line", "--all", "the table (--json and --csv carry every row)");
    const offer_list listed = list_offers(cat, {a.gpu, a.cloud, a.region, a.market, a.max_price});
    const std::vector<listed_offer>& rows = listed.rows;
    const market_kind by = listed.sorted_by;
    if (a.json) {
        std::cout << to_json(cat, listed).dump() << "\n" << std::flush;
        return 0;
    }
    if (a.csv) {
        std::string out =
            "id,provider,region,zone,instance,gpu,gpus,gpu_memory_gib,on_demand_per_hour,spot_per_hour,"
            "monthly,currency,spot_above_on_demand,billing,prices_as_of\n";
        auto field = [](const std::string& s) {
            if (s.find_first_of(",\"\n") == std::string::npos) return s;
            std::string q = "\"";
            for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
            return q + "\"";
        };
        auto num = [](const std::optional<double>& v) { return v ? fmt::format("{}", *v) : std::string(); };
        for (const auto& r : rows) {
            const offer& o = *r.of;
            const market_kind m = o.on_demand ? market_kind::on_demand
                                  : o.spot    ? market_kind::spot
                                              : market_kind::monthly;
            out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", field(o.id), field(o.provider),
                               field(o.region), field(o.zone), field(o.instance), field(o.gpus ? o.gpus->model : ""),
                               o.gpus ? o.gpus->count : 0,
                               o.gpus && o.gpus->memory_gib ? fmt::format("{}", *o.gpus->memory_gib) : "",
                               num(r.on_demand), num(r.spot), num(r.monthly), o.market_currency(m).code(),
                               r.spot && r.on_demand && *r.spot > *r.on_demand ? "true" : "false",
                               field(o.billing.describe(o.on_demand ? market_kind::on_demand : m)),
                               field(to_string(cat.prices_as_of(o))));
        }
        std::cout << out << std::flush;
        return 0;
    }
    const bool monthly =
        std::any_of(rows.begin(), rows.end(), [](const listed_offer& r) { return r.monthly.has_value(); });
    std::vector<text_table::column> cols{{"offer", align::left},        {"GPU", align::left},
                                         {"n", align::right},           {"GiB", align::right},
                                         {"on-demand/h", align::right}, {"spot/h", align::right}};
    if (monthly) cols.push_back({"monthly", align::right});
    cols.push_back({"billing", align::left});
    const std::size_t shown = a.all ? rows.size() : std::min(a.top, rows.size());
    bool flagged = false;
    std::size_t width = 0;
    for (std::size_t i = 0; i < shown; ++i) width = std::max(width, rows[i].of->id.size());
    std::string table;
    for (;;) {
        text_table t(cols);
        for (std::size_t i = 0; i < shown; ++i) {
            const listed_offer& r = rows[i];
            const offer& o = *r.of;
            const bool above = r.spot && r.on_demand && *r.spot > *r.on_demand;
            flagged = flagged || above;
            std::vector<std::string> c{fit(o.id, width),
                                       o.gpus ? o.gpus->model : "-",
                                       o.gpus ? std::to_string(o.gpus->count) : "-",
                                       o.gpus && o.gpus->memory_gib ? fmt::format("{:g}", *o.gpus->memory_gib) : "?",
                                       money_cell(r.on_demand, o, market_kind::on_demand),
                                       money_cell(r.spot, o, market_kind::spot) + (above ? "!" : "")};
            if (monthly) c.push_back(money_cell(r.monthly, o, market_kind::monthly));
            c.push_back(o.billing.describe(o.on_demand ? market_kind::on_demand
                                           : o.spot    ? market_kind::spot
                                                       : market_kind::monthly));
            t.add(std::move(c));
        }
        table = t.render();
        std::size_t widest = 0;
        for (std::size_t x = 0, y; x < table.size(); x = y + 1) {
            y = table.find('\n', x);
            widest = std::max(widest, y - x);
        }
        if (widest <= 120 || width <= 16) break;
        width -= std::min(width - 16, widest - 120);
    }
    // The offers' price dates (a catalog of several sources dates its offers apart), oldest warned.
    const auto today = date::floor<date::days>(std::chrono::system_clock::now());
    std::vector<std::pair<std::string, std::size_t>> dates;
    bool stale = false;
    for (const auto& r : rows) {
        const price_date d = cat.prices_as_of(*r.of);
        const price_age age = age_of(d, today);
        stale = stale || age.stale;
        const std::string text = to_string(d) + " (" + age.text + ")";
        auto it = std::find_if(dates.begin(), dates.end(), [&](const auto& e) { return e.first == text; });
        if (it == dates.end())
            dates.emplace_back(text, 1);
        else
            ++it->second;
    }
    std::string out =
        bold(fmt::format(
            "costsim offers: {} of {} offers of {}, {}, by {} price", rows.size(), cat.offers.size(), cat.name,
            dates.size() == 1 ? "price date " + dates.front().first : std::to_string(dates.size()) + " price dates",
            to_string(by))) +
        "\n\n" + table;
    if (shown < rows.size()) out += fmt::format("  ... {} more (--top N, --all, --json, --csv)\n", rows.size() - shown);
    out +=
        "  n: GPUs per offer; GiB: memory per GPU (? = the catalog does not say); prices per hour in USD unless "
        "named.\n";
    if (dates.size() > 1) {
        std::string list;
        for (const auto& [text, n] : dates)
            list += fmt::format("{}{} for {} offers", list.empty() ? "  price dates: " : ";\n               ", text, n);
        out += list + " (--json, --csv: per offer).\n";
    }
    if (stale) out += "  WARNING: prices may be older than 6 months; today's prices may differ.\n";
    if (flagged)
        out +=
            "  !: the spot price is above the on-demand price (swapped at the source?); check before relying on "
            "it.\n";
    std::cout << out << std::flush;
    return 0;
}

// `costsim offers`: its options, registered on the app; run when named.
command add_offers(CLI::App& app) {
    auto of = std::make_shared<offers_args>();
    auto* offers = app.add_subcommand("offers", "the catalog browsed: offers filtered and sorted by price");
    offers->add_option("--catalog", of->catalog, "catalog (default the bundled 2026 one)");
    offers->add_option("--gpu", of->gpu, "GPU models, comma-separated (e.g. H100,H100-SXM)");
    offers->add_option("--cloud", of->cloud, "providers, comma-separated (e.g. aws,lambda)");
    offers->add_option("--region", of->region, "regular expression on region, zone or offer id");
    offers->add_option("--market", of->market, "only offers with this market (on_demand, spot, monthly); sorts by it");
    offers->add_option("--max-price", of->max_price, "at most this price per hour in the sorting market (decimal)");
    offers->add_option("--top", of->top, "rows of the table (default 40; --json and --csv: all)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}));
    offers->add_flag("--all", of->all, "every matching offer in the table");
    auto* offers_json = offers->add_flag("--json", of->json, "one JSON object");
    offers->add_flag("--csv", of->csv, "one CSV row per offer")->excludes(offers_json);
    return {offers, [of] { return run_offers(*of); }};
}

}  // namespace costsim::cli
