// simulator/plan_cmd.cpp — `costsim plan`: every candidate the scenario (or the quick-mode
// flags) allow, ranked; the table, --json and --csv all come from the one ranked list.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/costsim.hpp"
#include "costsim/workflow/quick_plan.hpp"
#include "progress.hpp"
#include "text.hpp"

namespace costsim::cli {

namespace {

// The widest line the default plan output may print.

std::string short_source(runtime_source s) {
    switch (s) {
        case runtime_source::measured: return "meas";
        case runtime_source::published: return "pub";
        case runtime_source::estimate: return "est";
    }
    return "?";
}

std::string market_cell(const candidate_result& c) {
    if (c.market != market_kind::spot) return c.market == market_kind::on_demand ? "on-demand" : "monthly";
    // Failover over N zones: "foN" for spot, "foN+fb" with the fallback (as narrow as "spot+fb").
    const std::string spot = c.failover_zones > 1 ? fmt::format("fo{}", c.failover_zones) : "spot";
    return c.policy == policy_kind::deadline_fallback ? spot + "+fb"
           : c.policy == policy_kind::spot_only       ? spot
                                                      : std::string(to_string(c.policy));
}

std::string ckpt_cell(const candidate_result& c) {
    const checkpoint_rule rule = c.checkpoint.rule;
    if (rule == checkpoint_rule::none) return "-";
    const std::string every = fmt::format("{:.2f}h", c.checkpoint.every.count());
    return rule == checkpoint_rule::fixed ? every : (rule == checkpoint_rule::young ? "Y " : "D ") + every;
}

// Shortens an offer id to `w` characters: "provider/~/instance" (the zones column counts the
// places), else the middle cut with "~".
std::string fit(const std::string& s, std::size_t w) {
    if (s.size() <= w || w < 4) return s;
    const auto a = s.find('/'), b = s.rfind('/');
    if (a != std::string::npos && b > a) {
        if (a + 3 + (s.size() - b - 1) <= w) return s.substr(0, a) + "/~" + s.substr(b);
        if (2 + (s.size() - b - 1) <= w) return "~" + s.substr(b);
    }
    return s.substr(0, w / 2 - 1) + "~" + s.substr(s.size() - (w - w / 2));
}

// The risk column: the one word, and an Advisor model's band ("advisor >20%").
std::string risk_cell(const interruption_spec& i) {
    std::string w(risk_source(i));
    const auto* a = std::get_if<spot_models::advisor>(&i.model);
    if (w == "advisor" && a && a->band) w += " " + std::string(advisor_band_text(*a->band));
    return w;
}

// How old the planned offers' prices are, one date at a time (a catalog of several sources
// dates its offers apart), the recommendation's first; a WARNING where they may be older
// than six months.
std::string price_ages(const plan_result& p) {
    const scenario& s = p.expanded;
    const catalog& c = s.offers;
    const auto today = date::floor<date::days>(std::chrono::system_clock::now());
    std::vector<std::pair<std::string, std::size_t>> dates;  // date text -> offers (first seen first)
    std::vector<std::string> rows;
    auto add = [&](const offer& o) {
        const std::string d = to_string(c.prices_as_of(o));
        auto it = std::find_if(dates.begin(), dates.end(), [&](const auto& e) { return e.first == d; });
        if (it == dates.end())
            dates.emplace_back(d, 1), rows.push_back(fmt::format("{} ({})", d, age_of(c.prices_as_of(o), today).text));
        else
            ++it->second;
    };
    bool stale = false;
    const offer* recommended =
        p.recommended ? &s.offer_of(s.candidates[p.rows[*p.recommended].candidate_index]) : nullptr;
    if (recommended) add(*recommended);
    std::set<std::size_t> seen;
    for (const auto& row : p.rows) {
        const candidate& k = s.candidates[row.candidate_index];
        std::vector<std::size_t> offers{k.offer_index};
        offers.insert(offers.end(), k.identical_offers.begin(), k.identical_offers.end());
        for (std::size_t i : offers) {
            if (!seen.insert(i).second) continue;
            const offer& o = c.offers[i];
            stale = stale || age_of(c.prices_as_of(o), today).stale;
            if (&o != recommended) add(o);
        }
    }
    const std::size_t n = seen.size();
    std::string out;
    if (dates.size() == 1)
        out = fmt::format("prices of {} dated {}", c.name, rows.front());
    else {
        out = fmt::format("prices of {} by source ({} offers planned):", c.name, n);
        for (std::size_t i = 0; i < dates.size(); ++i)
            out +=
                fmt::format(" {} for {}{}{}", rows[i], dates[i].second,
                            i == 0 && p.recommended ? " (the recommendation's)" : "", i + 1 < dates.size() ? ";" : "");
    }
    if (stale) out += " — WARNING: prices may be older than 6 months; today's prices may differ";
    return out;
}

}  // namespace

std::string render_sources(const plan_result& p) {
    const scenario& s = p.expanded;
    std::vector<std::string> runtimes, spot;
    for (const auto& row : p.rows) {
        const candidate& k = s.candidates[row.candidate_index];
        const offer& o = s.offer_of(k);
        std::string r = fmt::format("    {}{}: {:.2f}h {} — {}\n", o.id,
                                    k.gpus_used > 1 ? fmt::format(" on {} GPUs", k.gpus_used) : "",
                                    to_fast_hours(s.work_of(k)).count(), to_string(k.runtime.source), k.runtime.basis);
        if (std::find(runtimes.begin(), runtimes.end(), r) == runtimes.end()) runtimes.push_back(std::move(r));
        if (k.market == market_kind::spot) {
            std::string i = fmt::format("    {}: {}\n", o.id, describe(k.interruptions));
            if (std::find(spot.begin(), spot.end(), i) == spot.end()) spot.push_back(std::move(i));
        }
    }
    std::string out =
        "\n  runtimes (measured: costsim-bench or your figure; published: a study's figure; estimate: a proxy or "
        "guess):\n";
    for (const auto& r : runtimes) out += r;
    if (!spot.empty()) {
        out += "  spot interruptions:\n";
        for (const auto& i : spot) out += i;
    }
    return out;
}

namespace {

// Runtime sources per GPU model, one line each (the full list is --explain's).
std::string render_runtime_summary(const plan_result& p) {
    const scenario& s = p.expanded;
    std::map<std::string, std::string> per_model;
    for (const auto& row : p.rows) {
        const candidate& k = s.candidates[row.candidate_index];
        const offer& o = s.offer_of(k);
        const std::string key = s.speed_key(o);  // the GPU variant where speeds are per variant
        const std::string model = !o.gpus ? "cpu" : key.empty() || key == o.gpus->model ? o.gpus->model : key;
        per_model.try_emplace(model, std::string(to_string(k.runtime.source)) + ": " + k.runtime.basis);
    }
    std::string out = "  runtimes, per GPU model or variant (--explain: per offer):\n";
    for (const auto& [model, basis] : per_model) out += wrap(model + " — " + basis, "    ");
    return out;
}

std::string render_spot_summary(const plan_result& p) {
    const scenario& s = p.expanded;
    std::vector<std::pair<std::string, std::vector<std::string>>> models;  // each model, the offers using it
    for (const auto& row : p.rows) {
        const candidate& k = s.candidates[row.candidate_index];
        if (k.market != market_kind::spot) continue;
        const std::string d = describe(k.interruptions), id = s.offer_of(k).id;
        auto it = std::find_if(models.begin(), models.end(), [&](const auto& m) { return m.first == d; });
        if (it == models.end()) it = models.insert(models.end(), {d, {}});
        if (std::find(it->second.begin(), it->second.end(), id) == it->second.end()) it->second.push_back(id);
    }
    if (models.empty()) return {};
    std::string out =
        "  spot interruptions (risk: trace = fitted to a spot trace, which may be a proxy for the offer's own risk):\n";
    // The Advisor calibration's parameters, once: the anchor band's rate and the ratios.
    for (const auto& row : p.rows) {
        const interruption_spec& i = s.candidates[row.candidate_index].interruptions;
        const auto* a = std::get_if<spot_models::advisor>(&i.model);
        if (s.candidates[row.candidate_index].market != market_kind::spot || !a || !a->band) continue;
        const double anchor = a->rate.per_hour() / advisor_band_scale(*a->band);
        std::string ratios;
        for (int b = 0; b < 4; ++b)
            ratios += fmt::format("{}{} x{:.3f}", b ? ", " : "", advisor_band_text(advisor_bucket_from_index(b)),
                                  advisor_band_scale(advisor_bucket_from_index(b)));
        out += wrap(fmt::format("advisor: the AWS Spot Advisor's frequency-of-interruption band{} for the offer's "
                                "instance type and region, calibrated on real traces: >20% = {:.3f} interruptions per "
                                "hour of spot running (pooled over the bundled p3.2xlarge and p2.xlarge traces, "
                                "types the Advisor puts in that band); the other bands at the naive reading's ratios "
                                "({}); lifetimes resampled from those traces, stretched to the band's mean; waits for "
                                "capacity are their outages (docs/spot_risk.md)",
                                a->as_of.empty() ? "" : " (snapshot " + a->as_of + ")", anchor, ratios),
                    "    ");
        break;
    }
    for (const auto& [model, ids] : models) {
        std::string who = ids.front();
        if (ids.size() > 1) who += fmt::format(" and {} other offer{}", ids.size() - 1, ids.size() > 2 ? "s" : "");
        out += wrap(who + ": " + model, "    ");
    }
    return out;
}

std::string render_excluded(const plan_result& p, bool all) {
    if (p.excluded.empty()) return {};
    std::string out = fmt::format("\n  left out: {} offer{} or market{}", p.excluded.size(),
                                  p.excluded.size() == 1 ? "" : "s", p.excluded.size() == 1 ? "" : "s");
    if (all) {
        out += ":\n";
        for (const auto& e : p.excluded)
            out += wrap(fmt::format("{} ({}): {}", e.offer, e.market ? to_string(*e.market) : "all markets", e.reason),
                        "    ");
        return out;
    }
    // The same reason for many offers is said once, with a count and one example.
    std::vector<std::pair<std::string, std::vector<const excluded_offer*>>> by_reason;
    for (const auto& e : p.excluded) {
        auto it = std::find_if(by_reason.begin(), by_reason.end(), [&](const auto& r) { return r.first == e.reason; });
        if (it == by_reason.end())
            by_reason.push_back({e.reason, {&e}});
        else
            it->second.push_back(&e);
    }
    out += " (--explain lists each):\n";
    std::size_t shown = 0;
    for (const auto& [reason, offers] : by_reason) {
        if (shown++ == 6) {
            out += fmt::format("    ... and {} other reasons\n", by_reason.size() - 6);
            break;
        }
        out += wrap(offers.size() == 1
                        ? fmt::format("{}: {}", offers.front()->offer, reason)
                        : fmt::format("{} offers (e.g. {}): {}", offers.size(), offers.front()->offer, reason),
                    "    ");
    }
    return out;
}

// The study's published costs and conclusions beside costsim's own figures.
std::string render_study(const study_comparison& c) {
    std::string out = "\n" + bold("  The study's published figures beside costsim's") + " (" + c.study + ")\n";
    text_table t({{"offer", align::left},
                  {"runtime", align::right},
                  {"source", align::left},
                  {"published", align::right},
                  {"costsim exact", align::right},
                  {"at its precision", align::right},
                  {"agrees", align::left}});
    for (const auto& r : c.rows)
        t.add({r.offer, fmt::format("{:.2f}h", to_fast_hours(r.runtime).count()),
               std::string(to_string(r.basis.source)), r.published + " " + r.currency,
               to_decimal_string(r.costsim_exact, 4) + " " + r.currency, r.costsim_at_precision + " " + r.currency,
               r.agrees ? "yes" : "NO"});
    out += t.render("    ");
    out +=
        "    costsim: the exact invoice of one on-demand run of that runtime by the offer's own billing rule;\n"
        "    each runtime is the published cost over the billed hourly rate (see runtimes above), so the\n"
        "    agreement checks the billing, not the speed. The plan's on-demand rows add the start-up overhead.\n";
    out += "\n" + bold("  The study's conclusions, on costsim's figures") + "\n";
    for (const auto& k : c.claims) {
        out += fmt::format("    {:<7} {}\n", k.holds ? "holds" : "FAILS", k.claim);
        out += wrap(k.evidence, "            ");
    }
    return out;
}

std::string render_recommendation(const plan_result& p) {
    const simulation_result& r = p.simulation;
    const scenario& s = p.expanded;
    std::string out;
    // The cheapest on-demand row: the answer without spot risk.
    for (const auto& row : p.rows)
        if (p.result_of(row).market == market_kind::on_demand) {
            const auto& c = p.result_of(row);
            out += wrap(
                fmt::format(
                    "Cheapest on-demand: {}{}, {:.2f} {} in {:.2f} h{}.", c.offer,
                    s.candidates[row.candidate_index].identical_offers.empty()
                        ? ""
                        : fmt::format(" (or {} identical)", s.candidates[row.candidate_index].identical_offers.size()),
                    c.cost.mean, r.currency, c.makespan_hours.mean,
                    r.deadline_hours ? fmt::format(", meets the deadline in {:.1f} % of trials", 100 * c.deadline_met)
                                     : std::string()),
                "  ");
            break;
        }
    if (!p.recommended) {
        out += bold(fmt::format("  No candidate meets the deadline with {:.0f} % probability.",
                                100 * deadline_confidence)) +
               "\n";
        return out;
    }
    const plan_row& row = p.rows[*p.recommended];
    const auto& c = p.result_of(row);
    const candidate& k = s.candidates[row.candidate_index];
    std::string line = fmt::format(
        "Recommendation: {} {}{}, expected {:.2f} {} (P95 {:.2f}) in {:.1f} h (P95 {:.1f}){}.", c.offer,
        to_string(c.market), c.policy == policy_kind::on_demand ? "" : " (" + std::string(to_string(c.policy)) + ")",
        c.cost.mean, r.currency, c.cost.p95, c.makespan_hours.mean, c.makespan_hours.p95,
        r.deadline_hours ? fmt::format(", meets the deadline in {:.1f} % of trials", 100 * c.deadline_met)
                         : std::string());
    out += bold(wrap(line, "  "));
    out += wrap(fmt::format("runtime {:.2f} h ({}: {})", to_fast_hours(s.work_of(k)).count(),
                            to_string(k.runtime.source), k.runtime.basis),
                "    ");
    if (c.market == market_kind::spot)
        out += wrap(fmt::format("spot risk ({}): {}", risk_source(k.interruptions), describe(k.interruptions)), "    ");
    if (!p.sensitivity.empty()) {
        std::string line = "sensitivity to the interruption rate:";
        for (const auto& x : p.sensitivity)
            line += fmt::format(
                " {} ({:.3f}/h): cost {:.2f} {}, P95 time {:.1f} h{};",
                x.factor < 1 ? fmt::format("/{:g}", 1 / x.factor) : fmt::format("x{:g}", x.factor), x.rate_per_hour,
                x.result.cost.mean, r.currency, x.result.makespan_hours.p95,
                r.deadline_hours ? fmt::format(", P(deadline) {:.1f} %", 100 * x.result.deadline_met) : std::string());
        line.back() = '.';
        out += wrap(line, "    ");
    }
    // A spot answer that rests on borrowed data: the price of not taking the risk.
    if (c.market == market_kind::spot && !k.interruptions.proxy.empty()) {
        for (const auto& alt : p.rows) {
            if (p.result_of(alt).market == market_kind::spot || !alt.meets_deadline) continue;
            const double more = p.result_of(alt).cost.mean - c.cost.mean;
            out += wrap(fmt::format("its spot risk is a PROXY; the cheapest choice without spot risk is {} {}, "
                                    "{:.2f} {} in {:.1f} h: {:.2f} {} ({:.0f} %) more",
                                    p.result_of(alt).offer, to_string(p.result_of(alt).market),
                                    p.result_of(alt).cost.mean, r.currency, p.result_of(alt).makespan_hours.mean, more,
                                    r.currency, 100 * more / c.cost.mean),
                        "    ");
            break;
        }
    }
    return out;
}

}  // namespace

std::string render_plan(const plan_result& p, const plan_view& v) {
    const simulation_result& r = p.simulation;
    const scenario& s = p.expanded;
    std::size_t folded = 0;
    for (const auto& k : s.candidates) folded += k.identical_offers.size();
    std::uint64_t least = r.trials, most = 0;
    for (const auto& c : r.candidates) {
        const std::uint64_t n = c.trials ? c.trials : r.trials;
        if (c.market == market_kind::spot) least = std::min(least, n), most = std::max(most, n);
    }
    const std::string trials = most > least ? fmt::format("{}-{} trials (to a target interval)", least, most)
                                            : fmt::format("{} trials each", r.trials);
    std::string out = bold(wrap(
        fmt::format("costsim plan: {} — {} rows{}, {}, seed {}, {}", r.scenario, p.rows.size(),
                    folded ? fmt::format(" ({} identical offers folded in)", folded) : "", trials, r.seed, r.currency),
        ""));
    out += wrap(fmt::format("work {:.3f} h at reference speed ({}: {}){}", to_fast_hours(s.work).count(),
                            to_string(s.work_basis.source), s.work_basis.basis,
                            s.deadline ? ", deadline " + format_duration(*s.deadline) : std::string()),
                "  ");
    if (s.work_class)
        out += wrap(fmt::format("speeds: class {} of {}, per GPU variant ({}); a variant the class has no figure for "
                                "takes another class's or its peak-FLOPS ratio, marked est",
                                to_string(*s.work_class), s.speed_name, s.variants->name),
                    "  ");
    if (!s.offers.name.empty() && s.offers.as_of != date::year_month_day{}) out += wrap(price_ages(p), "  ");
    out += "\n";

    bool many_gpus = false, checkpoints = false;
    for (const auto& row : p.rows) {
        many_gpus = many_gpus || p.candidate_of(row).gpus_used != p.candidate_of(p.rows.front()).gpus_used;
        checkpoints = checkpoints || p.result_of(row).checkpoint.rule != checkpoint_rule::none;
    }
    const std::size_t shown_rows = v.all ? p.rows.size() : std::min(v.top, p.rows.size());
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < shown_rows; ++i) shown.push_back(i);
    if (p.recommended && *p.recommended >= shown_rows) shown.push_back(*p.recommended);

    bool spot = false, zones = false, failover = false;
    double failover_relaunch_min = 0;
    for (const auto& row : p.rows) {
        spot = spot || p.result_of(row).market == market_kind::spot;
        zones = zones || !s.candidates[row.candidate_index].identical_offers.empty();
        if (p.result_of(row).failover_zones > 1)
            failover = true, failover_relaunch_min = p.result_of(row).relaunch.count() * 60.0;
    }
    std::vector<text_table::column> cols{{"#", align::right}, {"offer", align::left}};
    const bool variant = s.variants.has_value();  // the card each offer really is
    if (variant) cols.push_back({"GPU", align::left});
    if (zones) cols.push_back({"zn", align::right});
    cols.push_back({"market", align::left});
    if (spot) cols.push_back({"risk", align::left});
    if (many_gpus) cols.push_back({"GPUs", align::right});
    if (checkpoints) cols.push_back({"ckpt", align::left});
    for (text_table::column c : std::vector<text_table::column>{{"runtime", align::left},
                                                                {"cost " + r.currency, align::right},
                                                                {"P95", align::right},
                                                                {"time h", align::right},
                                                                {"P95", align::right}})
        cols.push_back(c);
    const bool deadline = r.deadline_hours.has_value();  // without one, P(dl) would be "-" on every row
    if (deadline) cols.push_back({"P(dl)", align::right});
    cols.push_back({"", align::left});
    auto gpu_of = [&](const plan_row& row) { return s.speed_key(s.offer_of(s.candidates[row.candidate_index])); };
    bool bands = true;  // the Advisor band beside "advisor", while the table fits
    auto cells = [&](std::size_t i, std::size_t offer_width, std::size_t gpu_width) {
        const plan_row& row = p.rows[i];
        const candidate_result& c = p.result_of(row);
        const candidate& k = s.candidates[row.candidate_index];
        std::string marks = row.pareto ? "*" : "";
        if (p.recommended && *p.recommended == i) marks += "R";
        std::vector<std::string> cell{std::to_string(i + 1), fit(c.offer, offer_width)};
        if (variant) cell.push_back(fit(gpu_of(row), gpu_width));
        if (zones) cell.push_back(std::to_string(1 + k.identical_offers.size()));
        cell.push_back(market_cell(c));
        if (spot)
            cell.push_back(c.market != market_kind::spot ? "-"
                           : bands                       ? risk_cell(k.interruptions)
                                                         : std::string(risk_source(k.interruptions)));
        if (many_gpus) cell.push_back(std::to_string(p.candidate_of(row).gpus_used));
        if (checkpoints) cell.push_back(ckpt_cell(c));
        for (std::string x :
             {fmt::format("{:>6.2f}h {}", to_fast_hours(s.work_of(k)).count(), short_source(k.runtime.source)),
              fmt::format("{:.2f}", c.cost.mean), fmt::format("{:.2f}", c.cost.p95),
              fmt::format("{:.2f}", c.makespan_hours.mean), fmt::format("{:.2f}", c.makespan_hours.p95)})
            cell.push_back(std::move(x));
        if (deadline) cell.push_back(fmt::format("{:.1f}%", 100 * c.deadline_met));
        cell.push_back(marks);
        return cell;
    };
    // The offer column gives way so the table fits max_columns, then the GPU column (its
    // variant ids are long: "A100-SXM4-80GB"), then the Advisor bands (listed below it).
    std::size_t offer_width = 0, gpu_width = 0;
    for (std::size_t i : shown) {
        offer_width = std::max(offer_width, p.result_of(p.rows[i]).offer.size());
        if (variant) gpu_width = std::max(gpu_width, gpu_of(p.rows[i]).size());
    }
    for (;;) {
        text_table t(cols);
        for (std::size_t i : shown) t.add(cells(i, offer_width, gpu_width));
        std::string table = t.render();
        std::size_t widest = 0;
        for (std::size_t a = 0, b; a < table.size(); a = b + 1) {
            b = table.find('\n', a);
            widest = std::max(widest, b - a);
        }
        // Columns shrink to 10, then the bands go, then the columns shrink to 8.
        const std::size_t least = bands ? 10 : 8;
        if (widest <= max_columns || (offer_width <= least && gpu_width <= least && !bands) || v.all) {
            out += table;
            break;
        }
        if (offer_width <= least && gpu_width <= least)
            bands = false;
        else if (offer_width > least)
            offer_width -= std::min(offer_width - least, widest - max_columns);
        else
            gpu_width -= std::min(gpu_width - least, widest - max_columns);
    }
    if (shown_rows < p.rows.size())
        out += fmt::format("  ... {} more row{} (--top N, --all)\n", p.rows.size() - shown_rows,
                           p.rows.size() - shown_rows == 1 ? "" : "s");
    out += wrap(
        std::string(variant ? "GPU: the card the offer carries (variant table). " : "") +
            std::string(
                zones ? "zn (zones): identical offers (same GPU, count, prices, billing, interruption model) in that "
                        "many zones or regions, simulated once. "
                      : "") +
            "offer: ~ stands for a cut part of the id. market: on-demand; spot = spot_only (rerun on spot until done, "
            "from the last checkpoint); "
            "spot+fb = deadline_fallback (spot, then on-demand in time for the deadline); monthly (a dedicated "
            "server)." +
            std::string(failover
                            ? fmt::format(" foN, foN+fb: spot, spot+fb with failover over N zones or regions of the "
                                          "same instance and risk (a preempted run relaunches in the cheapest "
                                          "other that has capacity, at its spot price, after {:.0f} min; zones "
                                          "drawn independently; no checkpoint transfer charged).",
                                          failover_relaunch_min)
                            : "") +
            std::string(spot ? " risk: where a spot row's interruption model comes from (trace: fitted to the "
                               "offer's own spot trace; advisor: AWS Spot Advisor band; proxy: borrowed from "
                               "another instance's data, see below; stated: a rate the scenario states)."
                             : "") +
            std::string(checkpoints ? " ckpt: checkpoint interval of work (Y / D: Young's or Daly's interval "
                                      "from the checkpoint cost and the interruption rate)."
                                    : "") +
            " runtime: hours of work on the offer and where they come from (meas = measured or your figure, pub = "
            "published, est = estimate). cost, time: mean and P95 over the trials." +
            std::string(deadline ? " P(dl): share of trials done by the deadline." : "") +
            " * on the cost/time Pareto frontier (no row cheaper and faster); R recommended (the cheapest "
            "meeting the deadline in 95 % of trials).",
        "  ");
    out += "\n";
    out += v.explain ? render_sources(p) : render_runtime_summary(p) + render_spot_summary(p);
    out += render_excluded(p, v.explain);
    out += "\n";
    out += render_recommendation(p);
    if (p.study) out += render_study(*p.study);
    return out;
}

namespace {

scenario scenario_of(const plan_args& a) {
    const bool quick = a.quick_mode();
    if (a.scenario.empty() && !quick)
        throw input_error("command line", "SCENARIO",
                          "a scenario file, or the job as flags: costsim plan --work 10h --gpu A100-80GB (or by "
                          "its size: --model 7B --tokens 50M --method lora)");
    if (!a.scenario.empty()) {
        for (const auto& [name, given] : a.quick.given())
            if (given)
                throw input_error("command line", name,
                                  "no " + std::string(name) + " beside a scenario file (the file states the job; " +
                                      name + " belongs to the quick mode without one)");
        scenario s = load_scenario(a.scenario);
        if (!a.quick.deadline.empty()) {
            s.deadline =
                positive_flag_duration("--deadline", a.quick.deadline);  // shorter than the work: nothing meets it
        }
        return s;
    }
    return quick_scenario(quick_job_of(a.quick, find_share_dir()));
}

}  // namespace

int run_plan(const plan_args& a) {
    if (a.all && a.top_given) throw input_error("command line", "--top", "no --top beside --all");
    if ((a.json || a.csv) && (a.top_given || a.all || a.explain))
        throw input_error("command line",
                          a.top_given ? "--top"
                          : a.all     ? "--all"
                                      : "--explain",
                          "the text table (--json and --csv always carry every row)");
    if (a.trials_given && a.target_rel_ci > 0)
        throw input_error("command line", "--target-rel-ci", "no --target-rel-ci beside --trials (one sets the count)");
    scenario s = scenario_of(a);
    // Quick mode runs each candidate to a 1 % interval of its mean cost (2,000 to 20,000
    // trials) unless --trials fixes the count; a scenario file keeps its fixed count.
    mc_options o = plan_mc_options(a.quick_mode(), a.trials, a.trials_given, a.target_rel_ci, a.seed, a.threads);
    progress_bar bar("plan");  // on a terminal, once the plan has run 2 s
    o.progress = [&bar](double f) { bar(f); };
    plan_result p =
        in_context(a.scenario.empty() ? "command line" : a.scenario, "/plan", [&] { return run_plan(s, o); });
    bar.clear();
    json j = to_json(p);
    std::string out = a.json ? j.dump() + "\n" : a.csv ? to_csv(p) : render_plan(p, {a.top, a.all, a.explain});
    if (!a.report.empty()) {
        write_report(j, a.report);
        if (!a.json && !a.csv)
            out += "\n  Report written to " + a.report + "\n";
        else
            std::cerr << "costsim: report written to " << a.report << "\n";
    }
    std::cout << out << std::flush;
    return 0;
}

// `costsim plan`: its options, registered on the app; run when named.
command add_plan(CLI::App& app) {
    auto pl = std::make_shared<plan_args>();
    auto* plan = app.add_subcommand(
        "plan", "rank every candidate a scenario (or the job given as flags) allows; Pareto frontier; recommendation");
    plan->add_option("scenario", pl->scenario, "costsim.scenario/v1 file (or the job as flags: --work, --gpu, ...)");
    plan->add_option("--work", pl->quick.work, "quick mode: the job's run time on --gpu, e.g. 10h");
    plan->add_option("--gpu", pl->quick.gpu,
                     "quick mode: the GPU model the work is stated on (e.g. A100-80GB); more models, comma-separated, "
                     "or \"all\", are planned at the speed table's ratio (default: its reference, every model)");
    plan->add_option("--gpus", pl->quick.gpus, "quick mode: the job runs on exactly N GPUs (default 1)")
        ->check(CLI::Range(1, 1024))
        ->each([=](const std::string&) { pl->quick.gpus_given = true; });
    plan->add_option("--memory", pl->quick.memory, "quick mode: GPU memory the job needs per GPU, e.g. 40GiB");
    plan->add_option(
        "--model", pl->quick.model,
        "quick mode, the job by its size instead of --work: parameters (7B) or a named model (llama-3-8b)");
    plan->add_option("--tokens", pl->quick.tokens, "with --model: tokens trained on, epochs included, e.g. 50M");
    plan->add_option("--samples", pl->quick.samples,
                     "with --model, instead of --tokens: sequences per epoch, e.g. 52K");
    plan->add_option("--epochs", pl->quick.epochs, "with --samples: epochs (default 1)");
    plan->add_option("--method", pl->quick.method, "with --model: full, lora or qlora");
    plan->add_option("--precision", pl->quick.precision, "with --model: bf16 (default) or fp8");
    plan->add_option("--seq", pl->quick.seq, "with --model: sequence length in tokens (default 2048)");
    plan->add_option("--micro-batch", pl->quick.micro_batch, "with --model: sequences per GPU per step (default 1)");
    plan->add_option(
        "--stack", pl->quick.stack,
        "with --model: plan at the tuned (NVIDIA NeMo) or plain (PyTorch FSDP, default) end of the estimate");
    plan->add_option("--market", pl->quick.market,
                     "quick mode: markets, comma-separated (default on_demand,spot; failover: spot relaunched in "
                     "the offer's identical zones too)");
    plan->add_option("--cloud", pl->quick.cloud,
                     "quick mode: providers, comma-separated (e.g. aws,lambda; default all)");
    plan->add_option("--region", pl->quick.region, "quick mode: regular expression on region, zone or offer id");
    plan->add_option("--catalog", pl->quick.catalog, "quick mode: catalog (default the bundled 2026 one)");
    plan->add_option("--speed", pl->quick.speed,
                     "quick mode: relative speed table (default the bundled 2026 one, per class)");
    plan->add_option("--class", pl->quick.work_class,
                     "quick mode: the job's class: llm_finetune (default), llm_pretrain, encoder, cnn, inference");
    plan->add_option("--checkpoint-cost", pl->quick.checkpoint_cost,
                     "quick mode: time one spot checkpoint takes (default 1m)");
    plan->add_option("--restart-overhead", pl->quick.restart_overhead,
                     "quick mode: start-up time billed at every (re)start (default 0s)");
    plan->add_flag("--allow-unknown-memory", pl->quick.allow_unknown_memory,
                   "plan offers whose GPU memory the catalog does not give");
    plan->add_option("--deadline", pl->quick.deadline, "deadline (overrides the scenario's), e.g. 52h");
    plan->add_option("--trials", pl->trials, "trials per candidate (default 20000; quick mode: to a 1 % interval)")
        ->check(CLI::Range(1ULL, 100000000ULL))
        ->each([=](const std::string&) { pl->trials_given = true; });
    plan->add_option("--target-rel-ci", pl->target_rel_ci,
                     "run each candidate until the 95 % CI half-width of its mean cost is below X of the mean")
        ->check(CLI::Range(1e-6, 1.0));
    plan->add_option("--top", pl->top, "rows of the table (default 15)")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1000000}))
        ->each([=](const std::string&) { pl->top_given = true; });
    plan->add_flag("--all", pl->all, "every row of the table");
    plan->add_flag("--explain", pl->explain, "every runtime basis, spot model and exclusion, per offer");
    plan->add_option("--seed", pl->seed, "seed (default 1)");
    plan->add_option("--threads", pl->threads, "worker threads (default: all cores)")->check(CLI::Range(1u, 4096u));
    plan->add_option("--report", pl->report, "also write the HTML report to this file");
    auto* plan_json = plan->add_flag("--json", pl->json, "one JSON object");
    plan->add_flag("--csv", pl->csv, "one CSV row per candidate")->excludes(plan_json);
    return {plan, [pl] { return run_plan(*pl); }};
}

}  // namespace costsim::cli
