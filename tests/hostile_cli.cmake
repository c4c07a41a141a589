# Hostile inputs (issue 13): every tool ends with a clear error and a documented exit status
# (README "Exit status"), within bounded time and memory. Runs the built tool.
ventus_add_test(hostile_cli_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/hostile_cli_exit.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/hostile_cli_inputs.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/hostile_cli_limits.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/hostile_cli_case.test.cpp
  DEPS nlohmann_json::nlohmann_json)
target_compile_definitions(hostile_cli_test PRIVATE VENTUS_TOOL="$<TARGET_FILE:ventus>")
add_dependencies(hostile_cli_test ventus)

# Hostile inputs, round 3 (issue 54): the cycle model on machines of extreme parameters, and
# outputs that are never silently lost.
ventus_add_test(hostile_round3_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/hostile_cycle_model.test.cpp
          ${CMAKE_CURRENT_LIST_DIR}/hostile_outputs.test.cpp
  DEPS nlohmann_json::nlohmann_json)
target_compile_definitions(hostile_round3_test PRIVATE VENTUS_TOOL="$<TARGET_FILE:ventus>")
add_dependencies(hostile_round3_test ventus)
