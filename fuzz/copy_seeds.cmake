# fuzz/copy_seeds.cmake — copies the seeds of fuzz target NAME (fuzz/seeds.cmake) to DEST.
include(${CMAKE_CURRENT_LIST_DIR}/seeds.cmake)
file(GLOB seeds ${seeds_${NAME}})
set(i 0)
foreach(f ${seeds})
  math(EXPR i "${i} + 1")
  get_filename_component(base ${f} NAME)
  configure_file(${f} ${DEST}/seed-${i}-${base} COPYONLY)
endforeach()
