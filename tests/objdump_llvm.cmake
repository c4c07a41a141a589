# `ventus objdump -h/-t/-s`, `--start-address/--stop-address` and several input files vs
# Debian's llvm-objdump 14 (the toolchain's LLVM version), on the reference ELFs and on an
# RV32I-only file assembled by `ventus as` (Debian's LLVM knows no Ventus instruction, so
# only that file is compared with -d). Skips when llvm-objdump-14 is not installed.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  find_program(VENTUS_LLVM_OBJDUMP_14 NAMES llvm-objdump-14)
  add_test(NAME objdump_llvm
    COMMAND ${CMAKE_COMMAND} -DVENTUS=$<TARGET_FILE:ventus>
            -DLLVM_OBJDUMP=${VENTUS_LLVM_OBJDUMP_14}
            -DREFERENCE_DIR=${VENTUS_REFERENCE_DIR}
            -DSOURCE=${CMAKE_CURRENT_LIST_DIR}/objdump_llvm.s
            -DOUT_DIR=${CMAKE_CURRENT_BINARY_DIR}/objdump_llvm
            -P ${CMAKE_CURRENT_LIST_FILE})
  set_tests_properties(objdump_llvm PROPERTIES SKIP_REGULAR_EXPRESSION "^SKIPPED:")
  return()
endif()

if(NOT LLVM_OBJDUMP OR NOT EXISTS "${LLVM_OBJDUMP}")
  message("SKIPPED: llvm-objdump-14 not found (Debian package llvm-14)")
  return()
endif()

file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")
execute_process(COMMAND "${VENTUS}" as "${SOURCE}" --no-crt0 -o "${OUT_DIR}/rv32i.elf"
  RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "ventus as failed: ${errors}")
endif()

set(compared 0)
# Runs both tools with the same arguments from OUT_DIR; the outputs must be identical.
function(compare)
  execute_process(COMMAND "${VENTUS}" objdump ${ARGN} WORKING_DIRECTORY "${OUT_DIR}"
    OUTPUT_VARIABLE ours ERROR_VARIABLE our_errors RESULT_VARIABLE our_status)
  execute_process(COMMAND "${LLVM_OBJDUMP}" ${ARGN} WORKING_DIRECTORY "${OUT_DIR}"
    OUTPUT_VARIABLE theirs RESULT_VARIABLE their_status)
  if(NOT our_status EQUAL 0 OR NOT their_status EQUAL 0)
    message(SEND_ERROR "objdump ${ARGN}: exit ${our_status} (llvm-objdump ${their_status}): "
                       "${our_errors}")
  elseif(NOT ours STREQUAL theirs)
    file(WRITE "${OUT_DIR}/ours.txt" "${ours}")
    file(WRITE "${OUT_DIR}/theirs.txt" "${theirs}")
    message(SEND_ERROR "objdump ${ARGN}: output differs from llvm-objdump 14 "
                       "(see ${OUT_DIR}/ours.txt and theirs.txt)")
  endif()
  math(EXPR n "${compared} + 1")
  set(compared ${n} PARENT_SCOPE)
endfunction()

compare(-h -t -s -d rv32i.elf)
compare(-d --start-address=0x80000004 --stop-address=0x80000010 rv32i.elf)
compare(-d --start-address=0x80000010 rv32i.elf)
compare(-d --stop-address=0x8000000c rv32i.elf)
# An instruction that begins before a misaligned stop address is listed whole (issue 54).
compare(-d --stop-address=0x8000000a rv32i.elf)
compare(-d --start-address=0x80000004 --stop-address=0x8000000d rv32i.elf)
# A start address beyond every section lists nothing, with llvm-objdump's warning.
compare(-d --start-address=0x90000000 rv32i.elf)
execute_process(COMMAND "${VENTUS}" objdump -d --start-address=0x90000000 rv32i.elf
  WORKING_DIRECTORY "${OUT_DIR}" OUTPUT_QUIET ERROR_VARIABLE warning)
if(NOT warning MATCHES "warning: 'rv32i.elf': no section has address greater than or equal to 0x90000000 specified by --start-address")
  message(SEND_ERROR "objdump --start-address beyond every section: no warning (${warning})")
endif()
compare(-t --start-address=0x80000008 --stop-address=0x80003000 rv32i.elf)
compare(-h rv32i.elf rv32i.elf)
# '-' is standard input, listed as <stdin>.
execute_process(COMMAND "${VENTUS}" objdump -h -t - INPUT_FILE "${OUT_DIR}/rv32i.elf"
  OUTPUT_VARIABLE ours RESULT_VARIABLE our_status)
execute_process(COMMAND "${LLVM_OBJDUMP}" -h -t - INPUT_FILE "${OUT_DIR}/rv32i.elf"
  OUTPUT_VARIABLE theirs)
if(NOT our_status EQUAL 0 OR NOT ours STREQUAL theirs)
  message(SEND_ERROR "objdump -h -t - (standard input) differs from llvm-objdump 14")
endif()

file(GLOB elfs "${REFERENCE_DIR}/cases/*/object.riscv")
foreach(elf IN LISTS elfs)
  get_filename_component(case "${elf}" DIRECTORY)
  get_filename_component(case "${case}" NAME)
  file(COPY_FILE "${elf}" "${OUT_DIR}/${case}.riscv")
  compare(-h -t -s "${case}.riscv")
endforeach()
message(STATUS "compared ${compared} listings with llvm-objdump 14")
