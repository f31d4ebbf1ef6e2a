# Kills a costsim command while it writes its output file and checks the file is intact:
#   cmake -DCMD="exe|arg|..." -DOUT=path -DLIMIT_KB=n -DMARK=regex -P atomic_write.cmake
# `ulimit -f` makes the kernel stop the process with SIGXFSZ at the write that crosses
# LIMIT_KB: a real kill in the middle of writing, without a test hook in costsim. The old
# OUT must survive byte for byte with nothing left beside it; then a run without the
# limit must replace it whole (MARK matches its complete contents).
string(REPLACE "|" ";" argv "${CMD}")
get_filename_component(dir ${OUT} DIRECTORY)
file(REMOVE_RECURSE ${dir})
file(MAKE_DIRECTORY ${dir})
file(WRITE ${OUT} "the previous output\n")
string(REPLACE ";" " " line "${argv}")
execute_process(COMMAND bash -c "ulimit -c 0; ulimit -f ${LIMIT_KB}; exec ${line}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc STREQUAL "0" OR rc STREQUAL "2" OR rc STREQUAL "1")
  message(FATAL_ERROR "the command was not killed while writing (exit ${rc}): raise the output size or lower LIMIT_KB\n${err}")
endif()
file(READ ${OUT} kept)
if(NOT kept STREQUAL "the previous output\n")
  string(LENGTH "${kept}" n)
  message(FATAL_ERROR "killed mid-write (${rc}), and ${OUT} was changed (${n} bytes now)")
endif()
file(GLOB left RELATIVE ${dir} ${dir}/*)
get_filename_component(name ${OUT} NAME)
if(NOT left STREQUAL "${name}")
  message(FATAL_ERROR "killed mid-write (${rc}), and files were left beside the output: ${left}")
endif()
execute_process(COMMAND ${argv} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "the unlimited run failed (exit ${rc})\n${err}")
endif()
file(READ ${OUT} whole)
if(NOT whole MATCHES "${MARK}")
  message(FATAL_ERROR "the unlimited run did not write the whole file (no match for /${MARK}/)")
endif()
message(STATUS "killed mid-write with '${rc}' left the old file intact; the next run replaced it whole")
