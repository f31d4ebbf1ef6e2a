// simulator/quote_cmd.cpp — `costsim quote`: the exact invoice of one run.
#include <chrono>
#include <iostream>
#include <memory>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "costsim/workflow/quote_offer.hpp"
#include "text.hpp"

namespace costsim::cli {

namespace {

// "dated on or before 2025-05-31 (at least 18.2 months old)", with a WARNING where the prices
// may be older than six months.
std::string price_age_line(const catalog& cat, const offer& o) {
    const price_date d = cat.prices_as_of(o);
    const price_age age = age_of(d, date::floor<date::days>(std::chrono::system_clock::now()));
    return fmt::format("dated {} ({}){}", to_string(d), age.text,
                       age.stale ? " — WARNING: may be older than 6 months; today's prices may differ" : "");
}

std::string render_text(const catalog& cat, const offer& o, const invoice& inv) {
    const std::string cur(inv.in_currency.code());
    std::string out = bold(fmt::format("Invoice: {} ({}, {})", o.id, to_string(inv.market), cur)) + "\n";
    out += fmt::format("  catalog   {} (as of {}), {}\n", cat.name, format_date(cat.as_of), cat.file);
    out += "  prices    " + price_age_line(cat, o) + "\n";
    out += fmt::format("  start     {}\n", format_timestamp(inv.start));
    out += fmt::format("  duration  {} ({} s), billed {} ({} s)\n", format_duration(inv.duration),
                       format_seconds(inv.duration), format_duration(inv.billed), format_seconds(inv.billed));
    out += fmt::format("  billing   {}\n\n", inv.rule);
    text_table t({{"item", align::left},
                  {"month", align::left},
                  {"billed", align::right},
                  {"exact " + cur, align::right},
                  {"amount " + cur, align::right}});
    for (const auto& l : inv.lines)
        t.add({l.item, l.month, l.billed.count() ? format_duration(l.billed) : "", to_decimal_string(l.exact.amount()),
               round_half_up(l.exact).to_string()});
    out += t.render();
    out += fmt::format("\n  total     {} {}  (exact {}, rounded once, half-up, to the minor unit)\n",
                       bold(inv.total.to_string()), cur, to_decimal_string(inv.total_exact.amount()));
    if (!is_terminating(inv.total_exact.amount()))
        out += fmt::format("            exact fraction {}\n", to_fraction_string(inv.total_exact.amount()));
    for (const auto& r : inv.rates_used)
        out += fmt::format("  rate      {}{}\n", describe(r), r.source.empty() ? "" : ", " + r.source);
    return out;
}

// One row per invoice line, then the total; amounts exact and rounded, as in --json.
std::string render_csv(const invoice& inv) {
    const std::string cur(inv.in_currency.code());
    std::string out = "offer,market,item,month,billed_seconds,exact,amount,currency\n";
    auto field = [](const std::string& s) {
        if (s.find_first_of(",\"\n") == std::string::npos) return s;
        std::string q = "\"";
        for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return q + "\"";
    };
    for (const auto& l : inv.lines)
        out += fmt::format("{},{},{},{},{},{},{},{}\n", field(inv.offer_id), to_string(inv.market), field(l.item),
                           l.month, format_seconds(l.billed), to_decimal_string(l.exact.amount()),
                           round_half_up(l.exact).to_string(), cur);
    out += fmt::format("{},{},total,,{},{},{},{}\n", field(inv.offer_id), to_string(inv.market),
                       format_seconds(inv.billed), to_decimal_string(inv.total_exact.amount()), inv.total.to_string(),
                       cur);
    return out;
}

}  // namespace

int run_quote(const quote_args& a) {
    catalog cat = load_catalog(a.catalog);
    quote_flags f;
    f.offer = a.offer;
    f.market = a.market;
    f.duration = a.duration;
    f.start = a.start;
    f.currency = a.currency;
    f.egress_gb = a.egress_gb;
    const offer_quote q = quote_offer(cat, f);
    const offer* o = q.of;
    const invoice& inv = q.inv;
    std::string out = a.json ? to_json(inv).dump() + "\n" : a.csv ? render_csv(inv) : render_text(cat, *o, inv);
    if ((a.json || a.csv) &&
        age_of(cat.prices_as_of(*o), date::floor<date::days>(std::chrono::system_clock::now())).stale)
        std::cerr << "costsim: " << o->id << ": prices " << price_age_line(cat, *o) << "\n";
    if (!q.lookup_note.empty()) {
        if (a.json || a.csv)
            std::cerr << "costsim: " << q.lookup_note << "\n";
        else
            out += "  offer     " + q.lookup_note + "\n";
    }
    std::cout << out << std::flush;
    return 0;
}

// `costsim quote`: its options, registered on the app; run when named.
command add_quote(CLI::App& app) {
    auto q = std::make_shared<quote_args>();
    q->start = format_timestamp(default_campaign_start);
    auto* quote = app.add_subcommand("quote", "the exact invoice of one run");
    quote->add_option("--catalog", q->catalog, "costsim.catalog/v1 file")->required();
    quote->add_option("--offer", q->offer, "offer id in the catalog")->required();
    quote->add_option("--market", q->market, "on_demand | spot | monthly")->required();
    quote->add_option("--duration", q->duration, "run time: 90s, 15m, 1.5h, 2d or seconds")->required();
    quote->add_option("--start", q->start, "ISO 8601 UTC start (default " + q->start + ")");
    quote->add_option("--currency", q->currency, "invoice currency (converted with the catalog's rate)");
    quote->add_option("--egress-gb", q->egress_gb, "data transferred out, GB (decimal)");
    auto* quote_json = quote->add_flag("--json", q->json, "one JSON object, amounts as decimal strings");
    quote->add_flag("--csv", q->csv, "one CSV row per invoice line, then the total")->excludes(quote_json);
    return {quote, [q] { return run_quote(*q); }};
}

}  // namespace costsim::cli
