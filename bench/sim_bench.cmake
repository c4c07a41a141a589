# Simulation-speed benchmark (issue #4, DESIGN.md §2.4): ALU-heavy, memory-heavy and divergent
# kernels with 32 threads per warp. `cmake --build <dir> --target sim_bench` prints warp- and
# thread-instructions per second (CI builds it, never times it).
add_custom_target(sim_bench
  COMMAND $<TARGET_FILE:ventus> bench --iterations 100000 --work-groups 4 --warps 4 --threads 32
  DEPENDS ventus
  USES_TERMINAL
  COMMENT "ventus bench: functional-simulation speed")
