// costsim/io/csv.hpp — RFC 4180 CSV records, read one at a time with the line each starts on.
// One reader for every CSV costsim takes (SkyPilot catalogs, costsim-bench's sentiment
// files), so quoting and line numbers mean the same in every error message.
//
// A field that starts with '"' is quoted: it may hold commas, line breaks and "" (one
// quote); a quote elsewhere is an ordinary character. Records end at LF, CRLF or CR. Empty
// lines are skipped. A file that ends inside a quoted field is an input_error naming the
// line the field opened on.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

struct csv_record {
    std::vector<std::string> fields;
    std::size_t line = 0;  ///< 1-based line of the file the record starts on
};

class csv_reader {
public:
    /// `file` names the text in errors; `text` must outlive the reader.
    csv_reader(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}
    /// The next non-empty record into `r`; false at the end of the text.
    bool next(csv_record& r);

private:
    std::string_view text_;
    std::string file_;
    std::size_t at_ = 0, line_ = 1;
};

/// Every record of `text` (the header included).
std::vector<csv_record> parse_csv(std::string_view text, const std::string& file);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline bool csv_reader::next(csv_record& r) {
    r.fields.clear();
    // Skip empty lines (a lone CR, LF or CRLF).
    while (at_ < text_.size() && (text_[at_] == '\n' || text_[at_] == '\r')) {
        if (text_[at_] == '\r' && at_ + 1 < text_.size() && text_[at_ + 1] == '\n') ++at_;
        ++at_;
        ++line_;
    }
    if (at_ >= text_.size()) return false;
    r.line = line_;
    std::string field;
    bool quoted = false, was_quoted = false;
    std::size_t quote_line = 0;
    for (; at_ < text_.size(); ++at_) {
        const char c = text_[at_];
        if (quoted) {
            if (c == '"' && at_ + 1 < text_.size() && text_[at_ + 1] == '"') {
                field += '"';
                ++at_;
            } else if (c == '"') {
                quoted = false;
            } else {
                if (c == '\n') ++line_;
                field += c;
            }
        } else if (c == '"' && field.empty() && !was_quoted) {
            quoted = was_quoted = true;
            quote_line = line_;
        } else if (c == ',') {
            r.fields.push_back(std::move(field));
            field.clear();
            was_quoted = false;
        } else if (c == '\n' || c == '\r') {
            if (c == '\r' && at_ + 1 < text_.size() && text_[at_ + 1] == '\n') ++at_;
            ++at_;
            ++line_;
            break;
        } else {
            field += c;
        }
    }
    if (quoted)
        throw input_error(file_, "line " + std::to_string(quote_line),
                          "a closing '\"' for the quoted field (the file ends inside it)");
    r.fields.push_back(std::move(field));
    return true;
}

inline std::vector<csv_record> parse_csv(std::string_view text, const std::string& file) {
    std::vector<csv_record> out;
    csv_reader in(text, file);
    for (csv_record r; in.next(r);) out.push_back(std::move(r));
    return out;
}

}  // namespace costsim
