# `nm -D` of the installed libventus.so lists every function the auto-select loader looks up
# (its sixteen required names and the optional perf-context pair), and the backend links
# point at it. Run with -DLIBDIR=<prefix>/lib -DNM=<nm>.
set(required vt_dev_open vt_dev_close vt_dev_caps vt_root_mem_alloc vt_root_mem_free
    vt_buf_alloc vt_buf_free vt_one_buf_free vt_copy_to_dev vt_copy_from_dev vt_start
    vt_ready_wait vt_finish_all_kernel vt_upload_kernel_bytes vt_upload_kernel_file vt_dump_perf
    vt_set_perf_context vt_clear_perf_context vt_golden_open_case vt_golden_feed)
execute_process(COMMAND ${NM} -D --defined-only ${LIBDIR}/libventus.so
                OUTPUT_VARIABLE symbols RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "nm -D ${LIBDIR}/libventus.so failed (${status})")
endif()
foreach(name ${required})
  if(NOT symbols MATCHES " T ${name}\n")
    message(FATAL_ERROR "libventus.so does not export ${name}")
  endif()
endforeach()
foreach(link libspike_driver.so libcyclesim_driver.so librtlsim_driver.so)
  file(READ_SYMLINK ${LIBDIR}/${link} target)
  if(NOT target STREQUAL "libventus.so")
    message(FATAL_ERROR "${link} points at '${target}', not libventus.so")
  endif()
endforeach()
message(STATUS "libventus.so exports the loader's names; the backend links point at it")
