# bench_adapter/tests/simulate_measured.cmake — `costsim simulate` fed by a fresh
# measurement: costsim-bench measures, a scenario names the file as its workload
# ({"measurements", "samples", "epochs"}), and the on-demand run takes exactly
# samples × epochs / the measured samples/s.
#   -DBENCH= -DCOSTSIM= -DCHECK= -DWORK= -DARGS=a|b|c
string(REPLACE "|" ";" args "${ARGS}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND ${BENCH} ${args} -o "${WORK}/bench.json" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "costsim-bench: ${err}")
endif()
file(WRITE "${WORK}/scenario.json" [=[
{"schema": "costsim.scenario/v1", "name": "measured-bilstm", "currency": "USD",
 "offers": [{"id": "local/cpu", "provider": "local",
             "markets": {"on_demand": {"price": {"amount": "0.40", "per": "hour"}},
                         "spot": {"price": {"amount": "0.12", "per": "hour"}}},
             "billing": {"increment": "1s"}}],
 "workload": {"measurements": "bench.json", "samples": 1420765, "epochs": 4},
 "candidates": [
   {"offer": "local/cpu", "market": "on_demand", "policy": "on_demand"},
   {"offer": "local/cpu", "market": "spot", "policy": "spot_only",
    "checkpoint": {"every": "young", "cost": "30s"},
    "interruptions": {"model": "poisson", "rate_per_hour": 0.05},
    "restart": {"delay": "5m"}}]}
]=])
execute_process(COMMAND ${COSTSIM} simulate "${WORK}/scenario.json" --trials 500 --json
                RESULT_VARIABLE rc OUTPUT_FILE "${WORK}/sim.json" ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "costsim simulate: ${err}")
endif()
execute_process(COMMAND ${CHECK} --simulation "${WORK}/sim.json" --measurement "${WORK}/bench.json"
                        --samples 1420765 --epochs 4 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${err}")
endif()
