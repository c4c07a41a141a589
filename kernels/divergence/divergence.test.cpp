// divergence kernel on the runtime: results equal the CPU reference (integer, exact) for 4/8/16/32
// threads per warp, one and several work-groups and sizes that are not multiples of the
// work-group size (the guarded lanes must not write: the output is pre-filled and checked).
#include <gtest/gtest.h>

#include "divergence/divergence.hpp"
#include "kernels/common/test_matrix.hpp"

namespace ventus::kernels {
namespace {

VENTUS_WORD_MAP_KERNEL_TESTS(DivergenceKernel, divergence_run, divergence_reference);

}  // namespace
}  // namespace ventus::kernels
