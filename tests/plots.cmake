# Plots (issue 11): tests/plots_check.py renders scripts/ventus_plot.py's stall, timeline and
# calibration plots from a cycle-model run of gaussian-1w16t, with Debian's Python (the one
# python3-matplotlib installs into; a python3 earlier on PATH may lack it).
find_program(VENTUS_DEBIAN_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH
             DOC "Debian's Python 3, which has python3-matplotlib")
if(TARGET ventus AND VENTUS_DEBIAN_PYTHON3)
  execute_process(COMMAND ${VENTUS_DEBIAN_PYTHON3} -c "import matplotlib"
                  RESULT_VARIABLE VENTUS_PLOTS_MATPLOTLIB_STATUS OUTPUT_QUIET ERROR_QUIET)
  if(NOT VENTUS_PLOTS_MATPLOTLIB_STATUS EQUAL 0)
    message(STATUS "plots: ${VENTUS_DEBIAN_PYTHON3} cannot import matplotlib, the test will "
                   "skip (Debian package python3-matplotlib, scripts/setup.sh)")
  endif()
  # The driver checks matplotlib and the reference data again when it runs: exit 77 = skipped.
  add_test(NAME plots
           COMMAND ${VENTUS_DEBIAN_PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/plots_check.py
                   --ventus $<TARGET_FILE:ventus>
                   --reference-dir ${VENTUS_REFERENCE_DIR}
                   --csv ${VENTUS_REFERENCE_DIR}/../rtl/cycles.csv
                   --config ${PROJECT_SOURCE_DIR}/configs/ventus-rtl-tb.toml
                   --plot-tool ${PROJECT_SOURCE_DIR}/scripts/ventus_plot.py
                   --out-dir ${CMAKE_CURRENT_BINARY_DIR}/plots)
  set_tests_properties(plots PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
elseif(TARGET ventus)
  add_test(NAME plots COMMAND ${CMAKE_COMMAND} -E echo
           "SKIPPED: /usr/bin/python3 not found (Debian packages python3, python3-matplotlib)")
  set_tests_properties(plots PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED:")
endif()
