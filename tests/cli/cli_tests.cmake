# CLI smoke tests: costsim_cli_test(NAME EXIT [OUT_RE] [ERR_RE] [OUT_FILE] ARGS ...).
set(COSTSIM_CLI_DATA ${CMAKE_CURRENT_SOURCE_DIR}/data)
set(COSTSIM_CLI_EXPECTED ${CMAKE_CURRENT_SOURCE_DIR}/cli/expected)
function(costsim_cli_test name)
  cmake_parse_arguments(T "" "EXIT;OUT_RE;ERR_RE;OUT_FILE" "ARGS" ${ARGN})
  string(REPLACE ";" "|" args "${T_ARGS}")
  set(defs -DEXE=$<TARGET_FILE:costsim_cli> "-DARGS=${args}" -DEXIT=${T_EXIT})
  if(DEFINED T_OUT_RE)
    list(APPEND defs "-DOUT_RE=${T_OUT_RE}")
  endif()
  if(DEFINED T_ERR_RE)
    list(APPEND defs "-DERR_RE=${T_ERR_RE}")
  endif()
  if(DEFINED T_OUT_FILE)
    list(APPEND defs "-DOUT_FILE=${T_OUT_FILE}")
  endif()
  add_test(NAME "cli: ${name}" COMMAND ${CMAKE_COMMAND} ${defs} -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check.cmake)
endfunction()

set(spec ${COSTSIM_CLI_DATA}/spec_catalog.json)
set(bad ${COSTSIM_CLI_DATA}/bad)

# --- the contract's example, byte for byte ------------------------------------------------
costsim_cli_test("quote --json reproduces SPEC's example object" EXIT 0
  OUT_FILE ${COSTSIM_CLI_EXPECTED}/spec_quote.json
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 30s --json)
costsim_cli_test("quote text shows lines, billed time, exact and rounded total" EXIT 0
  OUT_RE "p3\\.2xlarge on_demand.*1m.*0\\.051.*0\\.05.*total +0\\.05 USD"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 30s)
costsim_cli_test("quote converts EUR to USD with the catalog's dated rate" EXIT 0
  OUT_RE "\"currency\":\"USD\".*\"total\":\"0.05\".*\"exchange_rates\":..\"from\":\"EUR\",\"to\":\"USD\",\"rate\":\"1.2276\""
  ARGS quote --catalog ${spec} --offer leadergpu/2xgtx1080 --market on_demand --duration 61s --currency USD --json)
costsim_cli_test("demo prints a ranked table of every bundled offer" EXIT 0
  OUT_RE "costsim demo: a job of 10 GPU-hours.*# +catalog +offer.*\n +1 +[a-z]"
  ARGS demo)
costsim_cli_test("costsim with no arguments runs the demo" EXIT 0 OUT_RE "costsim demo:" ARGS "")

# --- bad input: exit 2, one line naming file, JSON path and what was expected ---------------
costsim_cli_test("unknown offer is named with the catalog file" EXIT 2
  ERR_RE "spec_catalog\\.json: /offers: an offer with id \"nope\""
  ARGS quote --catalog ${spec} --offer nope --market on_demand --duration 1h)
costsim_cli_test("unknown market is refused" EXIT 2 ERR_RE "--market: a market"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market reserved --duration 1h)
costsim_cli_test("market the offer lacks is refused" EXIT 2 ERR_RE "/offers/0/markets: a \"spot\" market"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market spot --duration 1h)
costsim_cli_test("negative duration is refused" EXIT 2 ERR_RE "--duration: .*not negative.*-5m"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration -5m)
costsim_cli_test("unknown duration unit is refused" EXIT 2 ERR_RE "--duration: .*known unit.*1x"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 1x)
costsim_cli_test("duration over 100 years is refused" EXIT 2 ERR_RE "--duration: .*at most 100 years"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 36600d)
costsim_cli_test("bad start time is refused" EXIT 2 ERR_RE "--start: an ISO 8601"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 1h --start 2026-02-30)
costsim_cli_test("missing catalog file is named" EXIT 2 ERR_RE "no_such\\.json: a readable file"
  ARGS quote --catalog ${COSTSIM_CLI_DATA}/no_such.json --offer x --market on_demand --duration 1h)
costsim_cli_test("unknown option is a one-line usage error" EXIT 2 ERR_RE "command line:"
  ARGS quote --catalog ${spec} --offer x --market on_demand --duration 1h --frobnicate)
costsim_cli_test("missing exchange rate is named" EXIT 2 ERR_RE "/exchange_rates: no exchange rate from USD to GBP"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 1h --currency GBP)

# Malformed catalogs: one file each under tests/data/bad, with the pointer expected.
foreach(case
    "malformed.json|valid JSON"
    "missing_billing.json|/offers/0: a \"billing\" rule"
    "price_number.json|/offers/0/markets/on_demand/price/amount: a decimal string"
    "price_exponent.json|/offers/0/markets/on_demand/price/amount: a non-negative decimal string.*0\\.1e-2"
    "price_abc.json|/offers/0/markets/on_demand/price/amount: a non-negative decimal string.*abc"
    "price_nan.json|/offers/0/markets/on_demand/price/amount: a non-negative decimal string.*NaN"
    "price_negative.json|/offers/0/markets/on_demand/price/amount: a non-negative decimal string.*-3\\.06"
    "unknown_currency.json|/offers/0/markets/on_demand/price/currency: an ISO 4217 currency code.*XYZ"
    "bad_increment.json|/offers/0/billing/increment: a duration.*1x"
    "negative_minimum.json|/offers/0/billing/minimum: a duration.*not negative"
    "huge_minimum.json|/offers/0/billing/minimum: a duration.*at most 100 years"
    "unknown_field.json|/offers/0/billing/incremnt: a known field"
    "wrong_type.json|/offers/0/gpus/count: an integer"
    "bad_per.json|/offers/0/markets/on_demand/price/per: .*fortnight"
    "duplicate_id.json|/offers/1/id: an id no other offer uses"
    "bad_schema.json|/schema: \"costsim.catalog/v1\""
    "bad_tiers.json|/offers/0/billing/sustained_use: tiers whose last"
    "no_currency.json|/offers/0/markets/on_demand/price: a \"currency\"")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 re)
  costsim_cli_test("bad catalog ${file} names the JSON path" EXIT 2 ERR_RE "${file}: ${re}"
    ARGS quote --catalog ${bad}/${file} --offer a/b/c --market on_demand --duration 1h)
endforeach()

# --- simulate ----------------------------------------------------------------------------
set(ref ${COSTSIM_CLI_DATA}/spec_scenario.json)
set(badsc ${COSTSIM_CLI_DATA}/bad_scenarios)
costsim_cli_test("simulate accepts SPEC's reference scenario verbatim" EXIT 0
  OUT_RE "^\\{\"scenario\":\"reference-poisson-checkpoint\",\"trials\":2000,\"seed\":1,\"currency\":\"USD\".*\"policy\":\"spot_only\",\"cost\":\\{\"mean\":.*\"checkpoint\":\\{\"every_hours\":1\\.0,\"cost_hours\":0\\.1"
  ARGS simulate ${ref} --trials 2000 --json)
costsim_cli_test("simulate --csv prints a header and one row per candidate" EXIT 0
  OUT_RE "^offer,market,policy,checkpoint_every_hours.*\nref/p3\\.2xlarge,spot,spot_only,1,.*\nref/p3\\.2xlarge,on_demand,on_demand,"
  ARGS simulate ${ref} --trials 500 --csv)
costsim_cli_test("simulate text shows the ranked statistics" EXIT 0
  OUT_RE "cost mean USD.*spot_only.*on_demand +on_demand"
  ARGS simulate ${ref} --trials 500)
add_test(NAME "cli: simulate --json is byte-identical for --threads 1 and 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli>
    "-DARGS_A=simulate|${ref}|--trials|30001|--seed|7|--threads|1|--json"
    "-DARGS_B=simulate|${ref}|--trials|30001|--seed|7|--threads|2|--json"
    -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/same_output.cmake)
costsim_cli_test("simulate refuses zero trials" EXIT 2 ERR_RE "command line: --trials"
  ARGS simulate ${ref} --trials 0)
costsim_cli_test("simulate names a missing scenario file" EXIT 2 ERR_RE "nope\\.json: a readable file"
  ARGS simulate ${COSTSIM_CLI_DATA}/nope.json)
foreach(case
    "negative_rate.json|/candidates/0/interruptions/rate_per_hour: a number from 0"
    "zero_interval.json|/candidates/0/checkpoint/every: a positive interval"
    "checkpoint_too_long.json|/candidates/0/checkpoint/cost: a checkpoint cost shorter than the interval"
    "short_deadline.json|/deadline: a deadline of at least the work"
    "unknown_model.json|/candidates/0/interruptions/model: one of"
    "unknown_policy.json|/candidates/0/policy: one of"
    "bad_delay.json|/candidates/0/restart/delay: a duration.*not negative")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 re)
  costsim_cli_test("bad scenario ${file} names the JSON path" EXIT 2 ERR_RE "${file}: ${re}"
    ARGS simulate ${badsc}/${file} --trials 10)
endforeach()
