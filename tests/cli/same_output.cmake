# Runs two costsim commands and requires byte-identical stdout (and exit 0):
#   cmake -DEXE=... -DARGS_A="a|b" -DARGS_B="a|c" [-DEXE_B=...] -P same_output.cmake
# EXE_B (default EXE) runs ARGS_B: e.g. mpirun, with the costsim binary in ARGS_B.
if(NOT DEFINED EXE_B)
  set(EXE_B ${EXE})
endif()
string(REPLACE "|" ";" a "${ARGS_A}")
string(REPLACE "|" ";" b "${ARGS_B}")
execute_process(COMMAND ${EXE} ${a} RESULT_VARIABLE rc_a OUTPUT_VARIABLE out_a ERROR_VARIABLE err_a)
execute_process(COMMAND ${EXE_B} ${b} RESULT_VARIABLE rc_b OUTPUT_VARIABLE out_b ERROR_VARIABLE err_b)
if(NOT rc_a EQUAL 0 OR NOT rc_b EQUAL 0)
  message(FATAL_ERROR "exit ${rc_a} / ${rc_b}\n${err_a}\n${err_b}")
endif()
if(out_a STREQUAL "")
  message(FATAL_ERROR "no output from costsim ${a}")
endif()
if(NOT out_a STREQUAL out_b)
  message(FATAL_ERROR "outputs differ:\ncostsim ${a}\n${out_a}\ncostsim ${b}\n${out_b}")
endif()
