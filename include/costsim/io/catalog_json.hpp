// costsim/io/catalog_json.hpp — the `costsim.catalog/v1` file: reading and writing.
//
// Loading is strict (unknown fields, wrong types, JSON numbers for amounts, negative or
// exponent prices, unknown currencies, bad durations all fail with the JSON pointer of
// the offending value) and the format round-trips: to_json(parse_catalog(x)) parses
// back to an equal catalog. Offers inside a scenario file use the same reader, with the
// scenario's currency as the default for prices that name none.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "costsim/core/money.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/pricing/catalog.hpp"
#include "costsim/pricing/offer.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view catalog_schema = "costsim.catalog/v1";

catalog load_catalog(const std::string& path);
catalog parse_catalog(const json_cursor& root);
offer parse_offer(const json_cursor& c, std::optional<currency> default_currency);
quoted_price parse_price(const json_cursor& c, std::optional<currency> default_currency);
money parse_money(const json_cursor& c, std::optional<currency> default_currency);
exchange_rate parse_exchange_rate(const json_cursor& c);

json to_json(const catalog& c);
json to_json(const offer& o);
json to_json(const quoted_price& p);
json to_json(const money& m);
json to_json(const exchange_rate& r);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline money parse_money(const json_cursor& c, std::optional<currency> def) {
    c.expect_object({"amount", "currency"});
    exact amount = c["amount"].decimal();
    if (auto cur = c.optional("currency")) return money(amount, cur->currency());
    if (!def) c.fail("a \"currency\" (an ISO 4217 code; this file sets no default currency)");
    return money(amount, *def);
}

inline quoted_price parse_price(const json_cursor& c, std::optional<currency> def) {
    c.expect_object({"amount", "currency", "per", "estimate", "note"});
    quoted_price p{money::zero(currency("USD")), price_unit::hour, false, {}};
    exact amount = c["amount"].decimal();
    std::optional<currency> cur = def;
    if (auto cc = c.optional("currency")) cur = cc->currency();
    if (!cur) c.fail("a \"currency\" (an ISO 4217 code; this file sets no default currency)");
    p.amount = money(amount, *cur);
    auto per = c["per"];
    p.per = per.in_context([&] { return parse_price_unit(per.string()); });
    if (auto e = c.optional("estimate")) p.estimate = e->boolean();
    if (auto n = c.optional("note")) p.note = n->string();
    return p;
}

inline exchange_rate parse_exchange_rate(const json_cursor& c) {
    c.expect_object({"from", "to", "rate", "as_of", "source"});
    exchange_rate r{c["from"].currency(), c["to"].currency(), c["rate"].decimal(), c["as_of"].day(), {}};
    if (auto s = c.optional("source")) r.source = s->string();
    if (r.from == r.to) c["to"].fail("a currency other than \"from\"");
    if (r.rate <= 0) c["rate"].fail("a positive rate");
    return r;
}

namespace detail {

inline quoted_price time_price(const json_cursor& c, std::optional<currency> def) {
    quoted_price p = parse_price(c, def);
    if (!p.is_time_based()) c["per"].fail("a unit of time (\"second\", \"minute\", \"hour\" or \"day\")");
    return p;
}

inline spot_market parse_spot(const json_cursor& c, std::optional<currency> def) {
    c.expect_object({"price", "price_history", "currency", "per"});
    if (c.has("price") == c.has("price_history")) c.fail("exactly one of \"price\" or \"price_history\"");
    if (auto p = c.optional("price")) {
        if (c.has("currency") || c.has("per")) c.fail("\"currency\" and \"per\" inside \"price\", not beside it");
        return spot_market{time_price(*p, def)};
    }
    spot_history h{{}, def.value_or(currency("USD")), price_unit::hour};
    if (auto cc = c.optional("currency"))
        h.currency = cc->currency();
    else if (!def)
        c.fail("a \"currency\" for the price history (this file sets no default currency)");
    if (auto per = c.optional("per")) {
        h.per = per->in_context([&] { return parse_price_unit(per->string()); });
        if (h.per == price_unit::month || h.per == price_unit::gb)
            per->fail("a unit of time (\"second\", \"minute\", \"hour\" or \"day\")");
    }
    for (const auto& pt : c["price_history"].elements(true)) {
        pt.expect_object({"from", "amount"});
        spot_history::point p{pt["from"].time(), pt["amount"].decimal()};
        if (!h.points.empty() && !(h.points.back().from < p.from)) pt["from"].fail("a time after the previous point's");
        h.points.push_back(std::move(p));
    }
    return spot_market{std::move(h)};
}

inline billing_spec parse_billing(const json_cursor& c, std::optional<currency> def) {
    c.expect_object({"increment", "minimum", "period", "proration", "monthly_cap", "sustained_use"});
    billing_spec b;
    if (auto i = c.optional("increment")) {
        b.increment.increment = i->duration();
        if (b.increment.increment.count() <= 0) i->fail("a positive increment such as \"1s\"");
    }
    if (auto m = c.optional("minimum")) b.increment.minimum = m->duration();
    if (auto p = c.optional("period")) b.monthly_period = (p->choice({"month"}) == "month");
    if (auto p = c.optional("proration")) b.proration = p->choice_of<proration>();
    if (auto cap = c.optional("monthly_cap")) b.cap = monthly_cap{parse_money(*cap, def)};
    if (auto su = c.optional("sustained_use")) {
        std::vector<sustained_use_tier> tiers;
        for (const auto& t : su->elements(true)) {
            t.expect_object({"up_to", "rate"});
            tiers.push_back({t["up_to"].decimal(), t["rate"].decimal()});
            if (tiers.back().rate > 1) t["rate"].fail("a rate from 0 to 1 (a share of the base price)");
            exact prev = tiers.size() > 1 ? tiers[tiers.size() - 2].up_to : exact(0);
            if (!(tiers.back().up_to > prev) || tiers.back().up_to > 1)
                t["up_to"].fail("a share of the month above the previous tier's and at most 1");
        }
        if (tiers.back().up_to != 1) su->fail("tiers whose last \"up_to\" is \"1\" (the whole month)");
        b.sustained = sustained_use(std::move(tiers));
    }
    return b;
}

}  // namespace detail

inline offer parse_offer(const json_cursor& c, std::optional<currency> def) {
    c.expect_object({"id", "provider", "region", "zone", "instance", "gpus", "vcpus", "memory_gib", "markets",
                     "attached", "fees", "egress", "billing", "notes", "source", "estimate", "prices_as_of"});
    offer o;
    o.id = c["id"].string();
    if (o.id.empty()) c["id"].fail("a non-empty offer id");
    o.provider = c["provider"].string();
    if (auto r = c.optional("region")) o.region = r->string();
    if (auto z = c.optional("zone")) o.zone = z->string();
    if (auto i = c.optional("instance")) o.instance = i->string();
    if (auto g = c.optional("gpus")) {
        g->expect_object({"model", "count", "memory_gib"});
        gpu_spec gs{(*g)["model"].string(), 1, std::nullopt};
        if (auto n = g->optional("count")) gs.count = static_cast<int>(n->integer(1, 1024));
        if (auto m = g->optional("memory_gib")) gs.memory_gib = m->number(0, 1e6);
        o.gpus = gs;
    }
    if (auto v = c.optional("vcpus")) o.vcpus = static_cast<int>(v->integer(1, 100000));
    if (auto m = c.optional("memory_gib")) o.memory_gib = m->number(0, 1e9);

    auto mk = c["markets"];
    mk.expect_object({"on_demand", "spot", "monthly"});
    if (auto od = mk.optional("on_demand")) {
        od->expect_object({"price"});
        o.on_demand = hourly_market{detail::time_price((*od)["price"], def)};
    }
    if (auto sp = mk.optional("spot")) o.spot = detail::parse_spot(*sp, def);
    if (auto mo = mk.optional("monthly")) {
        mo->expect_object({"price", "setup_fee"});
        quoted_price p = parse_price((*mo)["price"], def);
        if (p.per != price_unit::month) (*mo)["price"]["per"].fail("\"month\" (a monthly market is priced per month)");
        std::optional<money> setup;
        if (auto s = mo->optional("setup_fee")) setup = parse_money(*s, def);
        o.monthly = monthly_market{p, setup};
    }
    if (!o.on_demand && !o.spot && !o.monthly) mk.fail("at least one market: \"on_demand\", \"spot\" or \"monthly\"");

    if (auto at = c.optional("attached"))
        for (const auto& a : at->elements()) {
            a.expect_object({"name", "price"});
            o.attached.push_back({a["name"].string(), detail::time_price(a["price"], def)});
        }
    if (auto fs = c.optional("fees"))
        for (const auto& f : fs->elements()) {
            f.expect_object({"name", "price"});
            quoted_price p = parse_price(f["price"], def);
            if (p.per != price_unit::month) f["price"]["per"].fail("\"month\" (a recurring fee is priced per month)");
            o.fees.push_back({f["name"].string(), p});
        }
    if (auto eg = c.optional("egress")) {
        std::vector<egress_tier> tiers;
        auto elems = eg->elements(true);
        for (std::size_t i = 0; i < elems.size(); ++i) {
            const auto& t = elems[i];
            t.expect_object({"up_to_gb", "price"});
            quoted_price p = parse_price(t["price"], def);
            if (p.per != price_unit::gb) t["price"]["per"].fail("\"GB\" (egress is priced per GB)");
            std::optional<exact> up;
            if (auto u = t.optional("up_to_gb")) up = u->decimal();
            bool last = i + 1 == elems.size();
            if (last && up) t["up_to_gb"].fail("no \"up_to_gb\" on the last tier (it takes the rest)");
            if (!last && !up) t.fail("an \"up_to_gb\" (only the last tier is open-ended)");
            if (up && !tiers.empty() && !(*up > *tiers.back().up_to_gb))
                t["up_to_gb"].fail("a bound above the previous tier's");
            tiers.push_back({up, p.per_gigabyte()});
        }
        o.egress = egress_tiers(std::move(tiers));
    }
    if (auto b = c.optional("billing"))
        o.billing = detail::parse_billing(*b, def);
    else if (o.on_demand || o.spot)
        c.fail("a \"billing\" rule (e.g. {\"increment\": \"1s\", \"minimum\": \"60s\"})");
    if (o.billing.cap && o.on_demand && !(o.billing.cap->cap.currency_of() == o.on_demand->price.amount.currency_of()))
        c["billing"]["monthly_cap"].fail("the on-demand price's currency");
    if (auto n = c.optional("notes")) o.notes = n->string();
    if (auto s = c.optional("source")) o.source = s->string();
    if (auto e = c.optional("estimate")) o.estimate = e->boolean();
    if (auto d = c.optional("prices_as_of")) {
        o.prices_as_of = d->in_context([&] { return parse_price_date(d->string()); });
    }
    return o;
}

inline catalog parse_catalog(const json_cursor& c) {
    c.expect_object({"schema", "name", "as_of", "source", "notes", "currency", "exchange_rates", "offers"});
    c.expect_schema(catalog_schema);
    catalog cat;
    cat.file = c.file();
    cat.name = c["name"].string();
    cat.as_of = c["as_of"].day();
    cat.source = c["source"].string();
    if (auto n = c.optional("notes")) cat.notes = n->string();
    if (auto cur = c.optional("currency")) cat.currency = cur->currency();
    if (auto rates = c.optional("exchange_rates"))
        for (const auto& r : rates->elements()) cat.exchange_rates.push_back(parse_exchange_rate(r));
    auto offers = c["offers"].elements(true);
    for (std::size_t i = 0; i < offers.size(); ++i) {
        offer o = parse_offer(offers[i], cat.currency);
        if (const offer* prev = cat.find(o.id))
            offers[i]["id"].fail("an id no other offer uses (\"" + o.id + "\" is at /offers/" +
                                 std::to_string(prev - cat.offers.data()) + " too)");
        cat.offers.push_back(std::move(o));
    }
    return cat;
}

inline catalog load_catalog(const std::string& path) {
    json j = load_json_file(path);
    return parse_catalog(json_cursor(j, path));
}

// --- writing -----------------------------------------------------------------------------

inline json to_json(const money& m) {
    return json{{"amount", to_decimal_string(m.amount(), 30)}, {"currency", std::string(m.currency_of().code())}};
}

inline json to_json(const quoted_price& p) {
    json j = to_json(p.amount);
    j["per"] = std::string(to_string(p.per));
    if (p.estimate) j["estimate"] = true;
    if (!p.note.empty()) j["note"] = p.note;
    return j;
}

inline json to_json(const exchange_rate& r) {
    json j{{"from", std::string(r.from.code())},
           {"to", std::string(r.to.code())},
           {"rate", to_decimal_string(r.rate, 30)},
           {"as_of", format_date(r.as_of)}};
    if (!r.source.empty()) j["source"] = r.source;
    return j;
}

inline json to_json(const offer& o) {
    json j{{"id", o.id}, {"provider", o.provider}};
    if (!o.region.empty()) j["region"] = o.region;
    if (!o.zone.empty()) j["zone"] = o.zone;
    if (!o.instance.empty()) j["instance"] = o.instance;
    if (o.gpus) {
        json g{{"model", o.gpus->model}, {"count", o.gpus->count}};
        if (o.gpus->memory_gib) g["memory_gib"] = *o.gpus->memory_gib;
        j["gpus"] = g;
    }
    if (o.vcpus) j["vcpus"] = *o.vcpus;
    if (o.memory_gib) j["memory_gib"] = *o.memory_gib;
    json m = json::object();
    if (o.on_demand) m["on_demand"] = json{{"price", to_json(o.on_demand->price)}};
    if (o.spot) {
        if (const auto* q = std::get_if<quoted_price>(&o.spot->price))
            m["spot"] = json{{"price", to_json(*q)}};
        else {
            const auto& h = std::get<spot_history>(o.spot->price);
            json pts = json::array();
            for (const auto& p : h.points)
                pts.push_back(json{{"from", format_timestamp(p.from)}, {"amount", to_decimal_string(p.amount, 30)}});
            m["spot"] = json{{"price_history", pts},
                             {"currency", std::string(h.currency.code())},
                             {"per", std::string(to_string(h.per))}};
        }
    }
    if (o.monthly) {
        json mo{{"price", to_json(o.monthly->price)}};
        if (o.monthly->setup_fee) mo["setup_fee"] = to_json(*o.monthly->setup_fee);
        m["monthly"] = mo;
    }
    j["markets"] = m;
    if (!o.attached.empty()) {
        json a = json::array();
        for (const auto& r : o.attached) a.push_back(json{{"name", r.name}, {"price", to_json(r.price)}});
        j["attached"] = a;
    }
    if (!o.fees.empty()) {
        json a = json::array();
        for (const auto& f : o.fees) a.push_back(json{{"name", f.name}, {"price", to_json(f.price)}});
        j["fees"] = a;
    }
    if (!o.egress.empty()) {
        json a = json::array();
        for (const auto& t : o.egress.tiers()) {
            json tj = json::object();
            if (t.up_to_gb) tj["up_to_gb"] = to_decimal_string(*t.up_to_gb, 30);
            tj["price"] = to_json(quoted_price{t.price.per_gb(), price_unit::gb, false, {}});
            a.push_back(tj);
        }
        j["egress"] = a;
    }
    json b{{"increment", format_duration(o.billing.increment.increment)},
           {"minimum", format_duration(o.billing.increment.minimum)}};
    if (o.billing.monthly_period) b["period"] = "month";
    b["proration"] = std::string(to_string(o.billing.proration));
    if (o.billing.cap) b["monthly_cap"] = to_json(o.billing.cap->cap);
    if (o.billing.sustained) {
        json t = json::array();
        for (const auto& s : o.billing.sustained->tiers())
            t.push_back(json{{"up_to", to_decimal_string(s.up_to, 30)}, {"rate", to_decimal_string(s.rate, 30)}});
        b["sustained_use"] = t;
    }
    j["billing"] = b;
    if (!o.notes.empty()) j["notes"] = o.notes;
    if (!o.source.empty()) j["source"] = o.source;
    if (o.estimate) j["estimate"] = true;
    if (o.prices_as_of) j["prices_as_of"] = to_string(*o.prices_as_of);
    return j;
}

inline json to_json(const catalog& c) {
    json j{{"schema", std::string(catalog_schema)},
           {"name", c.name},
           {"as_of", format_date(c.as_of)},
           {"source", c.source}};
    if (!c.notes.empty()) j["notes"] = c.notes;
    if (c.currency) j["currency"] = std::string(c.currency->code());
    if (!c.exchange_rates.empty()) {
        json r = json::array();
        for (const auto& x : c.exchange_rates) r.push_back(to_json(x));
        j["exchange_rates"] = r;
    }
    json o = json::array();
    for (const auto& x : c.offers) o.push_back(to_json(x));
    j["offers"] = o;
    return j;
}

}  // namespace costsim
