# Random machines (issue 10; scripts/timing_fuzz.py): the demo's kernels on the cycle model
# under seeded random parameter values of both bundled machines, skipping idle cycles and
# ticking every cycle. The statistics must be identical, every result must match the CPU
# reference, and a value the tool refuses must be refused with a message naming it. It needs
# no reference data, so a fresh clone checks idle skipping beyond the calibrated machine too.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND AND TARGET ventus)
  add_test(NAME timing/random_machines_skip_exactly
           COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/timing_fuzz.py
                   --ventus $<TARGET_FILE:ventus> --trials 12 --seed ci
                   --configs ${PROJECT_SOURCE_DIR}/configs/ventus-rtl-tb.toml
                             ${PROJECT_SOURCE_DIR}/configs/ventus-seed003.toml)
  set_tests_properties(timing/random_machines_skip_exactly PROPERTIES TIMEOUT 900)
endif()
