// Tests of costsim/pricing/catalog.hpp and its reader, io/catalog_json.hpp (with json_input.hpp): every bundled
// catalog loads and round-trips; bad documents fail with the exact JSON pointer.
#include <costsim/io/catalog_json.hpp>
#include <costsim/io/job_size_json.hpp>
#include <costsim/io/speed_classes_json.hpp>
#include <costsim/io/speed_json.hpp>
#include <costsim/models/runtime_source.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string spec_path = std::string(COSTSIM_TEST_DATA) + "/spec_catalog.json";

json spec_json() { return load_json_file(spec_path); }

std::vector<std::string> json_files_in(const std::string& dir) {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".json") out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

// Parses `doc` and returns the input_error it must raise.
input_error error_of(const json& doc, const std::string& name = "doc.json") {
    try {
        (void)parse_catalog(json_cursor(doc, name));
    } catch (const input_error& e) {
        return e;
    }
    FAIL("no input_error for " << doc.dump());
    return input_error("", "", "");
}
}  // namespace

TEST_CASE("every catalog in pricing_data loads and round-trips") {
    const auto files = json_files_in(COSTSIM_PRICING_DATA);
    REQUIRE(files.size() >= 3);
    for (const auto& f : files) {
        CAPTURE(f);
        // Relative-speed tables live beside the catalogs: they round-trip in their own format.
        if (load_json_file(f).value("schema", std::string()) == speed_table_schema) {
            const speed_table t = load_speed_table(f);
            const json once = to_json(t);
            CHECK(to_json(parse_speed_table(json_cursor(once, "round trip"))) == once);
            continue;
        }
        // So do the GPU variant table and the speed table per class (their own tests check them).
        if (load_json_file(f).value("schema", std::string()) == gpu_variants_schema) {
            const json once = to_json(load_gpu_variants(f));
            CHECK(to_json(parse_gpu_variants(json_cursor(once, "round trip"))) == once);
            continue;
        }
        if (load_json_file(f).value("schema", std::string()) == job_size_schema) {  // the LLM job-size facts
            const json once = to_json(load_job_size_table(f));
            CHECK(to_json(parse_job_size_table(json_cursor(once, "round trip"))) == once);
            continue;
        }
        if (is_speed_classes(load_json_file(f))) {
            const speed_classes_file k = load_speed_classes(f);
            const json once = to_json(k.table, "gpu_variants_2026.json");
            CHECK(to_json(parse_speed_classes(json_cursor(once, "round trip"), k.variants), "gpu_variants_2026.json") ==
                  once);
            continue;
        }
        catalog c = load_catalog(f);
        CHECK_FALSE(c.offers.empty());
        CHECK_FALSE(c.source.empty());
        CHECK(c.as_of.ok());
        CHECK(c.file == f);
        const json once = to_json(c);
        const catalog back = parse_catalog(json_cursor(once, "round trip"));
        CHECK(to_json(back) == once);
        CHECK(back.offers.size() == c.offers.size());
        for (const auto& o : c.offers) {
            CAPTURE(o.id);
            CHECK((o.has_market(market_kind::on_demand) || o.has_market(market_kind::spot) ||
                   o.has_market(market_kind::monthly)));
        }
    }
}

TEST_CASE("the SPEC's example catalog loads with every field it states") {
    const catalog c = load_catalog(spec_path);
    CHECK(c.name == "example");
    CHECK(c.as_of == date::year{2018} / 2 / 1);
    REQUIRE(c.exchange_rates.size() == 1);
    CHECK(c.exchange_rates[0].from == currency("EUR"));
    CHECK(c.exchange_rates[0].to == currency("USD"));
    CHECK(c.exchange_rates[0].rate == parse_decimal("1.2276"));
    REQUIRE(c.offers.size() == 6);

    const offer* aws = c.find("aws/us-east-1/p3.2xlarge");
    REQUIRE(aws != nullptr);
    CHECK(aws->instance == "p3.2xlarge");
    CHECK(aws->region == "us-east-1");
    REQUIRE(aws->gpus);
    CHECK(aws->gpus->model == "V100");
    CHECK(aws->gpus->count == 1);
    CHECK(aws->vcpus == 8);
    CHECK(aws->on_demand->price.amount == money(parse_decimal("3.06"), currency("USD")));
    CHECK(aws->on_demand->price.per == price_unit::hour);
    CHECK(aws->billing.increment.increment == std::chrono::seconds(1));
    CHECK(aws->billing.increment.minimum == std::chrono::seconds(60));
    CHECK(aws->billing.describe(market_kind::on_demand) == "per 1s, min 1m");

    const offer* gce = c.find("gce/us-central1/k80");
    REQUIRE(gce != nullptr);
    REQUIRE(gce->attached.size() == 1);
    CHECK(gce->attached[0].name == "n1-standard-1");
    CHECK(gce->attached[0].price.amount.amount() == parse_decimal("0.0475"));
    REQUIRE(gce->billing.sustained);
    CHECK(gce->billing.sustained->tiers().size() == 4);
    CHECK(gce->billing.sustained->ok());
    CHECK(gce->billing.describe(market_kind::on_demand) == "per 1s, min 1m; sustained use 100/80/60/40 %");

    const offer* hz = c.find("hetzner/dedicated/gtx1080");
    REQUIRE(hz != nullptr);
    REQUIRE(hz->monthly);
    CHECK(hz->monthly->price.per == price_unit::month);
    CHECK(hz->monthly->setup_fee == money(parse_decimal("99"), currency("EUR")));
    CHECK(hz->billing.monthly_period);
    CHECK(hz->billing.proration == proration::calendar);
    CHECK(hz->display_name() == "hetzner/dedicated/gtx1080");  // no instance: the id
    CHECK(hz->market_currency(market_kind::monthly) == currency("EUR"));

    const offer* cloud = c.find("hetzner/cloud/example");
    REQUIRE(cloud != nullptr);
    REQUIRE(cloud->billing.cap);
    CHECK(cloud->billing.cap->cap == money(parse_decimal("60"), currency("EUR")));
    CHECK(cloud->billing.describe(market_kind::on_demand) == "per 1h; cap 60.00 EUR/month");

    const offer* lg = c.find("leadergpu/2xgtx1080");
    REQUIRE(lg != nullptr);
    CHECK(lg->on_demand->price.per == price_unit::minute);
    CHECK(lg->gpus->count == 2);

    const offer* ps = c.find("paperspace/p5000");
    REQUIRE(ps != nullptr);
    REQUIRE(ps->fees.size() == 1);
    CHECK(ps->fees[0].price.monthly().per_month() == money(parse_decimal("5"), currency("USD")));

    CHECK(c.find("nope") == nullptr);
}

TEST_CASE("the SPEC's example catalog round-trips") {
    const catalog c = load_catalog(spec_path);
    const json once = to_json(c);
    const json twice = to_json(parse_catalog(json_cursor(once, "round trip")));
    CHECK(twice == once);
    CHECK(once["offers"][0]["markets"]["on_demand"]["price"]["amount"] == "3.06");
    CHECK(once["exchange_rates"][0]["rate"] == "1.2276");
    CHECK(once["offers"][0]["billing"]["minimum"] == "1m");
}

TEST_CASE("a catalog finds a rate as listed or as the inverse of the listed one") {
    const catalog c = load_catalog(spec_path);
    auto eur_usd = c.rate(currency("EUR"), currency("USD"));
    REQUIRE(eur_usd);
    CHECK(eur_usd->rate == parse_decimal("1.2276"));
    auto usd_eur = c.rate(currency("USD"), currency("EUR"));
    REQUIRE(usd_eur);
    CHECK(usd_eur->rate == exact(big_int(10000), big_int(12276)));
    CHECK_FALSE(c.rate(currency("USD"), currency("JPY")));
}

TEST_CASE("convert: at the catalog's rate, each rate used recorded once, missing_exchange_rate without one") {
    const catalog c = load_catalog(spec_path);
    const currency USD("USD"), EUR("EUR");
    std::vector<exchange_rate> used;
    CHECK(convert(c, money(parse_decimal("2"), EUR), USD, &used) == money(parse_decimal("2.4552"), USD));
    CHECK(convert(c, money(parse_decimal("1"), EUR), USD, &used) == money(parse_decimal("1.2276"), USD));
    REQUIRE(used.size() == 1);
    CHECK(used[0].from == EUR);
    // Already in the target currency: unchanged, no rate needed or recorded.
    CHECK(convert(c, money(parse_decimal("3.06"), USD), USD, &used) == money(parse_decimal("3.06"), USD));
    CHECK(convert(c, money(parse_decimal("3.06"), currency("JPY")), currency("JPY")) ==
          money(parse_decimal("3.06"), currency("JPY")));
    CHECK(used.size() == 1);
    CHECK_THROWS_WITH_AS(convert(c, money(parse_decimal("1"), USD), currency("GBP")),
                         "no exchange rate from USD to GBP in catalog \"example\"", missing_exchange_rate);
}

TEST_CASE("bad catalog documents fail with the file, the exact pointer and what was expected") {
    json doc = spec_json();
    json& aws_price = doc["offers"][0]["markets"]["on_demand"]["price"];

    SUBCASE("amounts that are not plain decimal strings") {
        for (const char* bad : {"0.1e-2", "abc", "NaN", "-1", "", "1.", ".5", "-0.5"}) {
            CAPTURE(bad);
            aws_price["amount"] = bad;
            input_error e = error_of(doc);
            CHECK(e.file() == "doc.json");
            CHECK(e.pointer() == "/offers/0/markets/on_demand/price/amount");
            CHECK(e.expected().find("decimal") != std::string::npos);
        }
        aws_price["amount"] = 3.06;  // a JSON number is refused for an amount
        CHECK(error_of(doc).pointer() == "/offers/0/markets/on_demand/price/amount");
        CHECK(std::string(error_of(doc).what()) ==
              "doc.json: /offers/0/markets/on_demand/price/amount: a decimal string such as \"0.9731\" "
              "(amounts travel as strings), got a number");
    }
    SUBCASE("an unknown currency") {
        aws_price["currency"] = "XYZ";
        input_error e = error_of(doc);
        CHECK(e.pointer() == "/offers/0/markets/on_demand/price/currency");
        CHECK(e.expected().find("ISO 4217") != std::string::npos);
    }
    SUBCASE("a missing currency when the file sets no default") {
        aws_price.erase("currency");
        CHECK(error_of(doc).pointer() == "/offers/0/markets/on_demand/price");
        doc["currency"] = "USD";  // with a default currency the price is fine
        CHECK(parse_catalog(json_cursor(doc, "doc.json")).offers[0].on_demand->price.amount.currency_of() ==
              currency("USD"));
    }
    SUBCASE("an unknown price unit") {
        aws_price["per"] = "fortnight";
        input_error e = error_of(doc);
        CHECK(e.pointer() == "/offers/0/markets/on_demand/price/per");
        CHECK(e.expected().find("fortnight") != std::string::npos);
    }
    SUBCASE("an on-demand price per month") {
        aws_price["per"] = "month";
        CHECK(error_of(doc).pointer() == "/offers/0/markets/on_demand/price/per");
    }
    SUBCASE("bad durations") {
        doc["offers"][0]["billing"]["increment"] = "1x";
        CHECK(error_of(doc).pointer() == "/offers/0/billing/increment");
        doc["offers"][0]["billing"]["increment"] = "0s";
        CHECK(error_of(doc).pointer() == "/offers/0/billing/increment");
        doc["offers"][0]["billing"]["increment"] = "1s";
        doc["offers"][0]["billing"]["minimum"] = "-5m";
        CHECK(error_of(doc).pointer() == "/offers/0/billing/minimum");
        doc["offers"][0]["billing"]["minimum"] = "36526d";  // over 100 years
        input_error e = error_of(doc);
        CHECK(e.pointer() == "/offers/0/billing/minimum");
        CHECK(e.expected().find("100 years") != std::string::npos);
        doc["offers"][0]["billing"]["minimum"] = -60;
        CHECK(error_of(doc).pointer() == "/offers/0/billing/minimum");
        doc["offers"][0]["billing"]["minimum"] = 60;  // a bare number is refused: a duration has a unit
        CHECK(error_of(doc).expected().find("a duration with a unit, such as \"5h\"") != std::string::npos);
        doc["offers"][0]["billing"]["minimum"] = "60s";
        CHECK(parse_catalog(json_cursor(doc, "doc.json")).offers[0].billing.increment.minimum ==
              std::chrono::seconds(60));
    }
    SUBCASE("an unknown field is named, with RFC 6901 escaping") {
        aws_price["amout"] = "3.06";
        CHECK(error_of(doc).pointer() == "/offers/0/markets/on_demand/price/amout");
        aws_price.erase("amout");
        doc["offers"][0]["a/b~c"] = 1;
        CHECK(error_of(doc).pointer() == "/offers/0/a~1b~0c");
    }
    SUBCASE("a missing required field") {
        aws_price.erase("amount");
        input_error e = error_of(doc);
        CHECK(e.pointer() == "/offers/0/markets/on_demand/price/amount");
        CHECK(e.expected() == "a value (this field is required)");
    }
    SUBCASE("a field of the wrong type") {
        doc["offers"][0]["gpus"]["count"] = "one";
        CHECK(error_of(doc).pointer() == "/offers/0/gpus/count");
        doc["offers"][0]["gpus"]["count"] = 0;
        CHECK(error_of(doc).pointer() == "/offers/0/gpus/count");
        doc["offers"][0]["gpus"]["count"] = 1;
        doc["offers"][0]["vcpus"] = 8.5;
        CHECK(error_of(doc).pointer() == "/offers/0/vcpus");
        doc["offers"][0]["vcpus"] = 8;
        doc["offers"] = json::object();
        CHECK(error_of(doc).pointer() == "/offers");
    }
    SUBCASE("no offers, no markets, no billing") {
        json empty = doc;
        empty["offers"] = json::array();
        CHECK(error_of(empty).pointer() == "/offers");
        doc["offers"][0]["markets"] = json::object();
        CHECK(error_of(doc).pointer() == "/offers/0/markets");
        doc = spec_json();
        doc["offers"][0].erase("billing");
        CHECK(error_of(doc).pointer() == "/offers/0");
    }
    SUBCASE("the wrong schema") {
        doc["schema"] = "costsim.catalog/v2";
        CHECK(error_of(doc).pointer() == "/schema");
    }
    SUBCASE("a bad as_of date") {
        doc["as_of"] = "2018-02-30";
        CHECK(error_of(doc).pointer() == "/as_of");
        doc["as_of"] = "2018-02-01T00:00:00Z";
        CHECK(error_of(doc).pointer() == "/as_of");
    }
    SUBCASE("a duplicate offer id points at the second one") {
        doc["offers"][1]["id"] = "aws/us-east-1/p3.2xlarge";
        input_error e = error_of(doc);
        CHECK(e.pointer() == "/offers/1/id");
        CHECK(e.expected().find("/offers/0") != std::string::npos);
    }
    SUBCASE("bad exchange rates") {
        doc["exchange_rates"][0]["to"] = "EUR";
        CHECK(error_of(doc).pointer() == "/exchange_rates/0/to");
        doc["exchange_rates"][0]["to"] = "USD";
        doc["exchange_rates"][0]["rate"] = "0";
        CHECK(error_of(doc).pointer() == "/exchange_rates/0/rate");
        doc["exchange_rates"][0]["rate"] = "1.2e0";
        CHECK(error_of(doc).pointer() == "/exchange_rates/0/rate");
        doc["exchange_rates"][0]["rate"] = "1.2276";
        doc["exchange_rates"][0]["as_of"] = "yesterday";
        CHECK(error_of(doc).pointer() == "/exchange_rates/0/as_of");
    }
    SUBCASE("bad sustained-use tiers") {
        json& tiers = doc["offers"][1]["billing"]["sustained_use"];
        tiers[3]["up_to"] = "0.95";
        CHECK(error_of(doc).pointer() == "/offers/1/billing/sustained_use");
        tiers[3]["up_to"] = "1.00";
        tiers[1]["rate"] = "1.5";
        CHECK(error_of(doc).pointer() == "/offers/1/billing/sustained_use/1/rate");
        tiers[1]["rate"] = "0.8";
        tiers[2]["up_to"] = "0.40";
        CHECK(error_of(doc).pointer() == "/offers/1/billing/sustained_use/2/up_to");
    }
    SUBCASE("monthly markets, fees and caps keep to their units and currencies") {
        doc["offers"][2]["markets"]["monthly"]["price"]["per"] = "hour";
        CHECK(error_of(doc).pointer() == "/offers/2/markets/monthly/price/per");
        doc = spec_json();
        doc["offers"][5]["fees"][0]["price"]["per"] = "hour";
        CHECK(error_of(doc).pointer() == "/offers/5/fees/0/price/per");
        doc = spec_json();
        doc["offers"][3]["billing"]["monthly_cap"]["currency"] = "USD";
        CHECK(error_of(doc).pointer() == "/offers/3/billing/monthly_cap");
        doc = spec_json();
        doc["offers"][2]["markets"]["monthly"]["setup_fee"]["amount"] = "NaN";
        CHECK(error_of(doc).pointer() == "/offers/2/markets/monthly/setup_fee/amount");
    }
    SUBCASE("spot price histories") {
        json& markets = doc["offers"][0]["markets"];
        markets["spot"] = {{"price_history",
                            {{{"from", "2026-02-01T00:00:00Z"}, {"amount", "0.9"}},
                             {{"from", "2026-02-01T00:00:00Z"}, {"amount", "1.2"}}}},
                           {"currency", "USD"},
                           {"per", "hour"}};
        CHECK(error_of(doc).pointer() == "/offers/0/markets/spot/price_history/1/from");
        markets["spot"]["price_history"][1]["from"] = "2026-02-30T00:00:00Z";
        CHECK(error_of(doc).pointer() == "/offers/0/markets/spot/price_history/1/from");
        markets["spot"]["price_history"][1]["from"] = "2026-02-01T01:00:00Z";
        markets["spot"]["per"] = "month";
        CHECK(error_of(doc).pointer() == "/offers/0/markets/spot/per");
        markets["spot"]["per"] = "hour";
        markets["spot"]["price"] = {{"amount", "1"}, {"currency", "USD"}, {"per", "hour"}};
        CHECK(error_of(doc).pointer() == "/offers/0/markets/spot");  // both price and history
        markets["spot"].erase("price");
        // A valid history loads and round-trips.
        const catalog c = parse_catalog(json_cursor(doc, "doc.json"));
        REQUIRE(c.offers[0].spot);
        const json once = to_json(c);
        CHECK(to_json(parse_catalog(json_cursor(once, "rt"))) == once);
    }
    SUBCASE("egress tiers") {
        doc["offers"][0]["egress"] = {
            {{"up_to_gb", "10"}, {"price", {{"amount", "0.12"}, {"currency", "USD"}, {"per", "GB"}}}},
            {{"price", {{"amount", "0.09"}, {"currency", "USD"}, {"per", "GB"}}}}};
        const catalog c = parse_catalog(json_cursor(doc, "doc.json"));
        CHECK(c.offers[0].egress.tiers().size() == 2);
        const json once = to_json(c);
        CHECK(to_json(parse_catalog(json_cursor(once, "rt"))) == once);
        doc["offers"][0]["egress"][1]["up_to_gb"] = "50";
        CHECK(error_of(doc).pointer() == "/offers/0/egress/1/up_to_gb");
        doc["offers"][0]["egress"][1].erase("up_to_gb");
        doc["offers"][0]["egress"][1]["price"]["per"] = "hour";
        CHECK(error_of(doc).pointer() == "/offers/0/egress/1/price/per");
    }
}

TEST_CASE("malformed JSON and unreadable files fail naming the file") {
    try {
        (void)parse_json_text("{\"schema\": ", "broken.json");
        FAIL("no error");
    } catch (const input_error& e) {
        CHECK(e.file() == "broken.json");
        CHECK(e.pointer().empty());
        CHECK(e.expected().rfind("valid JSON", 0) == 0);
    }
    CHECK_THROWS_AS(load_catalog(std::string(COSTSIM_TEST_DATA) + "/no_such_file.json"), input_error);
}

TEST_CASE("every file in tests/data/bad is refused with an input_error naming it") {
    const auto files = json_files_in(std::string(COSTSIM_TEST_DATA) + "/bad");
    REQUIRE_FALSE(files.empty());
    for (const auto& f : files) {
        CAPTURE(f);
        try {
            (void)load_catalog(f);
            FAIL("loaded a bad catalog");
        } catch (const input_error& e) {
            CHECK(e.file() == f);
            CHECK(std::string(e.what()).rfind(f + ": ", 0) == 0);
        }
    }
}
