// simulator/text.hpp — aligned plain-text tables for the terminal (colour only on a TTY).
#pragma once

#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

namespace costsim::cli {

enum class align { left, right };

/// A table whose columns are sized to their widest cell; numbers right-aligned.
class text_table {
public:
    struct column {
        std::string title;
        align a;
    };
    explicit text_table(std::vector<column> cols) : cols_(std::move(cols)) {}
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }

    std::string render(const std::string& indent = "  ") const {
        std::vector<std::size_t> w(cols_.size());
        for (std::size_t i = 0; i < cols_.size(); ++i) w[i] = cols_[i].title.size();
        for (const auto& r : rows_)
            for (std::size_t i = 0; i < r.size() && i < w.size(); ++i) w[i] = std::max(w[i], r[i].size());
        std::string out;
        auto line = [&](const std::vector<std::string>& cells) {
            std::string l = indent;
            for (std::size_t i = 0; i < cols_.size(); ++i) {
                const std::string& c = i < cells.size() ? cells[i] : std::string();
                l += cols_[i].a == align::left ? fmt::format("{:<{}}", c, w[i]) : fmt::format("{:>{}}", c, w[i]);
                if (i + 1 < cols_.size()) l += "  ";
            }
            while (!l.empty() && l.back() == ' ') l.pop_back();
            out += l + "\n";
        };
        std::vector<std::string> titles;
        for (const auto& c : cols_) titles.push_back(c.title);
        line(titles);
        std::size_t total = 0;
        for (auto x : w) total += x + 2;
        out += indent + std::string(total > 2 ? total - 2 : 0, '-') + "\n";
        for (const auto& r : rows_) line(r);
        return out;
    }

private:
    std::vector<column> cols_;
    std::vector<std::vector<std::string>> rows_;
};

/// The widest line a command prints.
inline constexpr std::size_t max_columns = 120;

/// Wraps `text` at spaces to lines of at most `width`, each starting with `indent`.
inline std::string wrap(const std::string& text, const std::string& indent, std::size_t width = max_columns) {
    std::string out, line = indent;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t j = text.find(' ', i);
        if (j == std::string::npos) j = text.size();
        const std::string word = text.substr(i, j - i);
        if (line.size() > indent.size() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = indent + "  ";
        }
        if (line.size() > indent.size() && line.back() != ' ') line += ' ';
        line += word;
        i = j + 1;
    }
    if (line.size() > indent.size()) out += line + "\n";
    return out;
}

/// Bold on a terminal, plain when piped.
inline std::string bold(const std::string& s) {
    static const bool tty = ::isatty(STDOUT_FILENO) != 0;
    return tty ? "\x1b[1m" + s + "\x1b[0m" : s;
}

}  // namespace costsim::cli
