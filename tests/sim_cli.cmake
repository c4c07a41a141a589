# `ventus config` and the shared --config/--set/--stats/--stats-json/--timing/--timeline options of run,
# case, demo and bench: runs the built tool and checks its tables, JSON documents and errors.
ventus_add_test(sim_cli_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/sim_cli_config.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/sim_cli_set.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/sim_cli_stats.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/sim_cli_timing.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/sim_cli_bench_timing.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/timeline_cli.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/event_log_cli.test.cpp
  DEPS nlohmann_json::nlohmann_json)
target_compile_definitions(sim_cli_test PRIVATE VENTUS_TOOL="$<TARGET_FILE:ventus>")
add_dependencies(sim_cli_test ventus)

# scripts/event_profile.py on the event log of a `ventus run` (docs/timing.md "Event log"):
# its rows add up to the log's issues and to every warp's cycles.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME timing/event_profile
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/event_profile_check.py
                   --ventus $<TARGET_FILE:ventus>
                   --script ${PROJECT_SOURCE_DIR}/scripts/event_profile.py
                   --source ${PROJECT_SOURCE_DIR})
  set_tests_properties(timing/event_profile PROPERTIES TIMEOUT 120)
endif()
# ventus run --timing-work-groups (issue 49): a window of work-groups on the cycle model.
if(TARGET ventus AND Python3_Interpreter_FOUND)
  add_test(NAME timing/timing_work_groups
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/timing_work_groups_check.py
                   $<TARGET_FILE:ventus> ${PROJECT_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/timing_work_groups)
  set_tests_properties(timing/timing_work_groups PROPERTIES TIMEOUT 120
                       PASS_REGULAR_EXPRESSION "PASS" FAIL_REGULAR_EXPRESSION "FAIL")
endif()
