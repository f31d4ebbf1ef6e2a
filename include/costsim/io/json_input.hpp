// costsim/io/json_input.hpp — reading costsim's JSON files with errors that say where.
//
// A `json_cursor` is a position in a parsed document: the file name and the JSON
// pointer of the value. Every accessor either returns a well-formed value or throws
// an input_error "FILE: /offers/3/billing/increment: a duration such as ...". Objects
// are checked for unknown keys, so a misspelt field is an error, not a silent default.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <date/date.h>
#include <nlohmann/json.hpp>

#include "costsim/core/decimal.hpp"
#include "costsim/core/duration.hpp"
#include "costsim/core/enum_names.hpp"
#include "costsim/core/error.hpp"
#include "costsim/core/money.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

using json = nlohmann::ordered_json;

/// The largest input file costsim reads (the biggest bundled one is 2.5 MiB).
inline constexpr std::size_t max_input_bytes = std::size_t{1} << 30;
/// The bytes of an input file: a regular file or a pipe of at most max_input_bytes.
std::string read_input_file(const std::string& path);
/// Reads and parses a JSON file; throws input_error naming the file on any failure.
json load_json_file(const std::string& path);
/// Parses JSON text that came from `name` (a file name, or "<stdin>").
json parse_json_text(const std::string& text, const std::string& name);

class json_cursor {
public:
    json_cursor(const json& value, std::string file, std::string pointer = "")
        : v_(&value), file_(std::move(file)), ptr_(std::move(pointer)) {}

    const json& value() const noexcept { return *v_; }
    const std::string& file() const noexcept { return file_; }
    const std::string& pointer() const noexcept { return ptr_; }

    [[noreturn]] void fail(const std::string& expected) const { throw input_error(file_, ptr_, expected); }
    /// f(), a value_error or model_error from it failing here: the cursor's twin of
    /// flag_value, for a value parsed or resolved from this element.
    template <class F>
    decltype(auto) in_context(F&& f) const {
        return costsim::in_context(file_, ptr_, std::forward<F>(f));
    }

    /// Requires an object whose keys are all in `allowed`.
    void expect_object(std::initializer_list<std::string_view> allowed) const;
    /// Requires a member "schema" equal to the format's `name`, else input_error at
    /// ".../schema" expecting "\"NAME\"" (a non-string: "a string, got ..."). With `what`
    /// (what such a file is), the text is "\"NAME\" (WHAT)", for a non-string too.
    void expect_schema(std::string_view name, std::string_view what = {}) const;
    bool has(std::string_view key) const;
    /// A required member.
    json_cursor operator[](std::string_view key) const;
    /// A member that may be absent (null counts as absent).
    std::optional<json_cursor> optional(std::string_view key) const;
    /// Elements of a required array (non-empty when `non_empty`).
    std::vector<json_cursor> elements(bool non_empty = false) const;

    std::string string() const;
    /// A string equal to one of `choices`.
    std::string choice(std::initializer_list<std::string_view> choices) const;
    /// One of a named enum's values, by its name (core/enum_names.hpp): any of them, or only
    /// those `allowed`; refused as choice() refuses.
    template <named_enum E>
    E choice_of(std::initializer_list<E> allowed = {}) const;
    exact decimal() const;  ///< a decimal *string*; JSON numbers are refused for amounts
    usec duration() const;  ///< "90s"; a bare number is refused (a duration has a unit)
    timestamp time() const;
    date::year_month_day day() const;  ///< "YYYY-MM-DD"
    std::int64_t integer(std::int64_t min, std::int64_t max) const;
    double number(double min, double max) const;  ///< for non-money quantities (GiB, rates)
    bool boolean() const;
    costsim::currency currency() const;

private:
    // The index of the string among `names`; else the refusal that lists them (choice, choice_of).
    std::size_t pick(std::span<const std::string_view> names) const;
    const json* v_;
    std::string file_, ptr_;
};

/// A path written in the document at `c`: relative ones are relative to its file's folder.
std::string path_beside(const json_cursor& c, const std::string& written);
/// Whether `path` names a regular file; false (never a filesystem_error) for a path the
/// system refuses, such as one too long.
bool is_regular_file_noexcept(const std::string& path) noexcept;

/// "null", "a boolean", "a number", "a string", "an array" or "an object": for errors
/// that say what was found instead.
std::string json_type_name(const json& j);

/// nlohmann's own form for every type io/ writes (each declares `json to_json(const T&)`):
/// `json j = result;` and `j["invoice"] = inv;` call that writer.
template <class T>
requires requires(const T& x) {
    { to_json(x) } -> std::same_as<json>;
}
void to_json(json& j, const T& x) { j = to_json(x); }

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline json parse_json_text(const std::string& text, const std::string& name) {
    try {
        return json::parse(text);
    } catch (const json::exception& e) {  // parse_error, and out_of_range for a number such as 1e400
        std::string msg = e.what();
        // "[json.exception.parse_error.101] parse error at line 3, column 5: ..." -> keep the tail.
        if (auto p = msg.find("] "); p != std::string::npos) msg = msg.substr(p + 2);
        throw input_error(name, "", "valid JSON (" + msg + ")");
    }
}

inline std::string read_input_file(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto st = fs::status(path, ec);
    // A folder or a device (/dev/zero, a terminal) is refused before it is read: reading one
    // would fail obscurely, never end, or wait for a person. Pipes (<(...)) are files here.
    if (!ec && st.type() != fs::file_type::regular && st.type() != fs::file_type::fifo &&
        st.type() != fs::file_type::not_found)
        throw input_error(path, "", "a regular file (this is a folder, a device or a socket)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw input_error(path, "", "a readable file (cannot open it)");
    std::string text;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        text.append(buf, static_cast<std::size_t>(in.gcount()));
        if (text.size() > max_input_bytes)
            throw input_error(path, "", "a file of at most " + std::to_string(max_input_bytes >> 20) + " MiB");
    }
    if (in.bad()) throw input_error(path, "", "a readable file (read failed)");
    return text;
}

inline bool is_regular_file_noexcept(const std::string& path) noexcept {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

inline std::string path_beside(const json_cursor& c, const std::string& written) {
    std::filesystem::path p(written);
    if (p.is_relative()) p = std::filesystem::path(c.file()).parent_path() / p;
    return p.string();
}

inline json load_json_file(const std::string& path) { return parse_json_text(read_input_file(path), path); }

inline std::string json_type_name(const json& j) {
    if (j.is_null()) return "null";
    if (j.is_boolean()) return "a boolean";
    if (j.is_number()) return "a number";
    if (j.is_string()) return "a string";
    if (j.is_array()) return "an array";
    return "an object";
}

inline void json_cursor::expect_object(std::initializer_list<std::string_view> allowed) const {
    if (!v_->is_object()) fail("an object, got " + json_type_name(*v_));
    for (const auto& [k, _] : v_->items()) {
        bool known = false;
        for (auto a : allowed) known = known || a == k;
        if (!known) {
            std::string list;
            for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
            throw input_error(file_, ptr_ + "/" + json_pointer_token(k), "a known field (one of: " + list + ")");
        }
    }
}

inline void json_cursor::expect_schema(std::string_view name, std::string_view what) const {
    const json_cursor schema = (*this)["schema"];
    const std::string want = "\"" + std::string(name) + "\"" + (what.empty() ? "" : " (" + std::string(what) + ")");
    if (!what.empty() && !schema.value().is_string()) schema.fail(want);
    if (schema.string() != name) schema.fail(want);
}

inline bool json_cursor::has(std::string_view key) const {
    return v_->is_object() && v_->contains(key) && !(*v_)[std::string(key)].is_null();
}

inline json_cursor json_cursor::operator[](std::string_view key) const {
    std::string p = ptr_ + "/" + json_pointer_token(key);
    if (!v_->is_object()) fail("an object, got " + json_type_name(*v_));
    auto it = v_->find(key);
    if (it == v_->end() || it->is_null()) throw input_error(file_, p, "a value (this field is required)");
    return json_cursor(*it, file_, p);
}

inline std::optional<json_cursor> json_cursor::optional(std::string_view key) const {
    if (!has(key)) return std::nullopt;
    return (*this)[key];
}

inline std::vector<json_cursor> json_cursor::elements(bool non_empty) const {
    if (!v_->is_array()) fail("an array, got " + json_type_name(*v_));
    if (non_empty && v_->empty()) fail("a non-empty array");
    std::vector<json_cursor> out;
    out.reserve(v_->size());
    for (std::size_t i = 0; i < v_->size(); ++i) out.emplace_back((*v_)[i], file_, ptr_ + "/" + std::to_string(i));
    return out;
}

inline std::string json_cursor::string() const {
    if (!v_->is_string()) fail("a string, got " + json_type_name(*v_));
    return v_->get<std::string>();
}

inline std::size_t json_cursor::pick(std::span<const std::string_view> names) const {
    std::string list;
    for (auto c : names) list += (list.empty() ? "\"" : ", \"") + std::string(c) + "\"";
    if (!v_->is_string()) fail("one of " + list + ", got " + json_type_name(*v_));
    const std::string s = v_->get<std::string>();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == s) return i;
    fail("one of " + list + ", got \"" + s + "\"");
}

inline std::string json_cursor::choice(std::initializer_list<std::string_view> choices) const {
    const std::span<const std::string_view> names(choices.begin(), choices.size());
    return std::string(names[pick(names)]);
}

template <named_enum E>
E json_cursor::choice_of(std::initializer_list<E> allowed) const {
    std::vector<E> set(allowed);
    if (set.empty())
        for (const auto& x : enum_table<E>::entries) set.push_back(x.value);
    std::vector<std::string_view> names;
    for (E e : set) names.push_back(enum_name(e));
    return set[pick(names)];
}

inline exact json_cursor::decimal() const {
    if (!v_->is_string())
        fail("a decimal string such as \"0.9731\" (amounts travel as strings), got " + json_type_name(*v_));
    return in_context([&] { return parse_decimal(v_->get<std::string>()); });
}

inline usec json_cursor::duration() const {
    try {
        if (v_->is_string()) return parse_duration(v_->get<std::string>());
    } catch (const value_error& e) {
        fail(e.what());
    }
    if (v_->is_number()) fail("a duration with a unit, such as \"5h\" (got the bare number " + v_->dump() + ")");
    fail("a duration such as \"90s\", \"15m\", \"1.5h\" or \"2d\", got " + json_type_name(*v_));
}

inline timestamp json_cursor::time() const {
    return in_context([&] { return parse_timestamp(string()); });
}

inline date::year_month_day json_cursor::day() const {
    std::string s = string();
    if (s.size() != 10) fail("a date \"YYYY-MM-DD\", got \"" + s + "\"");
    try {
        return date::year_month_day{date::floor<date::days>(parse_timestamp(s))};
    } catch (const value_error&) {
        fail("a date \"YYYY-MM-DD\", got \"" + s + "\"");
    }
}

inline std::int64_t json_cursor::integer(std::int64_t min, std::int64_t max) const {
    std::string want = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (v_->is_number_integer()) {
        auto i = v_->get<std::int64_t>();
        if (v_->is_number_unsigned() && v_->get<std::uint64_t>() > static_cast<std::uint64_t>(max)) fail(want);
        if (i < min || i > max) fail(want + ", got " + std::to_string(i));
        return i;
    }
    fail(want + ", got " + json_type_name(*v_));
}

inline double json_cursor::number(double min, double max) const {
    if (!v_->is_number()) fail("a number, got " + json_type_name(*v_));
    double d = v_->get<double>();
    if (!std::isfinite(d) || d < min || d > max) {
        std::ostringstream s;
        s << "a number from " << min << " to " << max << ", got " << d;
        fail(s.str());
    }
    return d;
}

inline bool json_cursor::boolean() const {
    if (!v_->is_boolean()) fail("true or false, got " + json_type_name(*v_));
    return v_->get<bool>();
}

inline costsim::currency json_cursor::currency() const {
    return in_context([&] { return costsim::currency(string()); });
}

}  // namespace costsim
