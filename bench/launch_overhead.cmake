# launch_overhead: a one-work-group launch from C++, against the same from Python
# (bench/launch_overhead.py prints both and their ratio; docs/python.md).
add_executable(launch_overhead ${CMAKE_CURRENT_LIST_DIR}/launch_overhead.cpp)
target_link_libraries(launch_overhead PRIVATE ventus_runtime fmt::fmt)
ventus_set_warnings(launch_overhead)
