# `ventus check-log` (docs/golden.md) on a reference case: a reference log passes in
# --ref-compat, the same log read in the default mode fails at its first line (REF's boot ROM),
# and an unknown launch names the ones cases.ini has.
if(EXISTS ${VENTUS_REFERENCE_DIR}/cases/vecadd-4w16t/ref-logs/vecadd_0.log)
  set(_case ${VENTUS_REFERENCE_DIR}/cases/vecadd-4w16t)
  set(_log ${_case}/ref-logs/vecadd_0.log)
  add_test(NAME check_log_cli/pass
           COMMAND ventus check-log ${_log} --case ${_case} --launch vecadd_0 --ref-compat)
  set_tests_properties(check_log_cli/pass PROPERTIES PASS_REGULAR_EXPRESSION
                       "^PASS: [0-9]+ records of .*vecadd_0.log match launch vecadd_0")
  add_test(NAME check_log_cli/first_mismatch
           COMMAND ventus check-log ${_log} --case ${_case} --launch vecadd_0)
  set_tests_properties(check_log_cli/first_mismatch PROPERTIES PASS_REGULAR_EXPRESSION
    "FAIL: .*vecadd_0.log:2: record 1 \\(work-group 0, warp 0, pc 0x80000000\\): pc: expected 0x80000000, actual 0x00001000")
  add_test(NAME check_log_cli/unknown_launch
           COMMAND ventus check-log ${_log} --case ${_case} --launch nope)
  set_tests_properties(check_log_cli/unknown_launch PROPERTIES PASS_REGULAR_EXPRESSION
                       "no launch 'nope' in cases.ini \\(launches: vecadd_0\\)")
endif()
