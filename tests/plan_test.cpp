// Tests of costsim/plan/plan.hpp: expansion, exclusions with reasons, ranking, the Pareto
// frontier and the recommendation, against answers worked out by hand.
#include <costsim/io/result_json.hpp>
#include <costsim/io/scenario_json.hpp>
#include <costsim/plan/plan.hpp>

#include <algorithm>
#include <tuple>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
json plan_doc() {
    return json::parse(R"({"schema": "costsim.scenario/v1", "name": "plan-test", "currency": "USD",
      "offers": [
        {"id": "fast", "provider": "t", "gpus": {"model": "V100", "count": 1, "memory_gib": 16},
         "markets": {"on_demand": {"price": {"amount": "3.0", "per": "hour"}},
                     "spot": {"price": {"amount": "0.9", "per": "hour"}}},
         "billing": {"increment": "1s"}},
        {"id": "slow", "provider": "t", "gpus": {"model": "K80", "count": 4, "memory_gib": 12},
         "markets": {"on_demand": {"price": {"amount": "0.5", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "small", "provider": "t", "gpus": {"model": "T4", "count": 1, "memory_gib": 4},
         "markets": {"on_demand": {"price": {"amount": "0.1", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "mystery", "provider": "t", "gpus": {"model": "X1", "count": 1},
         "markets": {"on_demand": {"price": {"amount": "0.01", "per": "hour"}}}, "billing": {"increment": "1s"}},
        {"id": "euro", "provider": "t", "gpus": {"model": "V100", "count": 1, "memory_gib": 16},
         "markets": {"on_demand": {"price": {"amount": "1.0", "currency": "EUR", "per": "hour"}}},
         "billing": {"increment": "1s"}}],
      "workload": {"name": "w", "work": "10h", "gpu_memory_gib": 8, "speed": {"V100": 1, "K80": 0.25, "T4": 0.5}},
      "deadline": "30h",
      "plan": {"markets": ["on_demand", "spot"], "interruptions": {"model": "none"}}})");
}
scenario parse(const json& j) { return parse_scenario(json_cursor(j, "plan.json")); }
mc_options few() {
    mc_options o;
    o.trials = 2000;
    return o;
}
}  // namespace

TEST_CASE("the planner lists what cannot run the job, with the reason") {
    std::vector<excluded_offer> ex;
    const scenario s = expand_plan(parse(plan_doc()), ex);
    REQUIRE(ex.size() == 3);
    CHECK(ex[0].offer == "small");
    CHECK(ex[0].reason == "the job needs 8 GiB of GPU memory; T4 has 4 GiB");
    CHECK(ex[1].offer == "mystery");
    CHECK(ex[1].reason.find("no runtime figure for GPU model \"X1\"") == 0);
    CHECK(ex[2].offer == "euro");
    CHECK(ex[2].reason == "no exchange rate from EUR to USD in the catalog");
    // fast: on_demand + spot × {spot_only, deadline_fallback}; slow: on_demand.
    CHECK(s.candidates.size() == 4);
}

TEST_CASE("the plan ranks by expected cost and recommends what an independent calculation picks") {
    const plan_result p = run_plan(parse(plan_doc()), few());
    REQUIRE(p.rows.size() == 4);
    // By hand (no interruptions): spot 0.9 $/h × 10 h = 9 $ (both spot policies),
    // slow 0.5 $/h × 10 h / 0.25 = 20 $ in 40 h (misses the 30 h deadline), fast on-demand 30 $.
    CHECK(p.result_of(p.rows[0]).cost.mean == doctest::Approx(9.0));
    CHECK(p.result_of(p.rows[1]).cost.mean == doctest::Approx(9.0));
    CHECK(p.result_of(p.rows[2]).offer == "slow");
    CHECK(p.result_of(p.rows[2]).cost.mean == doctest::Approx(20.0));
    CHECK(p.result_of(p.rows[2]).makespan_hours.mean == doctest::Approx(40.0));
    CHECK(p.result_of(p.rows[2]).deadline_met == 0.0);
    CHECK(p.result_of(p.rows[3]).cost.mean == doctest::Approx(30.0));
    // Pareto: the two spot rows (9 $, 10 h) dominate everything else.
    CHECK(p.rows[0].pareto);
    CHECK(p.rows[1].pareto);
    CHECK_FALSE(p.rows[2].pareto);
    CHECK_FALSE(p.rows[3].pareto);
    REQUIRE(p.recommended.has_value());
    CHECK(*p.recommended == 0);
    const json j = to_json(p);
    CHECK(j["recommended"] == 1);
    CHECK(j["excluded"].size() == 3);
    CHECK(j["candidates"][2]["gpus_used"] == 1);
}

TEST_CASE("under interruptions and a tight deadline the recommendation is the policy that meets it") {
    json d = plan_doc();
    d["deadline"] = "12h";
    d["plan"]["interruptions"] = json{{"model", "poisson"}, {"rate_per_hour", 0.3}};
    d["plan"]["restart"] = json{{"delay", "1h"}, {"overhead", "6m"}};
    d["plan"]["checkpoint"] = json{{"cost", "3m"}, {"every", json::array({"30m", "young"})}};
    const plan_result p = run_plan(parse(d), few());
    REQUIRE(p.recommended.has_value());
    const plan_row& best = p.rows[*p.recommended];
    // Spot alone almost never finishes 10 h of work in 12 h at λ = 0.3/h with 1 h waits;
    // the deadline policy always does, and costs less than 10.1 h on-demand (30.30 $).
    CHECK(p.result_of(best).policy == policy_kind::deadline_fallback);
    CHECK(p.result_of(best).deadline_met == 1.0);
    CHECK(p.result_of(best).cost.mean < 30.3);
    for (std::size_t i = 0; i < *p.recommended; ++i) CHECK(p.result_of(p.rows[i]).deadline_met < deadline_confidence);
}

TEST_CASE("GPU counts are expanded where the workload has a scaling efficiency") {
    json d = plan_doc();
    d["workload"]["scaling_efficiency"] = 0.5;
    d["plan"]["markets"] = json::array({"on_demand"});
    std::vector<excluded_offer> ex;
    const scenario s = expand_plan(parse(d), ex);
    // slow has 4 K80s: 1 and 4 GPUs; 4 GPUs run 1 + 3 × 0.5 = 2.5 times as fast.
    int slow4 = 0;
    for (const auto& k : s.candidates)
        if (s.offer_of(k).id == "slow" && k.gpus_used == 4) {
            ++slow4;
            CHECK(k.speedup == doctest::Approx(0.25 * 2.5));
            CHECK(s.work_of(k) == std::chrono::hours(16));  // 10 h / 0.625
        }
    CHECK(slow4 == 1);
}

TEST_CASE("a bad plan section is refused with its JSON pointer") {
    json d = plan_doc();
    d["plan"]["markets"] = json::array({"reserved"});
    try {
        std::vector<excluded_offer> ex;
        expand_plan(parse(d), ex);
        FAIL("accepted");
    } catch (const input_error& e) {
        CHECK(e.pointer() == "/plan/markets/0");
    }
    d = plan_doc();
    d["plan"]["gpu"] = 2;
    try {
        std::vector<excluded_offer> ex;
        expand_plan(parse(d), ex);
        FAIL("accepted");
    } catch (const input_error& e) {
        CHECK(e.pointer() == "/plan/gpu");
    }
}

TEST_CASE("candidates that run the same campaign share one simulation") {
    json d = plan_doc();
    // At λ = 0.0001/h, Young (√(2 · 1/60 h · 10⁴ h) = 18.3 h) and Daly both exceed the 10 h of work: neither
    // checkpoints, so both rows are the same campaign and get the very same numbers.
    d["plan"]["interruptions"] = json{{"model", "poisson"}, {"rate_per_hour", 0.0001}};
    d["plan"]["checkpoint"] = json{{"cost", "1m"}, {"every", json::array({"young", "daly", "1h"})}};
    d["plan"]["policies"] = json::array({"spot_only"});
    const plan_result p = run_plan(parse(d), few());
    const candidate_result* young = nullptr;
    const candidate_result* daly = nullptr;
    const candidate_result* hourly = nullptr;
    for (const auto& row : p.rows) {
        if (p.result_of(row).market != market_kind::spot) continue;
        if (p.result_of(row).checkpoint.rule == checkpoint_rule::young) young = &p.result_of(row);
        if (p.result_of(row).checkpoint.rule == checkpoint_rule::daly) daly = &p.result_of(row);
        if (p.result_of(row).checkpoint.rule == checkpoint_rule::fixed) hourly = &p.result_of(row);
    }
    REQUIRE(young);
    REQUIRE(daly);
    REQUIRE(hourly);
    CHECK(young->checkpoint.every.count() > 10.0);
    CHECK(young->checkpoint.every.count() != daly->checkpoint.every.count());  // each row keeps its rule
    CHECK(young->cost.mean == daly->cost.mean);
    CHECK(young->cost_quantiles == daly->cost_quantiles);
    CHECK(hourly->cost.mean > young->cost.mean);  // 9 checkpoints of 1 min cost money
}

TEST_CASE("the plan's interruptions may differ per offer: the first model naming an offer wins, else the default") {
    json j = plan_doc();
    j["offers"][1]["markets"]["spot"] = {{"price", {{"amount", "0.2"}, {"per", "hour"}}}};
    j["plan"]["interruptions"] = json::parse(R"([
        {"offers": ["slow"], "model": "poisson", "rate_per_hour": 0.01},
        {"model": "poisson", "rate_per_hour": 0.1, "notice": "2m"}])");
    std::vector<excluded_offer> ex;
    const scenario e = expand_plan(parse(j), ex);
    int spot = 0;
    for (const auto& k : e.candidates) {
        if (k.market != market_kind::spot) continue;
        ++spot;
        const std::string& id = e.offer_of(k).id;
        CHECK(k.interruptions.rate().per_hour() == (id == "slow" ? 0.01 : 0.1));
        CHECK(k.interruptions.notice.has_value() == (id != "slow"));
    }
    CHECK(spot == 4);  // two spot offers x spot_only, deadline_fallback

    SUBCASE("each planned row says where its runtime and its interruption model come from") {
        const plan_result p = run_plan(parse(j), few());
        const json out = to_json(p);
        for (const auto& c : out["candidates"]) {
            CHECK(c["runtime"]["source"] == "estimate");
            CHECK(c.contains("interruption_model") == (c["market"] == "spot"));
        }
        const auto slow = std::find_if(out["candidates"].begin(), out["candidates"].end(),
                                       [](const json& c) { return c["offer"] == "slow" && c["market"] == "spot"; });
        REQUIRE(slow != out["candidates"].end());
        CHECK((*slow)["interruption_model"]["rate_per_hour"] == 0.01);
        CHECK((*slow)["runtime"]["hours"] == 40.0);  // 10 h at the K80's 0.25
    }
    SUBCASE("an unknown offer in a per-offer model is refused with its pointer") {
        j["plan"]["interruptions"][0]["offers"][0] = "nope";
        std::vector<excluded_offer> ex2;
        try {
            (void)expand_plan(parse(j), ex2);
            FAIL("accepted");
        } catch (const input_error& err) {
            CHECK(err.pointer() == "/plan/interruptions/0/offers/0");
        }
    }
}

TEST_CASE("a listed candidate on a GPU with no runtime figure is refused, not run at the reference speed") {
    json j = plan_doc();
    j["candidates"] = json::parse(R"([{"offer": "mystery", "market": "on_demand", "policy": "on_demand"}])");
    try {
        (void)parse(j);
        FAIL("accepted");
    } catch (const input_error& e) {
        CHECK(e.pointer() == "/candidates/0/offer");
    }
}

TEST_CASE("the demo's spot rows, fitted from real traces, show spread, a long P95 and deadline risk") {
    const scenario s = load_scenario(std::string(COSTSIM_PRICING_DATA) + "/../scenarios/bilstm_sentiment_demo.json");
    mc_options o;
    o.trials = 4000;
    const plan_result p = run_plan(s, o);
    bool p3_spot = false;
    for (const auto& row : p.rows) {
        const candidate& k = p.expanded.candidates[row.candidate_index];
        if (k.market != market_kind::spot) continue;
        CHECK(k.interruptions.kind() == interruption_kind::trace_fit);
        CHECK(p.result_of(row).cost.p95 > p.result_of(row).cost.p05);  // interruptions happen: the cost spreads
        if (p.result_of(row).offer == "aws/us-east-1/p3.2xlarge" && p.result_of(row).policy == policy_kind::spot_only) {
            p3_spot = true;
            // 0.49 interruptions per hour of running and 1.7 h outages on a 1.08 h job.
            CHECK(p.result_of(row).interruptions_mean > 0.3);
            CHECK(p.result_of(row).makespan_hours.p95 > 2 * p.result_of(row).makespan_hours.p50);
            CHECK(p.result_of(row).deadline_met < 0.99);
        }
    }
    CHECK(p3_spot);
}

TEST_CASE("an offer whose GPU memory is unknown is left out of a job that states its memory, unless allowed") {
    json d = plan_doc();
    d["offers"][4]["gpus"].erase("memory_gib");  // euro: a V100 of unknown memory
    d["offers"][4]["markets"]["on_demand"]["price"]["currency"] = "USD";
    std::vector<excluded_offer> ex;
    expand_plan(parse(d), ex);
    auto euro = std::find_if(ex.begin(), ex.end(), [](const excluded_offer& e) { return e.offer == "euro"; });
    REQUIRE(euro != ex.end());
    CHECK_FALSE(euro->market);
    CHECK(euro->reason.find("the catalog does not say how much V100 has") != std::string::npos);
    d["plan"]["allow_unknown_memory"] = true;
    ex.clear();
    const scenario s = expand_plan(parse(d), ex);
    CHECK(std::none_of(ex.begin(), ex.end(), [](const excluded_offer& e) { return e.offer == "euro"; }));
    CHECK(std::any_of(s.candidates.begin(), s.candidates.end(),
                      [&](const candidate& k) { return s.offer_of(k).id == "euro"; }));
}

TEST_CASE("plan gpus without a scaling efficiency is refused with the reason") {
    json d = plan_doc();
    d["plan"]["gpus"] = json::array({1, 4});
    try {
        parse(d);
        FAIL("accepted");
    } catch (const input_error& e) {
        CHECK(e.pointer() == "/plan/gpus");
        CHECK(std::string(e.what()).find("scaling_efficiency") != std::string::npos);
    }
}

TEST_CASE("a gpu_count plans only offers with exactly that many GPUs, at the speed the work is stated for") {
    json d = plan_doc();
    d["plan"]["gpu_count"] = 4;
    d["plan"]["markets"] = json::array({"on_demand"});
    std::vector<excluded_offer> ex;
    const scenario s = expand_plan(parse(d), ex);
    REQUIRE(s.candidates.size() == 1);
    CHECK(s.offer_of(s.candidates[0]).id == "slow");
    CHECK(s.candidates[0].gpus_used == 4);
    CHECK(s.candidates[0].speedup == doctest::Approx(0.25));  // no scaling: the work is on 4 GPUs already
    auto fast = std::find_if(ex.begin(), ex.end(), [](const excluded_offer& e) { return e.offer == "fast"; });
    REQUIRE(fast != ex.end());
    CHECK(fast->reason == "the job runs on 4 GPUs; the offer has 1");
}

TEST_CASE("identical offers in other zones are planned once and named on the row that stands for them") {
    json d = plan_doc();
    for (const char* zone : {"z2", "z3"}) {
        json o = d["offers"][0];
        o["id"] = std::string("fast-") + zone;
        d["offers"].push_back(o);
    }
    json dearer = d["offers"][0];
    dearer["id"] = "fast-dearer";
    dearer["markets"]["spot"]["price"]["amount"] = "0.95";
    d["offers"].push_back(dearer);
    const plan_result p = run_plan(parse(d), few());
    std::size_t fast_rows = 0, dearer_rows = 0;
    for (const auto& row : p.rows) {
        const candidate& k = p.expanded.candidates[row.candidate_index];
        const std::string& id = p.expanded.offer_of(k).id;
        if (id == "fast") {
            ++fast_rows;
            REQUIRE(k.identical_offers.size() == 2);
            CHECK(p.expanded.offers.offers[k.identical_offers[1]].id == "fast-z3");
        }
        dearer_rows += id == "fast-dearer";
        CHECK(id.rfind("fast-z", 0) != 0);  // folded into "fast"
    }
    CHECK(fast_rows == 3);    // on_demand, spot_only, deadline_fallback
    CHECK(dearer_rows == 3);  // another spot price: its own rows
    const json j = to_json(p);
    CHECK(j["candidates"][0].contains("zones"));
}

TEST_CASE("each candidate runs to its own interval, and its figures do not depend on the threads or the others") {
    json d = plan_doc();
    d["plan"]["interruptions"] = json{{"model", "poisson"}, {"rate_per_hour", 0.3}};
    d["plan"]["checkpoint"] = json{{"cost", "1m"}, {"every", json::array({"1h"})}};
    mc_options o;
    o.trials = 64000;
    o.target_rel_ci = 0.002;
    o.each_candidate = true;
    o.first_round = 1000;
    o.threads = 1;
    const plan_result a = run_plan(parse(d), o);
    o.threads = 2;
    const plan_result b = run_plan(parse(d), o);
    CHECK(to_json(a).dump() == to_json(b).dump());
    for (const auto& c : a.simulation.candidates) {
        if (c.market != market_kind::spot) {
            CHECK(c.trials == 1);  // a fixed outcome needs one
            continue;
        }
        CHECK(c.trials >= 1000);
        CHECK(c.trials <= 64000);
        const double half = c.cost.ci95_hi - c.cost.mean;
        if (c.trials < 64000) CHECK(half <= 0.002 * c.cost.mean * 1.01);
    }
}

TEST_CASE("a spot price above the on-demand one leaves the spot market out, with the reason") {
    json d = plan_doc();
    d["offers"][0]["markets"]["spot"]["price"]["amount"] = "3.5";  // fast: on demand 3.0
    std::vector<excluded_offer> ex;
    const scenario s = expand_plan(parse(d), ex);
    auto fast = std::find_if(ex.begin(), ex.end(), [](const excluded_offer& e) { return e.offer == "fast"; });
    REQUIRE(fast != ex.end());
    CHECK(fast->market == market_kind::spot);
    CHECK(fast->reason ==
          "the catalog's spot price 3.5 is above its on-demand price 3 (swapped or stale at the source?)");
    CHECK(std::none_of(s.candidates.begin(), s.candidates.end(),
                       [&](const candidate& k) { return k.market == market_kind::spot; }));
}

TEST_CASE("plan interruption models select offers by cloud, zone and GPU, and a trace with no spot leaves spot out") {
    // Three V100 spot offers of two clouds and zones: the first model ("where" zone z1 of
    // cloud a) reads a trace in SpotHedge's sense that never has capacity, so that offer's
    // spot is left out with the reason; the second ("where" cloud b) is a Poisson rate;
    // the last, for every other offer, another rate.
    json d = plan_doc();
    const json spot_offer = d["offers"][0];
    d["offers"] = json::array();
    for (auto [id, prov, zone] : {std::tuple{"a1", "a", "z1"}, {"a2", "a", "z2"}, {"b1", "b", "z1"}}) {
        json o = spot_offer;
        o["id"] = id;
        o["provider"] = prov;
        o["zone"] = zone;
        o["region"] = "r";
        d["offers"].push_back(o);
    }
    const std::string never =
        std::string(COSTSIM_PRICING_DATA) + "/spot-traces/spothedge-gcp-a100/us-east1-b_a100_40gb_8.json";
    d["plan"]["interruptions"] =
        json::array({{{"where", {{"cloud", "a"}, {"zone", "z1"}, {"gpu", "V100"}}},
                      {"model", "trace_fit"},
                      {"file", never},
                      {"sense", "obtainable"}},
                     {{"where", {{"cloud", json::array({"b"})}}}, {"model", "poisson"}, {"rate_per_hour", 0.2}},
                     {{"where", {{"cloud", "c"}}}, {"model", "poisson"}, {"rate_per_hour", 9.0}},  // selects nothing
                     {{"model", "poisson"}, {"rate_per_hour", 0.1}}});
    const scenario s = parse(d);
    REQUIRE(s.plan.has_value());
    CHECK(s.plan->interruptions_for("b1")->rate().per_hour() == 0.2);
    CHECK(s.plan->interruptions_for("a2")->rate().per_hour() == 0.1);
    CHECK(s.plan->interruptions_for("a1")->sessions()->lifetimes.empty());
    CHECK(s.plan->interruptions_for("a1")->rate().per_hour() == 0.0);
    std::vector<excluded_offer> ex;
    const scenario e = expand_plan(s, ex);
    const auto it = std::find_if(ex.begin(), ex.end(), [](const excluded_offer& x) { return x.offer == "a1"; });
    REQUIRE(it != ex.end());
    CHECK(it->market == market_kind::spot);
    CHECK(it->reason == "its spot trace us-east1-b_a100_40gb_8.json never had spot capacity (0 % of its ticks)");
    for (const auto& k : e.candidates) CHECK_FALSE((e.offer_of(k).id == "a1" && k.market == market_kind::spot));

    SUBCASE("a bad selector or sense names its pointer") {
        d["plan"]["interruptions"][1]["where"] = json{{"planet", "b"}};
        CHECK_THROWS_WITH_AS(parse(d), doctest::Contains("/plan/interruptions/1/where/planet"), input_error);
        d["plan"]["interruptions"][1]["where"] = json::object();
        CHECK_THROWS_WITH_AS(parse(d), doctest::Contains("/plan/interruptions/1/where: at least one"), input_error);
        d["plan"]["interruptions"][1]["where"] = json{{"cloud", "b"}};
        d["plan"]["interruptions"][0]["sense"] = "available";
        CHECK_THROWS_WITH_AS(parse(d), doctest::Contains("/plan/interruptions/0/sense"), input_error);
    }
    SUBCASE("a listed candidate on a trace with no spot capacity is refused") {
        d.erase("plan");
        d["candidates"] =
            json::array({{{"offer", "a1"},
                          {"market", "spot"},
                          {"policy", "spot_only"},
                          {"interruptions", {{"model", "trace_fit"}, {"file", never}, {"sense", "obtainable"}}}}});
        CHECK_THROWS_WITH_AS(
            parse(d),
            doctest::Contains("/candidates/0/interruptions/file: a trace in which spot is available at "
                              "least once"),
            input_error);
    }
}

TEST_CASE(
    "plan failover turns an offer identical in three zones into failover candidates that meet the deadline more") {
    // "fast" in three identical zones, on the proxy V100 trace (83 % available, outages
    // resampled): with "failover" each spot policy gets one more candidate over the three
    // zones; its waits are shorter, so its mean time is shorter than the single zone's. A
    // model that states only a rate has no outages to draw from: no failover, said why.
    json d = plan_doc();
    d["offers"] = json::array({d["offers"][0]});
    for (const char* zone : {"z2", "z3"}) {
        json o = d["offers"][0];
        o["id"] = std::string("fast-") + zone;
        d["offers"].push_back(o);
    }
    const std::string trace =
        std::string(COSTSIM_PRICING_DATA) + "/spot-traces/availability/1-node/aws-02-15-2023/us-east-1a_v100_1.json";
    d["workload"]["work"] = "30h";
    d["deadline"] = "60h";
    d["plan"]["markets"] = json::array({"spot"});
    d["plan"]["interruptions"] = {{"model", "trace_fit"}, {"file", trace}};
    d["plan"]["checkpoint"] = {{"cost", "1m"}, {"every", {"young"}}};
    d["plan"]["failover"] = {{"relaunch", "2m"}};
    const plan_result p = run_plan(parse(d), few());
    const candidate_result *single = nullptr, *failover = nullptr;
    for (const auto& row : p.rows) {
        const candidate& k = p.expanded.candidates[row.candidate_index];
        if (k.policy != policy_kind::spot_only) continue;
        (k.failover_zones > 1 ? failover : single) = &p.result_of(row);
        if (k.failover_zones > 1) {
            CHECK(k.failover_zones == 3);
            CHECK(k.relaunch.count() == doctest::Approx(2.0 / 60));
        }
    }
    REQUIRE(single != nullptr);
    REQUIRE(failover != nullptr);
    CHECK(failover->failover_zones == 3);
    CHECK(failover->makespan_hours.mean < single->makespan_hours.mean);
    CHECK(failover->deadline_met >= single->deadline_met);
    CHECK(p.rows.size() == 4);  // spot_only and deadline_fallback, each alone and with failover
    const json j = to_json(p);
    bool said = false;
    for (const auto& c : j["candidates"])
        if (c.contains("failover")) said = c["failover"]["zones"] == 3;
    CHECK(said);

    SUBCASE("zones at other spot prices join the failover set, tried cheapest first") {
        json dear = d["offers"][0];
        dear["id"] = "fast-dear";
        dear["markets"]["spot"]["price"]["amount"] = "1.8";
        json above = d["offers"][0];  // spot above on-demand: never a failover zone
        above["id"] = "fast-above";
        above["markets"]["spot"]["price"]["amount"] = "3.5";
        d["offers"].insert(d["offers"].begin(), dear);
        d["offers"].push_back(above);
        const plan_result q = run_plan(parse(d), few());
        bool seen = false;
        for (const auto& row : q.rows) {
            const candidate& k = q.expanded.candidates[row.candidate_index];
            if (k.failover_zones == 1) continue;
            seen = true;
            CHECK(q.expanded.offer_of(k).id == "fast");
            REQUIRE(k.failover_offers.size() == 4);
            CHECK(q.expanded.offers.offers[k.failover_offers.front()].id == "fast");
            CHECK(q.expanded.offers.offers[k.failover_offers.back()].id == "fast-dear");
            const campaign c = make_campaign(q.expanded, k);
            CHECK(c.zone_price_ratio == std::vector<double>{1.0, 1.0, 1.0, 2.0});
        }
        CHECK(seen);
        const json j = to_json(q);
        for (const auto& c : j["candidates"])
            if (c.contains("failover")) CHECK(c["failover"]["offers"].back() == "fast-dear");
    }
    SUBCASE("a rate-only model gets no failover candidate, and the plan says why") {
        d["plan"]["interruptions"] = {{"model", "poisson"}, {"rate_per_hour", 0.3}};
        std::vector<excluded_offer> ex;
        const scenario e = expand_plan(parse(d), ex);
        for (const auto& k : e.candidates) CHECK(k.failover_zones == 1);
        REQUIRE(ex.size() == 1);
        CHECK(ex[0].reason.find("no failover candidate over its 3 zones") == 0);
    }
    SUBCASE("a bad failover section names its pointer") {
        d["plan"]["failover"] = {{"relaunch", "soon"}};
        CHECK_THROWS_WITH_AS(parse(d), doctest::Contains("/plan/failover/relaunch"), input_error);
        d["plan"]["failover"] = {{"zones", 3}};
        CHECK_THROWS_WITH_AS(parse(d), doctest::Contains("/plan/failover/zones"), input_error);
        d["plan"]["failover"] = json::object();
        d["plan"]["markets"] = json::array({"on_demand"});
        CHECK_THROWS_WITH_AS(parse(d), doctest::Contains("/plan/failover"), input_error);
    }
}
