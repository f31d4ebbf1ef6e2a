// Tests of costsim/core/runner_protocol.hpp: the progress lines costsim-bench prints and costsim
// validate reads, and the flags the supervisor keeps to itself.
#include <costsim/core/runner_protocol.hpp>

#include <doctest/doctest.h>

using namespace costsim::runner;

TEST_CASE("every progress line the runner prints reads back as its event and step") {
    for (progress_event e :
         {progress_event::ready, progress_event::step, progress_event::checkpoint, progress_event::stopped})
        for (std::int64_t step : {std::int64_t{0}, std::int64_t{12}, std::int64_t{1} << 40}) {
            const auto back = parse_progress_line(progress_line(e, step));
            REQUIRE(back);
            CHECK(*back == progress_report{e, step});
        }
    CHECK(progress_line(progress_event::checkpoint, 12) == "costsim-bench: progress checkpoint 12");
}

TEST_CASE("other lines of the runner are not progress") {
    CHECK_FALSE(parse_progress_line("costsim-bench: loading data"));
    CHECK_FALSE(parse_progress_line("costsim-bench: progress"));
    CHECK_FALSE(parse_progress_line("costsim-bench: progress step"));
    CHECK_FALSE(parse_progress_line("costsim-bench: progress step twelve"));
    CHECK_FALSE(parse_progress_line("costsim-bench: progress step 12 more"));
    CHECK_FALSE(parse_progress_line("costsim-bench: progress step -1"));
    CHECK_FALSE(parse_progress_line("costsim-bench: progress warmup 3"));
    CHECK_FALSE(parse_progress_line("  costsim-bench: progress step 3"));
}

TEST_CASE("the supervisor's flags are refused in a spec's bench command, with or without a value") {
    CHECK(is_supervisor_flag("--steps"));
    CHECK(is_supervisor_flag("--steps=5"));
    CHECK(is_supervisor_flag("-o"));
    CHECK(is_supervisor_flag("--kill-in-checkpoint"));
    CHECK_FALSE(is_supervisor_flag("--vocab"));
    CHECK_FALSE(is_supervisor_flag("--step"));
    CHECK(exit_after_notice == 128 + 15);
}
