// Tests of costsim/io/skypilot.hpp: CSV, offers, the catalog round trip, bad input.
#include <costsim/io/skypilot.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <doctest/doctest.h>

using namespace costsim;

namespace {
const std::string data = COSTSIM_TEST_DATA;
skypilot_import opts() {
    skypilot_import o;
    o.as_of = date::year{2024} / 1 / 1;
    return o;
}
std::string err(const std::string& f) {
    try {
        load_skypilot_csv(data + "/bad_real/" + f, opts());
    } catch (const input_error& e) {
        return e.what();
    }
    return "no error";
}
}  // namespace

TEST_CASE("SkyPilot prices may be written with an exponent, and are read exactly") {
    CHECK(parse_csv_decimal("1.2e-05") == parse_decimal("0.000012"));
    CHECK(parse_csv_decimal("3.06") == parse_decimal("3.06"));
}

TEST_CASE("SkyPilot rows become offers; the catalog round-trips through costsim's loader") {
    catalog c = load_skypilot_csv(data + "/real_formats/skypilot_vms.csv", opts());
    REQUIRE(c.offers.size() == 4);
    const offer* p3 = c.find("aws/us-west-2a/p3.2xlarge");
    REQUIRE(p3);
    CHECK(p3->gpus->model == "V100");
    CHECK(p3->gpus->count == 1);
    CHECK(*p3->gpus->memory_gib == doctest::Approx(16));
    CHECK(*p3->vcpus == 8);
    CHECK(p3->on_demand->price.amount.amount() == parse_decimal("3.06"));
    CHECK(std::get<quoted_price>(p3->spot->price).amount.amount() == parse_decimal("0.9731"));
    CHECK(p3->billing.increment.minimum == usec(std::chrono::seconds(60)));
    const offer* b = c.find("aws/us-west-2b/p3.2xlarge");
    REQUIRE(b);
    CHECK_FALSE(b->spot);                                 // empty SpotPrice: no spot market
    CHECK(c.find("aws/us-east-1/m5.large"));              // no zone: the region
    CHECK(c.notes.find("lines 6") != std::string::npos);  // the priceless row is said, not hidden

    json j = to_json(c);
    catalog back = parse_catalog(json_cursor(j, "catalog.json"));
    CHECK(back.offers.size() == c.offers.size());
    CHECK(to_json(back) == j);
}

TEST_CASE("one instance type with different accelerators gets distinct ids") {
    std::string csv =
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,"
        "AvailabilityZone\n"
        "n1-standard-8,V100,1,8,30,,2.86,0.99,us-central1,us-central1-a\n"
        "n1-standard-8,V100,2,8,30,,5.34,1.6,us-central1,us-central1-a\n";
    skypilot_import o = opts();
    o.provider = "gcp";
    catalog c = parse_skypilot_csv(csv, "g.csv", o);
    CHECK(c.find("gcp/us-central1-a/n1-standard-8+1xV100"));
    CHECK(c.find("gcp/us-central1-a/n1-standard-8+2xV100"));
    CHECK(c.offers[0].billing.increment.minimum == usec(std::chrono::minutes(1)));
    CHECK_THROWS_WITH_AS(
        parse_skypilot_csv(csv + "n1-standard-8,V100,1,8,30,,2.86,0.99,us-central1,us-central1-a\n", "g.csv", o),
        doctest::Contains("g.csv: line 4: one row per instance"), input_error);
}

TEST_CASE("malformed SkyPilot CSVs name the file, the line and the column") {
    CHECK(err("skypilot_truncated.csv").find("skypilot_truncated.csv: line 2: a closing") != std::string::npos);
    CHECK(err("skypilot_negative.csv").find("line 2/Price: a non-negative decimal price") != std::string::npos);
    CHECK(err("skypilot_string_count.csv").find("line 2/AcceleratorCount: a non-negative number, got \"one\"") !=
          std::string::npos);
    CHECK(err("skypilot_empty.csv").find("at least one instance row") != std::string::npos);
    CHECK(err("skypilot_missing_column.csv").find("line 1: a \"AcceleratorName\" column") != std::string::npos);
    CHECK_THROWS_WITH_AS(parse_skypilot_csv("", "e.csv", opts()), doctest::Contains("e.csv: line 1: a header"),
                         input_error);
    CHECK_THROWS_WITH_AS(
        parse_skypilot_csv(
            "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,"
            "AvailabilityZone\np3,V100,1\n",
            "f.csv", opts()),
        doctest::Contains("f.csv: line 2: 10 fields like the header, got 3"), input_error);
}

namespace {
const std::string bundled = std::string(COSTSIM_PRICING_DATA) + "/skypilot-catalog-v7";
std::vector<skypilot_file> bundled_files() {
    return {{"aws", bundled + "/aws_gpu_vms.csv"},
            {"lambda", bundled + "/lambda_gpu_vms.csv"},
            {"runpod", bundled + "/runpod_gpu_vms.csv"}};
}
std::size_t count_of(const catalog& c, const std::string& provider) {
    return static_cast<std::size_t>(
        std::count_if(c.offers.begin(), c.offers.end(), [&](const offer& o) { return o.provider == provider; }));
}
}  // namespace

TEST_CASE(
    "the three bundled SkyPilot files (different column orders) make one catalog, each cloud billed by its own rule") {
    skypilot_import o = opts();
    o.name = "gpu-cloud";
    catalog c = load_skypilot_csvs(bundled_files(), o);
    CHECK(c.name == "gpu-cloud");
    CHECK(c.source.find("aws=") != std::string::npos);  // default source: the files
    // 639 AWS rows less 5 merged pairs (p4de.24xlarge listed twice in 5 zones); all 306 Lambda
    // rows (no AvailabilityZone column); 1,986 Runpod rows less 80 merged pairs.
    CHECK(count_of(c, "aws") == 634);
    CHECK(count_of(c, "lambda") == 306);
    CHECK(count_of(c, "runpod") == 1906);
    CHECK(c.notes.find("aws: merged 5 pair(s)") != std::string::npos);
    CHECK(c.notes.find("runpod: merged 80 pair(s)") != std::string::npos);

    const offer* g5 = c.find("aws/use1-az1/g5.xlarge");
    REQUIRE(g5);
    CHECK(g5->gpus->model == "A10G");
    CHECK(*g5->gpus->memory_gib == doctest::Approx(22888.0 / 1024));  // GpuInfo SizeInMiB 22888
    CHECK(g5->billing.increment.increment == usec(std::chrono::seconds(1)));
    CHECK(g5->billing.increment.minimum == usec(std::chrono::seconds(60)));
    CHECK(g5->notes.find("aws.amazon.com") != std::string::npos);
    // AWS spot per availability zone: the same instance, two zones, two prices.
    const offer* g5b = c.find("aws/use1-az2/g5.xlarge");
    REQUIRE(g5b);
    CHECK(std::get<quoted_price>(g5->spot->price).amount.amount() == parse_decimal("0.4177"));
    CHECK(std::get<quoted_price>(g5b->spot->price).amount.amount() == parse_decimal("0.397"));
    // p4de.24xlarge: one row with a spot price, one without, merged into one offer with both.
    const offer* p4de = c.find("aws/use1-az6/p4de.24xlarge");
    REQUIRE(p4de);
    CHECK(p4de->on_demand->price.amount.amount() == parse_decimal("40.96575"));
    CHECK(std::get<quoted_price>(p4de->spot->price).amount.amount() == parse_decimal("5.8394"));

    // Lambda: regions only, no spot market anywhere, per-minute billing.
    const offer* h100 = c.find("lambda/us-east-1/gpu_1x_h100_sxm5");
    REQUIRE(h100);
    CHECK(h100->on_demand->price.amount.amount() == parse_decimal("3.29"));
    CHECK(h100->billing.increment.increment == usec(std::chrono::minutes(1)));
    CHECK(h100->billing.increment.minimum == usec(std::chrono::minutes(1)));
    CHECK(h100->notes.find("docs.lambda.ai/public-cloud/billing") != std::string::npos);
    for (const auto& of : c.offers)
        if (of.provider == "lambda") CHECK_FALSE(of.spot);

    // Runpod: per second, no minimum; interruptible pods as the spot market where listed.
    const offer* a100 = c.find("runpod/US-TX-3/1x_A100-80GB_SECURE");
    REQUIRE(a100);
    CHECK(a100->billing.increment.increment == usec(std::chrono::seconds(1)));
    CHECK(a100->billing.increment.minimum == usec(0));
    CHECK(a100->notes.find("docs.runpod.io/accounts-billing/billing") != std::string::npos);
    CHECK(std::get<quoted_price>(a100->spot->price).amount.amount() == parse_decimal("1.19"));
    const offer* l4 = c.find("runpod/US-TX-3/1x_L4_SECURE");
    REQUIRE(l4);
    CHECK_FALSE(l4->spot);
    // A spot price above the on-demand one is kept and said.
    const offer* l40s = c.find("runpod/US-TX-3/1x_L40S_SECURE");
    REQUIRE(l40s);
    CHECK(l40s->notes.find("SpotPrice is above its Price") != std::string::npos);
    CHECK(a100->notes.find("above its Price") == std::string::npos);

    json j = to_json(c);
    catalog back = parse_catalog(json_cursor(j, "catalog.json"));
    CHECK(to_json(back) == j);
}

TEST_CASE("billing per provider: each rule and its source; an unknown cloud keeps the documented default") {
    CHECK(skypilot_billing_for("aws").rule.minimum == usec(std::chrono::seconds(60)));
    CHECK(skypilot_billing_for("lambda").rule.increment == usec(std::chrono::minutes(1)));
    CHECK(skypilot_billing_for("runpod").rule.increment == usec(std::chrono::seconds(1)));
    CHECK(skypilot_billing_for("runpod").rule.minimum == usec(0));
    CHECK(skypilot_billing_for("gcp").rule.minimum == usec(std::chrono::minutes(1)));
    CHECK(skypilot_billing_for("azure").rule.increment == usec(std::chrono::minutes(1)));
    auto other = skypilot_billing_for("vast");
    CHECK(other.rule.increment == usec(std::chrono::seconds(1)));
    CHECK(other.rule.minimum == usec(std::chrono::seconds(60)));
    CHECK(other.note.find("assumed") != std::string::npos);
}

TEST_CASE("rows that list one offer twice are merged when they agree, refused when they disagree") {
    const std::string head =
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Region,SpotPrice,Price,"
        "AvailabilityZone\n";
    skypilot_import o = opts();
    o.provider = "runpod";
    // The same zone under two country codes (as SkyPilot lists Runpod's EU-SE-1).
    catalog c = parse_skypilot_csv(head +
                                       "1x_A,A100-80GB,1.0,8.0,80.0,A100-80GB,NO,1.19,1.64,EU-SE-1\n"
                                       "1x_A,A100-80GB,1.0,8.0,80.0,A100-80GB,SE,,1.64,EU-SE-1\n",
                                   "r.csv", o);
    REQUIRE(c.offers.size() == 1);
    CHECK(c.offers[0].id == "runpod/EU-SE-1/1x_A");
    CHECK(c.offers[0].spot);  // from the row that has it
    CHECK(c.notes.find("merged 1 pair(s)") != std::string::npos);
    CHECK(c.notes.find("lines 2+3)") != std::string::npos);
    // Prices that disagree: still one id, so an error.
    CHECK_THROWS_WITH_AS(parse_skypilot_csv(head + "1x_A,A100-80GB,1.0,8.0,80.0,,NO,1.19,1.64,EU-SE-1\n"
                                                   "1x_A,A100-80GB,1.0,8.0,80.0,,SE,1.19,1.99,EU-SE-1\n",
                                            "r.csv", o),
                         doctest::Contains("r.csv: line 3: one row per instance"), input_error);
    // A row repeated verbatim is a copying mistake, not a second listing.
    const std::string row = "1x_A,A100-80GB,1.0,8.0,80.0,,NO,1.19,1.64,EU-SE-1\n";
    CHECK_THROWS_AS(parse_skypilot_csv(head + row + row, "r.csv", o), input_error);
}

TEST_CASE("a file without an AvailabilityZone column (SkyPilot's Lambda file) lists regions") {
    skypilot_import o = opts();
    o.provider = "lambda";
    catalog c = parse_skypilot_csv(
        "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
        "gpu_1x_a10,A10,1.0,30.0,200.0,0.75,us-east-1,\"{'Gpus': [{'MemoryInfo': {'SizeInMiB': 24576}}]}\",\n",
        "l.csv", o);
    REQUIRE(c.offers.size() == 1);
    CHECK(c.offers[0].id == "lambda/us-east-1/gpu_1x_a10");
    CHECK_FALSE(c.offers[0].spot);
    CHECK(*c.offers[0].gpus->memory_gib == doctest::Approx(24));
}

TEST_CASE("several files: a file read twice is refused; other providers' rows stay apart") {
    skypilot_import o = opts();
    const std::string f = data + "/real_formats/skypilot_vms.csv";
    CHECK_THROWS_WITH_AS(load_skypilot_csvs({{"aws", f}, {"aws", f}}, o), doctest::Contains("each file once"),
                         input_error);
    catalog c = load_skypilot_csvs({{"aws", f}, {"vast", f}}, o);
    CHECK(c.name == "skypilot-aws+vast");
    CHECK(c.find("vast/us-west-2a/p3.2xlarge"));
    CHECK(c.find("vast/us-west-2a/p3.2xlarge")->notes.find("assumed") != std::string::npos);
}

TEST_CASE("GCP's host and GPU rows become one offer per GPU VM and zone, prices summed") {
    // The rows of SkyPilot's v8 GCP catalog for us-central1-a (values as in the source).
    const std::string csv =
        "InstanceType,vCPUs,MemoryGiB,AcceleratorName,AcceleratorCount,GpuInfo,Region,AvailabilityZone,Price,"
        "SpotPrice\n"
        "a2-highgpu-1g,12.0,85.0,,,,us-central1,us-central1-a,0.73948,0.36975\n"
        "g2-standard-4,4.0,16.0,,,,us-central1,us-central1-a,0.14679,0.05874\n"
        "n1-standard-8,8.0,30.0,,,,us-central1,us-central1-a,0.38,0.10446\n"
        "n1-standard-4,4.0,15.0,,,,us-central1,us-central1-a,0.19,0.05223\n"
        ",,,A100,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 40960}}]},us-central1,us-central1-a,2.93391,1.4341\n"
        ",,,L4,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 23034}}]},us-central1,us-central1-a,0.56004,0.2231\n"
        ",,,T4,1,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 16384}}]},us-central1,us-central1-a,0.35,0.175\n"
        ",,,H100,8,{'Gpus': [{'MemoryInfo': {'SizeInMiB': 81920}}]},us-central1,us-central1-a,33.60609,23.9408\n"
        ",,,tpu-v6e-1,1,tpu-v6e-1,us-central1,us-central1-a,700.0,700.0\n";
    skypilot_import o = opts();
    o.provider = "gcp";
    const catalog c = parse_skypilot_csv(csv, "gcp.csv", o);
    REQUIRE(c.offers.size() == 3);  // H100 x8 has no a3 host in the zone; the TPU is dropped
    const offer* a2 = c.find("gcp/us-central1-a/a2-highgpu-1g");
    REQUIRE(a2);
    CHECK(a2->region == "us-central1");
    CHECK(a2->zone == "us-central1-a");
    CHECK(a2->gpus->model == "A100");
    CHECK(a2->gpus->memory_gib == 40.0);
    CHECK(a2->on_demand->price.amount.amount() == parse_decimal("3.67339"));
    CHECK(std::get<quoted_price>(a2->spot->price).amount.amount() == parse_decimal("1.80385"));
    const offer* g2 = c.find("gcp/us-central1-a/g2-standard-4");
    REQUIRE(g2);
    CHECK(g2->on_demand->price.amount.amount() == parse_decimal("0.70683"));
    const offer* t4 = c.find("gcp/us-central1-a/n1-standard-8+1xT4");  // N1 GPUs on n1-standard-(8 x GPUs)
    REQUIRE(t4);
    CHECK(t4->on_demand->price.amount.amount() == parse_decimal("0.73"));
    CHECK(t4->vcpus == 8);
    CHECK(c.notes.find("1 GPU rows without a host in their zone and 1 TPU rows") != std::string::npos);
    CHECK(t4->billing.increment.minimum == std::chrono::minutes(1));
}

TEST_CASE(
    "a later file of a provider replaces its earlier rows of the types it lists, and offers carry their "
    "file's price date") {
    skypilot_import o = opts();
    auto files = bundled_files();
    files[0].prices_as_of = price_date{date::year{2025} / 5 / 31, date_bound::on_or_before};
    files.insert(files.begin() + 1,
                 skypilot_file{"aws", std::string(COSTSIM_PRICING_DATA) + "/skypilot-catalog-v8/aws_p_family_vms.csv",
                               price_date{date::year{2025} / 6 / 1, date_bound::on_or_after}});
    catalog c = load_skypilot_csvs(files, o);
    // v8: p5.48xlarge after AWS's June 2025 cut, 55.04 instead of v7's 98.32 USD/h.
    const offer* p5 = c.find("aws/use1-az6/p5.48xlarge");
    REQUIRE(p5);
    CHECK(p5->on_demand->price.amount.amount() == parse_decimal("55.04"));
    CHECK(std::get<quoted_price>(p5->spot->price).amount.amount() == parse_decimal("17.6289"));
    CHECK(to_string(c.prices_as_of(*p5)) == "on or after 2025-06-01");
    // A type only v8 lists (the Atlanta Local Zone, B300) is added.
    CHECK(c.find("aws/use1-atl2-az1/p5.48xlarge"));
    CHECK(c.find("aws/usw2-az2/p6-b300.48xlarge"));
    // Rows of other types stay v7's, with v7's date; other providers carry none of their own.
    const offer* g5 = c.find("aws/use1-az1/g5.xlarge");
    REQUIRE(g5);
    CHECK(to_string(c.prices_as_of(*g5)) == "on or before 2025-05-31");
    CHECK_FALSE(c.find("lambda/us-east-1/gpu_1x_a10") == nullptr);
    CHECK_FALSE(c.find("lambda/us-east-1/gpu_1x_a10")->prices_as_of);
    // No v7 p4d/p5 row survives: every offer of a v8 type carries the v8 date.
    for (const auto& of : c.offers)
        if (of.provider == "aws" && (of.instance.starts_with("p4d") || of.instance.starts_with("p5")))
            CHECK(of.prices_as_of->bound == date_bound::on_or_after);
    CHECK(c.notes.find("48 offers of aws_p_family_vms.csv replace") != std::string::npos);
    // The dates round-trip through the catalog format.
    const json j = to_json(c);
    catalog back = parse_catalog(json_cursor(j, "x"));
    CHECK(to_string(back.prices_as_of(*back.find("aws/use1-az6/p5.48xlarge"))) == "on or after 2025-06-01");
    CHECK_FALSE(back.find("lambda/us-east-1/gpu_1x_a10")->prices_as_of);
}
