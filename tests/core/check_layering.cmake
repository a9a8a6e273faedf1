# The engine's folders depend one way: perf/ (training and inference) and topology/ (the
# fabric) both use the communication seam in core/comm/, never each other; design/ (the
# design, its resolution and validation) never uses perf/. Run by CTest
# (core/layering): fails naming every include that crosses.
#   cmake -DROOT=<repository> -P tests/core/check_layering.cmake
set(crossings "")
foreach(pair "perf;topology" "topology;perf" "design;perf")
  list(GET pair 0 from)
  list(GET pair 1 to)
  file(GLOB sources "${ROOT}/core/${from}/*.h" "${ROOT}/core/${from}/*.cpp")
  foreach(source ${sources})
    file(STRINGS "${source}" lines REGEX "^#include \"core/${to}/")
    foreach(line ${lines})
      file(RELATIVE_PATH where "${ROOT}" "${source}")
      string(APPEND crossings "\n  ${where}: ${line}")
    endforeach()
  endforeach()
endforeach()
if(crossings)
  message(FATAL_ERROR "core/perf and core/topology must not include each other, nor core/design core/perf:${crossings}")
endif()
message(STATUS "core/perf and core/topology are independent; core/design does not use core/perf")
