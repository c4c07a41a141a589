// gaussian kernels on the runtime: after all Fan1/Fan2 launches m, a and b equal the CPU
// reference bit for bit (fixed operations: one division, fused negated multiply-add), for
// 4/8/16/32 threads per warp, 1-D Fan1 and 2-D Fan2 ND-ranges with one and several
// work-groups and a matrix size that is not a multiple of the work-group sizes.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "gaussian/gaussian.hpp"
#include "kernels/common/test_matrix.hpp"

namespace ventus::kernels {
namespace {

class GaussianKernel : public ThreadsPerWarpTest {};

void check(unsigned numt, uint32_t size, uint32_t fan1_local, std::array<uint32_t, 2> fan2_local) {
  auto device = make_device(numt);
  ASSERT_TRUE(device) << device.error().message;
  std::mt19937 rng(numt + size);
  std::uniform_real_distribution<float> dist(-2.0f, 2.0f);
  std::vector<float> a(size_t{size} * size);
  std::vector<float> b(size);
  for (uint32_t i = 0; i < size; ++i) {
    for (uint32_t j = 0; j < size; ++j) a[size * i + j] = dist(rng) + (i == j ? 8.0f : 0.0f);
    b[i] = dist(rng);
  }
  auto run = gaussian_run(**device, size, a, b, fan1_local, fan2_local);
  ASSERT_TRUE(run) << run.error().message;
  const GaussianState expected = gaussian_reference(size, a, b);
  EXPECT_EQ(run->m, expected.m);
  EXPECT_EQ(run->a, expected.a);
  EXPECT_EQ(run->b, expected.b);
  EXPECT_EQ(run->x, expected.x);
  // The solution solves the original (diagonally dominant) system.
  for (uint32_t i = 0; i < size; ++i) {
    double sum = 0;
    for (uint32_t j = 0; j < size; ++j) sum += double{a[size * i + j]} * run->x[j];
    EXPECT_NEAR(sum, b[i], 1e-4) << "row " << i;
  }
  EXPECT_GT(run->stats.work_groups, 0u);
}

TEST_P(GaussianKernel, OneWorkGroupPerLaunch) {
  check(GetParam(), 4, 4, {4, 4});
}
TEST_P(GaussianKernel, SeveralWorkGroupsGuarded) {
  check(GetParam(), 11, 8, {4, 4});
}
TEST_P(GaussianKernel, NonSquareFan2Groups) {
  check(GetParam(), 9, 16, {8, 2});
}

INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, GaussianKernel, threads_per_warp_values(),
                         threads_per_warp_name);

}  // namespace
}  // namespace ventus::kernels
