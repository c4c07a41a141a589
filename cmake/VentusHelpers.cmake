# Helper functions shared by every layer's CMakeLists: warnings, sanitizers, tests.

# x86-64 hosts: a population count is one instruction (counting executing lanes per
# warp-instruction), not a libgcc call, and with AVX2 a 32-lane vector operation is four
# 256-bit operations instead of eight 128-bit ones (vector multiply included): ALU kernels
# simulate about 10 % faster (docs/architecture.md). Only when the build machine has them,
# since CI and developers build and run on the same machine. No FMA: host arithmetic stays
# as the source says (guest floating point is soft-float in any case).
include(CheckCXXSourceRuns)
set(CMAKE_REQUIRED_FLAGS -mpopcnt)
check_cxx_source_runs("int main() { return __builtin_cpu_supports(\"popcnt\") ? 0 : 1; }"
                      VENTUS_HOST_HAS_POPCNT)
set(CMAKE_REQUIRED_FLAGS -mavx2)
check_cxx_source_runs("int main() { return __builtin_cpu_supports(\"avx2\") ? 0 : 1; }"
                      VENTUS_HOST_HAS_AVX2)
unset(CMAKE_REQUIRED_FLAGS)

function(ventus_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wno-sign-conversion)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    # GCC 12 reports false -Wrestrict errors inside libstdc++'s std::string at -O3
    # (GCC bug 105329); the diagnostic is off so release builds keep -Werror.
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
  if(VENTUS_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(VENTUS_HOST_HAS_POPCNT)
    target_compile_options(${target} PRIVATE -mpopcnt)
  endif()
  if(VENTUS_HOST_HAS_AVX2)
    target_compile_options(${target} PRIVATE -mavx2)
  endif()
endfunction()

# Test code is compiled at -O1 in the developer build: the libraries under test keep -O2,
# and test translation units (GoogleTest's macros, long test bodies) build about a third
# faster, which is most of CI's build. Release builds keep their flags.
function(ventus_optimise_test_code target)
  target_compile_options(${target} PRIVATE $<$<CONFIG:RelWithDebInfo>:-O1>)
endfunction()

function(ventus_apply_sanitizers target)
  if(VENTUS_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()

# ventus_add_library(NAME SOURCES ... DEPS ...): one layer = one static library.
function(ventus_add_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(${name} PUBLIC ${ARG_DEPS})
  ventus_set_warnings(${name})
  ventus_apply_sanitizers(${name})
endfunction()

# ventus_add_test(NAME SOURCES ... DEPS ...): a GoogleTest executable registered with CTest.
# Test binaries get VENTUS_REFERENCE_DIR and VENTUS_SOURCE_DIR as compile definitions so
# conformance tests can find the reference corpus and skip with a message when it is absent.
function(ventus_add_test name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main)
  target_compile_definitions(${name} PRIVATE
    VENTUS_REFERENCE_DIR="${VENTUS_REFERENCE_DIR}"
    VENTUS_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    VENTUS_BINARY_DIR="${PROJECT_BINARY_DIR}")
  ventus_set_warnings(${name})
  ventus_optimise_test_code(${name})
  ventus_apply_sanitizers(${name})
  include(GoogleTest)
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
endfunction()
