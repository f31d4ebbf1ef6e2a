// Tests of costsim/pricing/rank.hpp: one job quoted on every offer and market, ranked by exact total.
#include <costsim/io/catalog_json.hpp>
#include <costsim/pricing/rank.hpp>

#include <chrono>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;
using namespace std::chrono_literals;

namespace {
exact dec(const char* s) { return parse_decimal(s); }
const std::string spec_path = std::string(COSTSIM_TEST_DATA) + "/spec_catalog.json";
const ranked_job ten_gpu_hours{10h, parse_timestamp("2026-02-01"), currency("USD")};

std::vector<std::string> ids(const ranking& r) {
    std::vector<std::string> out;
    for (const auto& row : r.rows) out.push_back(row.what.id + " " + std::string(to_string(row.market)));
    return out;
}
}  // namespace

TEST_CASE("rank_offers orders the SPEC catalog's offers by exact total in USD") {
    const std::vector<catalog> cats{load_catalog(spec_path)};
    const ranking r = rank_offers(cats, ten_gpu_hours);
    // 10 GPU-hours from 2026-02-01, USD (EUR at 1.2276):
    //  hetzner/cloud      10 h * 0.10 EUR = 1.00 EUR * 1.2276                       =   1.2276
    //  gce k80            10 h * (0.45 + 0.0475), 10/672 of Feb is in the 100 % tier =   4.975
    //  leadergpu 2 GPUs   5 h wall = 300 min * 0.02 EUR = 6.00 EUR * 1.2276          =   7.3656
    //  paperspace         10 h * 0.78 = 7.80 + 5 * 10/672 = 7.874404…                =   7.874404…
    //  aws p3.2xlarge     10 h * 3.06                                                =  30.60
    //  hetzner dedicated  (99 * 10/672 + 99) EUR * 1.2276 = 123.340917…              = 123.340917…
    CHECK(ids(r) == std::vector<std::string>{"hetzner/cloud/example on_demand", "gce/us-central1/k80 on_demand",
                                             "leadergpu/2xgtx1080 on_demand", "paperspace/p5000 on_demand",
                                             "aws/us-east-1/p3.2xlarge on_demand",
                                             "hetzner/dedicated/gtx1080 monthly"});
    CHECK(r.skipped.empty());
    REQUIRE(r.rows.size() == 6);
    CHECK(r.rows[0].bill.total_exact.amount() == dec("1.2276"));
    CHECK(r.rows[1].bill.total_exact.amount() == dec("4.975"));
    CHECK(r.rows[2].bill.total_exact.amount() == dec("7.3656"));
    CHECK(r.rows[2].wall == 5h);  // 2 GPUs: 10 GPU-hours take 5 hours
    CHECK(r.rows[3].bill.total_exact.amount() == dec("7.8") + exact(big_int(50), big_int(672)));
    CHECK(r.rows[4].bill.total_exact.amount() == dec("30.6"));
    CHECK(r.rows[5].bill.total_exact.amount() == dec("121.5324") * exact(big_int(682), big_int(672)));
    CHECK(r.rows[5].bill.total.to_string() == "123.34");
    for (const auto& row : r.rows) {
        CHECK(row.bill.in_currency == currency("USD"));
        CHECK(row.catalog_index == 0);
    }
}

TEST_CASE("offers whose currency has no rate are skipped with the reason") {
    json doc = load_json_file(spec_path);
    doc.erase("exchange_rates");
    const std::vector<catalog> cats{parse_catalog(json_cursor(doc, "no_rates.json"))};
    const ranking r = rank_offers(cats, ten_gpu_hours);
    CHECK(ids(r) == std::vector<std::string>{"gce/us-central1/k80 on_demand", "paperspace/p5000 on_demand",
                                             "aws/us-east-1/p3.2xlarge on_demand"});
    REQUIRE(r.skipped.size() == 3);
    CHECK(r.skipped[0].rfind("example/hetzner/dedicated/gtx1080 monthly: no exchange rate from EUR to USD", 0) == 0);
    CHECK(r.skipped[1].rfind("example/hetzner/cloud/example on_demand: no exchange rate from EUR to USD", 0) == 0);
    CHECK(r.skipped[2].rfind("example/leadergpu/2xgtx1080 on_demand: no exchange rate from EUR to USD", 0) == 0);

    SUBCASE("a currency no catalog can reach skips everything") {
        const ranking jpy = rank_offers(cats, {10h, parse_timestamp("2026-02-01"), currency("JPY")});
        CHECK(jpy.rows.empty());
        CHECK(jpy.skipped.size() == 6);
    }
}

TEST_CASE("equal totals keep catalog order") {
    catalog a = load_catalog(spec_path), b = a;
    b.name = "copy";
    const std::vector<catalog> cats{a, b};
    const ranking r = rank_offers(cats, ten_gpu_hours);
    REQUIRE(r.rows.size() == 12);
    for (std::size_t i = 0; i < 12; i += 2) {
        CAPTURE(i);
        CHECK(r.rows[i].what.id == r.rows[i + 1].what.id);
        CHECK(r.rows[i].catalog_index == 0);
        CHECK(r.rows[i + 1].catalog_index == 1);
    }
}
