// softmax kernel on the runtime, for 4/8/16/32 threads per warp, one and several
// work-groups (one per row), rows shorter and longer than the work-group, and work-groups
// smaller than a warp (numt 32, 16 threads: guarded lanes around barriers).
//
// Bounds: against softmax_reference (the kernel's order of operations and vfexp's
// definition, host exp in double rounded to float, ISA.md §5.8) the result must be
// identical (0 ULP): simulator and test use the same libm. Against the plain double
// softmax the bound is 16 ULP: inputs lie in [-4, 4], so x - max is rounded with an error
// of at most 2^-21 absolute, giving up to 4 ULP in exp, plus 0.5 ULP for exp's own rounding,
// at most log2(n) + n/L roundings in the sum (<= 8 ULP for these sizes) and 0.5 ULP for the
// division.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <random>

#include "kernels/common/test_matrix.hpp"
#include "softmax/softmax.hpp"

namespace ventus::kernels {
namespace {

constexpr int64_t kUlpBoundVsExact = 16;

int64_t ulp_distance(float got, double exact) {
  const auto a = std::bit_cast<int32_t>(got);
  const auto b = std::bit_cast<int32_t>(static_cast<float>(exact));
  return std::llabs(int64_t{a} - int64_t{b});
}

class SoftmaxKernel : public ThreadsPerWarpTest {};

void check(unsigned numt, uint32_t n, uint32_t rows, uint32_t local_size) {
  auto device = make_device(numt);
  ASSERT_TRUE(device) << device.error().message;
  std::mt19937 rng(numt * 13 + n);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<float> in(size_t{n} * rows);
  for (float& v : in) v = dist(rng);
  auto run = softmax_run(**device, in, n, rows, local_size);
  ASSERT_TRUE(run) << run.error().message;
  EXPECT_EQ(run->out, softmax_reference(in, n, rows, local_size));
  const std::vector<double> exact = softmax_exact(in, n, rows);
  for (size_t i = 0; i < exact.size(); ++i) {
    EXPECT_LE(ulp_distance(run->out[i], exact[i]), kUlpBoundVsExact)
        << "element " << i << ": " << run->out[i] << " vs " << exact[i];
  }
  EXPECT_EQ(run->stats.work_groups, rows);
}

TEST_P(SoftmaxKernel, OneRowShorterThanGroup) {
  check(GetParam(), 10, 1, 16);
}
TEST_P(SoftmaxKernel, SeveralRowsNotMultiple) {
  check(GetParam(), 37, 3, 16);
}
TEST_P(SoftmaxKernel, LongRowsWideGroups) {
  check(GetParam(), 70, 2, 32);
}

INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, SoftmaxKernel, threads_per_warp_values(),
                         threads_per_warp_name);

}  // namespace
}  // namespace ventus::kernels
