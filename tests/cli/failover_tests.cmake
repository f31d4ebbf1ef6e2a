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
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME "cli: failover studies: on-demand in closed form, every strategy, failover meets the deadline at least as often, bad studies one line"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/failover_study.py $<TARGET_FILE:costsim_cli>
                   ${PROJECT_SOURCE_DIR})
endif()
