// conv2d kernel on the runtime: output equals the CPU reference bit for bit (fixed tap order,
// one rounding per tap), for 4/8/16/32 threads per warp, 2-D ND-ranges with one and several
// work-groups, image sizes that are not multiples of the work-group shape, 1-row groups.
#include <gtest/gtest.h>

#include <random>

#include "conv2d/conv2d.hpp"
#include "kernels/common/test_matrix.hpp"

namespace ventus::kernels {
namespace {

class Conv2dKernel : public ThreadsPerWarpTest {};

void check(unsigned numt, uint32_t width, uint32_t height, uint32_t k,
           std::array<uint32_t, 2> local) {
  auto device = make_device(numt);
  ASSERT_TRUE(device) << device.error().message;
  std::mt19937 rng(numt * 31 + width);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  Image in{width, height, std::vector<float>(size_t{width} * height)};
  for (float& p : in.pixels) p = dist(rng);
  std::vector<float> mask(size_t{k} * k);
  for (float& m : mask) m = dist(rng);
  auto run = conv2d_run(**device, in, mask, k, local);
  ASSERT_TRUE(run) << run.error().message;
  EXPECT_EQ(run->out, conv2d_reference(in, mask, k));
  const uint32_t groups = (width + local[0] - 1) / local[0] * ((height + local[1] - 1) / local[1]);
  EXPECT_EQ(run->stats.work_groups, groups);
}

TEST_P(Conv2dKernel, OneWorkGroup) {
  check(GetParam(), 8, 4, 3, {8, 4});
}
TEST_P(Conv2dKernel, SeveralWorkGroupsGuarded) {
  check(GetParam(), 13, 7, 3, {8, 4});
}
TEST_P(Conv2dKernel, OddGroupShape5x5Mask) {
  check(GetParam(), 11, 9, 5, {5, 3});
}
TEST_P(Conv2dKernel, RowGroups) {
  check(GetParam(), 10, 3, 3, {16, 1});
}

INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, Conv2dKernel, threads_per_warp_values(),
                         threads_per_warp_name);

}  // namespace
}  // namespace ventus::kernels
