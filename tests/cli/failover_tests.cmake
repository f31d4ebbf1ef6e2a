# Failover across zones (issue 27, item 3): `costsim failover` on the bundled studies, and its
# refusals. Included after cli_tests.cmake (which defines costsim_cli_test).
costsim_cli_test("failover replays the six GCP A100 zone traces and simulates them, against single-zone spot and on-demand" EXIT 0
  OUT_RE "costsim failover: GCP A100x8 spot over six zones.*us-central1-a \\(home\\).*replayed on the real traces: 40 windows.*on_demand +us-central1-a.*failover spot_only +6 zones, listed.*failover \\+ fallback +6 zones.*Monte Carlo: 500 trials, seed 1. each zone's own spot lifetimes and outages.*failover \\+ fallback"
  ARGS failover ${PROJECT_SOURCE_DIR}/scenarios/failover_gcp_a100.json --trials 500)
costsim_cli_test("failover replays the nine AWS V100 zone traces of 2023, the us-east-2 prices named as a proxy" EXIT 0
  OUT_RE "us-east-2a +p3\\.2xlarge PROXY.*us-east-2a: the catalog has no p3\\.2xlarge in us-east-2. priced as aws/use1-az1/p3\\.2xlarge, a PROXY.*replayed on the real traces: 100 windows.*failover spot_only +9 zones, recent"
  ARGS failover ${PROJECT_SOURCE_DIR}/scenarios/failover_aws_v100.json --trials 300)
costsim_cli_test("failover refuses traces that are not aligned, naming the zone's trace" EXIT 2
  ERR_RE "misaligned_traces\\.json: /zones/1/trace: a trace aligned with the first zone's \\(770 ticks of 2\\.5m\\), got 1781 ticks of 10m"
  ARGS failover ${PROJECT_SOURCE_DIR}/tests/data/bad_failover/misaligned_traces.json)
costsim_cli_test("failover refuses an unknown offer with near ids" EXIT 2
  ERR_RE "unknown_offer\\.json: /zones/0/offer: an offer id of catalog .*did you mean gcp/us-central1-a/a2-highgpu-"
  ARGS failover ${PROJECT_SOURCE_DIR}/tests/data/bad_failover/unknown_offer.json)
costsim_cli_test("failover refuses a missing study file" EXIT 2
  ERR_RE "nowhere\\.json"
  ARGS failover ${PROJECT_SOURCE_DIR}/tests/data/bad_failover/nowhere.json)
# simulate and replay take a failover study too: each runs its own part of it.
costsim_cli_test("simulate on a failover study runs its Monte Carlo over the zones and names the replay" EXIT 0
  OUT_RE "costsim failover: GCP A100x8 spot over six zones.*Monte Carlo: 300 trials, seed 2.*failover \\+ fallback.*costsim failover [^ ]*failover_gcp_a100\\.json` gives the replay too"
  ARGS simulate ${PROJECT_SOURCE_DIR}/scenarios/failover_gcp_a100.json --trials 300 --seed 2)
costsim_cli_test("replay on a failover study replays its zones' aligned traces and names the Monte Carlo" EXIT 0
  OUT_RE "replayed on the real traces: 7 windows.*failover spot_only +6 zones.*gives the Monte Carlo too"
  ARGS replay ${PROJECT_SOURCE_DIR}/scenarios/failover_gcp_a100.json --starts 7)
costsim_cli_test("replay refuses --trace beside a failover study" EXIT 2
  ERR_RE "command line: --trace: no --trace for a failover study"
  ARGS replay ${PROJECT_SOURCE_DIR}/scenarios/failover_gcp_a100.json --trace ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/us-west1-b_a100_40gb_8.json)
costsim_cli_test("simulate refuses --csv for a failover study" EXIT 2
  ERR_RE "command line: --csv: no --csv for a failover study"
  ARGS simulate ${PROJECT_SOURCE_DIR}/scenarios/failover_gcp_a100.json --csv)
costsim_cli_test("replay of a scenario without --trace names the flag" EXIT 2
  ERR_RE "command line: --trace: a spot trace to replay the scenario on"
  ARGS replay ${PROJECT_SOURCE_DIR}/scenarios/finetune_7b_2026.json)
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME "cli: failover studies: on-demand in closed form, every strategy, failover meets the deadline at least as often, bad studies one line"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/failover_study.py $<TARGET_FILE:costsim_cli>
                   ${PROJECT_SOURCE_DIR})
endif()
