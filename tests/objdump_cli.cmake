# `ventus objdump` command-line tests: runs the built tool on generated good and bad files.
ventus_add_test(objdump_cli_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/objdump_cli.test.cpp
  DEPS ventus_elf)
target_compile_definitions(objdump_cli_test PRIVATE VENTUS_TOOL="$<TARGET_FILE:ventus>")
add_dependencies(objdump_cli_test ventus)
