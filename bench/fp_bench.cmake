# fp_bench: ns per ventus::fp operation (add/mul/fma/div/sqrt) vs the raw host FPU.
if(benchmark_FOUND)
  add_executable(fp_bench ${CMAKE_CURRENT_LIST_DIR}/fp_bench.cpp)
  target_link_libraries(fp_bench PRIVATE ventus_fp benchmark::benchmark benchmark::benchmark_main)
  ventus_set_warnings(fp_bench)
endif()
