# The debugger (docs/debugging.md): tests/debug/gdb_check.py drives the stub with the real
# gdb-multiarch (Debian package, scripts/setup.sh) and raw protocol bytes, and `ventus debug
# --commands`, on tests/runtime_kernels/add_scaled.s. Every session has a timeout.
find_package(Python3 COMPONENTS Interpreter)
if(TARGET ventus AND Python3_Interpreter_FOUND)
  add_test(NAME debug/gdb
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/debug/gdb_check.py
                   $<TARGET_FILE:ventus> ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/debug_gdb)
  set_tests_properties(debug/gdb PROPERTIES TIMEOUT 180 PASS_REGULAR_EXPRESSION "PASS"
                       FAIL_REGULAR_EXPRESSION "FAIL")
endif()
