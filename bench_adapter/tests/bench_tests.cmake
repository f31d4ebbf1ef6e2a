# bench_adapter/tests/bench_tests.cmake — costsim-bench's CTest tests: a short CPU run of
# each workload on synthetic data and on a tiny file in each real format (its measurement
# read back by the library), bad input (exit 2, one line, nothing written), kill-and-resume
# bit-identity, and `costsim simulate` fed by a fresh measurement. Tiny shapes through flags
# keep each test to seconds; speed is measured in bench/, not here.
add_executable(costsim_measurement_check ${CMAKE_CURRENT_LIST_DIR}/measurement_check.cpp)
target_link_libraries(costsim_measurement_check PRIVATE costsim::costsim costsim_warnings)

set(bench_data ${CMAKE_CURRENT_LIST_DIR}/data)
set(bench_work ${CMAKE_CURRENT_BINARY_DIR}/bench-tests)
file(MAKE_DIRECTORY ${bench_work})
set(bilstm_tiny bilstm-sentiment --device cpu --threads 1 --vocab 500 --embed 16 --hidden 8 --seq 12 --warmup 1 --steps 4)
set(distil_tiny distilbert-inference --device cpu --threads 1 --layers 2 --hidden 32 --heads 4 --ffn 64 --vocab 2000
    --seq 16 --warmup 1 --steps 3)
set(resnet_tiny resnet-cifar --device cpu --threads 1 --arch resnet20 --width 4 --warmup 1 --steps 2)

# One thread: on a loaded machine LibTorch's OpenMP pool can spin 100x slower with more, and
# one thread is as fixed a count as any for the bit-identity tests.
# bench_case(NAME EXIT [NO_OUT] [ERR_RE re] [CHECK expectations...] ARGS ...)
function(bench_case name)
  cmake_parse_arguments(T "NO_OUT" "EXIT;ERR_RE" "CHECK;ARGS" ${ARGN})
  string(MAKE_C_IDENTIFIER "${name}" id)
  string(REPLACE ";" "|" args "${T_ARGS}")
  string(REPLACE ";" "|" checks "${T_CHECK}")
  set(defs -DBENCH=$<TARGET_FILE:costsim_bench> "-DARGS=${args}" -DEXIT=${T_EXIT}
           -DCHECK=$<TARGET_FILE:costsim_measurement_check> "-DCHECK_ARGS=${checks}")
  if(NOT T_NO_OUT)
    list(APPEND defs -DOUT=${bench_work}/${id}.json)
  endif()
  if(DEFINED T_ERR_RE)
    list(APPEND defs "-DERR_RE=${T_ERR_RE}")
  endif()
  add_test(NAME "bench: ${name}" COMMAND ${CMAKE_COMMAND} ${defs} -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/run_case.cmake)
endfunction()

# --- each workload, synthetic data ---------------------------------------------------------
bench_case("bilstm-sentiment trains on synthetic data and reports held-out loss and accuracy" EXIT 0
  CHECK --count 1 --workload bilstm-sentiment --format synthetic-sentiment --quality
  ARGS ${bilstm_tiny} --samples 300)
bench_case("bilstm-sentiment learns: held-out accuracy over 75 % after 3 epochs of a learnable synthetic set" EXIT 0
  CHECK --min-accuracy 0.75
  ARGS bilstm-sentiment --device cpu --threads 1 --vocab 300 --embed 16 --hidden 16 --seq 16 --samples 1600
       --epochs 3 --lr 0.01 --warmup 1)
bench_case("distilbert-inference sweeps batch sizes: one measurement each" EXIT 0
  CHECK --count 2 --workload distilbert-inference --format synthetic-text
  ARGS ${distil_tiny} --batch 2,3 --samples 20)
bench_case("resnet-cifar runs the batch x learning-rate grid: one measurement each" EXIT 0
  CHECK --count 4 --workload resnet-cifar --format synthetic-cifar10 --quality
  ARGS ${resnet_tiny} --batch 8,16 --lr 0.01,0.1 --samples 64)

# --- the real formats, tiny files ----------------------------------------------------------
bench_case("bilstm-sentiment reads the two-column label,text CSV (header, quotes)" EXIT 0
  CHECK --format csv --quality ARGS ${bilstm_tiny} --batch 4 --heldout 0.25 --data ${bench_data}/tweets.csv)
bench_case("bilstm-sentiment reads Sentiment140's six columns (0/4 labels, neutral skipped)" EXIT 0
  CHECK --format sentiment140 ARGS ${bilstm_tiny} --batch 2 --heldout 0.2 --data ${bench_data}/sentiment140.csv)
bench_case("bilstm-sentiment reads the four-column ItemID,Sentiment,SentimentSource,SentimentText corpus" EXIT 0
  CHECK --format thinknook ARGS ${bilstm_tiny} --batch 2 --heldout 0.2 --data ${bench_data}/thinknook.csv)
bench_case("distilbert-inference reads text lines" EXIT 0
  CHECK --count 1 --format lines ARGS ${distil_tiny} --batch 2 --data ${bench_data}/texts.txt)
bench_case("distilbert-inference reads JSONL" EXIT 0
  CHECK --count 1 --format jsonl ARGS ${distil_tiny} --batch 2 --data ${bench_data}/texts.jsonl)
bench_case("resnet-cifar reads a CIFAR-10 binary batch" EXIT 0
  CHECK --count 1 --format cifar10-binary --quality
  ARGS ${resnet_tiny} --batch 4 --lr 0.1 --heldout 0.2 --data ${bench_data}/cifar10_tiny.bin)

# --- bad input: exit 2, one line naming the file or flag, nothing written ----------------
bench_case("a bad CSV label names the file and line" EXIT 2 ERR_RE "bad_label\\.csv: line 3: a label 0 or 1, got 7"
  ARGS ${bilstm_tiny} --data ${bench_data}/bad_label.csv)
bench_case("a JSONL line without the text field names the file, line and field" EXIT 2
  ERR_RE "bad\\.jsonl: line 2 /text: a string" ARGS ${distil_tiny} --batch 2 --data ${bench_data}/bad.jsonl)
bench_case("a truncated CIFAR-10 batch is refused with the record size" EXIT 2
  ERR_RE "cifar10_truncated\\.bin: a CIFAR-10 binary batch: records of 3073 bytes.*got 1001 bytes"
  ARGS ${resnet_tiny} --batch 4 --lr 0.1 --data ${bench_data}/cifar10_truncated.bin)
bench_case("a missing data file is named" EXIT 2 ERR_RE "no_such\\.csv: a readable file"
  ARGS ${bilstm_tiny} --data ${bench_data}/no_such.csv)
bench_case("an unknown device is refused" EXIT 2 ERR_RE "command line: --device: cpu, cuda or auto, got \"tpu\""
  ARGS bilstm-sentiment --device tpu)
if(NOT TORCH_CUDA_LIBRARIES)
  bench_case("--device cuda without CUDA is refused" EXIT 2 ERR_RE "--device: a device this machine has"
    ARGS bilstm-sentiment --device cuda)
endif()
bench_case("--checkpoint-every needs --checkpoint" EXIT 2 ERR_RE "--checkpoint: a file to write and resume from"
  ARGS ${bilstm_tiny} --checkpoint-every 2)
bench_case("heads must divide the hidden size" EXIT 2 ERR_RE "--heads: a divisor of --hidden 32, got 5"
  ARGS distilbert-inference --hidden 32 --heads 5)
bench_case("inference has nothing to checkpoint: no checkpoint flags" EXIT 2
  ERR_RE "command line: The following arguments were not expected" ARGS ${distil_tiny} --checkpoint x --checkpoint-every 2)
bench_case("an unknown flag is a one-line usage error" EXIT 2 ERR_RE "command line: .*--frobnicate"
  ARGS ${bilstm_tiny} --frobnicate)
bench_case("an output in a missing folder is refused before anything is run" EXIT 2 NO_OUT
  ERR_RE "command line: --output: a file in an existing folder" ARGS ${bilstm_tiny} --samples 300 -o ${bench_work}/no_such_dir/out.json)

# --- checkpoint and resume: SIGKILL at a step and inside a checkpoint write ----------------
add_test(NAME "bench: bilstm-sentiment killed twice with SIGKILL and resumed ends bit-identical to an uninterrupted run"
         COMMAND ${CMAKE_COMMAND} -DBENCH=$<TARGET_FILE:costsim_bench> -DCHECK=$<TARGET_FILE:costsim_measurement_check>
                 -DWORK=${bench_work}/kill-bilstm -DEVERY=5 -DKILL_AT=13 -DKILL_IN=20 -DOTHER_BATCH=16
                 "-DARGS=bilstm-sentiment|--device|cpu|--threads|1|--vocab|500|--embed|16|--hidden|8|--seq|12|--samples|600|--batch|32|--warmup|1|--steps|30"
                 -P ${CMAKE_CURRENT_LIST_DIR}/kill_resume.cmake)
add_test(NAME "bench: resnet-cifar (BatchNorm, SGD momentum) killed twice and resumed ends bit-identical"
         COMMAND ${CMAKE_COMMAND} -DBENCH=$<TARGET_FILE:costsim_bench> -DCHECK=$<TARGET_FILE:costsim_measurement_check>
                 -DWORK=${bench_work}/kill-resnet -DEVERY=3 -DKILL_AT=4 -DKILL_IN=9 -DOTHER_BATCH=4
                 "-DARGS=resnet-cifar|--device|cpu|--threads|1|--arch|resnet20|--width|4|--samples|120|--batch|8|--lr|0.1|--warmup|1|--steps|11"
                 -P ${CMAKE_CURRENT_LIST_DIR}/kill_resume.cmake)

# --- the simulator reads what the runner writes -------------------------------------------
if(TARGET costsim_cli)
  add_test(NAME "bench: costsim simulate fed by a fresh bilstm-sentiment measurement runs samples x epochs at its samples/s"
           COMMAND ${CMAKE_COMMAND} -DBENCH=$<TARGET_FILE:costsim_bench> -DCOSTSIM=$<TARGET_FILE:costsim_cli>
                   -DCHECK=$<TARGET_FILE:costsim_measurement_check> -DWORK=${bench_work}/simulate
                   "-DARGS=bilstm-sentiment|--device|cpu|--threads|1|--vocab|500|--embed|16|--hidden|8|--seq|12|--samples|300|--warmup|1|--steps|4"
                   -P ${CMAKE_CURRENT_LIST_DIR}/simulate_measured.cmake)
endif()

# --- costsim validate: the prediction against real killed-and-resumed runs ------------------
if(TARGET costsim_cli)
  add_test(NAME "bench: costsim validate kills and resumes the real runner, bills every session and compares"
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> -DEXIT=0
                   "-DARGS=validate|${bench_data}/validate_tiny.json|--runs|2|--trials|2000|--json|--bench|$<TARGET_FILE:costsim_bench>"
                   "-DOUT_RE=\"calibration\".*\"step_seconds\".*\"calibration_bursts\".*\"factor_sigma_log\": [0-9].*\"model_error_given_measured_speed\": {[^}]*\"makespan\": -?[0-9].*\"exit\": \"(killed|stopped_on_notice)\".*\"exit\": \"completed\".*\"speed\": {[^}]*\"step_seconds\": [0-9].*\"makespan_inside_p05_p95\""
                   -P ${PROJECT_SOURCE_DIR}/tests/cli/check.cmake)
  # At least three calibration bursts even when --burst-every leaves room for two; each run's
  # measured times and the model error given them, in text.
  add_test(NAME "bench: costsim validate calibrates in three bursts at least and prints the model error given each run's speed"
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> -DEXIT=0
                   "-DARGS=validate|${bench_data}/validate_tiny.json|--runs|1|--burst-every|5|--trials|2000|--bench|$<TARGET_FILE:costsim_bench>"
                   "-DOUT_RE=calibration \\(3 uninterrupted bursts of 81 steps.*speed spread: the bursts' step times differ by up to [0-9]+ % \\(sd [0-9.]+ % in log\\).*lognormal per-run speed factor of sd [0-9.]+ %.*\\(the Student-t interval of a next run, given 3 bursts\\).*step s +P10-P90 +speed +start-up.*error given each run's measured speed: makespan [-+][0-9.]+ %, cost [-+][0-9.]+ %.*error given each run's measured speed"
                   -P ${PROJECT_SOURCE_DIR}/tests/cli/check.cmake)
  # A machine whose later bursts run slower (a stand-in that widens the model for them):
  # validate names the change and says which error to trust. Two runs a candidate make five
  # bursts, so the spread they give the prediction stays one the tiny job can finish under.
  add_test(NAME "bench: costsim validate warns when the machine's speed changes between calibration bursts"
           COMMAND ${CMAKE_COMMAND} -E env COSTSIM_REAL_BENCH=$<TARGET_FILE:costsim_bench>
                   ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> -DEXIT=0
                   "-DARGS=validate|${bench_data}/validate_tiny.json|--runs|2|--trials|500|--bench|${bench_data}/slows_down.sh"
                   "-DOUT_RE=warning: the machine's speed changed by [0-9]+ % during validation \\(burst steps [0-9.]+ to [0-9.]+ s\\);.*the model error below is the figure to trust"
                   -P ${PROJECT_SOURCE_DIR}/tests/cli/check.cmake)
  add_test(NAME "bench: costsim validate refuses a runner that fails its calibration, naming /validate/bench"
           COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> -DEXIT=2
                   "-DARGS=validate|${bench_data}/validate_bad_flag.json|--runs|1|--bench|$<TARGET_FILE:costsim_bench>"
                   "-DERR_RE=validate_bad_flag\\.json: /validate/bench: flags costsim-bench runs with"
                   -P ${PROJECT_SOURCE_DIR}/tests/cli/check.cmake)
endif()

# -o is atomic: killed (SIGXFSZ from `ulimit -f 1`) while writing its measurement file, the
# runner leaves the previous file whole and nothing beside it (tests/cli/atomic_write.cmake).
string(REPLACE ";" "|" bilstm_tiny_args "${bilstm_tiny}")
add_test(NAME "bench: -o killed mid-write leaves the previous measurement file whole and nothing beside it"
         COMMAND ${CMAKE_COMMAND}
                 "-DCMD=$<TARGET_FILE:costsim_bench>|${bilstm_tiny_args}|-o|${bench_work}/atomic/out.json"
                 -DOUT=${bench_work}/atomic/out.json -DLIMIT_KB=1 "-DMARK=^{.*\"schema\": *\"costsim.measurement/v1\".*}\n?$"
                 -P ${PROJECT_SOURCE_DIR}/tests/cli/atomic_write.cmake)
