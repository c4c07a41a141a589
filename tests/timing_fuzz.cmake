# Random machines (issue 10; scripts/timing_fuzz.py): the demo's kernels, and the reference
# cases when ../shared is there, on the cycle model under seeded random parameter values of
# both bundled machines, skipping idle cycles and ticking every cycle. The statistics must be
# identical, every result must match its reference, and a value the tool refuses must be
# refused with a message naming it. Without reference data it runs the demo alone, so a fresh
# clone checks idle skipping beyond the calibrated machine too.
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
                   --cases ${VENTUS_FUZZ_CASES})
  set_tests_properties(timing/random_machines_skip_exactly PROPERTIES TIMEOUT 900)
endif()
