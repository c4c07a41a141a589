# OpenCL C kernels beyond the suite (issue 45): tests/opencl/*.cl compiled by
# program_from_opencl, run on the simulator and checked against CPU references. Needs the
# compiler (src/cc: llvm-16-dev and clang-16).
if(VENTUS_HAVE_CC)
  ventus_add_test(opencl_kernels_test
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/opencl_kernels.test.cpp
            ${CMAKE_CURRENT_LIST_DIR}/opencl_kernels_more.test.cpp
    DEPS ventus_runtime ventus_kernels_common fmt::fmt)
  target_include_directories(opencl_kernels_test PRIVATE ${PROJECT_SOURCE_DIR})
endif()
