# Issue 47: launches saved as test cases (run.save_case, `ventus run --save-case`) and the
# default functional mode's widening of the machine, on the kernel suite through `ventus case`.
if(TARGET ventus)
  get_property(_suite_libraries GLOBAL PROPERTY VENTUS_KERNEL_LIBRARIES)
  ventus_add_test(save_case_test
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/save_case_roundtrip.test.cpp
            ${CMAKE_CURRENT_LIST_DIR}/save_case_fields.test.cpp
            ${CMAKE_CURRENT_LIST_DIR}/wide_case_cli.test.cpp
    DEPS ${_suite_libraries} ventus_runtime ventus_loader ventus_elf)
  target_include_directories(save_case_test PRIVATE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/kernels)
  target_compile_definitions(save_case_test PRIVATE VENTUS_TOOL="$<TARGET_FILE:ventus>")
  add_dependencies(save_case_test ventus)
endif()
