// tests/atomic_file_test.cpp — write_file_atomically replaces a file whole, or not at all.
// (Killing a process mid-write is tested through the CLI: tests/cli/atomic_write.cmake.)
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "costsim/core/atomic_file.hpp"

using namespace costsim;
namespace fs = std::filesystem;

namespace {
std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}
std::size_t entries(const fs::path& dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
}
}  // namespace

TEST_CASE("write_file_atomically replaces the file and leaves nothing beside it") {
    const fs::path dir = fs::temp_directory_path() / ("costsim-atomic-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string path = (dir / "out.json").string();
    write_file_atomically(path, "first");
    CHECK(slurp(path) == "first");
    std::string big(1 << 20, 'x');
    write_file_atomically(path, big);
    CHECK(slurp(path) == big);
    CHECK(entries(dir) == 1);

    SUBCASE("the hook runs after the bytes are written and before the rename") {
        std::string seen;
        write_file_atomically(path, "third", [&] { seen = slurp(path); });
        CHECK(seen == big);  // still the old file when the hook runs
        CHECK(slurp(path) == "third");
        CHECK(entries(dir) == 1);
    }
    SUBCASE("a failure names the target and leaves the old file in place") {
        try {
            write_file_atomically((dir / "no-such-folder" / "x.json").string(), "y");
            FAIL("expected an input_error");
        } catch (const input_error& e) {
            CHECK(e.file() == (dir / "no-such-folder" / "x.json").string());
            CHECK(e.expected().find("a writable output path") == 0);
        }
        CHECK(slurp(path) == big);
    }
    fs::remove_all(dir);
}
