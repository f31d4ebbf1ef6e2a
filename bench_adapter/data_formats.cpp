// bench_adapter/data_formats.cpp — the data file readers of data_formats.hpp.
#include "data_formats.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include <nlohmann/json.hpp>

#include "costsim/core/error.hpp"
#include "costsim/io/csv.hpp"
#include "costsim/io/json_input.hpp"

namespace bench {

namespace {

[[noreturn]] void bad(const std::string& path, const std::string& where, const std::string& expected) {
    throw costsim::input_error(path, where, expected);
}

bool is_integer(const std::string& s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

// The same checks as every costsim reader: a regular file or a pipe, at most 1 GiB.
std::string read_file_bytes(const std::string& path) { return costsim::read_input_file(path); }

sentiment_rows parse_sentiment_csv(const std::string& s, const std::string& path, const std::string& format) {
    sentiment_rows out;
    costsim::csv_reader in(s, path);
    std::string fmt = format;
    for (costsim::csv_record r; in.next(r);) {
        const std::vector<std::string>& f = r.fields;
        const std::size_t at = r.line;
        if (f.size() == 1 && f[0].empty()) continue;  // a line of "" only
        if (fmt == "auto") {
            fmt = f.size() == 6 ? "sentiment140" : f.size() == 4 ? "thinknook" : f.size() == 2 ? "csv" : "";
            if (fmt.empty())
                bad(path, "line " + std::to_string(at),
                    "2 columns (label,text), 4 (ItemID,Sentiment,SentimentSource,SentimentText) or 6 (Sentiment140), "
                    "got " +
                        std::to_string(f.size()));
        }
        const std::size_t want = fmt == "sentiment140" ? 6 : fmt == "thinknook" ? 4 : 2;
        if (f.size() != want)
            bad(path, "line " + std::to_string(at),
                std::to_string(want) + " columns (" + fmt + "), got " + std::to_string(f.size()));
        const std::string& label = fmt == "thinknook" ? f[1] : f[0];
        const std::string& text = fmt == "sentiment140" ? f[5] : fmt == "thinknook" ? f[3] : f[1];
        if (!is_integer(label)) {
            if (out.rows.empty() && at == 1) continue;  // a header row
            bad(path, "line " + std::to_string(at), "a label 0 or 1 (or 0/2/4 in Sentiment140), got \"" + label + "\"");
        }
        // from_chars, not atoi: a label of 30 digits is an error, not undefined behaviour.
        int l = -1;
        if (std::from_chars(label.data(), label.data() + label.size(), l).ec != std::errc{}) l = -1;
        if (fmt == "sentiment140" && l == 2) continue;  // neutral
        if (!(l == 0 || l == 1 || (fmt == "sentiment140" && l == 4)))
            bad(path, "line " + std::to_string(at),
                std::string("a label ") + (fmt == "sentiment140" ? "0, 2 or 4" : "0 or 1") + ", got " + label);
        out.rows.emplace_back(l == 0 ? 0 : 1, text);
    }
    if (out.rows.size() < 2) bad(path, "", "at least 2 labelled rows (found " + std::to_string(out.rows.size()) + ")");
    out.format = fmt;
    return out;
}

void parse_cifar_batch(const std::string& s, const std::string& path, std::vector<std::uint8_t>& px,
                       std::vector<std::int64_t>& labels) {
    constexpr std::size_t record = 1 + 3 * 32 * 32;
    if (s.empty() || s.size() % record != 0)
        bad(path, "",
            "a CIFAR-10 binary batch: records of 3073 bytes (1 label + 3072 pixels), got " + std::to_string(s.size()) +
                " bytes");
    for (std::size_t r = 0; r < s.size() / record; ++r) {
        const auto l = static_cast<unsigned char>(s[r * record]);
        if (l > 9) bad(path, "record " + std::to_string(r), "a label 0..9, got " + std::to_string(l));
        labels.push_back(l);
        px.insert(px.end(), s.begin() + static_cast<std::ptrdiff_t>(r * record + 1),
                  s.begin() + static_cast<std::ptrdiff_t>((r + 1) * record));
    }
}

std::vector<std::string> parse_texts(const std::string& text, const std::string& path, const std::string& fmt,
                                     const std::string& field) {
    if (fmt != "jsonl" && fmt != "lines")
        bad("command line", "--format", "auto, lines or jsonl for texts, got \"" + fmt + "\"");
    std::vector<std::string> out;
    std::istringstream in(text);
    std::int64_t line = 0;
    for (std::string s; std::getline(in, s);) {
        ++line;
        if (!s.empty() && s.back() == '\r') s.pop_back();
        if (s.find_first_not_of(" \t") == std::string::npos) continue;
        if (fmt == "lines") {
            out.push_back(std::move(s));
            continue;
        }
        nlohmann::json j;
        try {
            j = nlohmann::json::parse(s);
        } catch (const nlohmann::json::exception&) {  // out_of_range too: "1e400" overflows a double
            bad(path, "line " + std::to_string(line), "a JSON object per line (JSONL)");
        }
        if (!j.is_object() || !j.contains(field) || !j[field].is_string())
            bad(path, "line " + std::to_string(line) + " /" + field, "a string (the text to classify)");
        out.push_back(j[field].get<std::string>());
    }
    if (out.empty()) bad(path, "", "at least one text");
    return out;
}

}  // namespace bench
