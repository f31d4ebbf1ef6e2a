// costsim/io/failover_json.hpp — a failover study (`costsim.failover/v1`): one job, the zones
// it may relaunch in, each with its catalog offer and aligned spot trace.
//
//     {"schema": "costsim.failover/v1", "name": "...", "catalog": "../pricing_data/gpu_cloud_2026.json",
//      "work": "8h", "deadline": "16h", "changeover": "5m", "relaunch": "3m", "checkpoint_gb": 150,
//      "order": "listed" | "price" | "recent", "recent_window": "6h",
//      "zones": [{"name": "us-central1-a", "offer": "gcp/us-central1-a/a2-highgpu-8g",
//                 "trace": "../pricing_data/spot-traces/.../us-central1-a_a100_40gb_8.json",
//                 "sense": "obtainable", "egress_per_gb": "0.02"}, ...],
//      "replay": {"starts": 40}, "monte_carlo": {"trials": 4000, "seed": 1}}
//
// Paths are relative to the file; "catalog" may be left out when the command supplies one
// (costsim failover: the bundled 2026 catalog). The first zone listed is the job's home:
// on-demand runs there, and the single-zone comparisons are made there. "egress_per_gb"
// is the price of moving the checkpoint out of that zone's region, in the offers'
// currency; left out, such moves are counted and said, not charged.
//
// Reading (parse_failover_study: the file into types, nothing else loaded) is apart from
// resolving (resolve_failover: the catalog's offers and the traces, checked to be aligned,
// turned into the engine's campaign), and each names the file and JSON pointer it refuses.
#pragma once

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "costsim/engine/failover.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/io/json_input.hpp"
#include "costsim/io/trace_json.hpp"
#include "costsim/pricing/offer_lookup.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

inline constexpr std::string_view failover_schema = "costsim.failover/v1";

struct failover_zone_spec {
    std::string name, offer, trace;  ///< trace: resolved beside the file
    std::string region;              ///< empty: the offer's; another: the offer's prices are a proxy
    trace_sense sense = trace_sense::preempted;
    std::optional<exact> egress_per_gb;
    std::string pointer;  ///< "/zones/2"
};

struct failover_study {
    std::string file, name, notes;
    std::string catalog;  ///< resolved beside the file; empty: the command's default
    usec work{0}, changeover{0}, relaunch{0};
    std::optional<usec> deadline;
    double checkpoint_gb = 0;
    failover_order order = failover_order::listed;
    std::optional<usec> recent_window;
    std::vector<failover_zone_spec> zones;
    std::uint64_t replay_starts = 40;
    std::uint64_t trials = 4000, seed = 1;
};

failover_study parse_failover_study(const json_cursor& c);
failover_study load_failover_study(const std::string& path);

/// One zone as resolved: its offer, its trace and what the trace says of it.
struct resolved_zone {
    const offer* of = nullptr;
    spot_trace trace;
    zone_runs runs;
    double availability = 0;                       ///< share of the trace's ticks with spot
    std::string price_date;                        ///< the offer's prices, "as of 2025-05-31"
    std::string lookup_note;                       ///< how a region-level id was matched (find_offer)
    std::string region;                            ///< the zone's region (the study's, else the offer's)
    bool price_proxy = false;                      ///< the offer is in another region than the zone
    fast_price_per_hour spot{0.0};                 ///< the offer's spot price per hour
    std::optional<fast_price_per_hour> on_demand;  ///< per hour, where the offer has one by time
};

struct resolved_failover {
    failover_study study;
    catalog cat;
    std::string currency;
    std::vector<resolved_zone> zones;  ///< as listed (zones[0]: home)
    usec gap{0};
    std::int64_t ticks = 0;
    /// The campaign over every zone (in the study's order, the home zone its fallback) and
    /// over the listed zone z alone.
    failover_campaign over_all(tick_policy p) const;
    failover_campaign in_zone(std::size_t z, tick_policy p) const;
};

/// Loads the catalog (the study's, else `default_catalog`) and every trace; input_error
/// naming the file and pointer for an unknown offer (with near ids), an offer without a
/// spot or on-demand price, mixed currencies, traces not aligned (tick or length).
resolved_failover resolve_failover(failover_study s, const std::string& default_catalog);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline failover_study parse_failover_study(const json_cursor& c) {
    c.expect_object({"schema", "name", "notes", "catalog", "work", "deadline", "changeover", "relaunch",
                     "checkpoint_gb", "order", "recent_window", "zones", "replay", "monte_carlo"});
    c.expect_schema(failover_schema, "a failover study");
    failover_study s;
    s.file = c.file();
    s.name = c["name"].string();
    if (auto n = c.optional("notes")) s.notes = n->string();
    if (auto k = c.optional("catalog")) s.catalog = path_beside(c, k->string());
    auto positive = [](const json_cursor& v) {
        const usec d = v.duration();
        if (d.count() <= 0) v.fail("a positive duration");
        return d;
    };
    s.work = positive(c["work"]);
    if (auto d = c.optional("deadline")) {
        s.deadline = positive(*d);
        if (*s.deadline < s.work) d->fail("a deadline no shorter than the work (" + format_duration(s.work) + ")");
    }
    auto non_negative = [](const json_cursor& v) {
        const usec d = v.duration();
        if (d.count() < 0) v.fail("a duration of 0 or more");
        return d;
    };
    if (auto d = c.optional("changeover")) s.changeover = non_negative(*d);
    if (auto d = c.optional("relaunch")) s.relaunch = non_negative(*d);
    if (auto g = c.optional("checkpoint_gb")) s.checkpoint_gb = g->number(0, 1e7);
    if (auto o = c.optional("order")) {
        s.order = o->in_context([&] { return parse_failover_order(o->string()); });
    }
    if (auto w = c.optional("recent_window")) {
        if (s.order != failover_order::recent) w->fail("no look-back unless \"order\" is \"recent\"");
        s.recent_window = positive(*w);
    } else if (s.order == failover_order::recent) {
        c["order"].fail("\"recent\" with a \"recent_window\" (the look-back, such as \"6h\")");
    }
    for (const auto& z : c["zones"].elements(true)) {
        z.expect_object({"name", "offer", "region", "trace", "sense", "egress_per_gb"});
        failover_zone_spec zs;
        zs.pointer = z.pointer();
        zs.name = z["name"].string();
        zs.offer = z["offer"].string();
        if (auto rg = z.optional("region")) zs.region = rg->string();
        zs.trace = path_beside(c, z["trace"].string());
        if (auto se = z.optional("sense")) {
            zs.sense = se->in_context([&] { return parse_trace_sense(se->string()); });
        }
        if (auto e = z.optional("egress_per_gb")) zs.egress_per_gb = e->decimal();  // never negative
        for (const auto& o : s.zones)
            if (o.name == zs.name) z["name"].fail("a zone name not listed before (\"" + zs.name + "\" is)");
        s.zones.push_back(std::move(zs));
    }
    if (auto r = c.optional("replay")) {
        r->expect_object({"starts"});
        s.replay_starts = static_cast<std::uint64_t>((*r)["starts"].integer(1, 100000));
    }
    if (auto m = c.optional("monte_carlo")) {
        m->expect_object({"trials", "seed"});
        if (auto t = m->optional("trials")) s.trials = static_cast<std::uint64_t>(t->integer(1, 10000000));
        if (auto sd = m->optional("seed"))
            s.seed = static_cast<std::uint64_t>(sd->integer(0, std::numeric_limits<std::int64_t>::max()));
    }
    return s;
}

inline failover_study load_failover_study(const std::string& path) {
    json j = load_json_file(path);
    return parse_failover_study(json_cursor(j, path));
}

inline resolved_failover resolve_failover(failover_study s, const std::string& default_catalog) {
    resolved_failover r;
    const std::string cat_file = s.catalog.empty() ? default_catalog : s.catalog;
    r.cat = load_catalog(cat_file);
    for (std::size_t i = 0; i < s.zones.size(); ++i) {
        const failover_zone_spec& z = s.zones[i];
        auto refuse = [&](const std::string& key, const std::string& what) {
            throw input_error(s.file, z.pointer + "/" + key, what);
        };
        // An exact id, else a region-level one ("aws/us-east-1/p3.2xlarge": the region's
        // cheapest spot zone; AWS zone names map to zone ids per account).
        const offer_match m = find_offer(r.cat, z.offer, market_kind::spot);
        const offer* o = m.found;
        if (!o) refuse("offer", unknown_offer_text(r.cat, z.offer) + " (catalog " + cat_file + ")");
        if (!o->spot || !std::holds_alternative<quoted_price>(o->spot->price) ||
            !std::get<quoted_price>(o->spot->price).is_time_based())
            refuse("offer",
                   "an offer with a spot price per unit of time (" + z.offer + " has none in " + cat_file + ")");
        if (i == 0 && (!o->on_demand || !o->on_demand->price.is_time_based()))
            refuse("offer", "a home zone (the first listed) whose offer has an on-demand price (" + z.offer +
                                " has none): on-demand runs there");
        const std::string cur(o->market_currency(market_kind::spot).code());
        if (r.currency.empty()) r.currency = cur;
        if (cur != r.currency)
            refuse("offer", "an offer priced in " + r.currency + " like the zones before it (" + z.offer + " is in " +
                                cur + ")");
        if (!is_regular_file_noexcept(z.trace)) refuse("trace", "a spot trace file (" + z.trace + " is not one)");
        resolved_zone rz{o,     load_spot_trace(z.trace, z.sense), {},          0.0, "", m.note, o->region,
                         false, fast_price_per_hour{0.0},          std::nullopt};
        if (!z.region.empty() && z.region != o->region) {
            rz.region = z.region;
            rz.price_proxy = true;
        }
        if (i == 0) {
            r.gap = rz.trace.gap();
            r.ticks = rz.trace.ticks();
        } else if (rz.trace.gap() != r.gap || rz.trace.ticks() != r.ticks) {
            refuse("trace", "a trace aligned with the first zone's (" + std::to_string(r.ticks) + " ticks of " +
                                format_duration(r.gap) + "), got " + std::to_string(rz.trace.ticks()) + " ticks of " +
                                format_duration(rz.trace.gap()));
        }
        auto hourly = [](const quoted_price& p) {
            return fast_price_per_hour(to_double(p.hourly().per_hour().amount()));
        };
        rz.spot = hourly(std::get<quoted_price>(o->spot->price));
        if (o->on_demand && o->on_demand->price.is_time_based()) rz.on_demand = hourly(o->on_demand->price);
        rz.runs = runs_of(rz.trace);
        rz.availability = compute_trace_stats(rz.trace).availability;
        rz.price_date = to_string(r.cat.prices_as_of(*o));
        r.zones.push_back(std::move(rz));
    }
    r.study = std::move(s);
    return r;
}

namespace detail {
inline failover_zone engine_zone(const resolved_failover& r, std::size_t i) {
    const resolved_zone& rz = r.zones[i];
    failover_zone z;
    z.name = r.study.zones[i].name;
    z.region = rz.region;
    z.spot = rz.spot;
    if (rz.on_demand) z.on_demand = *rz.on_demand;
    z.billing = fast_billing::from(rz.of->billing.increment);
    z.lane = i;  // its availability: zone i of the study, in every campaign
    if (r.study.zones[i].egress_per_gb) z.egress_per_gb = fast_money(to_double(*r.study.zones[i].egress_per_gb));
    return z;
}

inline failover_campaign base_campaign(const resolved_failover& r, tick_policy p) {
    failover_campaign c;
    c.policy = p;
    c.gap = r.gap;
    c.work = r.study.work;
    c.changeover = r.study.changeover;
    c.relaunch = r.study.relaunch;
    c.deadline = r.study.deadline;
    c.checkpoint_gb = r.study.checkpoint_gb;
    c.order = r.study.order;
    if (r.study.recent_window) c.recent_ticks = ceil_div(r.study.recent_window->count(), r.gap.count());
    return c;
}
}  // namespace detail

inline failover_campaign resolved_failover::over_all(tick_policy p) const {
    failover_campaign c = detail::base_campaign(*this, p);
    for (std::size_t i = 0; i < zones.size(); ++i) c.zones.push_back(detail::engine_zone(*this, i));
    if (study.order == failover_order::price)
        std::stable_sort(c.zones.begin(), c.zones.end(), [](const failover_zone& a, const failover_zone& b) {
            return a.spot.value() < b.spot.value();
        });
    // On-demand stays in the home zone (listed first: lane 0), wherever the sort put it.
    for (std::size_t i = 0; i < c.zones.size(); ++i)
        if (c.zones[i].lane == 0) c.fallback = i;
    return c;
}

inline failover_campaign resolved_failover::in_zone(std::size_t z, tick_policy p) const {
    failover_campaign c = detail::base_campaign(*this, p);
    c.order = failover_order::listed;
    c.recent_ticks = 0;
    c.zones.push_back(detail::engine_zone(*this, z));
    // On-demand is the home zone's, wherever the spot instance runs.
    if (z != 0) c.zones.back().on_demand = detail::engine_zone(*this, 0).on_demand;
    return c;
}

}  // namespace costsim
