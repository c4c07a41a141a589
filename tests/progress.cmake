# The progress line of `run`, `case` and `demo` (README, command table), through a pty
# (tests/progress/progress_check.py): drawn and erased at a terminal, nothing in a pipe.
find_package(Python3 COMPONENTS Interpreter)
if(TARGET ventus AND Python3_Interpreter_FOUND)
  add_test(NAME cli/progress_line
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/progress/progress_check.py
                   $<TARGET_FILE:ventus> ${PROJECT_SOURCE_DIR}
                   ${CMAKE_CURRENT_BINARY_DIR}/progress_line)
  set_tests_properties(cli/progress_line PROPERTIES TIMEOUT 180 PASS_REGULAR_EXPRESSION "PASS"
                       FAIL_REGULAR_EXPRESSION "FAIL")
endif()
