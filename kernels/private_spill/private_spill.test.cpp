// private_spill kernel on the runtime: results equal the CPU reference (integer, exact) for
// 4/8/16/32 threads per warp, one and several work-groups and sizes that are not multiples of the
// work-group size (the guarded lanes must not write: the output is pre-filled and checked).
#include <gtest/gtest.h>

#include <random>

#include "private_spill/private_spill.hpp"

namespace ventus::kernels {
namespace {

class PrivateSpillKernel : public ::testing::TestWithParam<unsigned> {};

void check(unsigned numt, uint32_t n, uint32_t local_size) {
  MachineConfig config;
  config.threads_per_warp = numt;
  auto device = Device::create(config);
  ASSERT_TRUE(device) << device.error().message;
  std::mt19937 rng(numt * 7919 + n);
  std::vector<uint32_t> in(n);
  for (uint32_t& v : in) v = static_cast<uint32_t>(rng());
  auto run = private_spill_run(**device, in, local_size);
  ASSERT_TRUE(run) << run.error().message;
  EXPECT_EQ(run->out, private_spill_reference(in));
  EXPECT_EQ(run->stats.work_groups, (n + local_size - 1) / local_size);
}

TEST_P(PrivateSpillKernel, OneWorkGroupExactSize) {
  check(GetParam(), 32, 32);
}
TEST_P(PrivateSpillKernel, OneWorkGroupPartial) {
  check(GetParam(), 11, 16);
}
TEST_P(PrivateSpillKernel, SeveralWorkGroupsGuardedTail) {
  check(GetParam(), 77, 24);
}
TEST_P(PrivateSpillKernel, LocalSizeNotMultipleOfWarp) {
  check(GetParam(), 50, 12);
}

INSTANTIATE_TEST_SUITE_P(ThreadsPerWarp, PrivateSpillKernel, ::testing::Values(4u, 8u, 16u, 32u),
                         [](const auto& p) { return "numt" + std::to_string(p.param); });

}  // namespace
}  // namespace ventus::kernels
