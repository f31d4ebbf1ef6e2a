// Tests of costsim/engine/monte_carlo.hpp: the reference scenario against its closed form, the
// standard error against the spread it claims, thread-independence, and the policies.
#include <costsim/engine/monte_carlo.hpp>
#include <costsim/io/result_json.hpp>
#include <costsim/io/scenario_json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
json spec_scenario() { return load_json_file(std::string(COSTSIM_TEST_DATA) + "/spec_scenario.json"); }
scenario parse(const json& j) { return parse_scenario(json_cursor(j, "s.json")); }

// SPEC's closed form: a stretch of length s costs (e^{λs} − 1)(1/λ + R) of makespan and
// (e^{λs} − 1)/λ of running time; the reference job is 99 stretches of 1 h + 6 min and a
// last stretch of 1 h.
struct closed_form {
    double makespan = 0, running = 0, interruptions = 0;
};
closed_form reference_closed_form(double lambda = 0.05, double R = 0.25) {
    closed_form c;
    for (int i = 0; i < 100; ++i) {
        const double s = i < 99 ? 1.1 : 1.0;
        const double e = std::expm1(lambda * s);
        c.makespan += e * (1 / lambda + R);
        c.running += e / lambda;
        c.interruptions += e;
    }
    return c;
}
}  // namespace

TEST_CASE("the reference scenario agrees with the closed form within 4 standard errors at 10^6 trials") {
    const scenario s = parse(spec_scenario());
    mc_options o;
    o.trials = 1000000;
    o.seed = 1;
    o.threads = 2;
    const simulation_result r = simulate(s, o);
    const candidate_result& spot = r.candidates[0];
    const closed_form cf = reference_closed_form();
    // Makespan: Σ (e^{λs} − 1)(1/λ + R) = 114.388... h
    CHECK(std::abs(spot.makespan_hours.mean - cf.makespan) < 4 * spot.makespan_hours.std_error);
    // Billed hours: running time Σ (e^{λs} − 1)/λ, plus per-second rounding of each session:
    // (1 + expected interruptions) sessions, each rounded up by 0.5 s on average.
    const double rounding = (1 + cf.interruptions) * 0.5 / 3600;
    CHECK(std::abs(spot.billed_hours.mean - (cf.running + rounding)) < 4 * spot.billed_hours.std_error);
    // Cost is the price in force times billed time: 0.9731 $/h × billed hours, exactly per trial.
    CHECK(spot.cost.mean == doctest::Approx(0.9731 * spot.billed_hours.mean).epsilon(1e-12));
    CHECK(spot.interruptions_mean == doctest::Approx(cf.interruptions).epsilon(0.01));
    // On-demand: one 100 h session at 3.06 $/h = 306 $, in every trial.
    const candidate_result& od = r.candidates[1];
    CHECK(od.cost.mean == 306.0);
    CHECK(od.cost.std_error == 0.0);
    CHECK(od.makespan_hours.p99 == 100.0);
}

TEST_CASE("a candidate off spot is summarised from its one outcome, exactly") {
    json j = spec_scenario();
    j["deadline"] = "100h";
    j["candidates"][1]["restart"] = json{{"overhead", "30m"}};  // on-demand takes 100.5 h: late in every trial
    const scenario s = parse(j);
    for (std::uint64_t trials : {std::uint64_t{1}, std::uint64_t{5000}}) {
        mc_options o;
        o.trials = trials;
        const candidate_result od = simulate(s, o).candidates[1];
        CHECK(od.cost.n == trials);
        CHECK(od.cost.mean == 307.53);  // 100.5 h × 3.06 $/h
        CHECK(od.billed_hours.mean == 100.5);
        CHECK(od.makespan_hours.min == 100.5);
        CHECK(od.makespan_hours.max == 100.5);
        CHECK(od.cost_quantiles == std::vector<double>(101, 307.53));
        CHECK(od.makespan_quantiles == std::vector<double>(101, 100.5));
        CHECK(od.interruptions_mean == 0.0);
        CHECK(od.spot_work_fraction == 0.0);
        CHECK(od.deadline_met == 0.0);
        if (trials == 1)
            CHECK(std::isnan(od.cost.std_error));
        else
            CHECK(od.cost.std_error == 0.0);
    }
    // Past the exact-quantile limit the trials stream through sketches; the fixed outcome
    // still gets exact quantiles.
    mc_options o;
    o.trials = 3000;
    o.exact_quantiles_up_to = 1000;
    const simulation_result streamed = simulate(s, o);
    REQUIRE(streamed.sketch_relative_error);
    CHECK(streamed.candidates[1].cost.p50 == 307.53);
    CHECK(streamed.candidates[1].cost_quantiles == std::vector<double>(101, 307.53));
    CHECK(streamed.candidates[1].deadline_met == 0.0);
}

TEST_CASE("the reported standard error agrees with the spread of independent batch means") {
    const scenario s = parse(spec_scenario());
    std::vector<double> means;
    double se_sum = 0;
    const int batches = 40;
    for (int b = 0; b < batches; ++b) {
        mc_options o;
        o.trials = 5000;
        o.seed = 1000 + static_cast<std::uint64_t>(b);
        o.threads = 1;
        const auto r = simulate(s, o);
        means.push_back(r.candidates[0].cost.mean);
        se_sum += r.candidates[0].cost.std_error;
    }
    running_stats rs;
    for (double m : means) rs.add(m);
    const double observed = std::sqrt(rs.variance());
    const double claimed = se_sum / batches;
    // The sample sd of 40 batch means has a relative spread of about 1/sqrt(2·39) ≈ 11 %:
    // 0.7–1.3 is beyond 2.5 of those, yet a wrong SE (e.g. sd instead of sd/√n) fails it.
    CHECK(observed / claimed > 0.7);
    CHECK(observed / claimed < 1.3);
}

TEST_CASE("with no interruptions the spot campaign costs exactly price × (work + checkpoints)") {
    json j = spec_scenario();
    j["candidates"][0]["interruptions"]["rate_per_hour"] = 0.0;
    mc_options o;
    o.trials = 1000;
    const auto r = simulate(parse(j), o);
    const auto& c = r.candidates[0];
    // 100 h of work + 99 checkpoints of 6 min = 109.9 h, at 0.9731 $/h = 106.94369 $
    CHECK(c.cost.mean == doctest::Approx(106.94369).epsilon(1e-12));
    CHECK(c.cost.min == c.cost.max);
    CHECK(c.makespan_hours.mean == doctest::Approx(109.9).epsilon(1e-12));
    CHECK(c.interruptions_mean == 0.0);
}

TEST_CASE("the JSON is byte-identical for any number of threads") {
    json j = spec_scenario();
    j["deadline"] = "130h";
    j["candidates"].push_back(j["candidates"][0]);
    j["candidates"][2]["policy"] = "deadline_fallback";
    j["candidates"][2]["restart"]["delay"] = json{{"distribution", "exponential"}, {"mean", "1h"}};
    const scenario s = parse(j);
    std::string first;
    for (unsigned threads : {1u, 2u, 3u, 8u}) {
        mc_options o;
        o.trials = 20011;  // not a multiple of any thread count
        o.seed = 42;
        o.threads = threads;
        const std::string out = to_json(simulate(s, o)).dump();
        if (first.empty()) first = out;
        CHECK(out == first);
    }
    mc_options sliced;  // a progress callback runs the trials in slices: same result
    sliced.trials = 20011;
    sliced.seed = 42;
    sliced.threads = 2;
    double last = 0;
    int calls = 0;
    sliced.progress = [&](double f) {
        CHECK(f >= last);
        last = f;
        ++calls;
    };
    CHECK(to_json(simulate(s, sliced)).dump() == first);
    CHECK(calls == 3 * 50);
    CHECK(last == doctest::Approx(1.0));
    mc_options other;
    other.trials = 20011;
    other.seed = 43;
    CHECK(to_json(simulate(s, other)).dump() != first);
}

TEST_CASE("the deadline policy never misses a deadline that on-demand alone could meet") {
    json j = spec_scenario();
    j["workload"]["work"] = "20h";
    json c = j["candidates"][0];  // a copy: push_back below may move the array's elements
    c["interruptions"]["rate_per_hour"] = 0.3;
    c["restart"] = json{{"delay", {{"distribution", "exponential"}, {"mean", "2h"}}}, {"overhead", "12m"}};
    c["checkpoint"] = json{{"every", "30m"}, {"cost", "3m"}};
    j["candidates"][0] = c;
    j["candidates"].push_back(c);  // [2]: Poisson, deadline policy
    j["candidates"][2]["policy"] = "deadline_fallback";
    j["candidates"].push_back(c);  // [3]: 2 h lifetime, notice, deadline policy
    j["candidates"][3]["policy"] = "deadline_fallback";
    j["candidates"][3]["interruptions"] =
        json{{"model", "max_lifetime"}, {"lifetime", "2h"}, {"rate_per_hour", 0.3}, {"notice", "2m"}};
    // On-demand alone needs overhead + work = 20.2 h.
    for (const char* deadline : {"20.2h", "21h", "24h", "30h", "40h"}) {
        CAPTURE(deadline);
        j["deadline"] = deadline;
        mc_options o;
        o.trials = 4000;
        const auto r = simulate(parse(j), o);
        CHECK(r.candidates[2].deadline_met == 1.0);
        CHECK(r.candidates[3].deadline_met == 1.0);
        CHECK(r.candidates[3].makespan_hours.max <= parse_duration(deadline).count() / 3.6e9 + 1e-9);
        // Spot alone, with this much interruption, misses the tight deadlines.
        if (std::string(deadline) == "21h") CHECK(r.candidates[0].deadline_met < 0.5);
    }
}

TEST_CASE("--target-rel-ci runs until the mean cost is known to the asked precision") {
    mc_options o;
    o.target_rel_ci = 0.0001;
    const auto r = simulate(parse(spec_scenario()), o);
    const auto& c = r.candidates[0].cost;
    CHECK(r.trials > 10000);  // more than the first round: the test exercises the doubling
    CHECK((c.ci95_hi - c.mean) < 0.0001 * c.mean);
    // The previous round (half as many trials) was not yet precise enough.
    mc_options half;
    half.trials = r.trials / 2;
    const auto h = simulate(parse(spec_scenario()), half).candidates[0].cost;
    CHECK((h.ci95_hi - h.mean) >= 0.0001 * h.mean);
}

TEST_CASE("the result echoes each candidate's resolved checkpoint interval") {
    json j = spec_scenario();
    j["candidates"][0]["checkpoint"] = json{{"every", "young"}, {"cost", "6m"}};
    mc_options o;
    o.trials = 100;
    const json out = to_json(simulate(parse(j), o));
    // Young: sqrt(2 × 0.1 h × 20 h) = 2 h
    CHECK(out["candidates"][0]["checkpoint"]["every_hours"].get<double>() == doctest::Approx(2.0).epsilon(1e-12));
    CHECK(out["candidates"][0]["checkpoint"]["cost_hours"].get<double>() == doctest::Approx(0.1).epsilon(1e-12));
    CHECK(out["candidates"][0]["checkpoint"]["rule"] == "young");
    for (const char* key : {"mean", "stderr", "ci95", "p05", "p50", "p95", "p99", "min", "max"}) {
        CHECK(out["candidates"][0]["cost"].contains(key));
        CHECK(out["candidates"][0]["makespan_hours"].contains(key));
    }
}

// --- Can't Be Late policies and trace_fit interruptions (issue 6) --------------------------

TEST_CASE("greedy and uniform_progress in Monte Carlo meet every deadline and are thread-independent") {
    scenario s = load_scenario(std::string(COSTSIM_TEST_DATA) + "/traces/greedy_mc_scenario.json");
    mc_options o;
    o.trials = 3000;
    o.seed = 3;
    o.threads = 1;
    simulation_result a = simulate(s, o);
    o.threads = 3;
    simulation_result b = simulate(s, o);
    CHECK(to_json(a).dump() == to_json(b).dump());
    REQUIRE(a.candidates.size() == 4);
    CHECK(a.candidates[0].policy == policy_kind::greedy);
    CHECK(a.candidates[0].deadline_met == 1.0);
    CHECK(a.candidates[1].deadline_met == 1.0);
    CHECK(a.candidates[0].makespan_hours.max <= 52.0 + 1e-9);
    // Greedy saves against on-demand when spot is up most of the time (λ = 0.2/h, 1 h outages).
    CHECK(a.candidates[0].cost.mean < a.candidates[3].cost.mean);
    CHECK(a.candidates[0].spot_work_fraction > 0.3);
}

TEST_CASE("trace_fit resamples the trace's lifetimes; greedy refuses a checkpoint") {
    scenario s = load_scenario(std::string(COSTSIM_TEST_DATA) + "/traces/greedy_mc_scenario.json");
    const auto& i = s.candidates[1].interruptions;
    CHECK(i.kind() == interruption_kind::trace_fit);
    REQUIRE(i.sessions() != nullptr);
    CHECK(i.sessions()->lifetimes.size() == 3);
    CHECK(i.sessions()->outages.size() == 2);
    CHECK(mc_tick_of(s.candidates[1]) == usec(std::chrono::minutes(10)));
    CHECK(i.mtbi().count() == doctest::Approx(0.5));
    json j = load_json_file(std::string(COSTSIM_TEST_DATA) + "/traces/greedy_mc_scenario.json");
    j["candidates"][0]["checkpoint"] = json{{"every", "1h"}, {"cost", "1m"}};
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, std::string(COSTSIM_TEST_DATA) + "/traces/x.json")),
                         doctest::Contains("/candidates/0/checkpoint: no checkpoint for greedy"), input_error);
    j = load_json_file(std::string(COSTSIM_TEST_DATA) + "/traces/greedy_mc_scenario.json");
    j["candidates"][1]["restart"]["delay"] = "1h";
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, std::string(COSTSIM_TEST_DATA) + "/traces/x.json")),
                         doctest::Contains("/candidates/1/restart/delay: no delay beside"), input_error);
}

TEST_CASE("a maximum lifetime caps trace_fit's resampled lifetimes, as GCE's 24 h caps a preemptible VM's") {
    const std::string file = std::string(COSTSIM_TEST_DATA) + "/traces/x.json";
    json j = load_json_file(std::string(COSTSIM_TEST_DATA) + "/traces/greedy_mc_scenario.json");
    j["candidates"] = json::array({j["candidates"][2]});  // spot_only, trace_fit, checkpoints every 10 min
    const scenario free = parse_scenario(json_cursor(j, file));
    j["candidates"][0]["interruptions"]["lifetime"] = "25m";
    const scenario capped = parse_scenario(json_cursor(j, file));
    const interruption_spec& i = capped.candidates[0].interruptions;
    REQUIRE(i.lifetime);
    // The mean time between interruptions is the mean of min(lifetime, 25 min) over the trace's runs.
    double sum = 0, longest = 0;
    const auto& lifetimes = std::get<spot_models::trace_fit>(i.model).trace.lifetimes;
    for (auto l : lifetimes) sum += std::min(l.count(), 25.0 / 60), longest = std::max(longest, l.count());
    REQUIRE(longest > 25.0 / 60);  // the cap bites on this trace
    CHECK(i.mtbi().count() == doctest::Approx(sum / static_cast<double>(lifetimes.size())));
    CHECK(i.mtbi().count() < free.candidates[0].interruptions.mtbi().count());
    CHECK(i.rate().per_hour() == doctest::Approx(1 / i.mtbi().count()));
    CHECK(describe(i).find("no session beyond 25m") != std::string::npos);
    // Shorter sessions mean more interruptions per trial.
    mc_options o;
    o.trials = 4000;
    o.seed = 11;
    const simulation_result a = simulate(free, o), b = simulate(capped, o);
    CHECK(b.candidates[0].interruptions_mean > a.candidates[0].interruptions_mean);
    // No lifetime for a model without interruptions; a cap no stretch of work fits in is refused.
    j["candidates"][0]["interruptions"] = json{{"model", "none"}, {"lifetime", "24h"}};
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, file)),
                         doctest::Contains("/candidates/0/interruptions/lifetime: no \"lifetime\" for the \"none\""),
                         input_error);
    j["candidates"][0]["interruptions"] = json{{"model", "trace_fit"}, {"file", "small.json"}, {"lifetime", "5m"}};
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, file)),
                         doctest::Contains("/candidates/0/interruptions/lifetime: a lifetime longer than"),
                         input_error);
    j["candidates"][0]["interruptions"] = json{{"model", "max_lifetime"}};
    CHECK_THROWS_WITH_AS(parse_scenario(json_cursor(j, file)),
                         doctest::Contains("/candidates/0/interruptions/lifetime: a value (this field is required)"),
                         input_error);
}

TEST_CASE("past exact_quantiles_up_to the summary streams: same moments, quantiles within the sketch's error") {
    json j = spec_scenario();
    j["deadline"] = "130h";
    const scenario s = parse(j);
    mc_options exact;
    exact.trials = 40000;
    exact.seed = 5;
    const simulation_result a = simulate(s, exact);
    mc_options streamed = exact;
    streamed.exact_quantiles_up_to = 1000;  // force the O(1)-memory path
    streamed.sketch_relative_error = 1e-3;
    const simulation_result b = simulate(s, streamed);
    CHECK_FALSE(a.sketch_relative_error);
    REQUIRE(b.sketch_relative_error);
    CHECK(to_json(b).at("quantile_method").at("relative_error") == 1e-3);
    REQUIRE(b.candidates.size() == a.candidates.size());
    for (std::size_t i = 0; i < a.candidates.size(); ++i) {
        const auto &x = a.candidates[i], &y = b.candidates[i];
        // The same trials: the moments agree to rounding (compensated sum vs Welford).
        CHECK(y.cost.mean == doctest::Approx(x.cost.mean).epsilon(1e-12));
        CHECK(y.cost.std_error == doctest::Approx(x.cost.std_error).epsilon(1e-9));
        CHECK(y.makespan_hours.mean == doctest::Approx(x.makespan_hours.mean).epsilon(1e-12));
        CHECK(y.interruptions_mean == doctest::Approx(x.interruptions_mean).epsilon(1e-12));
        CHECK(y.deadline_met == x.deadline_met);
        CHECK(y.cost.min == x.cost.min);
        CHECK(y.cost.max == x.cost.max);
        // The exact type-7 quantile lies between two order statistics; the sketch is within
        // α of the lower one, and neighbours differ by far less than α here.
        for (std::size_t q = 0; q <= 100; ++q)
            CHECK(std::abs(y.cost_quantiles[q] - x.cost_quantiles[q]) <= 2e-3 * x.cost_quantiles[q] + 1e-12);
        CHECK(std::abs(y.cost.p95 - x.cost.p95) <= 2e-3 * x.cost.p95);
    }
    mc_options two = streamed;
    two.threads = 2;
    streamed.threads = 1;
    CHECK(to_json(simulate(s, two)).dump() == to_json(simulate(s, streamed)).dump());
}

TEST_CASE("simulate streams past exact_quantiles_up_to with the in-memory path's means and deadline counts") {
    const scenario s = load_scenario(std::string(COSTSIM_TEST_DATA) + "/traces/greedy_mc_scenario.json");
    mc_options exact;
    exact.trials = 3000;
    exact.seed = 11;
    exact.threads = 2;
    mc_options streamed = exact;
    streamed.exact_quantiles_up_to = 1000;
    const simulation_result a = simulate(s, exact), b = simulate(s, streamed);
    CHECK_FALSE(a.sketch_relative_error);
    REQUIRE(b.sketch_relative_error);
    CHECK(b.trials == a.trials);
    CHECK(b.deadline_hours == a.deadline_hours);
    REQUIRE(b.candidates.size() == a.candidates.size());
    const json ja = to_json(a), jb = to_json(b);
    for (std::size_t i = 0; i < a.candidates.size(); ++i) {
        CAPTURE(i);
        const auto &x = a.candidates[i], &y = b.candidates[i];
        CHECK(y.offer == x.offer);
        CHECK(y.policy == x.policy);
        CHECK(y.deadline_met == x.deadline_met);
        CHECK(y.cost.n == x.cost.n);
        CHECK(y.cost.mean == doctest::Approx(x.cost.mean).epsilon(1e-12));
        CHECK(y.cost.std_error == doctest::Approx(x.cost.std_error).epsilon(1e-9));
        CHECK(y.makespan_hours.mean == doctest::Approx(x.makespan_hours.mean).epsilon(1e-12));
        CHECK(y.makespan_hours.min == x.makespan_hours.min);
        CHECK(y.makespan_hours.max == x.makespan_hours.max);
        CHECK(y.billed_hours.mean == doctest::Approx(x.billed_hours.mean).epsilon(1e-12));
        CHECK(y.interruptions_mean == doctest::Approx(x.interruptions_mean).epsilon(1e-12));
        CHECK(y.spot_work_fraction == doctest::Approx(x.spot_work_fraction).epsilon(1e-12));
        // A fixed outcome is summarised exactly on both paths: the same JSON.
        if (x.market != market_kind::spot) CHECK(jb["candidates"][i] == ja["candidates"][i]);
    }
}

TEST_CASE("a candidate that cannot be priced is an input_error at that candidate's pointer") {
    json d = spec_scenario();
    // The spot price in EUR, and no exchange rate to the scenario's USD anywhere.
    d["offers"][0]["markets"]["spot"]["price"]["currency"] = "EUR";
    const scenario s = parse(d);
    mc_options o;
    o.trials = 100;
    CHECK_THROWS_WITH_AS(
        simulate(s, o),
        "s.json: /candidates/0: no exchange rate from EUR to USD in catalog \"reference-poisson-checkpoint\"",
        input_error);
}
