// Tests of costsim/plan/study_check.hpp on the bundled demo: the GPU-platform study's five
// published costs recomputed exactly, and its four conclusions checked on costsim's figures.
#include <costsim/io/result_json.hpp>
#include <costsim/io/scenario_json.hpp>
#include <costsim/plan/study_check.hpp>

#include <functional>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string demo = std::string(COSTSIM_PRICING_DATA) + "/../scenarios/bilstm_sentiment_demo.json";
scenario with(const std::function<void(json&)>& edit) {
    json j = load_json_file(demo);
    edit(j);
    return parse_scenario(json_cursor(j, demo));
}
}  // namespace

TEST_CASE("the demo reproduces the study's five published costs at the study's precision") {
    const scenario s = load_scenario(demo);
    const study_comparison c = compare_with_study(s);
    REQUIRE(c.rows.size() == 5);
    for (const auto& r : c.rows) {
        INFO(r.offer);
        CHECK(r.agrees);
        CHECK(r.basis.source == runtime_source::published);
    }
    // p2.xlarge: 3.3 / 0.9 = 3 h 40 min exactly, billed per second: 3.30 exactly.
    CHECK(c.rows[0].offer == "aws/us-east-1/p2.xlarge");
    CHECK(c.rows[0].costsim_exact == parse_decimal("3.3"));
    // p3.2xlarge: 3.3 / 3.06 h = 3882.35 s, billed as 3883 s at 3.06 $/h.
    CHECK(c.rows[3].offer == "aws/us-east-1/p3.2xlarge");
    CHECK(c.rows[3].costsim_exact == exact(parse_decimal("3.06") * 3883 / 3600));
    CHECK(c.rows[3].costsim_at_precision == "3.3");
    // Paperspace M4000: 4 h at 0.40 $/h plus 4 h of the 5 $/month storage fee, prorated over February.
    CHECK(c.rows[2].costsim_exact == exact(parse_decimal("1.6") + exact(5) * 4 / (28 * 24)));
}

TEST_CASE("the study's four conclusions hold on costsim's figures") {
    const study_comparison c = compare_with_study(load_scenario(demo));
    REQUIRE(c.claims.size() == 4);
    for (const auto& k : c.claims) {
        INFO(k.claim << ": " << k.evidence);
        CHECK(k.holds);
    }
    CHECK(c.claims[0].evidence.find("hetzner/dedicated/ex51-ssd-gpu (amortised over 12 months)") == 18);
    CHECK(c.claims[1].evidence.find("paperspace/gpu-plus/m4000 1.6 USD") != std::string::npos);
}

TEST_CASE("a conclusion costsim's figures contradict is reported as failing") {
    SUBCASE("multi-GPU servers that scale are not run on one GPU") {
        const scenario s = with([](json& j) { j["workload"]["scaling_efficiency"] = 0.9; });
        CHECK_FALSE(compare_with_study(s).claims[3].holds);
    }
    SUBCASE("a dedicated server twice as slow is no longer the cheapest when busy") {
        const scenario s = with([](json& j) { j["workload"]["speed"]["GTX 1080"] = 0.05; });
        const auto c = compare_with_study(s);
        CHECK_FALSE(c.claims[0].holds);
        CHECK(c.claims[0].evidence.find("cheapest per run: paperspace/gpu-plus/m4000") == 0);
    }
}

TEST_CASE("each offer's runtime comes from the best figure there is, and says which") {
    const scenario s = load_scenario(demo);
    auto basis = [&](const std::string& id) { return s.runtime_on(*s.offers.find(id))->basis; };
    CHECK(basis("aws/us-east-1/p2.xlarge").basis.find("derived from the published cost: 3.3 USD / 0.9 USD/h") == 0);
    // The same GPU model elsewhere runs in its published time.
    CHECK(basis("paperspace/v100/v100").source == runtime_source::published);
    CHECK(basis("paperspace/v100/v100").basis.find("the V100's runtime on aws/us-east-1/p3.2xlarge") == 0);
    // No published figure for the GTX 1080: the speed the study's P100 cost implies, scaled
    // by FP32 peak (Pascal to Pascal), an estimate that says so.
    CHECK(basis("leadergpu/2xgtx1080").source == runtime_source::estimate);
    CHECK(basis("leadergpu/2xgtx1080").basis.find("STUDY-IMPLIED") != std::string::npos);
    CHECK(s.runtime_on(*s.offers.find("leadergpu/2xgtx1080"))->speedup == 0.458);
    // The figure follows from the study's published costs: 0.478 of a V100 for the P100.
    const double v100 = 3.3 / 3.06, p100 = 3.4 / (1.46 + 0.0475);
    CHECK(v100 / p100 * 8.9 / 9.3 == doctest::Approx(0.458).epsilon(0.001));
    // Softlayer's K80 server runs in the K80's published time; its M60 server, with no
    // published M60 row, at the FP32-peak estimate.
    CHECK(basis("ibm/softlayer-baremetal/k80").source == runtime_source::published);
    CHECK(basis("ibm/softlayer-baremetal/m60").source == runtime_source::estimate);
    // The work is the V100's published runtime (the GPU at speed 1).
    CHECK(s.work == usec(3882352941));
    CHECK(s.work_basis.source == runtime_source::published);
}

TEST_CASE("without \"work\" a scenario needs a published runtime on a GPU at speed 1") {
    try {
        (void)with([](json& j) { j["workload"]["speed"]["V100"] = 0.9; });
        FAIL("accepted");
    } catch (const input_error& e) {
        CHECK(e.pointer() == "/workload");
        CHECK(std::string(e.what()).find("\"work\"") != std::string::npos);
    }
}
