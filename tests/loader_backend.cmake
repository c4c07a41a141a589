# libventus.so as a backend of the ventus-driver auto-select loader (issue 48): installed with
# the loader's backend names, opened by name through dlopen, run on reference cases.
add_executable(loader_backend ${CMAKE_CURRENT_LIST_DIR}/loader_backend.c)
set_target_properties(loader_backend PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON
                                                C_EXTENSIONS OFF LINKER_LANGUAGE C)
target_compile_definitions(loader_backend PRIVATE _POSIX_C_SOURCE=200809L _DEFAULT_SOURCE)
target_compile_options(loader_backend PRIVATE -Wall -Wextra $<$<BOOL:${VENTUS_WERROR}>:-Werror>)
target_include_directories(loader_backend PRIVATE ${PROJECT_SOURCE_DIR}/include)
target_link_libraries(loader_backend PRIVATE ${CMAKE_DL_LIBS})
add_dependencies(loader_backend ventus_shared)

include(GNUInstallDirs)
set(VENTUS_DRIVER_PREFIX ${CMAKE_CURRENT_BINARY_DIR}/driver-install)
set(VENTUS_DRIVER_LIBDIR ${VENTUS_DRIVER_PREFIX}/${CMAKE_INSTALL_LIBDIR})
add_test(NAME loader_backend_install
         COMMAND ${CMAKE_COMMAND} --install ${PROJECT_BINARY_DIR} --component driver
                 --prefix ${VENTUS_DRIVER_PREFIX})
set_tests_properties(loader_backend_install PROPERTIES FIXTURES_SETUP ventus_driver_install)

# Each VENTUS_BACKEND value docs/pocl.md lists, with the model it selects.
foreach(pair spike:functional isa:functional cycle:cycle rtl:cycle)
  string(REPLACE ":" ";" pair ${pair})
  list(GET pair 0 backend)
  list(GET pair 1 model)
  add_test(NAME loader_backend_${backend}
           COMMAND loader_backend ${VENTUS_DRIVER_LIBDIR} ${model}
                   ${VENTUS_REFERENCE_DIR}/cases/vecadd-4w16t
                   ${VENTUS_REFERENCE_DIR}/cases/gaussian-1w16t)
  set_tests_properties(loader_backend_${backend} PROPERTIES ENVIRONMENT VENTUS_BACKEND=${backend}
                       FIXTURES_REQUIRED ventus_driver_install SKIP_RETURN_CODE 77)
endforeach()

add_test(NAME loader_backend_nm
         COMMAND ${CMAKE_COMMAND} -DLIBDIR=${VENTUS_DRIVER_LIBDIR} -DNM=${CMAKE_NM}
                 -P ${CMAKE_CURRENT_LIST_DIR}/driver/nm_exports.cmake)
set_tests_properties(loader_backend_nm PROPERTIES FIXTURES_REQUIRED ventus_driver_install)
