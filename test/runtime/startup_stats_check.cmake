# runtime.startup_steps.lazy_stats: the statistics the lazy start-up wrote at exit.
file(READ "${FILE}" stats)
if(NOT stats MATCHES "\"memory_limit\": 1048576,")
  message(FATAL_ERROR "startup_steps: ${FILE} has no memory limit of 1 MiB:\n${stats}")
endif()
if(NOT stats MATCHES "\"hints_seen\": [1-9]")
  message(FATAL_ERROR "startup_steps: ${FILE} counts no hint:\n${stats}")
endif()
message(STATUS "startup_steps: statistics written at exit")
