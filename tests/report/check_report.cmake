# Renders one of the bundled reports in headless Chromium, at 1024 and 1400 px wide, and
# fails unless every chart drew the marks its spec expects, nothing overflows the viewport,
# and neither the page nor the console reported an error:
#   cmake -DCOSTSIM=... -DCHROMIUM=... -DSOURCE=repo -DKIND=demo|finetune|replay -DWORK=dir
#         [-DBREAK=ON] -P check_report.cmake
# The page (opened with #check) sets on <body>: data-charts-expected / data-charts-rendered
# (charts whose Vega view has the marks its usermeta.expect names), data-chart-problems,
# data-errors (script errors and console.error calls), data-overflow and data-done.
# BREAK=ON renames a field in the first chart's spec (a typo a developer could make) and
# passes only if the check catches it: the proof that this test can fail.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(cbl ${SOURCE}/pricing_data/spot-traces/cbl-eval-2022-10)
if(KIND STREQUAL "demo")
  # plan --report itself, which must say where it wrote.
  execute_process(COMMAND ${COSTSIM} plan ${SOURCE}/scenarios/bilstm_sentiment_demo.json --trials 4000
                          --report ${WORK}/report.html
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err MATCHES "wrote the report to ${WORK}/report.html")
    message(FATAL_ERROR "plan --report failed or did not say where it wrote (${rc}): ${err}")
  endif()
else()
  if(KIND STREQUAL "finetune")
    set(cmd plan ${SOURCE}/scenarios/finetune_7b_2026.json --trials 4000 --json)
  elseif(KIND STREQUAL "replay")
    set(cmd replay ${SOURCE}/examples/cant_be_late/scenario.json --trace ${cbl}/us-west-2a_v100_1.json
            --windows ${cbl}/random_windows.json --json)
  else()
    message(FATAL_ERROR "KIND must be demo, finetune or replay")
  endif()
  execute_process(COMMAND ${COSTSIM} ${cmd} OUTPUT_FILE ${WORK}/result.json RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${cmd} failed: ${err}")
  endif()
  execute_process(COMMAND ${COSTSIM} report ${WORK}/result.json -o ${WORK}/report.html RESULT_VARIABLE rc
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "report failed: ${err}")
  endif()
endif()
if(BREAK)
  file(READ ${WORK}/report.html html)
  string(FIND "${html}" "\"field\":\"time\"" at)
  if(at LESS 0)
    message(FATAL_ERROR "BREAK: the cost-vs-time spec has no \"field\":\"time\" to break")
  endif()
  string(REPLACE "\"field\":\"time\"" "\"field\":\"tiem\"" html "${html}")
  file(WRITE ${WORK}/report.html "${html}")
endif()

set(problems "")
foreach(width 1024 1400)
  execute_process(
    COMMAND ${CHROMIUM} --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
            --disable-background-networking --disable-component-update --disable-sync
            --user-data-dir=${WORK}/profile --enable-logging=stderr --v=0 --window-size=${width},900
            --virtual-time-budget=20000 --dump-dom "file://${WORK}/report.html\#check"
    OUTPUT_VARIABLE dom ERROR_VARIABLE log RESULT_VARIABLE rc TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "chromium failed (${rc}): ${log}")
  endif()
  foreach(attr charts-expected charts-rendered chart-problems errors overflow done)
    string(REGEX MATCH "data-${attr}=\"([^\"]*)\"" _ "${dom}")
    string(REPLACE "-" "_" var "${attr}")
    set(${var} "${CMAKE_MATCH_1}")
  endforeach()
  string(REGEX MATCHALL "INFO:CONSOLE[^\n]*" console "${log}")
  if(NOT done STREQUAL "1")
    list(APPEND problems "${width} px: the page never finished drawing")
  endif()
  if(charts_expected STREQUAL "" OR charts_expected LESS 4)
    list(APPEND problems "${width} px: the page says it has ${charts_expected} charts, expected at least 4")
  endif()
  if(NOT charts_rendered STREQUAL charts_expected)
    list(APPEND problems "${width} px: ${charts_rendered} of ${charts_expected} charts drew their marks: ${chart_problems}")
  endif()
  if(NOT errors STREQUAL "0")
    list(APPEND problems "${width} px: ${errors} script or console errors")
  endif()
  if(NOT console STREQUAL "")
    list(APPEND problems "${width} px: the console said: ${console}")
  endif()
  if(NOT overflow STREQUAL "none")
    list(APPEND problems "${width} px: overflows the viewport: ${overflow}")
  endif()
endforeach()

if(BREAK)
  if(problems STREQUAL "")
    message(FATAL_ERROR "a broken spec (\"field\":\"tiem\") passed the browser check")
  endif()
  if(NOT problems MATCHES "charts drew their marks: chart 0 [^|]*symbol marks")
    message(FATAL_ERROR "the broken spec was caught, but not by the marks check: ${problems}")
  endif()
  message(STATUS "the broken spec was caught: ${problems}")
elseif(NOT problems STREQUAL "")
  string(REPLACE ";" "\n" problems "${problems}")
  message(FATAL_ERROR "${problems}")
else()
  message(STATUS "${KIND}: ${charts_rendered} of ${charts_expected} charts drew, nothing overflows at 1024 and 1400 px, no console message")
endif()
