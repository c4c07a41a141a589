# `ventus objdump -d` vs every reference listing (object.riscv + object.dump, ISA.md test data).
# Included by tests/CMakeLists.txt it registers the test; run with `cmake -P` it is the test.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  add_test(NAME objdump_reference
    COMMAND ${CMAKE_COMMAND} -DVENTUS=$<TARGET_FILE:ventus>
            -DREFERENCE_DIR=${VENTUS_REFERENCE_DIR}
            -DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}/objdump_reference
            -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(objdump_reference PROPERTIES SKIP_REGULAR_EXPRESSION "^SKIPPED:")
  return()
endif()
cmake_policy(SET CMP0007 NEW)  # keep empty lines as list elements when comparing line by line

# Replaces the file name on the header line ("\nNAME:\tfile format ...") so only content counts.
function(normalize_header text out_var)
  string(REGEX REPLACE "^\n[^\n]*:\tfile format" "\nFILE:\tfile format" text "${text}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# Reports the first line where `actual` and `expected` differ.
function(report_first_difference name actual expected)
  foreach(var actual expected)
    string(REPLACE ";" "\\;" ${var} "${${var}}")
    string(REPLACE "\n" ";" ${var} "${${var}}")
  endforeach()
  list(LENGTH actual n_actual)
  list(LENGTH expected n_expected)
  set(line 0)
  while(line LESS n_actual AND line LESS n_expected)
    list(GET actual ${line} a)
    list(GET expected ${line} e)
    if(NOT a STREQUAL e)
      math(EXPR shown "${line} + 1")
      message(SEND_ERROR "${name}: line ${shown} differs\n  got:      '${a}'\n  expected: '${e}'")
      return()
    endif()
    math(EXPR line "${line} + 1")
  endwhile()
  message(SEND_ERROR "${name}: ${n_actual} lines printed, listing has ${n_expected}")
endfunction()

file(GLOB dumps "${REFERENCE_DIR}/cases/*/object.dump")
set(compared 0)
foreach(dump IN LISTS dumps)
  get_filename_component(case_dir "${dump}" DIRECTORY)
  if(NOT EXISTS "${case_dir}/object.riscv")
    continue()  # some cases ship the listing without the ELF
  endif()
  execute_process(COMMAND "${VENTUS}" objdump -d object.riscv
    WORKING_DIRECTORY "${case_dir}" OUTPUT_VARIABLE actual ERROR_VARIABLE errors
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(SEND_ERROR "${case_dir}: ventus objdump exited with ${status}: ${errors}")
    continue()
  endif()
  file(READ "${dump}" expected)
  normalize_header("${actual}" actual)
  normalize_header("${expected}" expected)
  if(NOT actual STREQUAL expected)
    report_first_difference("${case_dir}" "${actual}" "${expected}")
  endif()
  math(EXPR compared "${compared} + 1")
endforeach()
if(compared EQUAL 0)
  message("SKIPPED: no object.riscv with an object.dump beside it under ${REFERENCE_DIR}/cases")
else()
  message(STATUS "compared ${compared} listings")
endif()
