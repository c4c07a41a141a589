# Sweeps (issue 52, docs/sweeps.md): tests/sweep/*.py drive the real `ventus sweep` with
# Debian's Python, GNU parallel and Slurm; exit 77 = skipped (with a message saying why).
find_program(VENTUS_SWEEP_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(TARGET ventus AND VENTUS_SWEEP_PYTHON3)
  foreach(check executors resume bad_input slurm)
    add_test(NAME sweep_${check}
             COMMAND ${VENTUS_SWEEP_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/sweep/${check}_check.py
                     --ventus $<TARGET_FILE:ventus> --source-dir ${PROJECT_SOURCE_DIR}
                     --work-dir ${CMAKE_CURRENT_BINARY_DIR}/sweep_${check}
                     --plot-tool ${PROJECT_SOURCE_DIR}/scripts/ventus_plot.py)
    set_tests_properties(sweep_${check} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180)
  endforeach()
  # The Slurm test starts munged, slurmctld and slurmd: nothing else may run beside it.
  set_tests_properties(sweep_slurm PROPERTIES RUN_SERIAL TRUE)
endif()
