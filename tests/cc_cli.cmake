# `ventus cc` command-line tests: the real clang-16 started by the tool, on generated sources.
if(VENTUS_HAVE_CC)
  ventus_add_test(cc_cli_test SOURCES ${CMAKE_CURRENT_LIST_DIR}/cc_cli.test.cpp DEPS ventus_common)
  target_compile_definitions(cc_cli_test PRIVATE VENTUS_TOOL="$<TARGET_FILE:ventus>")
  add_dependencies(cc_cli_test ventus)
endif()
