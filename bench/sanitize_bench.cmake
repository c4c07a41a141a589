# sanitize_bench (issue 51): one suite kernel at a size that takes a while, plain or with
# run.sanitize = all; bench/sanitize_overhead.py times it in interleaved rounds with peak memory.
set(VENTUS_SANITIZE_BENCH_KERNELS bfs conv2d divergence gaussian matmul matmul_tiled nn
    private_spill reduction saxpy scan softmax transpose vecadd)
set(VENTUS_SANITIZE_BENCH_OK TRUE)
foreach(k ${VENTUS_SANITIZE_BENCH_KERNELS})
  if(NOT TARGET ventus_kernel_${k})
    set(VENTUS_SANITIZE_BENCH_OK FALSE)
  endif()
endforeach()
if(VENTUS_SANITIZE_BENCH_OK)
  add_executable(sanitize_bench ${CMAKE_CURRENT_LIST_DIR}/sanitize_bench.cpp)
  list(TRANSFORM VENTUS_SANITIZE_BENCH_KERNELS PREPEND ventus_kernel_)
  target_link_libraries(sanitize_bench PRIVATE ${VENTUS_SANITIZE_BENCH_KERNELS} fmt::fmt)
  target_include_directories(sanitize_bench PRIVATE ${PROJECT_SOURCE_DIR})
  ventus_set_warnings(sanitize_bench)
endif()
