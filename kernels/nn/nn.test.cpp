// nn kernel on the runtime: distances equal the CPU reference bit for bit (fixed order of
// float operations), for 4/8/16/32 threads per warp, one and several work-groups and
// record counts that are not multiples of the work-group size.
#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "kernels/common/test_matrix.hpp"
#include "nn/nn.hpp"

namespace ventus::kernels {
namespace {

class NnKernel : public ThreadsPerWarpTest {};

std::vector<LatLong> random_records(uint32_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> lat(-90.0f, 90.0f);
  std::uniform_real_distribution<float> lng(-180.0f, 180.0f);
  std::vector<LatLong> out(n);
  for (LatLong& r : out) r = {lat(rng), lng(rng)};
  return out;
}

void check(unsigned numt, uint32_t n, uint32_t local_size) {
  auto device = make_device(numt);
  ASSERT_TRUE(device) << device.error().message;
  const std::vector<LatLong> records = random_records(n, numt * 1000 + n);
  const float lat = 30.5f;
  const float lng = -90.25f;
  auto run = nn_run(**device, records, lat, lng, local_size);
  ASSERT_TRUE(run) << run.error().message;
  const std::vector<float> expected = nn_reference(records, lat, lng);
  ASSERT_EQ(run->distances.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(std::bit_cast<uint32_t>(run->distances[i]), std::bit_cast<uint32_t>(expected[i]))
        << "record " << i << ": " << run->distances[i] << " vs " << expected[i];
  }
  EXPECT_EQ(nn_k_nearest(run->distances, 5), nn_k_nearest(expected, 5));
  EXPECT_EQ(run->stats.work_groups, (n + local_size - 1) / local_size);
}

TEST_P(NnKernel, OneWorkGroupExactSize) {
  check(GetParam(), 16, 16);
}
TEST_P(NnKernel, OneWorkGroupPartial) {
  check(GetParam(), 13, 16);
}
TEST_P(NnKernel, SeveralWorkGroupsGuardedTail) {
  check(GetParam(), 77, 24);
}
TEST_P(NnKernel, LocalSizeNotMultipleOfWarp) {
  check(GetParam(), 40, 12);
}

INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, NnKernel, threads_per_warp_values(),
                         threads_per_warp_name);

}  // namespace
}  // namespace ventus::kernels
