# The rule every failing command keeps: exactly one line on stderr. Included by check.cmake
# and check_found.cmake; `ctx` is the command, its exit status and its output, for the message.
function(costsim_require_one_line err ctx what)
  string(REGEX MATCHALL "\n" nl "${err}")
  list(LENGTH nl lines)
  if(NOT lines EQUAL 1)
    message(FATAL_ERROR "${what} must print exactly one line on stderr\n${ctx}")
  endif()
endfunction()
