// costsim/core/enum_names.hpp — one table of names per closed set (a market, a policy, a
// workload class...), from which both `to_string` and parsing are served, so the two can
// never disagree and every refusal lists the same allowed names.
//
// An enum opts in by specialising `enum_table<E>` beside its definition:
//     template <> struct enum_table<market_kind> {
//         static constexpr std::string_view what = "a market";   // "" for no prefix
//         static constexpr std::array<enum_entry<market_kind>, 3> entries{{
//             {market_kind::on_demand, "on_demand"}, {market_kind::spot, "spot"},
//             {market_kind::monthly, "monthly"}}};
//     };
// An entry's `note` is shown in parentheses after its name when parsing refuses a value.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

template <class E>
struct enum_entry {
    E value;
    std::string_view name;
    std::string_view note = {};
};

/// Specialised for each named enum (see above).
template <class E>
struct enum_table;

template <class E>
concept named_enum = requires {
    { enum_table<E>::what } -> std::convertible_to<std::string_view>;
    enum_table<E>::entries.size();
};

/// The name of `e` ("?" for a value outside the table).
template <named_enum E>
constexpr std::string_view enum_name(E e) noexcept;
/// The value named `name` exactly, if any.
template <named_enum E>
constexpr std::optional<E> find_enum(std::string_view name) noexcept;
/// The allowed names as a refusal lists them: "a", "b" (note) or "c".
template <named_enum E>
std::string enum_choices();
/// The refusal of `got`: `what: "a", "b" or "c", got "x"` (no `what: ` when it is empty).
template <named_enum E>
std::string enum_refusal(std::string_view got);
/// The value named `name`; value_error (enum_refusal) otherwise.
template <named_enum E>
E parse_enum(std::string_view name);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

template <named_enum E>
constexpr std::string_view enum_name(E e) noexcept {
    for (const auto& x : enum_table<E>::entries)
        if (x.value == e) return x.name;
    return "?";
}

template <named_enum E>
constexpr std::optional<E> find_enum(std::string_view name) noexcept {
    for (const auto& x : enum_table<E>::entries)
        if (x.name == name) return x.value;
    return std::nullopt;
}

template <named_enum E>
std::string enum_choices() {
    const auto& es = enum_table<E>::entries;
    std::string s;
    for (std::size_t i = 0; i < es.size(); ++i) {
        if (i) s += i + 1 == es.size() ? " or " : ", ";
        s += '"';
        s += es[i].name;
        s += '"';
        if (!es[i].note.empty()) {
            s += " (";
            s += es[i].note;
            s += ')';
        }
    }
    return s;
}

template <named_enum E>
std::string enum_refusal(std::string_view got) {
    const std::string_view what = enum_table<E>::what;
    return (what.empty() ? std::string() : std::string(what) + ": ") + enum_choices<E>() + ", got \"" +
           std::string(got) + "\"";
}

template <named_enum E>
E parse_enum(std::string_view name) {
    if (const auto e = find_enum<E>(name)) return *e;
    throw value_error(enum_refusal<E>(name));
}

}  // namespace costsim
