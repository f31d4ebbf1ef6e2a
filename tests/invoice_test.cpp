// Tests of costsim/pricing/invoice.hpp: hand-worked invoices, exact to the cent, on SPEC's example
// catalog (tests/data/spec_catalog.json) plus a few offers added inline.
#include <costsim/io/catalog_json.hpp>
#include <costsim/io/invoice_json.hpp>
#include <costsim/pricing/invoice.hpp>

#include <chrono>
#include <optional>
#include <string>

#include <doctest/doctest.h>

using namespace costsim;
using namespace std::chrono_literals;

namespace {
exact dec(const char* s) { return parse_decimal(s); }
exact frac(long long n, long long d) { return exact(big_int(n), big_int(d)); }
timestamp at(const char* s) { return parse_timestamp(s); }
const currency USD("USD"), EUR("EUR");

json spec_json() { return load_json_file(std::string(COSTSIM_TEST_DATA) + "/spec_catalog.json"); }

// SPEC's catalog plus IBM hourly bare metal, an AWS spot price history and GCE spot and egress.
json extended_json() {
    json doc = spec_json();
    doc["offers"].push_back(json::parse(R"({"id": "ibm/softlayer/bm-k80", "provider": "ibm", "instance": "bm-k80",
        "markets": {"on_demand": {"price": {"amount": "2.8", "currency": "USD", "per": "hour"}}},
        "billing": {"increment": "1h"}})"));
    doc["offers"][0]["markets"]["spot"] = json::parse(R"({"price_history": [
        {"from": "2026-02-01T00:00:00Z", "amount": "0.90"}, {"from": "2026-02-01T01:00:00Z", "amount": "1.20"}],
        "currency": "USD", "per": "hour"})");
    doc["offers"][0]["egress"] = json::parse(R"([
        {"up_to_gb": "10", "price": {"amount": "0.12", "currency": "USD", "per": "GB"}},
        {"up_to_gb": "50", "price": {"amount": "0.09", "currency": "USD", "per": "GB"}},
        {"price": {"amount": "0.07", "currency": "USD", "per": "GB"}}])");
    doc["offers"][1]["markets"]["spot"] =
        json::parse(R"({"price": {"amount": "0.135", "currency": "USD", "per": "hour"}})");
    return doc;
}

const catalog& cat() {
    static const json doc = extended_json();
    static const catalog c = parse_catalog(json_cursor(doc, "extended_spec_catalog.json"));
    return c;
}

invoice quote_of(const char* id, market_kind m, const char* start, usec d, std::optional<currency> in = std::nullopt,
                 const catalog& c = cat()) {
    const offer* o = c.find(id);
    REQUIRE(o != nullptr);
    return quote(c, *o, {m, at(start), d, std::nullopt, in});
}
}  // namespace

TEST_CASE("AWS p3.2xlarge for 30 s bills the 60 s minimum: 0.051 -> 0.05 USD") {
    // billed 60 s; 3.06 $/h * 60/3600 h = 0.051 $ -> 0.05 $
    const invoice inv = quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", 30s);
    CHECK(inv.offer_id == "aws/us-east-1/p3.2xlarge");
    CHECK(inv.in_currency == USD);
    CHECK(inv.duration == 30s);
    CHECK(inv.billed == 60s);
    REQUIRE(inv.lines.size() == 1);
    CHECK(inv.lines[0].item == "p3.2xlarge on_demand");
    CHECK(inv.lines[0].kind == invoice_line_kind::instance);
    CHECK(inv.lines[0].month.empty());
    CHECK(inv.lines[0].billed == 60s);
    CHECK(inv.lines[0].exact.amount() == dec("0.051"));
    CHECK(inv.total_exact.amount() == dec("0.051"));
    CHECK(inv.total.to_string() == "0.05");
    CHECK(inv.rates_used.empty());
    CHECK(inv.rule == "per 1s, min 1m");

    SUBCASE("61.2 s bills 62 s") {
        // 3.06 * 62/3600 = 189.72/3600 = 0.0527 -> 0.05
        const invoice i2 = quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", 61200ms);
        CHECK(i2.billed == 62s);
        CHECK(i2.total_exact.amount() == dec("0.0527"));
        CHECK(i2.total.to_string() == "0.05");
    }
    SUBCASE("10 hours") {
        // 3.06 * 10 = 30.60
        CHECK(quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", 10h).total.to_string() ==
              "30.60");
    }
}

TEST_CASE("quote's JSON is SPEC's `quote --json` example, key for key") {
    const invoice inv = quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", 30s);
    json j = to_json(inv);
    const json expected = json::parse(R"({"offer": "aws/us-east-1/p3.2xlarge", "market": "on_demand", "currency": "USD",
 "start": "2026-02-01T00:00:00Z", "duration_seconds": 30, "billed_seconds": 60,
 "lines": [{"item": "p3.2xlarge on_demand", "billed_seconds": 60, "exact": "0.051", "amount": "0.05"}],
 "total_exact": "0.051", "total": "0.05"})");
    CHECK(j["billing"] == "per 1s, min 1m");  // the one key beyond SPEC's example
    j.erase("billing");
    CHECK(j.dump() == expected.dump());  // same keys, same order, same values
}

TEST_CASE("GCE K80 + n1-standard-1 with sustained use: 10/20/30 % off at 50/75/100 % of a month") {
    // (0.45 + 0.0475) $/h = 0.4975 $/h base; tiers 100/80/60/40 % per quarter of the month.
    auto total = [](const char* start, usec d) {
        return quote_of("gce/us-central1/k80", market_kind::on_demand, start, d).total.to_string();
    };
    SUBCASE("a 30-day month (April 2026, 720 h)") {
        CHECK(total("2026-04-01", 180h) == "89.55");   // 25 %: 0.4975 * 180 = 89.55, no discount
        CHECK(total("2026-04-01", 360h) == "161.19");  // 50 %: 0.4975 * 360 = 179.10 * 0.9 = 161.19
        CHECK(total("2026-04-01", 540h) == "214.92");  // 75 %: 0.4975 * 540 = 268.65 * 0.8 = 214.92
        CHECK(total("2026-04-01", 720h) == "250.74");  // 100 %: 0.4975 * 720 = 358.20 * 0.7 = 250.74
    }
    SUBCASE("a 31-day month (March 2026, 744 h)") {
        CHECK(total("2026-03-01", 372h) == "166.56");  // 50 %: 0.4975 * 372 = 185.07 * 0.9 = 166.563
        CHECK(total("2026-03-01", 558h) == "222.08");  // 75 %: 0.4975 * 558 = 277.605 * 0.8 = 222.084
        CHECK(total("2026-03-01", 744h) == "259.10");  // 100 %: 0.4975 * 744 = 370.14 * 0.7 = 259.098
    }
    SUBCASE("the discount applies to the offer and to its attached host, each on its own line") {
        // 50 % of April: K80 0.45 * 360 * 0.9 = 145.80; host 0.0475 * 360 * 0.9 = 15.39
        const invoice inv = quote_of("gce/us-central1/k80", market_kind::on_demand, "2026-04-01", 360h);
        REQUIRE(inv.lines.size() == 2);
        CHECK(inv.lines[0].item == "n1-standard-1+1xK80 on_demand");
        CHECK(inv.lines[0].kind == invoice_line_kind::instance);
        CHECK(inv.lines[0].month == "2026-04");
        CHECK(inv.lines[0].exact.amount() == dec("145.8"));
        CHECK(inv.lines[1].item == "n1-standard-1 (attached)");
        CHECK(inv.lines[1].kind == invoice_line_kind::attached);
        CHECK(inv.lines[1].exact.amount() == dec("15.39"));
        CHECK(inv.total_exact.amount() == dec("161.19"));
        CHECK(inv.rule == "per 1s, min 1m; sustained use 100/80/60/40 %");
    }
    SUBCASE("30 s still bills the 1 min minimum") {
        // 0.4975 * 60/3600 = 0.00829166… -> 0.01
        const invoice inv = quote_of("gce/us-central1/k80", market_kind::on_demand, "2026-04-01", 30s);
        CHECK(inv.billed == 60s);
        CHECK(inv.total_exact.amount() == frac(4975, 600000));
        CHECK(inv.total.to_string() == "0.01");
    }
    SUBCASE("spot gets no sustained-use discount") {
        // 360 h * (0.135 + 0.0475) = 360 * 0.1825 = 65.70
        const invoice inv = quote_of("gce/us-central1/k80", market_kind::spot, "2026-04-01", 360h);
        CHECK(inv.total_exact.amount() == dec("65.7"));
        CHECK(inv.total.to_string() == "65.70");
    }
}

TEST_CASE("IBM Softlayer hourly bills every started hour: 1h0m1s at 2.8 $/h is 5.60") {
    // billed 2 h; 2 * 2.8 = 5.60
    const invoice inv = quote_of("ibm/softlayer/bm-k80", market_kind::on_demand, "2026-02-01", 1h + 1s);
    CHECK(inv.billed == 2h);
    CHECK(inv.total_exact.amount() == dec("5.6"));
    CHECK(inv.total.to_string() == "5.60");
    CHECK(quote_of("ibm/softlayer/bm-k80", market_kind::on_demand, "2026-02-01", 1h).total.to_string() == "2.80");
}

TEST_CASE("LeaderGPU bills started minutes: 61 s at 0.02 EUR/min is 0.04 EUR") {
    // billed 2 min; 0.02 €/min = 1.20 €/h; 1.20 * 120/3600 = 0.04
    const invoice inv = quote_of("leadergpu/2xgtx1080", market_kind::on_demand, "2026-02-01", 61s);
    CHECK(inv.in_currency == EUR);
    CHECK(inv.billed == 120s);
    CHECK(inv.total_exact.amount() == dec("0.04"));
    CHECK(inv.total.to_string() == "0.04");
    CHECK(inv.rule == "per 1m");
}

TEST_CASE("Hetzner dedicated: 99 EUR/month prorated by calendar share plus 99 EUR setup") {
    auto q = [](const char* start, usec d) {
        return quote_of("hetzner/dedicated/gtx1080", market_kind::monthly, start, d);
    };
    SUBCASE("10 days of February 2026 (28 days)") {
        // 99 * 10/28 = 35.357142857… + 99 = 134.357142857… -> 134.36
        const invoice inv = q("2026-02-01", 240h);
        REQUIRE(inv.lines.size() == 2);
        CHECK(inv.lines[0].item == "hetzner/dedicated/gtx1080 monthly");
        CHECK(inv.lines[0].month == "2026-02");
        CHECK(inv.lines[0].billed == 240h);
        CHECK(inv.lines[0].exact.amount() == frac(990, 28));
        CHECK(inv.lines[1].kind == invoice_line_kind::setup_fee);
        CHECK(inv.lines[1].billed == usec(0));
        CHECK(inv.lines[1].exact.amount() == 99);
        CHECK(inv.total_exact.amount() == frac(3762, 28));  // 990/28 + 2772/28
        CHECK(inv.total.to_string() == "134.36");
        CHECK(inv.rule == "monthly, prorated by calendar share");

        const json j = to_json(inv);
        CHECK(j["total_exact"] == "134.357142857143");
        CHECK(j["total_exact_fraction"] == "1881/14");
        CHECK(j["total"] == "134.36");
        CHECK(j["lines"][0]["exact"] == "35.357142857143");
        CHECK(j["lines"][0]["exact_fraction"] == "495/14");
        CHECK(j["lines"][0]["amount"] == "35.36");
        CHECK(j["lines"][0]["month"] == "2026-02");
        CHECK(j["lines"][1]["item"] == "setup fee");
        CHECK(j["lines"][1]["amount"] == "99.00");
        CHECK_FALSE(j["lines"][1].contains("exact_fraction"));
    }
    SUBCASE("10 days of February 2028 (29 days)") {
        // 99 * 10/29 = 34.137931… + 99 = 133.137931… -> 133.14
        CHECK(q("2028-02-01", 240h).total.to_string() == "133.14");
    }
    SUBCASE("15 days of a 30-day month (April)") {
        // 99 * 15/30 = 49.50 + 99 = 148.50
        CHECK(q("2026-04-01", 360h).total_exact.amount() == dec("148.5"));
        CHECK(q("2026-04-01", 360h).total.to_string() == "148.50");
    }
    SUBCASE("15 days of a 31-day month (March)") {
        // 99 * 15/31 = 47.903225806… + 99 = 146.903225806… -> 146.90
        CHECK(q("2026-03-01", 360h).total_exact.amount() == frac(1485, 31) + 99);
        CHECK(q("2026-03-01", 360h).total.to_string() == "146.90");
    }
    SUBCASE("a run crossing a month boundary is split into two lines") {
        // 2026-01-25 + 11 days: 7/31 of January = 693/31 = 22.354838…,
        // 4/28 of February = 396/28 = 14.142857…; 693/31 + 99/7 = 7920/217 = 36.497695…;
        // + 99 setup = 135.497695… -> 135.50
        const invoice inv = q("2026-01-25", 264h);
        REQUIRE(inv.lines.size() == 3);
        CHECK(inv.lines[0].month == "2026-01");
        CHECK(inv.lines[0].billed == 7 * 24h);
        CHECK(inv.lines[0].exact.amount() == frac(693, 31));
        CHECK(inv.lines[1].month == "2026-02");
        CHECK(inv.lines[1].billed == 4 * 24h);
        CHECK(inv.lines[1].exact.amount() == frac(396, 28));
        CHECK(inv.lines[2].kind == invoice_line_kind::setup_fee);
        CHECK(inv.total_exact.amount() == frac(7920, 217) + 99);
        CHECK(inv.total.to_string() == "135.50");
        CHECK(inv.billed == 264h);
    }
    SUBCASE("a whole month is the monthly price plus setup") {
        // 99 + 99 = 198.00
        CHECK(q("2026-02-01", 28 * 24h).total.to_string() == "198.00");
    }
    SUBCASE("without proration every month touched is charged whole") {
        json doc = spec_json();
        doc["offers"][2]["billing"]["proration"] = "none";
        const catalog c = parse_catalog(json_cursor(doc, "none.json"));
        // 2026-01-25 + 11 days touches January and February: 99 + 99 + 99 setup = 297.00
        const invoice inv =
            quote_of("hetzner/dedicated/gtx1080", market_kind::monthly, "2026-01-25", 264h, std::nullopt, c);
        CHECK(inv.total.to_string() == "297.00");
        CHECK(inv.billed == (31 + 28) * 24h);
    }
}

TEST_CASE("Hetzner cloud: 0.10 EUR/h capped at 60 EUR per calendar month") {
    SUBCASE("a whole month is capped at 60.00") {
        // February 2026: 672 h * 0.10 = 67.20 > 60: a cap line of -7.20, total 60.00
        const invoice inv = quote_of("hetzner/cloud/example", market_kind::on_demand, "2026-02-01", 672h);
        REQUIRE(inv.lines.size() == 2);
        CHECK(inv.lines[0].exact.amount() == dec("67.2"));
        CHECK(inv.lines[1].kind == invoice_line_kind::cap);
        CHECK(inv.lines[1].month == "2026-02");
        CHECK(inv.lines[1].exact.amount() == -dec("7.2"));
        CHECK(inv.total_exact.amount() == 60);
        CHECK(inv.total.to_string() == "60.00");
        CHECK(inv.rule == "per 1h; cap 60.00 EUR/month");
    }
    SUBCASE("below the cap nothing is taken off") {
        // 100 h * 0.10 = 10.00; 599 h = 59.90 just under the cap
        const invoice inv = quote_of("hetzner/cloud/example", market_kind::on_demand, "2026-02-01", 100h);
        CHECK(inv.lines.size() == 1);
        CHECK(inv.total.to_string() == "10.00");
        CHECK(quote_of("hetzner/cloud/example", market_kind::on_demand, "2026-02-01", 599h).total.to_string() ==
              "59.90");
    }
    SUBCASE("each calendar month is capped on its own") {
        // Jan 744 h * 0.10 = 74.40 -> 60; Feb 672 h = 67.20 -> 60; total 120.00
        const invoice inv = quote_of("hetzner/cloud/example", market_kind::on_demand, "2026-01-01", 1416h);
        CHECK(inv.lines.size() == 4);
        CHECK(inv.total.to_string() == "120.00");
        // Jan 31 at 00:00 for 700 h: Jan 24 h = 2.40; Feb 672 h = 67.20 -> 60; Mar 4 h = 0.40: 62.80
        CHECK(quote_of("hetzner/cloud/example", market_kind::on_demand, "2026-01-31", 700h).total.to_string() ==
              "62.80");
    }
    SUBCASE("the cap is converted with the prices when invoicing in USD") {
        // 60 EUR * 1.2276 = 73.656 USD -> 73.66
        const invoice inv = quote_of("hetzner/cloud/example", market_kind::on_demand, "2026-02-01", 672h, USD);
        CHECK(inv.total_exact.amount() == dec("73.656"));
        CHECK(inv.total.to_string() == "73.66");
    }
}

TEST_CASE("Paperspace: hourly price plus 5 USD/month storage prorated over the run") {
    SUBCASE("10 hours of April") {
        // 0.78 * 10 = 7.80; storage 5 * 10/720 = 0.069444…; total 7.869444… -> 7.87
        const invoice inv = quote_of("paperspace/p5000", market_kind::on_demand, "2026-04-01", 10h);
        REQUIRE(inv.lines.size() == 2);
        CHECK(inv.lines[1].item == "storage 50 GB");
        CHECK(inv.lines[1].kind == invoice_line_kind::fee);
        CHECK(inv.lines[1].month == "2026-04");
        CHECK(inv.lines[1].exact.amount() == frac(50, 720));
        CHECK(inv.total_exact.amount() == dec("7.8") + frac(50, 720));
        CHECK(inv.total.to_string() == "7.87");
    }
    SUBCASE("a whole month") {
        // 0.78 * 720 = 561.60 + 5.00 = 566.60
        CHECK(quote_of("paperspace/p5000", market_kind::on_demand, "2026-04-01", 720h).total.to_string() == "566.60");
    }
}

TEST_CASE("a time-varying spot price is charged at the price in force") {
    // 00:30 + 1 h: 30 min at 0.90 = 0.45, 30 min at 1.20 = 0.60; total 1.05
    const invoice inv = quote_of("aws/us-east-1/p3.2xlarge", market_kind::spot, "2026-02-01T00:30:00Z", 1h);
    CHECK(inv.total_exact.amount() == dec("1.05"));
    CHECK(inv.lines[0].item == "p3.2xlarge spot");
    CHECK(inv.rule == "per 1s, min 1m, price in force");
    // 30 s bills the 60 s minimum at 1.20 $/h: 0.02
    CHECK(quote_of("aws/us-east-1/p3.2xlarge", market_kind::spot, "2026-02-01T02:00:00Z", 30s).total_exact.amount() ==
          dec("0.02"));
    // Starting before the history: no price in force.
    CHECK_THROWS_AS(quote_of("aws/us-east-1/p3.2xlarge", market_kind::spot, "2026-01-31T23:00:00Z", 1h), model_error);
}

TEST_CASE("egress is added by tiers") {
    // 10 s -> 60 s minimum: 0.051; 60 GB: 10 * 0.12 + 40 * 0.09 + 10 * 0.07 = 5.50; total 5.551 -> 5.55
    const offer* o = cat().find("aws/us-east-1/p3.2xlarge");
    const invoice inv = quote(cat(), *o, {market_kind::on_demand, at("2026-02-01"), 10s, gigabytes(dec("60")), {}});
    REQUIRE(inv.lines.size() == 2);
    CHECK(inv.lines[1].item == "egress 60 GB");
    CHECK(inv.lines[1].exact.amount() == dec("5.5"));
    CHECK(inv.total.to_string() == "5.55");
}

TEST_CASE("another invoice currency converts every line with the catalog's dated rate") {
    SUBCASE("Hetzner dedicated in USD") {
        // (990/28 + 99) EUR * 1.2276 = 3762 * 1.2276 / 28 = 4618.2312 / 28 = 164.936828… -> 164.94
        const invoice inv = quote_of("hetzner/dedicated/gtx1080", market_kind::monthly, "2026-02-01", 240h, USD);
        CHECK(inv.in_currency == USD);
        CHECK(inv.total_exact.amount() == dec("4618.2312") / 28);
        CHECK(inv.total.to_string() == "164.94");
        REQUIRE(inv.rates_used.size() == 1);  // listed once though two lines used it
        CHECK(inv.rates_used[0].from == EUR);
        CHECK(inv.rates_used[0].to == USD);
        CHECK(inv.rates_used[0].rate == dec("1.2276"));
        CHECK(inv.lines[1].original == money(dec("99"), EUR));
        CHECK(inv.lines[1].exact == money(dec("121.5324"), USD));  // 99 * 1.2276

        const json j = to_json(inv);
        CHECK(j["currency"] == "USD");
        CHECK(j["total"] == "164.94");
        CHECK(j["exchange_rates"].dump() == R"([{"from":"EUR","to":"USD","rate":"1.2276","as_of":"2018-02-01"}])");
        CHECK(j["lines"][1]["original"].dump() == R"({"amount":"99","currency":"EUR"})");
    }
    SUBCASE("LeaderGPU in USD") {
        // 0.04 EUR * 1.2276 = 0.049104 USD -> 0.05
        const invoice inv = quote_of("leadergpu/2xgtx1080", market_kind::on_demand, "2026-02-01", 61s, USD);
        CHECK(inv.total_exact.amount() == dec("0.049104"));
        CHECK(inv.total.to_string() == "0.05");
    }
    SUBCASE("AWS in EUR uses the inverse of the listed rate") {
        // 0.051 USD / 1.2276 = 510/12276 = 85/2046 = 0.041544… -> 0.04
        const invoice inv = quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", 30s, EUR);
        CHECK(inv.total_exact.amount() == frac(85, 2046));
        CHECK(inv.total.to_string() == "0.04");
        REQUIRE(inv.rates_used.size() == 1);
        CHECK(inv.rates_used[0].from == USD);
        CHECK(inv.rates_used[0].rate == frac(10000, 12276));
    }
    SUBCASE("a missing rate is a model_error, never a silent sum") {
        CHECK_THROWS_AS(
            quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", 30s, currency("JPY")),
            model_error);
        json doc = spec_json();
        doc.erase("exchange_rates");
        const catalog c = parse_catalog(json_cursor(doc, "no_rates.json"));
        CHECK_THROWS_WITH_AS(quote_of("hetzner/dedicated/gtx1080", market_kind::monthly, "2026-02-01", 240h, USD, c),
                             "no exchange rate from EUR to USD in catalog \"example\"", missing_exchange_rate);
    }
}

TEST_CASE("quote refuses what the model cannot answer") {
    CHECK_THROWS_AS(quote_of("aws/us-east-1/p3.2xlarge", market_kind::monthly, "2026-02-01", 1h), model_error);
    CHECK_THROWS_AS(quote_of("hetzner/dedicated/gtx1080", market_kind::on_demand, "2026-02-01", 1h), model_error);
    CHECK_THROWS_AS(quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", -1s), model_error);
    CHECK_THROWS_AS(quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", max_duration + 1s),
                    model_error);
    // A zero-length run bills nothing.
    CHECK(quote_of("aws/us-east-1/p3.2xlarge", market_kind::on_demand, "2026-02-01", 0s).total.to_string() == "0.00");
}

// The inference study's published table (runtime × price per hour), reproduced through the
// exact engine at the precision the study prints. Its own arithmetic disagrees in the rows
// whose note says so (recorded in pricing_data/studies/): those must differ, the rest agree.
TEST_CASE("the GPU-vs-CPU inference study's published costs come out of quote at the study's precision") {
    const std::string dir = COSTSIM_PRICING_DATA;
    const catalog c = load_catalog(dir + "/gpu_vs_cpu_inference.json");
    const json pub = load_json_file(dir + "/studies/gpu_vs_cpu_inference_published.json");
    int agree = 0, disagree = 0;
    for (const auto& row : pub["rows"]) {
        const offer* o = c.find(row["offer"].get<std::string>());
        REQUIRE(o != nullptr);
        const invoice inv = quote(c, *o,
                                  {parse_market_kind(row["market"].get<std::string>()), at("2021-12-15"),
                                   parse_duration(row["runtime"].get<std::string>()), std::nullopt, std::nullopt});
        const std::string reported = row["reported_cost"]["amount"];
        const auto dot = reported.find('.');
        const int places = dot == std::string::npos ? 0 : static_cast<int>(reported.size() - dot - 1);
        const bool same = round_half_up(inv.total_exact.amount(), places) == parse_decimal(reported);
        const bool study_disagrees = row["note"].get<std::string>().find("DISAGREES") != std::string::npos;
        CAPTURE(row.dump());
        CHECK(same != study_disagrees);
        (same ? agree : disagree) += 1;
    }
    CHECK(agree >= 40);
    CHECK(disagree <= 2);
}
