# bench_adapter/tests/kill_resume.cmake — a training run killed with SIGKILL (once after a
# step, once while writing a checkpoint, before its rename) and resumed twice ends with
# bit-identical parameters to an uninterrupted run (CPU, fixed threads). The digest is
# shown to be sensitive: another seed gives other parameters.
#   -DBENCH= -DCHECK= -DWORK= -DARGS=a|b|c -DEVERY=5 -DKILL_AT=13 -DKILL_IN=20 -DOTHER_BATCH=n
string(REPLACE "|" ";" args "${ARGS}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(ck --checkpoint "${WORK}/run.ckpt" --checkpoint-every ${EVERY})

function(run expect)
  execute_process(COMMAND ${BENCH} ${args} ${ARGN} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(expect STREQUAL "killed")
    if(rc EQUAL 0 OR rc EQUAL 1 OR rc EQUAL 2)
      message(FATAL_ERROR "expected the run to be killed, it exited ${rc}: ${err}")
    endif()
  elseif(NOT "${rc}" STREQUAL "${expect}")
    message(FATAL_ERROR "exit ${rc}, expected ${expect}: ${err}")
  endif()
  set(last_err "${err}" PARENT_SCOPE)
endfunction()

function(check)
  execute_process(COMMAND ${CHECK} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${err}")
  endif()
endfunction()

run(0 -o "${WORK}/uninterrupted.json")
run(killed ${ck} --kill-at-step ${KILL_AT})
if(NOT EXISTS "${WORK}/run.ckpt")
  message(FATAL_ERROR "no checkpoint after the first kill")
endif()
run(killed ${ck} --resume --kill-in-checkpoint ${KILL_IN})
run(0 ${ck} --resume -o "${WORK}/resumed.json")
check("${WORK}/resumed.json" --resumed --checkpoint --digest-equals "${WORK}/uninterrupted.json")
run(0 --seed 99 -o "${WORK}/other_seed.json")
check("${WORK}/other_seed.json" --digest-differs "${WORK}/uninterrupted.json")
# A checkpoint of another shape is refused, not silently loaded.
list(FIND args --batch i)
math(EXPR i "${i} + 1")
list(REMOVE_AT args ${i})
list(INSERT args ${i} ${OTHER_BATCH})
run(2 ${ck} --resume)
if(NOT last_err MATCHES "run\\.ckpt: a checkpoint of this run's workload and flags")
  message(FATAL_ERROR "unexpected message: ${last_err}")
endif()
