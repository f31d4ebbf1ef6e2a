// simulator/import_cmd.cpp — `costsim import FORMAT FILE`: real price data into costsim's formats.
//   skypilot FILE.csv          -> a costsim.catalog/v1 catalog (stdout)
//   aws-price-history FILE     -> a catalog of spot offers with price histories (stdout)
//   aws-spot-advisor FILE      -> one JSON object per region/OS/instance: its interruption model
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "costsim/aws_price_history.hpp"
#include "costsim/catalog.hpp"
#include "costsim/skypilot.hpp"
#include "costsim/spot_advisor.hpp"

namespace costsim::cli {

namespace {

date::year_month_day as_of_of(const import_args& a) {
    if (!a.as_of.empty()) {
        try {
            if (a.as_of.size() != 10) throw value_error("");
            return date::year_month_day{date::floor<date::days>(parse_timestamp(a.as_of))};
        } catch (const value_error&) {
            throw input_error("command line", "--as-of", "a date YYYY-MM-DD, got \"" + a.as_of + "\"");
        }
    }
    std::error_code ec;
    auto ft = std::filesystem::last_write_time(a.file, ec);
    if (ec) throw input_error(a.file, "", "a readable file (cannot open it)");
    auto sys = std::chrono::file_clock::to_sys(ft);
    return date::year_month_day{date::floor<date::days>(sys)};
}

}  // namespace

int run_import(const import_args& a) {
    std::string out;
    if (a.format == "skypilot") {
        skypilot_import o;
        o.provider = a.provider;
        o.name = a.name;
        o.as_of = as_of_of(a);
        out = to_json(load_skypilot_csv(a.file, o)).dump(2) + "\n";
    } else if (a.format == "aws-price-history") {
        auto records = load_aws_price_history(a.file);
        if (!a.instance.empty())
            std::erase_if(records, [&](const spot_price_record& r) { return r.instance_type != a.instance; });
        if (records.empty()) throw input_error(a.file, "/SpotPriceHistory", "records for instance type \"" + a.instance + "\"");
        auto series = histories(records, a.file);
        catalog c = to_catalog(series, a.name.empty() ? std::filesystem::path(a.file).stem().string() : a.name,
                               "AWS describe-spot-price-history: " + a.file);
        out = to_json(c).dump(2) + "\n";
    } else {
        auto entries = load_spot_advisor(a.file);
        json arr = json::array();
        for (const auto& e : entries) {
            if (!a.region.empty() && e.region != a.region) continue;
            if (!a.os.empty() && e.os != a.os) continue;
            if (!a.instance.empty() && e.instance_type != a.instance) continue;
            arr.push_back(to_json(e));
        }
        if (arr.empty())
            throw input_error(a.file, "/spot_advisor", "an entry for the region / OS / instance asked for (none matches)");
        out = arr.dump(2) + "\n";
    }
    std::cout << out << std::flush;
    return 0;
}

}  // namespace costsim::cli
