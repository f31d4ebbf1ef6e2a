// Tests of costsim/engine/scenario.hpp: SPEC's reference scenario verbatim, resolved models,
// Young/Daly intervals read back, and each refusal with its JSON pointer.
#include <costsim/engine/scenario.hpp>
#include <costsim/io/result_json.hpp>
#include <costsim/io/scenario_json.hpp>

#include <cmath>
#include <string>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
json spec_scenario() { return load_json_file(std::string(COSTSIM_TEST_DATA) + "/spec_scenario.json"); }
scenario parse(const json& j) { return parse_scenario(json_cursor(j, "s.json")); }

// The pointer of the input_error that parsing `j` raises.
std::string refusal(const json& j) {
    try {
        parse(j);
    } catch (const input_error& e) {
        return e.pointer() + ": " + e.expected();
    }
    return "accepted";
}
}  // namespace

TEST_CASE("SPEC's reference scenario is accepted verbatim and resolved") {
    const scenario s = load_scenario(std::string(COSTSIM_TEST_DATA) + "/spec_scenario.json");
    CHECK(s.name == "reference-poisson-checkpoint");
    CHECK(s.in_currency == currency("USD"));
    CHECK(s.work == std::chrono::hours(100));
    CHECK_FALSE(s.deadline.has_value());
    REQUIRE(s.candidates.size() == 2);
    const candidate& spot = s.candidates[0];
    CHECK(spot.market == market_kind::spot);
    CHECK(spot.policy == policy_kind::spot_only);
    CHECK(spot.checkpoint.rule == checkpoint_rule::fixed);
    CHECK(spot.checkpoint.every.count() == doctest::Approx(1.0));
    CHECK(spot.checkpoint.cost.count() == doctest::Approx(0.1));
    CHECK(spot.interruptions.rate().per_hour() == 0.05);
    CHECK(spot.restart.delay_billed() == false);
    CHECK(mean_delay(spot.restart.delay).count() == doctest::Approx(0.25));
    CHECK(s.candidates[1].policy == policy_kind::on_demand);
    CHECK(s.offer_of(spot).id == "ref/p3.2xlarge");
}

TEST_CASE("Young and Daly intervals are computed from the checkpoint cost and the interruption rate") {
    json j = spec_scenario();
    auto& ck = j["candidates"][0];
    ck["checkpoint"] = json{{"every", "young"}, {"cost", "5m"}};
    SUBCASE("Young: sqrt(2 * 5/60 h * 24 h) = sqrt(4) = 2 h at M = 24 h") {
        ck["interruptions"] = json{{"model", "poisson"}, {"rate_per_hour", 1.0 / 24.0}};
        const scenario s = parse(j);
        CHECK(s.candidates[0].checkpoint.rule == checkpoint_rule::young);
        CHECK(s.candidates[0].checkpoint.every.count() == doctest::Approx(2.0).epsilon(1e-12));
    }
    SUBCASE("Daly at M = 24 h, 6 h and 15 min for a 5-minute checkpoint") {
        ck["checkpoint"]["every"] = "daly";
        // Daly (2006): sqrt(2δM)[1 + 1/3 sqrt(δ/2M) + 1/9 (δ/2M)] − δ
        for (double m : {24.0, 6.0, 0.25}) {
            ck["interruptions"] = json{{"model", "poisson"}, {"rate_per_hour", 1.0 / m}};
            const double d = 5.0 / 60.0, r = d / (2 * m);
            const double want = std::sqrt(2 * d * m) * (1 + std::sqrt(r) / 3 + r / 9) - d;
            CHECK(parse(j).candidates[0].checkpoint.every.count() == doctest::Approx(want).epsilon(1e-12));
        }
    }
    SUBCASE("with no interruptions there is nothing to checkpoint against: one stretch") {
        ck["interruptions"] = json{{"model", "none"}};
        CHECK(parse(j).candidates[0].checkpoint.every.count() == doctest::Approx(100.0));
    }
}

TEST_CASE("an AWS Spot Advisor bucket becomes a hazard rate") {
    json j = spec_scenario();
    j["candidates"][0]["interruptions"] = json{{"model", "advisor"}, {"bucket", "5-10%"}};
    // Calibrated (models/interruptions.hpp): 0.531/h · ln(1 - 0.075) / ln(0.75) = 0.1439/h,
    // a Poisson model with its band (no file: no trace shape, no date).
    const scenario s = parse(j);
    const interruption_spec& i = s.candidates[0].interruptions;
    CHECK(i.rate().per_hour() == doctest::Approx(0.531 * std::log(1 - 0.075) / std::log(0.75)).epsilon(1e-12));
    const auto& a = std::get<spot_models::advisor>(i.model);
    CHECK(a.band == advisor_bucket::from_5_to_10);
    CHECK(!a.shape.has_value());
    CHECK(i.sessions() == nullptr);
    CHECK(risk_source(i) == "advisor");
}

TEST_CASE("each interruption model reads into its own alternative, with only its own fields") {
    auto model_of = [](json m) {
        json j = spec_scenario();
        j["candidates"][0]["interruptions"] = std::move(m);
        return parse(j).candidates[0].interruptions;
    };
    const interruption_spec none = model_of(json{{"model", "none"}});
    CHECK(std::holds_alternative<spot_models::none>(none.model));
    CHECK(none.rate().per_hour() == 0.0);
    CHECK(none.sessions() == nullptr);
    const interruption_spec poisson = model_of(json{{"model", "poisson"}, {"rate_per_hour", 0.25}});
    REQUIRE(std::holds_alternative<spot_models::poisson>(poisson.model));
    CHECK(std::get<spot_models::poisson>(poisson.model).rate.per_hour() == 0.25);
    CHECK(poisson.kind() == interruption_kind::poisson);
    const interruption_spec capped = model_of(json{{"model", "max_lifetime"}, {"lifetime", "24h"}});
    REQUIRE(std::holds_alternative<spot_models::max_lifetime>(capped.model));
    CHECK(capped.rate().per_hour() == 0.0);
    REQUIRE(capped.lifetime.has_value());
    CHECK(capped.lifetime->count() == 24.0);
    CHECK(capped.mtbi().count() == doctest::Approx(24.0));
    const interruption_spec advisor = model_of(json{{"model", "advisor"}, {"bucket", ">20%"}, {"notice", "2m"}});
    REQUIRE(std::holds_alternative<spot_models::advisor>(advisor.model));
    CHECK(advisor.kind() == interruption_kind::advisor);
    REQUIRE(advisor.notice.has_value());
    // Every alternative's index is its kind, so to_string(kind()) names the model a file named.
    for (const auto& [m, name] :
         {std::pair{&none, "none"}, {&poisson, "poisson"}, {&capped, "max_lifetime"}, {&advisor, "advisor"}})
        CHECK(to_string(m->kind()) == name);
}

TEST_CASE("an interruption model is read without its files, and resolving loads them and names the place") {
    const json j{{"model", "trace_fit"}, {"file", "no_such_trace.json"}, {"lifetime", "24h"}, {"notice", "30s"}};
    const json_cursor c(j, "dir/s.json", "/candidates/2/interruptions");
    // Reading checks the fields and resolves the path beside the scenario; it opens nothing.
    const detail::interruption_request r = detail::read_interruptions(c);
    CHECK(r.kind == interruption_kind::trace_fit);
    CHECK(r.file == "dir/no_such_trace.json");
    REQUIRE(r.lifetime.has_value());
    CHECK(r.lifetime->count() == 24.0);
    CHECK(r.pointer == "/candidates/2/interruptions");
    // Resolving opens the trace: its error names the trace file.
    try {
        (void)detail::resolve_interruptions(r);
        FAIL("a missing trace was accepted");
    } catch (const input_error& e) {
        CHECK(e.file() == "dir/no_such_trace.json");
    }
    // A spot-risk file that is not there: the scenario's pointer of "file".
    const json a{{"model", "advisor"}, {"bucket", ">20%"}, {"file", "missing_risk.json"}};
    try {
        (void)detail::resolve_interruptions(
            detail::read_interruptions(json_cursor(a, "s.json", "/plan/interruptions")));
        FAIL("a missing spot-risk file was accepted");
    } catch (const input_error& e) {
        CHECK(e.file() == "s.json");
        CHECK(e.pointer() == "/plan/interruptions/file");
        CHECK(e.expected().rfind("a spot-risk file", 0) == 0);
    }
    // A reading error comes before any file is opened.
    const json bad{{"model", "trace_fit"}, {"file", "no_such_trace.json"}, {"lifetime", "0h"}};
    try {
        (void)detail::read_interruptions(json_cursor(bad, "s.json", "/x"));
        FAIL("a zero lifetime was accepted");
    } catch (const input_error& e) {
        CHECK(e.pointer() == "/x/lifetime");
    }
}

TEST_CASE("bad scenarios are refused with the JSON pointer of the offending value") {
    json j = spec_scenario();
    SUBCASE("a negative interruption rate") {
        j["candidates"][0]["interruptions"]["rate_per_hour"] = -0.05;
        CHECK(refusal(j).rfind("/candidates/0/interruptions/rate_per_hour: a number from 0", 0) == 0);
    }
    SUBCASE("a checkpoint interval of 0") {
        j["candidates"][0]["checkpoint"]["every"] = "0s";
        CHECK(refusal(j).rfind("/candidates/0/checkpoint/every: a positive interval", 0) == 0);
    }
    SUBCASE("a checkpoint longer than the interval") {
        j["candidates"][0]["checkpoint"]["cost"] = "2h";
        CHECK(refusal(j).rfind("/candidates/0/checkpoint/cost: a checkpoint cost shorter than the interval", 0) == 0);
    }
    SUBCASE("a deadline shorter than the work") {
        j["deadline"] = "52h";
        CHECK(refusal(j).rfind("/deadline: a deadline of at least the work (100h)", 0) == 0);
    }
    SUBCASE("an unknown interruption model") {
        j["candidates"][0]["interruptions"]["model"] = "weibull";
        CHECK(refusal(j).rfind("/candidates/0/interruptions/model: one of", 0) == 0);
    }
    SUBCASE("an unknown policy") {
        j["candidates"][0]["policy"] = "yolo";
        CHECK(refusal(j).rfind("/candidates/0/policy: one of", 0) == 0);
    }
    SUBCASE("an unknown offer") {
        j["candidates"][0]["offer"] = "ref/none";
        CHECK(refusal(j).rfind("/candidates/0/offer: an offer id of catalog", 0) == 0);
        CHECK(refusal(j).find("did you mean") != std::string::npos);
    }
    SUBCASE("a deadline policy without a deadline") {
        j["candidates"][0]["policy"] = "deadline_fallback";
        CHECK(refusal(j).rfind("/candidates/0/policy: a top-level \"deadline\"", 0) == 0);
    }
    SUBCASE("a lifetime too short for one stretch") {
        j["candidates"][0]["interruptions"] = json{{"model", "max_lifetime"}, {"lifetime", "30m"}};
        CHECK(refusal(j).rfind("/candidates/0/interruptions/lifetime: a lifetime longer than", 0) == 0);
    }
    SUBCASE("a rate so high that a stretch almost never completes") {
        j["candidates"][0]["interruptions"]["rate_per_hour"] = 50.0;
        CHECK(refusal(j).rfind("/candidates/0/interruptions/rate_per_hour: a rate at which", 0) == 0);
    }
    SUBCASE("a field nobody reads") {
        j["candidates"][0]["checkpoint"]["evry"] = "1h";
        CHECK(refusal(j).rfind("/candidates/0/checkpoint/evry: a known field", 0) == 0);
    }
}
