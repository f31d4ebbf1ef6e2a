# Renders a costsim report in headless Chromium and checks that every chart drew:
#   cmake -DCOSTSIM=... -DCHROMIUM=... -DSCENARIO=... -DWORK=dir -P check_report.cmake
# The page sets data-charts-expected / data-charts-rendered (charts whose SVG has marks)
# and data-errors (script errors and console.error calls) on <body>.
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${COSTSIM} simulate ${SCENARIO} --trials 3000 --json OUTPUT_FILE ${WORK}/result.json
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "simulate failed: ${err}")
endif()
execute_process(COMMAND ${COSTSIM} report ${WORK}/result.json -o ${WORK}/report.html RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "report failed: ${err}")
endif()
execute_process(
  COMMAND ${CHROMIUM} --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
          --disable-background-networking --disable-component-update --disable-sync
          --user-data-dir=${WORK}/profile --enable-logging=stderr --v=0 --virtual-time-budget=20000
          --dump-dom file://${WORK}/report.html
  OUTPUT_VARIABLE dom ERROR_VARIABLE log RESULT_VARIABLE rc TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "chromium failed (${rc}): ${log}")
endif()
string(REGEX MATCH "data-charts-expected=\"([0-9]+)\"" _ "${dom}")
set(expected "${CMAKE_MATCH_1}")
string(REGEX MATCH "data-charts-rendered=\"([0-9]+)\"" _ "${dom}")
set(rendered "${CMAKE_MATCH_1}")
string(REGEX MATCH "data-errors=\"([0-9]+)\"" _ "${dom}")
set(errors "${CMAKE_MATCH_1}")
string(REGEX MATCH "INFO:CONSOLE[^\n]*" console "${log}")
if(expected STREQUAL "" OR NOT expected GREATER 2)
  message(FATAL_ERROR "the page did not say how many charts it has\n${console}")
endif()
if(NOT rendered STREQUAL expected)
  message(FATAL_ERROR "${rendered} of ${expected} charts drew\n${console}")
endif()
if(NOT errors STREQUAL "0" OR NOT console STREQUAL "")
  message(FATAL_ERROR "console errors: ${errors}\n${console}")
endif()
message(STATUS "${rendered} of ${expected} charts drew, no console errors")
