// simulator/import_cmd.cpp — `costsim import FORMAT FILE`: real price data into costsim's formats.
//   skypilot FILE.csv          -> a costsim.catalog/v1 catalog (stdout)
//   skypilot aws=A.csv lambda=B.csv runpod=C.csv
//                              -> one catalog of every file's offers, each billed by its cloud
//   aws-price-history FILE     -> a catalog of spot offers with price histories (stdout)
//   aws-spot-advisor FILE      -> one JSON object per region/OS/instance: its interruption model
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "costsim/io/aws_price_history.hpp"
#include "costsim/io/catalog_json.hpp"
#include "costsim/io/skypilot.hpp"
#include "costsim/io/spot_advisor.hpp"

namespace costsim::cli {

namespace {

date::year_month_day as_of_of(const import_args& a, const std::string& file) {
    if (!a.as_of.empty()) {
        try {
            if (a.as_of.size() != 10) throw value_error("");
            return date::year_month_day{date::floor<date::days>(parse_timestamp(a.as_of))};
        } catch (const value_error&) {
            throw input_error("command line", "--as-of", "a date YYYY-MM-DD, got \"" + a.as_of + "\"");
        }
    }
    std::error_code ec;
    auto ft = std::filesystem::last_write_time(file, ec);
    if (ec) throw input_error(file, "", "a readable file (cannot open it)");
    auto sys = std::chrono::file_clock::to_sys(ft);
    return date::year_month_day{date::floor<date::days>(sys)};
}

// "lambda=path/lambda.csv" -> {lambda, path/lambda.csv}; a bare path lists --provider's cloud.
skypilot_file skypilot_file_of(const std::string& arg, const std::string& provider) {
    const auto eq = arg.find('=');
    if (eq != std::string::npos && eq > 0) {
        const std::string name = arg.substr(0, eq);
        const bool is_name = std::all_of(name.begin(), name.end(), [](char ch) {
            return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
        });
        if (is_name) {
            if (eq + 1 == arg.size()) throw input_error("command line", arg, "PROVIDER=FILE with a file after the '='");
            return {name, arg.substr(eq + 1)};
        }
    }
    return {provider, arg};
}

}  // namespace

int run_import(const import_args& a) {
    std::string out;
    if (a.format == "skypilot") {
        std::vector<skypilot_file> files;
        for (const auto& f : a.files) files.push_back(skypilot_file_of(f, a.provider));
        for (const auto& d : a.price_dates) {
            const auto eq = d.find('=');
            const std::string key = d.substr(0, eq);
            auto names = [&](const skypilot_file& f) {
                return f.path == key || std::filesystem::path(f.path).filename().string() == key;
            };
            auto it = std::find_if(files.begin(), files.end(), names);
            if (eq == std::string::npos || eq == 0 || it == files.end())
                throw input_error("command line", "--price-date",
                                  "FILE=DATE naming one of the files read (by name or path), got \"" + d + "\"");
            if (std::find_if(std::next(it), files.end(), names) != files.end())
                throw input_error("command line", "--price-date",
                                  "a FILE that names one file, \"" + key + "\" names two");
            it->prices_as_of = flag_value("--price-date", [&] { return parse_price_date(d.substr(eq + 1)); });
        }
        skypilot_import o;
        o.provider = files.front().provider;
        o.name = a.name;
        o.source = a.source;
        o.as_of = as_of_of(a, files.front().path);
        const bool one = files.size() == 1 && a.files.front() == files.front().path &&
                         !files.front().prices_as_of;  // the one-file form, as before
        out = to_json(one ? load_skypilot_csv(files.front().path, o) : load_skypilot_csvs(files, o)).dump(2) + "\n";
        std::cout << out << std::flush;
        return 0;
    }
    if (!a.price_dates.empty()) throw input_error("command line", "--price-date", "no --price-date but for skypilot");
    if (a.files.size() != 1)
        throw input_error("command line", a.files[1], "one file for " + a.format + " (several are for skypilot only)");
    const std::string& file = a.files.front();
    if (a.format == "aws-price-history") {
        auto records = load_aws_price_history(file);
        if (!a.instance.empty())
            std::erase_if(records, [&](const spot_price_record& r) { return r.instance_type != a.instance; });
        if (records.empty())
            throw input_error(file, "/SpotPriceHistory", "records for instance type \"" + a.instance + "\"");
        auto series = histories(records, file);
        catalog c = to_catalog(series, a.name.empty() ? std::filesystem::path(file).stem().string() : a.name,
                               "AWS describe-spot-price-history: " + file);
        out = to_json(c).dump(2) + "\n";
    } else {
        auto entries = load_spot_advisor(file);
        json arr = json::array();
        for (const auto& e : entries) {
            if (!a.region.empty() && e.region != a.region) continue;
            if (!a.os.empty() && e.os != a.os) continue;
            if (!a.instance.empty() && e.instance_type != a.instance) continue;
            arr.push_back(to_json(e));
        }
        if (arr.empty())
            throw input_error(file, "/spot_advisor",
                              "an entry for the region / OS / instance asked for (none matches)");
        out = arr.dump(2) + "\n";
    }
    std::cout << out << std::flush;
    return 0;
}

// `costsim import`: its options, registered on the app; run when named.
command add_import(CLI::App& app) {
    auto im = std::make_shared<import_args>();
    auto* import =
        app.add_subcommand("import", "convert real price data: skypilot CSV | aws-price-history | aws-spot-advisor");
    import->add_option("format", im->format, "skypilot | aws-price-history | aws-spot-advisor")
        ->required()
        ->check(CLI::IsMember({"skypilot", "aws-price-history", "aws-spot-advisor"}));
    import
        ->add_option("file", im->files,
                     "the file to read; skypilot: one or more, each FILE (the cloud is --provider) or PROVIDER=FILE "
                     "(e.g. aws=aws.csv lambda=lambda.csv), all into one catalog")
        ->required();
    import->add_option("--provider", im->provider, "skypilot: the cloud a FILE without PROVIDER= lists (default aws)");
    import
        ->add_option(
            "--price-date", im->price_dates,
            "skypilot: FILE=DATE, the date of one file's prices, carried by its offers: YYYY-MM-DD, "
            "\"on or before YYYY-MM-DD\", \"on or after YYYY-MM-DD\" or \"not recorded, on or before YYYY-MM-DD\" "
            "(repeatable)")
        ->allow_extra_args(false);
    import->add_option("--as-of", im->as_of, "catalog date YYYY-MM-DD (default: the first file's modification date)");
    import->add_option("--name", im->name, "catalog name (default: from the file name)");
    import->add_option("--source", im->source, "skypilot: the catalog's source (default: the files)");
    import->add_option("--region", im->region, "aws-spot-advisor: only this region");
    import->add_option("--os", im->os, "aws-spot-advisor: only this OS (Linux, Windows)");
    import->add_option("--instance", im->instance, "aws-spot-advisor / aws-price-history: only this instance type");
    return {import, [im] { return run_import(*im); }};
}

}  // namespace costsim::cli
