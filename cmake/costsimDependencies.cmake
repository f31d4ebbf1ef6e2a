# The header-only library's dependencies (Debian packages), shared by the build and by
# costsimConfig.cmake so an installed costsim finds exactly what it was built with.
include(CMakeFindDependencyMacro)
find_dependency(Boost 1.74)
find_dependency(date)
find_dependency(range-v3)
find_dependency(nlohmann_json 3.10)
find_dependency(Threads)

# Random123 (librandom123-dev) ships no CMake package: wrap its include path.
if(NOT TARGET costsim_random123 AND NOT TARGET costsim::costsim_random123)
  find_path(COSTSIM_RANDOM123_INCLUDE_DIR Random123/philox.h)
  if(NOT COSTSIM_RANDOM123_INCLUDE_DIR)
    message(FATAL_ERROR "Random123 not found (Debian: apt-get install librandom123-dev)")
  endif()
endif()
