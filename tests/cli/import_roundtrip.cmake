# `costsim import skypilot FILE.csv > catalog.json`, then `costsim quote --catalog catalog.json`:
# the imported catalog must be one costsim's own loader accepts.
#   cmake -DEXE=... -DCSV=... -DOUT=... -P import_roundtrip.cmake
execute_process(COMMAND ${EXE} import skypilot ${CSV} --as-of 2024-01-01 OUTPUT_FILE ${OUT} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "import failed (${rc}): ${err}")
endif()
execute_process(COMMAND ${EXE} quote --catalog ${OUT} --offer aws/us-west-2a/p3.2xlarge --market spot --duration 1h --json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\"total_exact\":\"0.9731\"")
  message(FATAL_ERROR "quote from the imported catalog failed (${rc}): ${out}${err}")
endif()
