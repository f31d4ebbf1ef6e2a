// costsim/core/text.hpp — the small text helpers every flag and reader shares: ASCII lower
// case and comma-separated lists, so "--gpu L4,A100" and "--cloud aws,lambda" split alike.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

/// `s` with A-Z lowered; other bytes as they are (names here are ASCII).
std::string ascii_lower(std::string_view s);
/// The comma-separated parts of `s`, empty parts dropped: "a,,b," gives {"a", "b"}.
std::vector<std::string> split_list(std::string_view s);

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

inline std::string ascii_lower(std::string_view s) {
    std::string r(s);
    for (char& c : r)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return r;
}

inline std::vector<std::string> split_list(std::string_view s) {
    std::vector<std::string> out;
    std::size_t a = 0;
    while (a <= s.size()) {
        std::size_t b = s.find(',', a);
        if (b == std::string_view::npos) b = s.size();
        if (b > a) out.emplace_back(s.substr(a, b - a));
        a = b + 1;
    }
    return out;
}

}  // namespace costsim
