# golden_speed: the golden model's check of every reference log against a plain functional run
# of the same launches (docs/golden.md "Speed"); run as build/release/bench/golden_speed.
add_executable(golden_speed ${CMAKE_CURRENT_LIST_DIR}/golden_speed.cpp)
target_link_libraries(golden_speed PRIVATE ventus_runtime ventus_runner ventus_trace fmt::fmt)
target_compile_definitions(golden_speed PRIVATE VENTUS_REFERENCE_DIR="${VENTUS_REFERENCE_DIR}")
ventus_set_warnings(golden_speed)
