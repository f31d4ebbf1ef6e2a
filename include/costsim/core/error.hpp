// costsim/core/error.hpp — the errors costsim reports about its input.
//
// One hierarchy under `costsim::error` (what() is always one line: control characters
// quoted from the input are escaped):
//  - `input_error`: input (a file, or a command-line value) is malformed at a known place:
//    which file, which JSON pointer inside it (RFC 6901, e.g. "/candidates/0/checkpoint/every")
//    or flag, and what was expected. The CLI prints it and exits with 2.
//  - `value_error`: a parser of one value (decimal, duration, timestamp) knows only what was
//    wrong, not where;
//  - `model_error`: a computation is asked what its model cannot answer.
// The last two get their place at one boundary, `in_context(file, pointer, f)`, which
// rethrows them as the input_error of that place: the JSON layer at each value it reads, a
// command-line flag (`flag_value`), a candidate's run (`at_candidate`), a command's step.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace costsim {

namespace detail {
// A message is one line whatever the input held: a key or value quoted from a file may
// contain newlines or terminal escapes, which are written as \n, \r, \t or \xHH.
inline std::string one_line(const std::string& part) {
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (char ch : part) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c == '\t')
            out += "\\t";
        else if (c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += ch;
        }
    }
    return out;
}
}  // namespace detail

/// "16", "12.5", "0.567": a quantity (GiB, a speed, a share) as a message quotes it, in
/// the shortest form of six significant digits.
inline std::string format_quantity(double x) {
    std::ostringstream o;
    o << x;
    return o.str();
}

/// The base of every error costsim reports (never an internal fault): one line.
class error : public std::runtime_error {
public:
    explicit error(const std::string& what) : std::runtime_error(detail::one_line(what)) {}
};

/// A single value is malformed; says what was expected.
class value_error : public error {
public:
    explicit value_error(const std::string& expected) : error(expected) {}
};

/// RFC 6901 escaping of one reference token, for pointers built from keys ("/windows/" +
/// a trace's name).
inline std::string json_pointer_token(std::string_view key) {
    std::string s;
    for (char c : key) {
        if (c == '~')
            s += "~0";
        else if (c == '/')
            s += "~1";
        else
            s += c;
    }
    return s;
}

/// Input (a file, or a command-line value) is malformed at a known place.
class input_error : public error {
public:
    input_error(std::string file, std::string pointer, std::string expected)
        : error(compose(file, pointer, expected)),
          file_(std::move(file)),
          pointer_(std::move(pointer)),
          expected_(std::move(expected)) {}

    const std::string& file() const noexcept { return file_; }
    const std::string& pointer() const noexcept { return pointer_; }
    const std::string& expected() const noexcept { return expected_; }

private:
    static std::string compose(const std::string& file, const std::string& pointer, const std::string& expected) {
        std::string s = detail::one_line(file.empty() ? std::string("<input>") : file);
        s += ": ";
        if (!pointer.empty()) {
            s += detail::one_line(pointer);
            s += ": ";
        }
        s += detail::one_line(expected);
        return s;
    }
    std::string file_, pointer_, expected_;
};

/// A computation is asked something the model cannot answer (no rate between two
/// currencies, no spot price in force at a time). Not an input-format problem, but
/// still reported, never silently defaulted.
class model_error : public error {
public:
    explicit model_error(const std::string& what) : error(what) {}
};

/// f(), with a value_error or model_error it throws rethrown as the input_error at `file`
/// and `pointer` (a JSON pointer or a flag), `hint` appended in parentheses. An input_error
/// already knows its place and passes through: the innermost place wins.
template <class F>
decltype(auto) in_context(const std::string& file, const std::string& pointer, F&& f, const char* hint = nullptr) {
    try {
        return f();
    } catch (const input_error&) {
        throw;
    } catch (const error& e) {
        throw input_error(file, pointer, hint ? std::string(e.what()) + " (" + hint + ")" : e.what());
    }
}

/// `parse()`'s value, a value_error from it turned into the input_error of a command-line
/// flag ("command line: --tokens: a positive count ..."), `hint` appended in parentheses:
/// one wrapper for every flag the workflows read.
template <class F>
decltype(auto) flag_value(const char* flag, F&& parse, const char* hint = nullptr) {
    return in_context("command line", flag, std::forward<F>(parse), hint);
}

/// The model_error of an amount in a currency the catalog has no rate for: a command that
/// knows the catalog's file points at its "/exchange_rates" rather than at an offer.
class missing_exchange_rate : public model_error {
public:
    using model_error::model_error;
};

}  // namespace costsim
