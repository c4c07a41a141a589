# Reference kernel ELFs run through the C++ runtime API (issue 5 acceptance).
ventus_add_test(runtime_reference_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/runtime_reference.test.cpp
  DEPS ventus_runtime ventus_loader)
