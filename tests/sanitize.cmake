# `--sanitize` (docs/sanitizers.md): directed kernels with a planted race, uninitialised read
# or barrier misuse, each with its fixed twin, in assembly (tests/sanitize/*.s) and OpenCL C
# (tests/sanitize/*.cl, compiled by `ventus cc` at build time when the compiler is built).
set(VENTUS_SANITIZE_ELF_DIR ${CMAKE_CURRENT_BINARY_DIR}/sanitize)
set(VENTUS_SANITIZE_ELFS)
if(VENTUS_HAVE_CC)
  file(GLOB VENTUS_SANITIZE_CL CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/sanitize/*.cl)
  foreach(cl ${VENTUS_SANITIZE_CL})
    get_filename_component(stem ${cl} NAME_WE)
    set(elf ${VENTUS_SANITIZE_ELF_DIR}/${stem}.elf)
    add_custom_command(OUTPUT ${elf}
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${VENTUS_SANITIZE_ELF_DIR}
                       COMMAND $<TARGET_FILE:ventus> cc ${cl} -o ${elf}
                       DEPENDS ventus ${cl} COMMENT "ventus cc tests/sanitize/${stem}.cl")
    list(APPEND VENTUS_SANITIZE_ELFS ${elf})
  endforeach()
endif()
add_custom_target(sanitize_kernels DEPENDS ${VENTUS_SANITIZE_ELFS})

ventus_add_test(sanitize_cli_test
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/sanitize_cli.test.cpp
  DEPS nlohmann_json::nlohmann_json fmt::fmt)
target_compile_definitions(sanitize_cli_test PRIVATE
  VENTUS_TOOL="$<TARGET_FILE:ventus>"
  VENTUS_SANITIZE_SOURCE_DIR="${CMAKE_CURRENT_LIST_DIR}/sanitize"
  VENTUS_SANITIZE_ELF_DIR="${VENTUS_SANITIZE_ELF_DIR}"
  VENTUS_SANITIZE_HAVE_CC=$<BOOL:${VENTUS_HAVE_CC}>)
add_dependencies(sanitize_cli_test ventus sanitize_kernels)

# Kernels of the suite report no sanitizer error (exit 0): `ventus demo --sanitize all`.
add_test(NAME sanitize.demo COMMAND $<TARGET_FILE:ventus> demo --sanitize all)
# No PASS_REGULAR_EXPRESSION: it would make CTest ignore the exit status.
set_tests_properties(sanitize.demo PROPERTIES FAIL_REGULAR_EXPRESSION "FAIL" TIMEOUT 120)
