# fuzz/replay.cmake — runs fuzz target TARGET once over every seed of NAME and every input
# a fuzzer found (fuzz/regressions/NAME/): each must be read without a crash, a sanitizer
# report or an uncaught exception.
include(${CMAKE_CURRENT_LIST_DIR}/seeds.cmake)
file(GLOB seeds ${seeds_${NAME}})
file(GLOB found ${SOURCE_DIR}/fuzz/regressions/${NAME}/*)
list(LENGTH seeds n_seeds)
if(n_seeds EQUAL 0)
  message(FATAL_ERROR "no seeds for ${NAME}")
endif()
execute_process(COMMAND ${TARGET} -runs=0 ${seeds} ${found} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NAME}: exit ${rc}\n${out}")
endif()
list(LENGTH found n_found)
message(STATUS "${NAME}: ${n_seeds} seeds and ${n_found} found inputs read cleanly")
