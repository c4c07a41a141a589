# cc_quality: `ventus cc`'s code against the hand-written kernels (docs/opencl.md); run as
# build/release/bench/cc_quality, it prints the table. Needs the suite's OpenCL C builds.
if(VENTUS_HAVE_CC AND TARGET ventus_kernel_vecadd)
  add_executable(cc_quality ${CMAKE_CURRENT_LIST_DIR}/cc_quality.cpp)
  get_property(VENTUS_KERNEL_LIBRARIES GLOBAL PROPERTY VENTUS_KERNEL_LIBRARIES)
  target_link_libraries(cc_quality PRIVATE ${VENTUS_KERNEL_LIBRARIES} fmt::fmt)
  target_compile_definitions(cc_quality PRIVATE VENTUS_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
                             VENTUS_BINARY_DIR="${PROJECT_BINARY_DIR}")
  ventus_set_warnings(cc_quality)
  foreach(lib ${VENTUS_KERNEL_LIBRARIES})
    string(REPLACE "ventus_kernel_" "kernel_" base ${lib})
    if(TARGET ${base}_opencl)
      add_dependencies(cc_quality ${base}_opencl)
    endif()
  endforeach()
endif()
