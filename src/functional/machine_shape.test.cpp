// MachineShape::groups_per_sm: the CTA scheduler's resource table (warp and work-group slots,
// local memory, scalar and vector register slots) decides how many groups an SM holds.
#include "functional/machine_shape.hpp"

#include <gtest/gtest.h>

#include "functional/work_group.hpp"

namespace ventus::functional {
namespace {

// A shape where only the registers can bind: 32 warp slots, 32 group slots.
MachineShape roomy_shape() {
  MachineShape shape;
  shape.warp_slots_per_sm = 32;
  shape.group_slots_per_sm = 32;
  shape.sgpr_slots_per_sm = 4096;
  shape.vgpr_slots_per_sm = 1024;
  return shape;
}

LaunchConfig two_warps(uint32_t sgprs, uint32_t vgprs) {
  LaunchConfig config;
  config.numt = 4;
  config.numw = 2;
  config.sgpr_usage = sgprs;
  config.vgpr_usage = vgprs;
  return config;
}

TEST(MachineShape, TheRegisterPoolsLimitTheGroupsAnSmHolds) {
  // 2 warps x 128 vector registers = 256 a group: 1024 / 256 = 4 groups (scalar: 4096 / 128).
  EXPECT_EQ(roomy_shape().groups_per_sm(two_warps(64, 128), 0).value(), 4u);
  // 2 x 100 = 200: 5 groups, the 24 registers left over hold no sixth.
  EXPECT_EQ(roomy_shape().groups_per_sm(two_warps(64, 100), 0).value(), 5u);
  // The scalar pool binds when it is the smaller: 300 / (2 x 64) = 2.
  MachineShape few_scalars = roomy_shape();
  few_scalars.sgpr_slots_per_sm = 300;
  EXPECT_EQ(few_scalars.groups_per_sm(two_warps(64, 64), 0).value(), 2u);
}

TEST(MachineShape, AGroupWhoseRegistersExceedAnSmIsRefusedNamingTheParameter) {
  const auto refused = roomy_shape().groups_per_sm(two_warps(64, 600), 0);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "a work-group of 2 warps needs 1200 vector registers (600 per warp, vgprUsage), an SM "
            "has 1024 (sm.vgpr_slots)");
}

TEST(MachineShape, ALaunchThatDeclaresNoRegistersTakesNone) {
  MachineShape tiny = roomy_shape();
  tiny.sgpr_slots_per_sm = tiny.vgpr_slots_per_sm = 1;
  // Only the warp slots bind: 32 / 2 = 16 groups.
  EXPECT_EQ(tiny.groups_per_sm(two_warps(0, 0), 0).value(), 16u);
}

TEST(MachineShape, AFixedShareOfRegistersPerWarpReplacesTheLaunchsUsage) {
  MachineShape bench = roomy_shape();  // 1024 vector registers
  bench.vgprs_per_warp = 32;           // the Verilog test bench's host (TIMING.md §1)
  // The launch declares 600 a warp, more than fits; each warp takes 32: 1024 / 64 = 16.
  EXPECT_EQ(bench.groups_per_sm(two_warps(64, 600), 0).value(), 16u);
  bench.vgprs_per_warp = 1000;  // 2 x 1000 > 1024, whatever the launch declares
  EXPECT_EQ(bench.groups_per_sm(two_warps(64, 0), 0).error().message,
            "a work-group of 2 warps needs 2000 vector registers (1000 per warp, "
            "sm.vgprs_per_warp), an SM has 1024 (sm.vgpr_slots)");
}

}  // namespace
}  // namespace ventus::functional
