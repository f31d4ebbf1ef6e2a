# Numeric edge cases through the CLI (issue 18): limits of durations and prices, trial
# counts, deadlines, empty catalogs and spotless traces. Each is a clear error (exit 2, one
# line naming the file and pointer, checked by check.cmake) or a correct answer.
set(edge ${COSTSIM_CLI_DATA}/edge)
set(huge ${edge}/huge_price_catalog.json)

# 100 years (36500 d) at 3.06 $/h is 876000 h x 3.06 = 2680560 USD, exactly; a day more is
# still under costsim's limit of 100 Julian years, 36525 d, and a day beyond that is refused.
costsim_cli_test("quote bills 100 years of on-demand time exactly" EXIT 0
  OUT_RE "total +2680560\\.00 USD +\\(exact 2680560,"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 36500d)
costsim_cli_test("a duration beyond 100 years is refused" EXIT 2 ERR_RE "--duration: .*at most 100 years"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 36526d)
costsim_cli_test("a microsecond is billed as the 60 s minimum" EXIT 0
  OUT_RE "\"duration_seconds\":1e-06,\"billed_seconds\":60.*\"total\":\"0.05\""
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 0.000001s --json)
costsim_cli_test("a tenth of a microsecond is refused as finer than costsim's clock" EXIT 2
  ERR_RE "--duration: .*exact to a microsecond"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 0.0000001s)
# 123456789012345678901234567890.25 $/h for 1 s = that / 3600, to the cent, no float in between.
costsim_cli_test("a 30-digit hourly price is billed exactly for one second" EXIT 0
  OUT_RE "\"total_exact_fraction\":\"493827156049382715604938271561/14400\",\"total\":\"34293552503429355250342935\\.53\""
  ARGS quote --catalog ${huge} --offer edge/huge --market on_demand --duration 1s --json)
costsim_cli_test("a 30-digit hourly price over 100 years stays exact" EXIT 0
  OUT_RE "total +108148147174814814717481481471859000\\.00 USD"
  ARGS quote --catalog ${huge} --offer edge/huge --market on_demand --duration 36500d)
costsim_cli_test("a price of 1e-30 per second for a microsecond is kept as an exact fraction" EXIT 0
  OUT_RE "\"exact_fraction\":\"1/1000000000000000000000000000000000000\".*\"total\":\"0\\.00\""
  ARGS quote --catalog ${huge} --offer edge/tiny --market on_demand --duration 0.000001s --json)
costsim_cli_test("an amount with more than 40 characters is refused with its pointer" EXIT 2
  ERR_RE "too_long_price\\.json: /offers/0/markets/on_demand/price/amount: a non-negative decimal string"
  ARGS quote --catalog ${edge}/too_long_price.json --offer edge/long --market on_demand --duration 1h)
costsim_cli_test("a catalog without offers is refused" EXIT 2 ERR_RE "empty_catalog\\.json: /offers: a non-empty array"
  ARGS quote --catalog ${edge}/empty_catalog.json --offer x --market on_demand --duration 1h)
costsim_cli_test("a scenario without offers is refused" EXIT 2 ERR_RE "no_offers\\.json: /offers: a non-empty array"
  ARGS simulate ${edge}/no_offers.json --trials 10)

costsim_cli_test("zero trials are refused" EXIT 2 ERR_RE "--trials: Value 0 not in range 1 to 100000000"
  ARGS simulate ${COSTSIM_CLI_DATA}/spec_scenario.json --trials 0)
costsim_cli_test("more than 1e8 trials are refused" EXIT 2 ERR_RE "--trials: Value 100000001 not in range"
  ARGS simulate ${COSTSIM_CLI_DATA}/spec_scenario.json --trials 100000001)
costsim_cli_test("one trial is a correct answer: on demand bills 100 h x 3.06" EXIT 0
  OUT_RE "\"policy\":\"on_demand\".*\"mean\":306\\.0"
  ARGS simulate ${COSTSIM_CLI_DATA}/spec_scenario.json --trials 1 --json)
costsim_cli_test("a deadline shorter than the work is refused with its pointer" EXIT 2
  ERR_RE "deadline_shorter_than_work\\.json: /deadline: a deadline of at least the work \\(100h\\), got 50h"
  ARGS simulate ${edge}/deadline_shorter_than_work.json --trials 10)
# plan explores deadlines, so a deadline no candidate can meet is an answer, not an error.
costsim_cli_test("plan --deadline shorter than the work answers that no candidate meets it" EXIT 0
  OUT_RE "deadline 1h.* 0\\.0% +\\*.* 0\\.0% +\\*.*No candidate meets the deadline with 95 % probability\\."
  ARGS plan ${COSTSIM_CLI_DATA}/spec_scenario.json --deadline 1h --trials 10)
costsim_cli_test("100 years of work simulate: on demand is 876000 h at 3.06 USD" EXIT 0
  OUT_RE "on_demand +on_demand +- +2680560\\.00 +0\\.00 +2680560\\.00"
  ARGS simulate ${edge}/work_100_years.json --trials 200 --threads 1)
costsim_cli_test("a microsecond of work costs nothing to the cent" EXIT 0
  OUT_RE "on_demand +on_demand +- +0\\.00 +0\\.00 +0\\.00"
  ARGS simulate ${edge}/work_1us.json --trials 200)
costsim_cli_test("trace_fit on a trace with no spot capacity at all is refused" EXIT 2
  ERR_RE "trace_all_unavailable\\.json: /candidates/0/interruptions/file: a trace in which spot is available at least once"
  ARGS simulate ${edge}/trace_all_unavailable.json --trials 10)
costsim_cli_test("trace-stats of a trace with no spot capacity reports 0 % and no lifetimes" EXIT 0
  OUT_RE "spot available 0\\.0 % of the ticks; 0 preemptions.*spot lifetimes \\(available\\) +0 "
  ARGS trace-stats ${edge}/all_unavailable_trace.json)
costsim_cli_test("replay on a trace with no spot capacity: spot_only never finishes, the deadline policies go on demand" EXIT 0
  OUT_RE "on_demand +on_demand +147\\.90 .*spot +spot_only +- +- +- +- +- +- +- +- +- +0\\.0 % +3\n.*spot +greedy +147\\.90 .*100\\.0 %"
  ARGS replay ${PROJECT_SOURCE_DIR}/examples/cant_be_late/scenario.json --trace ${edge}/all_unavailable_trace.json --starts 3 --deadline 52h)

# --- output files are written atomically: killed mid-write, the old file stays whole ------
set(atomic_dir ${CMAKE_CURRENT_BINARY_DIR}/atomic)
set(result_seed ${PROJECT_SOURCE_DIR}/fuzz/seeds/result/simulate_spec.json)
add_test(NAME "cli: report -o killed mid-write leaves the previous report whole and nothing beside it"
         COMMAND ${CMAKE_COMMAND} "-DCMD=$<TARGET_FILE:costsim_cli>|report|${result_seed}|-o|${atomic_dir}/report/out.html"
                 -DOUT=${atomic_dir}/report/out.html -DLIMIT_KB=4 "-DMARK=^<!doctype html>.*</html>\n$"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/atomic_write.cmake)
add_test(NAME "cli: plan --report killed mid-write leaves the previous report whole and nothing beside it"
         COMMAND ${CMAKE_COMMAND}
                 "-DCMD=$<TARGET_FILE:costsim_cli>|plan|${COSTSIM_CLI_DATA}/spec_scenario.json|--trials|200|--report|${atomic_dir}/plan/out.html"
                 -DOUT=${atomic_dir}/plan/out.html -DLIMIT_KB=4 "-DMARK=^<!doctype html>.*</html>\n$"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/atomic_write.cmake)
set_tests_properties("cli: report -o killed mid-write leaves the previous report whole and nothing beside it"
                     "cli: plan --report killed mid-write leaves the previous report whole and nothing beside it"
                     PROPERTIES ENVIRONMENT "COSTSIM_REPORT_ASSETS=${COSTSIM_CLI_DATA}/edge/assets")
