// tests/quick_flags_test.cpp — the one table of quick-mode flags: every flag once, the size
// flags marked, and given() reporting exactly what was set.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "costsim/workflow/quick_flags.hpp"

using namespace costsim;

TEST_CASE("every quick-mode flag is listed once, with a distinct Python keyword and member") {
    std::set<std::string> names, keys;
    const quick_flags f;
    std::set<const void*> members;
    int text = 0;
    for (const auto& t : quick_flags::flags) {
        CHECK(names.insert(t.name).second);
        CHECK(keys.insert(t.key).second);
        // A text flag keeps its text; a count or a toggle says whether it was given.
        CHECK((t.kind == quick_flags::flag_kind::text) == (t.text != nullptr));
        CHECK((t.text == nullptr) == (t.set != nullptr));
        CHECK(members.insert(t.text ? static_cast<const void*>(&(f.*t.text)) : &(f.*t.set)).second);
        CHECK(std::string(t.name).rfind("--", 0) == 0);
        text += t.kind == quick_flags::flag_kind::text;
    }
    CHECK(names.size() == 23);
    CHECK(text == 21);
}

TEST_CASE("the size flags are the ones --model brings") {
    std::set<std::string> size;
    for (const auto& t : quick_flags::flags)
        if (t.size) size.insert(t.name);
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
    CHECK(all.size() == 22);  // every flag but --deadline
}
