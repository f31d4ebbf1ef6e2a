# Every input a fuzzer found (fuzz/regressions/TARGET/) that a costsim command reads, run
# through that command: it must exit 0, or exit 2 with one line naming the file — never
# crash, abort or report an internal error (check_found.cmake). Included from
# tests/CMakeLists.txt after cli_tests.cmake.
set(found_root ${PROJECT_SOURCE_DIR}/fuzz/regressions)
set(found_args_catalog quote --catalog @FILE@ --offer x --market on_demand --duration 1h)
set(found_args_scenario plan @FILE@ --trials 50 --threads 1)
set(found_args_spot_trace trace-stats @FILE@)
set(found_args_aws_price_history import aws-price-history @FILE@)
set(found_args_spot_advisor import aws-spot-advisor @FILE@)
set(found_args_skypilot_csv import skypilot @FILE@ --as-of 2026-12-01)
set(found_args_result report @FILE@ -o ${CMAKE_CURRENT_BINARY_DIR}/found-report.html)
foreach(target catalog scenario spot_trace aws_price_history spot_advisor skypilot_csv result)
  file(GLOB found ${found_root}/${target}/*)
  foreach(f ${found})
    get_filename_component(base ${f} NAME)
    string(REPLACE "@FILE@" "${f}" args "${found_args_${target}}")
    string(REPLACE ";" "|" args "${args}")
    add_test(NAME "cli: the ${target} input a fuzzer found (${base}) exits 0 or 2 with one line"
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:costsim_cli> "-DARGS=${args}" -DFILE=${f}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/cli/check_found.cmake)
    set_tests_properties("cli: the ${target} input a fuzzer found (${base}) exits 0 or 2 with one line" PROPERTIES
                         ENVIRONMENT "COSTSIM_REPORT_ASSETS=${CMAKE_CURRENT_SOURCE_DIR}/data/edge/assets")
  endforeach()
endforeach()
