// tests/enum_names_test.cpp — one name table per closed set: to_string and parsing agree,
// names are unique, and a refusal lists every allowed name.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "costsim/core/enum_names.hpp"
#include "costsim/engine/cbl_policy.hpp"
#include "costsim/engine/failover.hpp"
#include "costsim/engine/scenario.hpp"
#include "costsim/engine/validate.hpp"
#include "costsim/models/job_size.hpp"
#include "costsim/models/runtime_source.hpp"
#include "costsim/models/speed_classes.hpp"
#include "costsim/models/trace.hpp"
#include "costsim/pricing/billing.hpp"
#include "costsim/pricing/invoice.hpp"
#include "costsim/pricing/offer.hpp"

using namespace costsim;

namespace {
enum class colour { red, green };
}  // namespace
template <>
struct costsim::enum_table<colour> {
    static constexpr std::string_view what = "a colour";
    static constexpr std::array<enum_entry<colour>, 2> entries{{{colour::red, "red"}, {colour::green, "green", "go"}}};
};

namespace {
enum class unnamed { a };

template <class E>
void round_trips() {
    std::set<std::string_view> names;
    for (const auto& x : enum_table<E>::entries) {
        CHECK(enum_name(x.value) == x.name);
        CHECK(to_string(x.value) == x.name);
        CHECK(parse_enum<E>(x.name) == x.value);
        CHECK(names.insert(x.name).second);  // unique
    }
}
}  // namespace

static_assert(named_enum<colour>);
static_assert(!named_enum<unnamed>, "an enum without a table has no names to parse or print");
static_assert(enum_name(colour::green) == "green", "names are known at compile time");
static_assert(find_enum<colour>("red") == colour::red);
static_assert(!find_enum<colour>("blue"));

TEST_CASE("a refusal says what was expected, lists every name with its note, and echoes the value") {
    CHECK(enum_refusal<colour>("blue") == "a colour: \"red\" or \"green\" (go), got \"blue\"");
    CHECK_THROWS_WITH_AS(parse_enum<colour>("Red"), "a colour: \"red\" or \"green\" (go), got \"Red\"", value_error);
    CHECK(enum_name(static_cast<colour>(7)) == "?");
}

TEST_CASE("every enum costsim names parses back from its own name, and its names are unique") {
    round_trips<market_kind>();
    round_trips<policy_kind>();
    round_trips<checkpoint_rule>();
    round_trips<interruption_kind>();
    round_trips<runtime_source>();
    round_trips<trace_sense>();
    round_trips<failover_order>();
    round_trips<workload_class>();
    round_trips<train_method>();
    round_trips<train_precision>();
    round_trips<stack_end>();
    round_trips<proration>();
    round_trips<instance_kind>();
    round_trips<session_end>();
    round_trips<invoice_line_kind>();
}

TEST_CASE("the named parsers refuse with the table's allowed names") {
    CHECK_THROWS_WITH_AS(parse_market_kind("reserved"),
                         "a market: \"on_demand\", \"spot\" or \"monthly\", got \"reserved\"", value_error);
    CHECK_THROWS_WITH_AS(parse_train_method("dora"), "a training method: \"full\", \"lora\" or \"qlora\", got \"dora\"",
                         value_error);
    CHECK(parse_train_method("LoRA") == train_method::lora);  // any case, as a flag may be typed
    CHECK_THROWS_WITH_AS(parse_failover_order("cheap"),
                         doctest::Contains("\"price\" (cheapest spot first) or \"recent\""), value_error);
}
