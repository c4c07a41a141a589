# Random machines (issue 10; scripts/timing_fuzz.py): the demo's kernels, the kernel suite's
# tests, and the reference cases when ../shared is there, on the cycle model under seeded
# random parameter values of both bundled machines. The demo and the cases run skipping idle
# cycles and ticking every cycle, whose statistics must be identical; every result must match
# its reference; a value the tool refuses must be refused with a message naming it. Without
# reference data it runs the demo and the suite, so a fresh clone checks too.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND AND TARGET ventus)
  file(GLOB VENTUS_FUZZ_CASE_INIS "${VENTUS_REFERENCE_DIR}/cases/*/cases.ini")
  set(VENTUS_FUZZ_CASES "")
  foreach(ini ${VENTUS_FUZZ_CASE_INIS})
    get_filename_component(case_dir "${ini}" DIRECTORY)
    list(APPEND VENTUS_FUZZ_CASES "${case_dir}")
  endforeach()
  add_test(NAME timing/random_machines_skip_exactly
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/timing_fuzz.py
                   --ventus $<TARGET_FILE:ventus> --trials 16 --seed ci
                   --configs ${PROJECT_SOURCE_DIR}/configs/ventus-rtl-tb.toml
                             ${PROJECT_SOURCE_DIR}/configs/ventus-seed003.toml
                   --kernel-tests ${PROJECT_BINARY_DIR}/kernels --cases ${VENTUS_FUZZ_CASES})
  set_tests_properties(timing/random_machines_skip_exactly PROPERTIES TIMEOUT 900)
endif()

# Machines at the edges of the parameter ranges (issue 54): every moved *_cycles, size and count
# parameter at its minimum, maximum or a random point; each run completes or is refused up front,
# never "no progress" or an internal error. On a reference case when ../shared is there, else
# on the demo. Twelve trials of seed ci: among them a one-line I-cache with ~10^5-cycle lookups
# on seed 003's machine, refused up front (docs/timing.md, "The fetch's reach").
if(Python3_Interpreter_FOUND AND TARGET ventus)
  set(VENTUS_EXTREME_WORKLOAD "")
  if(EXISTS "${VENTUS_REFERENCE_DIR}/cases/vecadd-4w8t/cases.ini")
    set(VENTUS_EXTREME_WORKLOAD --cases ${VENTUS_REFERENCE_DIR}/cases/vecadd-4w8t)
  endif()
  add_test(NAME timing/extreme_machines
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/timing_fuzz.py
                   --ventus $<TARGET_FILE:ventus> --trials 12 --seed ci --extremes --share 0.3
                   --timeout 120
                   --configs ${PROJECT_SOURCE_DIR}/configs/ventus-rtl-tb.toml
                             ${PROJECT_SOURCE_DIR}/configs/ventus-seed003.toml
                   ${VENTUS_EXTREME_WORKLOAD})
  set_tests_properties(timing/extreme_machines PROPERTIES TIMEOUT 900)
endif()
