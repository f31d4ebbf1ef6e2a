# Data inside the project (issue 16, item 5): a user's clone has no folder beside it, so every
# trace, catalog row and reference peer the tests, examples and bench scripts read is bundled
# (pricing_data/spot-traces/, pricing_data/skypilot-catalog-v7/, bench/peers/, each with a
# README giving its source and licence). tests/cli/no_shared_refs.cmake checks both halves.
add_test(NAME "repository: no tracked file reads ../shared (a bare clone has everything its tests need)"
  COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -DMODE=refs
          -P ${CMAKE_CURRENT_LIST_DIR}/no_shared_refs.cmake)
add_test(NAME "repository: the bundled traces, SkyPilot rows and peers are tracked files of the tree"
  COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR} -DMODE=bundled
          -P ${CMAKE_CURRENT_LIST_DIR}/no_shared_refs.cmake)

# The Can't Be Late example, run by its one command on the bundled traces (no TRACES_DIR given):
# the paper's first trace as in examples/cant_be_late/README.md, and Greedy and Uniform
# Progress meet every deadline on every trace; over nine zones of 2023, failover with the deadline
# fallback meets every deadline for less than the single-zone fallback (38.61 vs 50.67 USD).
if(COSTSIM_BUILD_CLI)
  add_test(NAME "example: cant_be_late replays the bundled V100 traces, Greedy and Uniform Progress meet every deadline, failover over nine zones costs less than the single-zone fallback"
           COMMAND ${PROJECT_SOURCE_DIR}/examples/cant_be_late/run.sh $<TARGET_FILE:costsim_cli>)
  set_tests_properties("example: cant_be_late replays the bundled V100 traces, Greedy and Uniform Progress meet every deadline, failover over nine zones costs less than the single-zone fallback"
    PROPERTIES
      PASS_REGULAR_EXPRESSION "us-west-2a_v100_1 +53\\.333h +spot_only +50\\.65 +65\\.8 % +8\\.7 % +36\nus-west-2a_v100_1 +53\\.333h +greedy +118\\.46 .*us-west-2a_v100_1 +64h +uniform_progress +78\\.36 +47\\.0 % +100\\.0 % +0\n.*us-west-2b_v100_8 +64h +uniform_progress .*deadline fallback +us-east-1a +50\\.67 +[0-9.]+ +[0-9.]+ +63\\.7 +100\\.0 %.*failover \\+ fallback +9 zones, recent +38\\.61 +[0-9.]+ +[0-9.]+ +63\\.7 +100\\.0 %"
      FAIL_REGULAR_EXPRESSION "(greedy|uniform_progress) +[-0-9.]+ +[-0-9.]+ % +[0-9]?[0-9]\\.[0-9] %;no traces at;no costsim at")
endif()
