// Tests of costsim/workflow/quick_plan.hpp's text front: the quick mode's flags become the job
// with the bundled files where none is named, each bad value refused with its flag, and the
// plan's Monte Carlo options (a 1 % interval in quick mode unless trials are fixed).
#include <costsim/workflow/quick_plan.hpp>

#include <doctest/doctest.h>

using namespace costsim;

TEST_CASE("the quick flags become the job, with the bundled files under the share folder") {
    quick_flags f;
    f.work = "10h";
    f.gpu = "A100-80GB,H100";
    f.deadline = "24h";
    f.market = "spot";
    f.cloud = "aws,lambda";
    f.memory = "40GiB";
    f.gpus = 2;
    const quick_job q = quick_job_of(f, "/share");
    CHECK(q.work == std::chrono::hours(10));
    CHECK(q.gpu == std::vector<std::string>{"A100-80GB", "H100"});
    CHECK(q.gpus == 2);
    REQUIRE(q.deadline);
    CHECK(*q.deadline == std::chrono::hours(24));
    CHECK(q.markets == std::vector<market_kind>{market_kind::spot});
    CHECK(q.clouds == std::vector<std::string>{"aws", "lambda"});
    REQUIRE(q.memory_gib);
    CHECK(*q.memory_gib == 40.0);
    CHECK(q.catalog == "/share/pricing_data/gpu_cloud_2026.json");
    CHECK(q.speed == "/share/pricing_data/gpu_speed_by_class_2026.json");
    CHECK(q.spot_risk == "/share/pricing_data/aws-spot-advisor/aws_spot_risk.json");
    CHECK(q.checkpoint_cost == std::chrono::minutes(1));
}

TEST_CASE("a bad quick flag is refused with its name") {
    auto flag_of = [](quick_flags f) -> std::string {
        try {
            quick_job_of(f, "/share");
        } catch (const input_error& e) {
            CHECK(e.file() == "command line");
            return e.pointer();
        }
        return "accepted";
    };
    quick_flags f;
    f.work = "ten hours";
    CHECK(flag_of(f) == "--work");
    f.work = "0h";
    CHECK(flag_of(f) == "--work");
    f.work = "10h";
    f.deadline = "-1h";
    CHECK(flag_of(f) == "--deadline");
    f.deadline = "";
    f.memory = "lots";
    CHECK(flag_of(f) == "--memory");
    f.memory = "";
    f.market = "reserved";
    CHECK(flag_of(f) == "--market");
    f.market = ",";
    CHECK(flag_of(f) == "--market");
    f.market = "";
    f.checkpoint_cost = "0s";
    CHECK(flag_of(f) == "--checkpoint-cost");
    f.checkpoint_cost = "";
    CHECK(flag_of(f) == "accepted");
}

TEST_CASE("quick mode runs each candidate to a 1 % interval unless the trials are fixed") {
    const mc_options q = plan_mc_options(true, 20000, false, 0, 3, 2);
    REQUIRE(q.target_rel_ci);
    CHECK(*q.target_rel_ci == 0.01);
    CHECK(q.each_candidate);
    CHECK(q.first_round == 2000);
    CHECK(q.max_trials == 20000);
    CHECK(q.seed == 3);
    CHECK(q.threads == 2);
    CHECK_FALSE(plan_mc_options(true, 5000, true, 0, 1, 0).target_rel_ci);
    CHECK_FALSE(plan_mc_options(false, 20000, false, 0, 1, 0).target_rel_ci);
    const mc_options t = plan_mc_options(false, 20000, false, 0.05, 1, 0);
    REQUIRE(t.target_rel_ci);
    CHECK(*t.target_rel_ci == 0.05);
}
