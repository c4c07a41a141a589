# A C program linking only libventus.so and ventus.h runs the reference vecadd ELF (issue 5).
add_executable(runtime_c_vecadd ${CMAKE_CURRENT_LIST_DIR}/runtime_c_vecadd.c)
set_target_properties(runtime_c_vecadd PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON
                                                  C_EXTENSIONS OFF LINKER_LANGUAGE C)
target_compile_options(runtime_c_vecadd PRIVATE -Wall -Wextra -Wpedantic
                       $<$<BOOL:${VENTUS_WERROR}>:-Werror>)
target_include_directories(runtime_c_vecadd PRIVATE ${PROJECT_SOURCE_DIR}/include)
target_link_libraries(runtime_c_vecadd PRIVATE ventus_shared)
# A sanitized libventus.so needs the sanitizer runtime first in the program's link order.
ventus_apply_sanitizers(runtime_c_vecadd)
add_test(NAME runtime_c_vecadd COMMAND runtime_c_vecadd
         ${VENTUS_REFERENCE_DIR}/cases/vecadd-4w16t/object.riscv)
set_tests_properties(runtime_c_vecadd PROPERTIES SKIP_RETURN_CODE 77)
