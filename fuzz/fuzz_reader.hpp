// fuzz/fuzz_reader.hpp — what every costsim fuzz target checks. A reader given any bytes
// either returns, or throws costsim::input_error whose message is one line naming the
// input file. Any other exception, a crash, a hang, a leak or a sanitizer report is a bug:
// libFuzzer stops on it and keeps the input (an uncaught exception aborts).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "costsim/core/error.hpp"

namespace costsim::fuzz {

/// The name a fuzz input is read under; error messages must start with it.
inline const std::string input_name = "fuzz-input";

template <class Read>
int check_reader(const std::uint8_t* data, std::size_t size, const std::string& name, Read&& read) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    try {
        read(bytes, name);
    } catch (const input_error& e) {
        const std::string what = e.what();
        // A referenced file (a scenario's catalog, say) may be the one at fault: any file named.
        if (what.find('\n') != std::string::npos || e.file().empty()) {
            std::fprintf(stderr, "input_error is not one line naming a file: %s\n", what.c_str());
            std::abort();
        }
    }
    return 0;
}

}  // namespace costsim::fuzz
