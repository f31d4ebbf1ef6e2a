// costsim/pricing/invoice.hpp — the exact invoice of one run of an offer in one market.
//
// quote() composes the billing rules in billing.hpp the way a provider's invoice does:
//  - on-demand and spot: the run's duration is rounded up to the increment and raised to
//    the minimum (once, for the whole session); the billed interval [start, start+billed)
//    is cut at calendar-month boundaries; each month's slice is charged at the price (in
//    force, for a spot history), with sustained-use tiers by share of that month
//    (on-demand only: GCE grants no sustained use to preemptible/spot VMs), for the offer
//    and each attached resource; a monthly cap bounds each month's instance charge;
//  - monthly: the price is prorated by the exact share of each calendar month the run
//    [start, start+duration) covers (or charged whole per month touched), plus the
//    setup fee once;
//  - recurring monthly fees are prorated over the run the same way; egress by tiers.
// Every line keeps its exact amount; the total is rounded once, half-up, to the minor
// unit. Lines in another currency are converted with the catalog's dated rate, and the
// invoice lists each rate it used. Rounded line amounts are for reading: they need not
// add up to the total, which is the rounded exact sum. Its JSON is io/invoice_json.hpp.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/enum_names.hpp"
#include "costsim/core/money.hpp"
#include "costsim/pricing/billing.hpp"
#include "costsim/pricing/calendar.hpp"
#include "costsim/pricing/catalog.hpp"
#include "costsim/pricing/offer.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct quote_request {
    market_kind market = market_kind::on_demand;
    timestamp start{};
    usec duration{};
    std::optional<gigabytes> egress;
    std::optional<currency> in_currency;  ///< invoice currency; default: the market's
};

/// What an invoice line charges for.
enum class invoice_line_kind { instance, attached, cap, fee, setup_fee, egress };
template <>
struct enum_table<invoice_line_kind> {
    static constexpr std::string_view what = "an invoice line kind";
    static constexpr std::array<enum_entry<invoice_line_kind>, 6> entries{{{invoice_line_kind::instance, "instance"},
                                                                           {invoice_line_kind::attached, "attached"},
                                                                           {invoice_line_kind::cap, "cap"},
                                                                           {invoice_line_kind::fee, "fee"},
                                                                           {invoice_line_kind::setup_fee, "setup_fee"},
                                                                           {invoice_line_kind::egress, "egress"}}};
};
std::string_view to_string(invoice_line_kind k) noexcept;

struct invoice_line {
    std::string item;
    invoice_line_kind kind = invoice_line_kind::instance;
    std::string month;  ///< "2026-02" when the charge depends on the calendar month
    usec billed{0};     ///< billed time this line charges for (0 for one-off items)
    money original;     ///< exact amount in the currency it is priced in
    money exact;        ///< exact amount in the invoice currency
};

struct invoice {
    std::string offer_id;
    market_kind market;
    currency in_currency;
    timestamp start;
    usec duration;
    usec billed;
    std::string rule;  ///< the billing rule, readable
    std::vector<invoice_line> lines;
    std::vector<exchange_rate> rates_used;
    money total_exact;
    rounded_money total;
};

/// Throws model_error when the offer lacks the market, a rate is missing, or a spot
/// history has no price in force at the start.
invoice quote(const catalog& cat, const offer& o, const quote_request& req);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string_view to_string(invoice_line_kind k) noexcept { return enum_name(k); }

namespace detail {

struct invoice_builder {
    const catalog& cat;
    currency target;
    std::vector<exchange_rate> used;

    money to_target(const money& m) { return convert(cat, m, target, &used); }
};

inline std::string month_label(const month_slice& s, bool split) { return split ? s.label() : std::string(); }

}  // namespace detail

inline invoice quote(const catalog& cat, const offer& o, const quote_request& req) {
    if (!o.has_market(req.market))
        throw model_error("offer \"" + o.id + "\" has no " + std::string(to_string(req.market)) + " market");
    if (req.duration.count() < 0 || req.duration > max_duration)
        throw model_error("a run duration from 0 to 100 years");
    const currency native = o.market_currency(req.market);
    detail::invoice_builder b{cat, req.in_currency.value_or(native), {}};
    std::vector<invoice_line> lines;
    auto add = [&](std::string item, invoice_line_kind kind, std::string month, usec billed, const money& m) {
        money converted = b.to_target(m);
        lines.push_back({std::move(item), kind, std::move(month), billed, m, converted});
    };

    const std::string market_name(to_string(req.market));
    usec billed_total{0};
    const timestamp run_end = req.start + req.duration;

    if (req.market == market_kind::monthly) {
        const monthly_market& mm = *o.monthly;
        auto slices = split_by_month(req.start, run_end);
        bool split = true;  // monthly charges always name their month
        for (const auto& s : slices) {
            usec billed = o.billing.proration == proration::calendar ? s.length() : s.month_length();
            billed_total += billed;
            add(o.display_name() + " " + market_name, invoice_line_kind::instance, detail::month_label(s, split),
                billed, prorate(mm.price.monthly(), s, o.billing.proration));
        }
        if (mm.setup_fee) add("setup fee", invoice_line_kind::setup_fee, "", usec(0), *mm.setup_fee);
    } else {
        const billed_duration billed = o.billing.increment.bill(req.duration);
        billed_total = billed.get();
        auto slices = split_by_month(req.start, req.start + billed.get());
        const bool split = slices.size() > 1;
        const bool sustained = o.billing.sustained && req.market == market_kind::on_demand;
        for (const auto& s : slices) {
            std::optional<money> month_total;
            auto charge_time = [&](const std::string& item, invoice_line_kind kind, const quoted_price* p) {
                money m = p == nullptr ? o.spot->charge(s.from, s.to)
                          : sustained  ? o.billing.sustained->charge(p->hourly(), s)
                                       : p->hourly() * billed_duration(s.length());
                add(item, kind, detail::month_label(s, split || sustained), s.length(), m);
                month_total = month_total ? *month_total + lines.back().exact : lines.back().exact;
            };
            if (req.market == market_kind::spot)
                charge_time(o.display_name() + " spot", invoice_line_kind::instance, nullptr);
            else
                charge_time(o.display_name() + " on_demand", invoice_line_kind::instance, &o.on_demand->price);
            for (const auto& a : o.attached) charge_time(a.name + " (attached)", invoice_line_kind::attached, &a.price);
            if (o.billing.cap) {
                money cap = b.to_target(o.billing.cap->cap);
                if (month_total && cap < *month_total)
                    lines.push_back({"monthly cap", invoice_line_kind::cap, s.label(), usec(0), -(*month_total - cap),
                                     -(*month_total - cap)});
            }
        }
    }
    // Recurring fees accrue over the time the run holds the resource.
    for (const auto& f : o.fees)
        for (const auto& s : split_by_month(req.start, run_end))
            add(f.name, invoice_line_kind::fee, s.label(), s.length(),
                prorate(f.price.monthly(), s, proration::calendar));
    if (req.egress && req.egress->get() > 0)
        add("egress " + to_decimal_string(req.egress->get()) + " GB", invoice_line_kind::egress, "", usec(0),
            o.egress.charge(*req.egress));

    money total = money::zero(b.target);
    for (const auto& l : lines) total += l.exact;
    return invoice{o.id,
                   req.market,
                   b.target,
                   req.start,
                   req.duration,
                   billed_total,
                   o.billing.describe(req.market),
                   std::move(lines),
                   std::move(b.used),
                   total,
                   round_half_up(total)};
}

}  // namespace costsim
