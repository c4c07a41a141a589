# kernel_bench (issue 14): nn and bfs at 400 work-groups on 1 and 2 host threads, the cost of a
# small launch, and a million work-items (time, peak RSS). Run build/release/bench/kernel_bench.
if(benchmark_FOUND AND TARGET ventus_kernel_nn AND TARGET ventus_kernel_bfs)
  add_executable(kernel_bench ${CMAKE_CURRENT_LIST_DIR}/kernel_bench.cpp)
  target_link_libraries(kernel_bench PRIVATE ventus_kernel_nn ventus_kernel_bfs
                                             benchmark::benchmark benchmark::benchmark_main)
  target_include_directories(kernel_bench PRIVATE ${PROJECT_SOURCE_DIR}/kernels)
  ventus_set_warnings(kernel_bench)
endif()
