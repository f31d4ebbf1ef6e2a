// costsim/core/text_pattern.hpp — a case-insensitive POSIX extended regular expression,
// searched in a text: the --region filter and the instance rules of the GPU variant table.
//
// POSIX regcomp rather than std::regex: GCC 12's std::regex gives a false
// -Wmaybe-uninitialized at -O1 under ASan, and this is all the matching costsim needs.
#pragma once

#include <regex.h>

#include <memory>
#include <string>
#include <string_view>

#include "costsim/core/error.hpp"

namespace costsim {

// ---------------------------------------------------------------------------------------
// Interface
// ---------------------------------------------------------------------------------------

class text_pattern {
public:
    /// Throws value_error naming the pattern and what is wrong with it.
    explicit text_pattern(std::string pattern);
    /// Whether the pattern matches somewhere in `text` (case-insensitive).
    bool search(const std::string& text) const;
    const std::string& text() const noexcept { return text_; }

private:
    struct compiled;
    std::string text_;
    std::shared_ptr<const compiled> re_;  // shared: copies are cheap and regex_t is not copyable
};

// ---------------------------------------------------------------------------------------
// Implementation
// ---------------------------------------------------------------------------------------

struct text_pattern::compiled {
    regex_t re{};
    explicit compiled(const std::string& pattern) {
        if (const int rc = regcomp(&re, pattern.c_str(), REG_EXTENDED | REG_ICASE | REG_NOSUB); rc != 0) {
            char why[256];
            regerror(rc, &re, why, sizeof why);
            throw value_error("a regular expression, such as \"^us-\" (\"" + pattern + "\": " + why + ")");
        }
    }
    compiled(const compiled&) = delete;
    compiled& operator=(const compiled&) = delete;
    ~compiled() { regfree(&re); }
};

inline text_pattern::text_pattern(std::string pattern)
    : text_(std::move(pattern)), re_(std::make_shared<const compiled>(text_)) {}

inline bool text_pattern::search(const std::string& text) const {
    return regexec(&re_->re, text.c_str(), 0, nullptr, 0) == 0;
}

}  // namespace costsim
