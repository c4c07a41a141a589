// check_launch_limits: every size a .metadata file gives is checked against the machine before
// the case runner allocates anything (issue 13 item 1).
#include "runner/case_limits.hpp"

#include <gtest/gtest.h>

namespace ventus::runner {
namespace {

loader::Launch launch_with(uint32_t wf, uint32_t wg) {
  loader::Launch launch;
  launch.name = "k";
  launch.metadata_path = "case/k.metadata";
  launch.metadata.kernel_size = {1, 1, 1};
  launch.metadata.wf_size = wf;
  launch.metadata.wg_size = wg;
  launch.metadata.lds_size = 0x1000;
  launch.metadata.pds_size = 0x1000;
  return launch;
}

TEST(CaseLimits, AReferenceShapedLaunchFitsTheDefaultMachine) {
  EXPECT_TRUE(check_launch_limits(launch_with(4, 8), functional::MachineShape{}));
}

TEST(CaseLimits, AWorkGroupOfMoreWarpsThanAnSmHasIsRefusedNamingTheParameter) {
  for (uint32_t wg : {0x10000000u, 0x100000u, 9u, 0u}) {
    const Status s = check_launch_limits(launch_with(4, wg), functional::MachineShape{});
    ASSERT_FALSE(s) << wg;
    EXPECT_EQ(s.error().message,
              "case/k.metadata: wg_size (warps per work-group) = " + std::to_string(wg) +
                  " is not in 1..8, the warp slots of an SM (sm.warp_slots)");
  }
}

TEST(CaseLimits, ThreadsPerWarpMustBeAPowerOfTwoUpTo32) {
  for (uint32_t wf : {0u, 3u, 64u, 0x80000000u}) {
    const Status s = check_launch_limits(launch_with(wf, 1), functional::MachineShape{});
    ASSERT_FALSE(s) << wf;
    EXPECT_NE(s.error().message.find("wf_size (threads per warp) = " + std::to_string(wf)),
              std::string::npos);
  }
}

TEST(CaseLimits, EmptyNdRangeLocalAndPrivateMemoryAreChecked) {
  loader::Launch empty = launch_with(4, 1);
  empty.metadata.kernel_size[2] = 0;
  EXPECT_EQ(check_launch_limits(empty, {}).error().message,
            "case/k.metadata: kernel_size[2] = 0: every ND-range dimension needs at least one "
            "work-group");
  loader::Launch many = launch_with(4, 1);
  many.metadata.kernel_size = {0x10000, 0x10000, 2};
  EXPECT_EQ(check_launch_limits(many, {}).error().message,
            "case/k.metadata: kernel_size 65536 x 65536 x 2 is more than 4294967295 work-groups");
  loader::Launch lds = launch_with(4, 1);
  lds.metadata.lds_size = 0xffffffffu;
  EXPECT_EQ(check_launch_limits(lds, {}).error().message,
            "case/k.metadata: ldsSize = 4294967295 bytes exceeds the 131072 bytes of local "
            "memory of an SM (sm.local_memory_bytes)");
  loader::Launch pds = launch_with(32, 8);
  pds.metadata.pds_size = 0x02000000;  // 32 MiB x 256 threads = 8 GiB
  EXPECT_NE(check_launch_limits(pds, {}).error().message.find("more than the 32-bit address"),
            std::string::npos);
}

TEST(CaseLimits, RegistersAWorkGroupDeclaresMustFitAnSm) {
  loader::Launch launch = launch_with(4, 8);
  launch.metadata.sgpr_usage = 64;
  launch.metadata.vgpr_usage = 64;  // the reference cases': 8 x 64 = 512 of 1024
  functional::MachineShape tb;
  tb.sgpr_slots_per_sm = tb.vgpr_slots_per_sm = 1024;
  EXPECT_TRUE(check_launch_limits(launch, tb));
  launch.metadata.vgpr_usage = 129;
  EXPECT_EQ(check_launch_limits(launch, tb).error().message,
            "case/k.metadata: a work-group of 8 warps needs 1032 vector registers (129 per warp, "
            "vgprUsage), an SM has 1024 (sm.vgpr_slots)");
  launch.metadata.sgpr_usage = 0xffffffffu;  // 8 x that is computed in 64 bits
  EXPECT_EQ(check_launch_limits(launch, tb).error().message,
            "case/k.metadata: a work-group of 8 warps needs 34359738360 scalar registers "
            "(4294967295 per warp, sgprUsage), an SM has 1024 (sm.sgpr_slots)");
}

TEST(CaseLimits, TheTestBenchsFixedRegistersPerWarpReplaceTheMetadatas) {
  loader::Launch launch = launch_with(4, 8);
  launch.metadata.vgpr_usage = 256;  // 8 x 256 > 1024, but the bench gives each warp 32
  functional::MachineShape tb;
  tb.sgpr_slots_per_sm = tb.vgpr_slots_per_sm = 1024;
  tb.sgprs_per_warp = tb.vgprs_per_warp = 32;
  EXPECT_TRUE(check_launch_limits(launch, tb));
  tb.vgprs_per_warp = 129;
  EXPECT_EQ(check_launch_limits(launch, tb).error().message,
            "case/k.metadata: a work-group of 8 warps needs 1032 vector registers (129 per warp, "
            "sm.vgprs_per_warp), an SM has 1024 (sm.vgpr_slots)");
}

}  // namespace
}  // namespace ventus::runner
