# `ventus as` command-line tests: runs the built tool on generated sources.
ventus_add_test(asm_cli_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/asm_cli.test.cpp
  DEPS ventus_elf)
target_compile_definitions(asm_cli_test PRIVATE VENTUS_TOOL="$<TARGET_FILE:ventus>")
add_dependencies(asm_cli_test ventus)
