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

# --- bad input: exit 2, one line naming file, JSON path and what was expected ---------------
costsim_cli_test("unknown offer is named with the catalog file" EXIT 2
  ERR_RE "spec_catalog\\.json: /offers: an offer id of catalog \"example\" .\"nope\" is none; did you mean "
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
costsim_cli_test("missing exchange rate is named" EXIT 2
  ERR_RE "/exchange_rates: no exchange rate from USD to GBP in catalog .example.\n$"
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
if(COSTSIM_HAVE_MPI)
  find_program(COSTSIM_MPIEXEC NAMES mpirun mpiexec REQUIRED)
  # CI runs as root, which OpenMPI refuses without --allow-run-as-root; 2 ranks on 2 cores
  # need --oversubscribe. 30001 trials do not split evenly: the shares differ by one.
  add_test(NAME "cli: simulate --mpi on 2 ranks prints the same --json as one process"
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> -DEXE_B=${COSTSIM_MPIEXEC}
      "-DARGS_A=simulate|${ref}|--trials|30001|--seed|7|--json"
      "-DARGS_B=--allow-run-as-root|--oversubscribe|-np|2|$<TARGET_FILE:costsim_cli>|simulate|${ref}|--trials|30001|--seed|7|--threads|1|--json|--mpi"
      -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/same_output.cmake)
  add_test(NAME "cli: simulate --mpi with --target-rel-ci stops where one process stops"
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> -DEXE_B=${COSTSIM_MPIEXEC}
      "-DARGS_A=simulate|${ref}|--target-rel-ci|0.002|--json"
      "-DARGS_B=--allow-run-as-root|--oversubscribe|-np|2|$<TARGET_FILE:costsim_cli>|simulate|${ref}|--target-rel-ci|0.002|--threads|1|--json|--mpi"
      -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/same_output.cmake)
  set_tests_properties("cli: simulate --mpi on 2 ranks prints the same --json as one process"
                       "cli: simulate --mpi with --target-rel-ci stops where one process stops"
                       PROPERTIES RUN_SERIAL ON)
else()
  costsim_cli_test("simulate --mpi says when costsim was built without MPI" EXIT 2 ERR_RE "--mpi: this costsim was built without MPI"
    ARGS simulate ${ref} --trials 10 --mpi)
endif()
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
    "bad_delay.json|/candidates/0/restart/delay: a duration.*not negative"
    "bad_plan_market.json|/plan/markets/0: one of .on_demand., .spot., .monthly., got .reserved.")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 file)
  list(GET parts 1 re)
  costsim_cli_test("bad scenario ${file} names the JSON path" EXIT 2 ERR_RE "${file}: ${re}"
    ARGS simulate ${badsc}/${file} --trials 10)
endforeach()

# --- plan, breakeven, report, demo ----------------------------------------------------------
set(gpu2018 ${PROJECT_SOURCE_DIR}/pricing_data/gpu_platforms_2018.json)
costsim_cli_test("demo plans the bundled BiLSTM study and recommends one candidate" EXIT 0
  OUT_RE "costsim plan: bilstm-sentiment-2018.*# +offer +market +risk.*Recommendation: .*costsim plan .*bilstm_sentiment_demo\\.json --report report\\.html"
  ARGS demo --trials 500)
costsim_cli_test("costsim with no arguments runs the demo" EXIT 0 OUT_RE "Recommendation: " ARGS "")
costsim_cli_test("plan --json ranks candidates, names the recommendation and plans every 2018 provider, Softlayer too" EXIT 0
  OUT_RE "\"candidates\":..\"offer\".*\"rank\":1,.*\"pareto\":.*\"offer\":\"ibm/softlayer-baremetal/k80\".*\"excluded\":\\[\\].*\"recommended\":1"
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/bilstm_sentiment_demo.json --trials 300 --json)
costsim_cli_test("plan --deadline overrides the scenario's deadline" EXIT 0 OUT_RE "\"deadline_hours\":3\\.0"
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/bilstm_sentiment_demo.json --trials 200 --deadline 3h --json)
costsim_cli_test("plan resolves a Young interval per offer and names the plan's checkpoint cost when it is 0" EXIT 2
  ERR_RE "plan_young_without_cost\\.json: /plan/checkpoint/cost: a positive checkpoint cost"
  ARGS plan ${badsc}/plan_young_without_cost.json --trials 10)
costsim_cli_test("plan refuses a bad --deadline" EXIT 2 ERR_RE "command line: --deadline: a duration"
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/bilstm_sentiment_demo.json --deadline 3x)
costsim_cli_test("breakeven gives the dedicated server's break-even hours per month" EXIT 0
  OUT_RE "cheaper above 147\\.77 h of use per month \\(20\\.2 % of a 730 h month\\)"
  ARGS breakeven --catalog ${gpu2018} --monthly hetzner/dedicated/ex51-ssd-gpu --hourly aws/us-east-1/p2.xlarge)
costsim_cli_test("breakeven --json gives the GPU/CPU throughput ratio exactly" EXIT 0
  OUT_RE "\"throughput_ratio\":\"0\\.097527\",\"throughput_ratio_fraction\":\"71/728\""
  ARGS breakeven --catalog ${PROJECT_SOURCE_DIR}/pricing_data/gpu_vs_cpu_inference.json --gpu databricks/aws/g4dn.xlarge
       --cpu databricks/aws/c5.12xlarge --json)
costsim_cli_test("breakeven refuses an offer without a monthly market" EXIT 2 ERR_RE "/offers: offer \"aws/us-east-1/p2\\.xlarge\" has no monthly market"
  ARGS breakeven --catalog ${gpu2018} --monthly aws/us-east-1/p2.xlarge --hourly aws/us-east-1/p2.xlarge)
costsim_cli_test("report refuses a JSON that is not a result" EXIT 2 ERR_RE "spec_catalog\\.json: /candidates: a costsim simulate or plan"
  ARGS report ${spec} -o ${CMAKE_CURRENT_BINARY_DIR}/never.html)
costsim_cli_test("quote --csv prints the lines and the total" EXIT 0
  OUT_RE "^offer,market,item,month,billed_seconds,exact,amount,currency\naws/us-east-1/p3\\.2xlarge,on_demand,p3\\.2xlarge on_demand,,60,0\\.051,0\\.05,USD\naws/us-east-1/p3\\.2xlarge,on_demand,total,,60,0\\.051,0\\.05,USD\n$"
  ARGS quote --catalog ${spec} --offer aws/us-east-1/p3.2xlarge --market on_demand --duration 30s --csv)

# --- issue 6: real spot data: replay, trace-stats, import --------------------------------
# The paper's traces, bundled (pricing_data/spot-traces/README.md): the tests that read them always run.
set(cbl_traces ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/cbl-eval-2022-10)
set(cbl_example ${PROJECT_SOURCE_DIR}/examples/cant_be_late/scenario.json)
set(small_trace ${COSTSIM_CLI_DATA}/traces/small.json)
set(badreal ${COSTSIM_CLI_DATA}/bad_real)
costsim_cli_test("trace-stats prints availability, lifetimes, outages and the Poisson rate" EXIT 0
  OUT_RE "75\\.0 % of the ticks; 2 preemptions.*Poisson rate.*1\\.3333 per hour.*spot lifetimes \\(available\\) +3 +2 +0\\.50.*outages \\(unavailable\\) +2"
  ARGS trace-stats ${small_trace})
costsim_cli_test("trace-stats --json" EXIT 0 OUT_RE "^\\{\"ticks\":12,\"gap_seconds\":600\\.0.*\"availability\":0\\.75"
  ARGS trace-stats ${small_trace} --json)
costsim_cli_test("simulate runs greedy, uniform_progress and trace_fit candidates" EXIT 0
  OUT_RE "\"policy\":\"greedy\".*\"deadline_met\":1\\.0.*\"policy\":\"uniform_progress\".*\"deadline_met\":1\\.0"
  ARGS simulate ${COSTSIM_CLI_DATA}/traces/greedy_mc_scenario.json --trials 500 --json)
add_test(NAME "cli: simulate of greedy/uniform_progress is byte-identical for --threads 1 and 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli>
    "-DARGS_A=simulate|${COSTSIM_CLI_DATA}/traces/greedy_mc_scenario.json|--trials|3001|--threads|1|--json"
    "-DARGS_B=simulate|${COSTSIM_CLI_DATA}/traces/greedy_mc_scenario.json|--trials|3001|--threads|2|--json"
    -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/same_output.cmake)
costsim_cli_test("replay --starts runs every candidate on the trace" EXIT 0
  OUT_RE "costsim replay: cant-be-late-p3\\.2xlarge on trace long — 3 replays.*on_demand +on_demand +147\\.90.*greedy.* 100\\.0 %"
  ARGS replay ${cbl_example} --trace ${COSTSIM_CLI_DATA}/traces/long.json --starts 3 --deadline 52h)
costsim_cli_test("replay refuses a trace shorter than the deadline" EXIT 2
  ERR_RE "small\\.json: /data: a trace at least as long as the job's horizon"
  ARGS replay ${cbl_example} --trace ${small_trace} --starts 3)
costsim_cli_test("replay on the paper's windows: greedy and uniform progress meet every deadline" EXIT 0
  OUT_RE "300 replays.*on_demand +147\\.90.*spot_only +50\\.65.*36\n.*greedy +120\\.59 .* 100\\.0 % +0\n.*uniform_progress +107\\.31 .* 100\\.0 % +0"
  ARGS replay ${cbl_example} --trace ${cbl_traces}/us-west-2a_v100_1.json --windows ${cbl_traces}/random_windows.json)
costsim_cli_test("replay --json has simulate's statistics plus spot work, deadline met, outlasted" EXIT 0
  OUT_RE "\"replays\":300.*\"policy\":\"greedy\",\"cost\":\\{\"mean\":.*\"spot_work_fraction\":.*\"deadline_met\":1\\.0,\"finished\":300,\"outlasted\":0"
  ARGS replay ${cbl_example} --trace ${cbl_traces}/us-west-2a_v100_1.json --windows ${cbl_traces}/random_windows.json --json)
costsim_cli_test("replay --windows without the trace's name is refused" EXIT 2
  ERR_RE "small_windows\\.json: /windows: windows for trace \"us-west"
  ARGS replay ${cbl_example} --trace ${cbl_traces}/us-west-2a_v100_1.json --windows ${COSTSIM_CLI_DATA}/traces/small_windows.json)
costsim_cli_test("replay refuses a bad --deadline" EXIT 2 ERR_RE "--deadline: a deadline of at least the work"
  ARGS replay ${cbl_example} --trace ${small_trace} --deadline 1h)
costsim_cli_test("import skypilot prints a catalog" EXIT 0
  OUT_RE "\"schema\": \"costsim.catalog/v1\".*\"id\": \"aws/us-west-2a/p3.2xlarge\""
  ARGS import skypilot ${COSTSIM_CLI_DATA}/real_formats/skypilot_vms.csv --as-of 2024-01-01)
add_test(NAME "cli: import skypilot > catalog.json, then quote from it (round trip)"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> -DCSV=${COSTSIM_CLI_DATA}/real_formats/skypilot_vms.csv
    -DOUT=${CMAKE_CURRENT_BINARY_DIR}/skypilot_catalog.json -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/import_roundtrip.cmake)
costsim_cli_test("import aws-price-history prints spot price histories" EXIT 0
  OUT_RE "\"id\": \"aws/us-east-1a/p3.2xlarge\".*\"price_history\""
  ARGS import aws-price-history ${COSTSIM_CLI_DATA}/real_formats/price_history.json)
costsim_cli_test("import aws-spot-advisor prints each entry's interruption model" EXIT 0
  OUT_RE "\"interrupted_per_month\": \"15-20%\".*\"model\": \"advisor\""
  ARGS import aws-spot-advisor ${COSTSIM_CLI_DATA}/real_formats/spot_advisor.json --region us-east-1 --os Linux --instance p3.2xlarge)
foreach(case
    "trace-stats|trace_truncated.json|valid JSON"
    "trace-stats|trace_negative_gap.json|/metadata/gap_seconds: a positive number"
    "trace-stats|trace_gap_string.json|/metadata/gap_seconds: a positive number of seconds, got a string"
    "trace-stats|trace_string_tick.json|/data/1: a non-negative integer"
    "trace-stats|trace_empty.json|/data: a non-empty array"
    "aws-price-history|history_truncated.json|valid JSON"
    "aws-price-history|history_number_price.json|/SpotPriceHistory/0/SpotPrice: a price string"
    "aws-price-history|history_negative_price.json|/SpotPriceHistory/0/SpotPrice: a non-negative decimal"
    "aws-price-history|history_bad_time.json|/SpotPriceHistory/0/Timestamp: an ISO 8601"
    "aws-price-history|history_empty.json|/SpotPriceHistory: at least one price record"
    "aws-spot-advisor|advisor_truncated.json|valid JSON"
    "aws-spot-advisor|advisor_string.json|/spot_advisor/us-east-1/Linux/p3.2xlarge/s: an integer"
    "aws-spot-advisor|advisor_negative.json|/spot_advisor/us-east-1/Linux/p3.2xlarge/r: an integer from 0 to 4"
    "aws-spot-advisor|advisor_empty.json|/spot_advisor: at least one"
    "skypilot|skypilot_truncated.csv|line 2: a closing"
    "skypilot|skypilot_negative.csv|line 2/Price: a non-negative decimal"
    "skypilot|skypilot_string_count.csv|line 2/AcceleratorCount: a non-negative number"
    "skypilot|skypilot_empty.csv|line 2: at least one instance row"
    "skypilot|skypilot_missing_column.csv|line 1: a \"AcceleratorName\" column")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 cmd)
  list(GET parts 1 file)
  list(GET parts 2 re)
  if(cmd STREQUAL "trace-stats")
    costsim_cli_test("bad trace ${file} names the JSON path" EXIT 2 ERR_RE "${file}: ${re}" ARGS trace-stats ${badreal}/${file})
    costsim_cli_test("replay of bad trace ${file} names the JSON path" EXIT 2 ERR_RE "${file}: ${re}"
      ARGS replay ${cbl_example} --trace ${badreal}/${file})
  else()
    costsim_cli_test("import ${cmd} of ${file} names the path" EXIT 2 ERR_RE "${file}: ${re}"
      ARGS import ${cmd} ${badreal}/${file} --as-of 2024-01-01)
  endif()
endforeach()
costsim_cli_test("replay of a bad windows file names the JSON path" EXIT 2
  ERR_RE "windows_backwards\\.json: /windows/small/1/1: an end tick after the start"
  ARGS replay ${cbl_example} --trace ${small_trace} --windows ${badreal}/windows_backwards.json)

# --- costsim validate's bad input (the real runs are tested with costsim-bench, in bench_adapter/)
costsim_cli_test("validate refuses a runner flag it sets itself, naming its JSON path" EXIT 2
  ERR_RE "validate_owned_flag\\.json: /validate/bench/1: a costsim-bench flag that validate does not set itself"
  ARGS validate ${COSTSIM_CLI_DATA}/bad_scenarios/validate_owned_flag.json --runs 1)
costsim_cli_test("validate names --bench when the runner is not there" EXIT 2
  ERR_RE "--bench: an executable costsim-bench"
  ARGS validate ${CMAKE_SOURCE_DIR}/scenarios/validate_bilstm.json --bench /nonexistent/costsim-bench)
costsim_cli_test("validate refuses a runner that prints no progress lines, naming /validate/bench" EXIT 2
  ERR_RE "validate_bilstm\\.json: /validate/bench: a runner whose progress lines time its steps \\(calibration burst 1: the calibration run did not complete two steps \\(completed, 0 step progress lines\\)\\)"
  ARGS validate ${CMAKE_SOURCE_DIR}/scenarios/validate_bilstm.json --bench /bin/true)
costsim_cli_test("validate refuses a runner that prints too few progress lines to time" EXIT 2
  ERR_RE "validate_bilstm\\.json: /validate/bench: .*did not complete two steps \\(completed, 1 step progress lines\\)"
  ARGS validate ${CMAKE_SOURCE_DIR}/scenarios/validate_bilstm.json --bench ${COSTSIM_CLI_DATA}/runners/few_progress_lines.sh)
costsim_cli_test("validate refuses a runner that exits 0 before the calibration's last step" EXIT 2
  ERR_RE "validate_bilstm\\.json: /validate/bench: .*exited 0 after step 3 of 150"
  ARGS validate ${CMAKE_SOURCE_DIR}/scenarios/validate_bilstm.json --bench ${COSTSIM_CLI_DATA}/runners/stops_early.sh)

# --- help names the program ------------------------------------------------------------------
costsim_cli_test("--help shows the program's name in its usage line" EXIT 0
  OUT_RE "Usage: costsim \\[OPTIONS\\] \\[SUBCOMMAND\\]"
  ARGS --help)
costsim_cli_test("a subcommand's --help shows the program and the subcommand" EXIT 0
  OUT_RE "Usage: costsim quote \\[OPTIONS\\]"
  ARGS quote --help)
