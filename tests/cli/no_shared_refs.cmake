# tests/cli/no_shared_refs.cmake — a bare clone has everything its tests, examples and bench
# scripts read (issue 16, item 5). Run as
#   cmake -DROOT=<source tree> [-DMODE=refs|bundled] [-DFORCE_GLOB=ON] -P no_shared_refs.cmake
# MODE=refs (default): fails if any file of the source tree other than EXCEPTIONS refers to the
#   folder that used to sit beside the clone (the parent's "shared" folder, its data/ or
#   peers/): its data is bundled in pricing_data/spot-traces/, pricing_data/skypilot-catalog-v7/
#   and bench/peers/.
# MODE=bundled: fails if one of BUNDLED is missing (or, in a git checkout, not tracked).
# The files are git's tracked files where git and a .git are there; otherwise (a source tarball,
# or -DFORCE_GLOB=ON) every file under ROOT except .git/ and build trees (folders with a
# CMakeCache.txt, or named build*), found with file(GLOB_RECURSE).
cmake_minimum_required(VERSION 3.20)
if(NOT DEFINED ROOT)
  message(FATAL_ERROR "no_shared_refs.cmake: -DROOT=<source tree> is required")
endif()
if(NOT DEFINED MODE)
  set(MODE refs)
endif()

# Files allowed to name the old folder, each with the reason. None today: the bundled copies'
# READMEs say "the project's shared data folder" in words, not as a path.
set(EXCEPTIONS)

# What the tests, examples and bench scripts read, with each folder's README (source, licence).
set(BUNDLED
  pricing_data/spot-traces/README.md
  pricing_data/spot-traces/cbl-eval-2022-10/random_windows.json
  pricing_data/spot-traces/cbl-eval-2022-10/us-west-2a_v100_1.json
  pricing_data/spot-traces/cbl-eval-2022-10/us-west-2b_v100_1.json
  pricing_data/spot-traces/cbl-eval-2022-10/us-west-2a_v100_8.json
  pricing_data/spot-traces/cbl-eval-2022-10/us-west-2b_v100_8.json
  pricing_data/spot-traces/cbl-eval-2022-10/us-west-2a_k80_8.json
  pricing_data/skypilot-catalog-v7/README.md
  pricing_data/skypilot-catalog-v7/aws_gpu_vms.csv
  pricing_data/skypilot-catalog-v7/lambda_gpu_vms.csv
  pricing_data/skypilot-catalog-v7/runpod_gpu_vms.csv
  pricing_data/speed-sources/README.md
  pricing_data/speed-sources/mlperf_time_to_train.csv
  pricing_data/speed-sources/nvidia_training_throughput.csv
  bench/peers/README.md
  bench/peers/poisson_ckpt_mc.py
  bench/peers/bilstm_pytorch.py)

# The patterns, assembled so that this file does not match itself.
set(dotdot "..")
set(name "shared")
string(REPLACE "." "\\." dotdot_re "${dotdot}")
set(pattern "${dotdot_re}/${name}/|(^|[^A-Za-z0-9_])${name}/(data|peers)/")

# The file list: tracked files, or a glob of the tree.
set(files)
set(how "")
find_program(GIT git)
if(GIT AND EXISTS "${ROOT}/.git" AND NOT FORCE_GLOB)
  # One name a line, unquoted (CMake strings cannot hold the NULs of ls-files -z).
  execute_process(COMMAND "${GIT}" -C "${ROOT}" -c core.quotePath=false ls-files
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    string(REPLACE ";" "\\;" out "${out}")
    string(REPLACE "\n" ";" files "${out}")
    list(FILTER files EXCLUDE REGEX "^$")
    set(how "git ls-files")
  endif()
endif()
if(how STREQUAL "")
  set(how "file(GLOB_RECURSE)")
  file(GLOB top RELATIVE "${ROOT}" LIST_DIRECTORIES true "${ROOT}/*" "${ROOT}/.*")
  foreach(entry IN LISTS top)
    if(entry STREQUAL ".git" OR entry MATCHES "^build" OR EXISTS "${ROOT}/${entry}/CMakeCache.txt")
      continue()
    endif()
    if(IS_DIRECTORY "${ROOT}/${entry}")
      file(GLOB_RECURSE sub RELATIVE "${ROOT}" LIST_DIRECTORIES false "${ROOT}/${entry}/*")
      list(APPEND files ${sub})
    else()
      list(APPEND files "${entry}")
    endif()
  endforeach()
endif()
list(LENGTH files nfiles)

if(MODE STREQUAL "bundled")
  set(missing)
  foreach(f IN LISTS BUNDLED)
    if(NOT EXISTS "${ROOT}/${f}")
      list(APPEND missing "${f} (not in the tree)")
    elseif(how STREQUAL "git ls-files" AND NOT f IN_LIST files)
      list(APPEND missing "${f} (present but not tracked by git: a clone would not have it)")
    endif()
  endforeach()
  if(missing)
    list(JOIN missing "\n  " text)
    message(FATAL_ERROR "bundled data missing:\n  ${text}")
  endif()
  list(LENGTH BUNDLED n)
  message(STATUS "all ${n} bundled data files are there (${how})")
  return()
endif()

set(hits)
foreach(f IN LISTS files)
  if(f IN_LIST EXCEPTIONS OR NOT EXISTS "${ROOT}/${f}" OR IS_DIRECTORY "${ROOT}/${f}")
    continue()
  endif()
  file(STRINGS "${ROOT}/${f}" lines REGEX "${pattern}")
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    list(APPEND hits "${f}: ${line}")
  endforeach()
endforeach()
if(hits)
  list(LENGTH hits n)
  list(JOIN hits "\n  " text)
  message(FATAL_ERROR "${n} line(s) read the folder beside the clone, which a user's clone does not have "
                      "(point them at pricing_data/spot-traces/, pricing_data/skypilot-catalog-v7/ or bench/peers/, "
                      "or add the file to EXCEPTIONS in tests/cli/no_shared_refs.cmake with the reason):\n  ${text}")
endif()
message(STATUS "${nfiles} files (${how}): none reads the folder beside the clone")
