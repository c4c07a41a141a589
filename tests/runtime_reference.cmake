# Reference kernel ELFs run through the C++ runtime API (issue 5 acceptance), cross-checked
# launch by launch against the case runner, the expected/ dumps and plain C++ models.
ventus_add_test(runtime_reference_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/runtime_reference.test.cpp
  DEPS ventus_runtime ventus_runner ventus_loader)
