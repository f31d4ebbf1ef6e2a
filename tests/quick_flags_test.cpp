// tests/quick_flags_test.cpp — the one table of quick-mode flags: every flag once, the size
// flags marked, and given() reporting exactly what was set.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "costsim/workflow/quick_flags.hpp"

using namespace costsim;

TEST_CASE("every quick-mode text flag is listed once, with a distinct Python keyword and member") {
    std::set<std::string> flags, keys;
    const quick_flags f;
    std::set<const std::string*> members;
    for (const auto& t : quick_flags::text_flags) {
        CHECK(flags.insert(t.flag).second);
        CHECK(keys.insert(t.key).second);
        CHECK(members.insert(&(f.*t.member)).second);
        CHECK(std::string(t.flag).rfind("--", 0) == 0);
    }
    CHECK(flags.size() == 21);
}

TEST_CASE("the size flags are the ones --model brings") {
    std::set<std::string> size;
    for (const auto& t : quick_flags::text_flags)
        if (t.size) size.insert(t.flag);
    CHECK(size == std::set<std::string>{"--model", "--tokens", "--samples", "--epochs", "--method", "--precision",
                                        "--seq", "--micro-batch", "--stack"});
}

TEST_CASE("given() reports each flag set, and leaves out --deadline that a scenario file takes too") {
    quick_flags f;
    for (const auto& [flag, given] : f.given()) CHECK_FALSE(given);
    f.work = "10h";
    f.gpus_given = true;
    f.allow_unknown_memory = true;
    f.deadline = "24h";
    std::set<std::string> set, all;
    for (const auto& [flag, given] : f.given()) {
        all.insert(flag);
        if (given) set.insert(flag);
    }
    CHECK(set == std::set<std::string>{"--work", "--gpus", "--allow-unknown-memory"});
    CHECK(all.count("--deadline") == 0);
    CHECK(all.size() == 22);  // 20 text flags and --gpus, --allow-unknown-memory
}
