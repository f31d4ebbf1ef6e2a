// Tests of costsim/io/spot_risk_json.hpp: the bundled AWS Spot Advisor bands, their
// calibration on the bundled traces, per-offer models in a plan, and bad input.
#include <doctest/doctest.h>
#include <costsim/io/spot_risk_json.hpp>
#include <costsim/plan/plan.hpp>
#include <costsim/workflow/quick_plan.hpp>

#include <cmath>
#include <string>

using namespace costsim;
using doctest::Approx;

namespace {
const std::string pricing = COSTSIM_PRICING_DATA;
const std::string risk_file = pricing + "/aws-spot-advisor/aws_spot_risk.json";

const spot_risk& bundled() {
    static const spot_risk r = load_spot_risk(risk_file);
    return r;
}

std::string error_of(json doc, const std::string& file) {
    try {
        parse_spot_risk(json_cursor(doc, file));
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}

json bundled_doc() { return load_json_file(risk_file); }

quick_job job(const std::string& gpu, int gpus, const std::string& cloud) {
    quick_job q;
    q.work = std::chrono::hours(10);
    q.gpu = {gpu};
    q.gpus = gpus;
    q.deadline = std::chrono::hours(24);
    q.clouds = {cloud};
    q.catalog = pricing + "/gpu_cloud_2026.json";
    q.speed = pricing + "/gpu_speed_by_class_2026.json";
    q.proxy_trace = pricing + "/spot-traces/availability/1-node/aws-02-15-2023/us-east-1a_v100_1.json";
    q.spot_risk = risk_file;
    return q;
}
}  // namespace

TEST_CASE("the bundled calibration is the pooled rate of its 13 traces and the stated constant") {
    const spot_risk& r = bundled();
    CHECK(r.anchor_traces.size() == 13);
    CHECK(r.lifetimes.size() == 2370);
    double up = 0;
    for (auto l : r.lifetimes) up += l.count();
    CHECK(up == Approx(4464.59).epsilon(1e-5));
    // 2,370 lifetimes in 4,464.6 h of spot running: 0.5308 per hour, the constant written
    // in models/interruptions.hpp to three places.
    CHECK(r.anchor_rate().per_hour() == Approx(2370 / 4464.59).epsilon(1e-5));
    CHECK(std::abs(r.anchor_rate().per_hour() - advisor_anchor_per_hour) < 0.0005);
    CHECK(r.anchor_band == advisor_bucket::over_20);
    CHECK(r.advisor_as_of == "2025-06-28");
    CHECK(r.notice.has_value());
}

TEST_CASE("a known band maps to the stated rate and keeps the traces' shape") {
    const spot_risk& r = bundled();
    const double anchor = r.anchor_rate().per_hour();
    for (int b = 0; b < 5; ++b) {
        const auto band = advisor_bucket_from_index(b);
        const interruption_spec m = r.band_model(band);
        CHECK(m.kind() == interruption_kind::advisor);
        const auto& a = std::get<spot_models::advisor>(m.model);
        CHECK(a.band == band);
        CHECK(a.as_of == "2025-06-28");
        CHECK(m.rate().per_hour() == Approx(anchor * advisor_band_scale(band)));
        // The resampled lifetimes have the band's mean: the shape stretched, not replaced.
        CHECK(m.mtbi().count() == Approx(1 / m.rate().per_hour()).epsilon(1e-9));
        REQUIRE(m.sessions() == &*a.shape);
        CHECK(a.shape->lifetimes.size() == r.lifetimes.size());
        CHECK(a.shape->lifetimes[7].count() / r.lifetimes[7].count() == Approx(anchor / m.rate().per_hour()));
        CHECK(a.shape->outages.size() == r.outages.size());
        CHECK(risk_source(m) == "advisor");
    }
    CHECK(r.band_model(advisor_bucket::under_5).rate().per_hour() == Approx(0.0467).epsilon(2e-3));
    CHECK(r.band_model(advisor_bucket::over_20).rate().per_hour() == Approx(0.5308).epsilon(1e-4));
}

TEST_CASE("the instance types the issue names have their Advisor band") {
    const spot_risk& r = bundled();
    auto band = [&](const char* region, const char* type) {
        const advisor_entry* e = r.find(region, type);
        REQUIRE(e != nullptr);
        return e->bucket;
    };
    CHECK(band("us-east-1", "p5.48xlarge") == advisor_bucket::over_20);
    CHECK(band("us-west-2", "p5.48xlarge") == advisor_bucket::from_5_to_10);
    CHECK(band("us-east-1", "p4d.24xlarge") == advisor_bucket::from_10_to_15);
    CHECK(band("us-east-1", "p4de.24xlarge") == advisor_bucket::under_5);
    CHECK(band("us-east-1", "g5.xlarge") == advisor_bucket::over_20);
    CHECK(band("us-east-1", "g6e.xlarge") == advisor_bucket::from_5_to_10);
    // The anchors' own types are in the anchor band where their traces were recorded.
    for (const char* region : {"us-east-1", "us-east-2", "us-west-2"})
        CHECK(band(region, "p3.2xlarge") == advisor_bucket::over_20);
    CHECK(band("us-west-2", "p2.xlarge") == advisor_bucket::over_20);
    CHECK(r.find("us-east-1", "p6-b200.48xlarge") == nullptr);  // not in the 2025-06 snapshot
}

TEST_CASE("a sensitivity factor scales the rate and divides the lifetimes") {
    const interruption_spec m = bundled().band_model(advisor_bucket::from_10_to_15);
    const interruption_spec x3 = m.scaled(3.0), d3 = m.scaled(1.0 / 3.0);
    CHECK(x3.rate().per_hour() == Approx(3 * m.rate().per_hour()));
    CHECK(d3.rate().per_hour() == Approx(m.rate().per_hour() / 3));
    CHECK(x3.mtbi().count() == Approx(m.mtbi().count() / 3));
    CHECK(x3.sessions()->outages == m.sessions()->outages);
    CHECK(x3.sessions()->lifetimes.front().count() == Approx(m.sessions()->lifetimes.front().count() / 3));
    CHECK_THROWS_AS((void)m.scaled(0.0), value_error);
}

TEST_CASE("a plan gives every AWS spot offer its own band and the rest a named proxy") {
    const scenario s = quick_scenario(job("H100", 8, "aws"));
    const plan_result p = run_plan(s, [] {
        mc_options o;
        o.trials = 2000;
        return o;
    }());
    bool over20 = false, five_to_ten = false;
    for (const auto& row : p.rows) {
        const candidate& k = p.expanded.candidates[row.candidate_index];
        if (k.market != market_kind::spot) continue;
        const offer& o = p.expanded.offer_of(k);
        CHECK(risk_source(k.interruptions) == "advisor");
        const auto* a = std::get_if<spot_models::advisor>(&k.interruptions.model);
        REQUIRE(a != nullptr);
        REQUIRE(a->band.has_value());
        CHECK(*a->band == bundled().find(o.region, o.instance)->bucket);
        over20 = over20 || (o.region == "us-east-1" && *a->band == advisor_bucket::over_20);
        five_to_ten = five_to_ten || (o.region == "us-west-2" && *a->band == advisor_bucket::from_5_to_10);
    }
    CHECK(over20);
    CHECK(five_to_ten);
    // On clouds with no Advisor, every spot row is the proxy trace, named as such.
    const scenario r = quick_scenario(job("A100-80GB", 1, "runpod"));
    const plan_result q = run_plan(r, [] {
        mc_options o;
        o.trials = 500;
        return o;
    }());
    std::size_t spot = 0;
    for (const auto& row : q.rows) {
        const candidate& k = q.expanded.candidates[row.candidate_index];
        if (k.market != market_kind::spot) continue;
        ++spot;
        CHECK(risk_source(k.interruptions) == "proxy");
        CHECK(k.interruptions.proxy.find("for Runpod's interruptible pods") != std::string::npos);
        CHECK(!k.interruptions.notice.has_value());
    }
    CHECK(spot > 0);
}

TEST_CASE("the recommendation's sensitivity moves P(deadline) the right way") {
    // 8x A100-80GB spot on AWS with 40 h for 10 h of work: p4de.24xlarge in us-east-1
    // (band <5%), spot_only, meets it in about 97 % of trials. /3 meets it as often or more,
    // x3 less often, and takes longer.
    quick_job q = job("A100-80GB", 8, "aws");
    q.markets = {market_kind::spot};
    q.deadline = std::chrono::hours(40);
    const scenario s = quick_scenario(q);
    mc_options o;
    o.trials = 4000;
    const plan_result p = run_plan(s, o);
    REQUIRE(p.recommended.has_value());
    REQUIRE(p.sensitivity.size() == 2);
    const candidate_result& base = p.result_of(p.rows[*p.recommended]);
    CHECK(base.market == market_kind::spot);
    CHECK(base.policy == policy_kind::spot_only);
    CHECK(base.deadline_met < 0.995);
    const auto& lo = p.sensitivity[0].result;
    const auto& hi = p.sensitivity[1].result;
    CHECK(p.sensitivity[0].factor == Approx(1.0 / 3));
    CHECK(p.sensitivity[1].factor == 3.0);
    CHECK(lo.deadline_met >= base.deadline_met);
    CHECK(hi.deadline_met < base.deadline_met);
    CHECK(lo.makespan_hours.mean < base.makespan_hours.mean);
    CHECK(hi.makespan_hours.mean > base.makespan_hours.mean);
}

TEST_CASE("a spot-risk file with a bad value is refused naming the pointer") {
    const std::string f = pricing + "/aws-spot-advisor/aws_spot_risk.json";
    json d = bundled_doc();
    d["schema"] = "costsim.spot_risk/v9";
    CHECK(error_of(d, f).find("/schema") != std::string::npos);
    d = bundled_doc();
    d["anchor"]["band"] = "30%";
    CHECK(error_of(d, f).find("/anchor/band") != std::string::npos);
    d = bundled_doc();
    d["anchor"]["traces"][2] = "../spot-traces/none.json";
    CHECK(error_of(d, f).find("/anchor/traces/2: a spot trace file") != std::string::npos);
    d = bundled_doc();
    d["anchor"]["traces"] = json::array();
    CHECK(error_of(d, f).find("/anchor/traces") != std::string::npos);
    d = bundled_doc();
    d["advisor_as_of"] = "June 2025";
    CHECK(error_of(d, f).find("/advisor_as_of") != std::string::npos);
    d = bundled_doc();
    d["advisor"] = "missing.json";
    CHECK(error_of(d, f).find("/advisor: the Spot Advisor data file") != std::string::npos);
    d = bundled_doc();
    d["os"] = "Windows";  // the bundled rows are Linux only
    CHECK(error_of(d, f).find("an \"os\" the Advisor data lists rows for") != std::string::npos);
    d = bundled_doc();
    d["extra"] = 1;
    CHECK(error_of(d, f).find("/extra") != std::string::npos);
}
