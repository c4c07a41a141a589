// check_launch_limits: every size a .metadata file gives is checked against the ISA and the
// machine before the case runner allocates anything (issue 13 item 1, issue 47).
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
  EXPECT_TRUE(check_launch_limits(launch_with(4, 8), functional::MachineShape{}, false));
}

TEST(CaseLimits, AWorkGroupOfMoreWarpsThanTheIsaAllowsIsRefused) {
  for (uint32_t wg : {0x10000000u, 0x100000u, 33u, 0u}) {
    for (bool widen : {true, false}) {
      const Status s = check_launch_limits(launch_with(4, wg), functional::MachineShape{}, widen);
      ASSERT_FALSE(s) << wg;
      EXPECT_EQ(s.error().message, "case/k.metadata: wg_size (warps per work-group) = " +
                                       std::to_string(wg) + " is not in 1..32");
    }
  }
}

// Issue 47: the functional mode widens the machine; the cycle model refuses, naming the --set.
TEST(CaseLimits, MoreWarpsThanAnSmHasWidenTheMachineOrNameTheSet) {
  const loader::Launch launch = launch_with(8, 16);
  EXPECT_TRUE(check_launch_limits(launch, functional::MachineShape{}, true));
  auto fit = launch_machine(launch, functional::MachineShape{}, true);
  ASSERT_TRUE(fit);
  EXPECT_EQ(fit->shape.warp_slots_per_sm, 16u);
  EXPECT_EQ(functional::widening_notice(fit->widened, launch.name),
            "machine widened: sm.warp_slots 8 → 16 for launch k");
  const Status refused = check_launch_limits(launch, functional::MachineShape{}, false);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "case/k.metadata: launch k does not fit the configured machine: it needs "
            "sm.warp_slots = 16, the machine has 8 (--set sm.warp_slots=16 makes it fit)");
  EXPECT_EQ(widened_config_json(R"({"sm.warp_slots":8,"gpu.sm_count":2})", fit->widened),
            R"({"gpu.sm_count":2,"sm.warp_slots":16})");
}

TEST(CaseLimits, ThreadsPerWarpMustBeAPowerOfTwoUpTo32) {
  for (uint32_t wf : {0u, 3u, 64u, 0x80000000u}) {
    const Status s = check_launch_limits(launch_with(wf, 1), functional::MachineShape{}, true);
    ASSERT_FALSE(s) << wf;
    EXPECT_NE(s.error().message.find("wf_size (threads per warp) = " + std::to_string(wf)),
              std::string::npos);
  }
}

TEST(CaseLimits, EmptyNdRangeLocalAndPrivateMemoryAreChecked) {
  loader::Launch empty = launch_with(4, 1);
  empty.metadata.kernel_size[2] = 0;
  EXPECT_EQ(check_launch_limits(empty, {}, true).error().message,
            "case/k.metadata: kernel_size[2] = 0: every ND-range dimension needs at least one "
            "work-group");
  loader::Launch many = launch_with(4, 1);
  many.metadata.kernel_size = {0x10000, 0x10000, 2};
  EXPECT_EQ(check_launch_limits(many, {}, true).error().message,
            "case/k.metadata: kernel_size 65536 x 65536 x 2 is more than 4294967295 work-groups");
  loader::Launch lds = launch_with(4, 1);
  lds.metadata.lds_size = 0xffffffffu;
  EXPECT_EQ(check_launch_limits(lds, {}, true).error().message,
            "case/k.metadata: ldsSize = 4294967295 bytes exceeds the 268435456 bytes of the local "
            "window (ISA.md §8)");
  lds.metadata.lds_size = 0x40000;  // 256 KiB: the SM's 128 KiB widen in the functional mode
  EXPECT_TRUE(check_launch_limits(lds, {}, true));
  EXPECT_NE(check_launch_limits(lds, {}, false)
                .error()
                .message.find("--set sm.local_memory_bytes=262144 makes it fit"),
            std::string::npos);
  loader::Launch pds = launch_with(32, 8);
  pds.metadata.pds_size = 0x02000000;  // 32 MiB x 256 threads = 8 GiB
  EXPECT_NE(check_launch_limits(pds, {}, true).error().message.find("more than the 32-bit address"),
            std::string::npos);
}

TEST(CaseLimits, RegistersAWorkGroupDeclaresMustFitAnSm) {
  loader::Launch launch = launch_with(4, 8);
  launch.metadata.sgpr_usage = 64;
  launch.metadata.vgpr_usage = 64;  // the reference cases': 8 x 64 = 512 of 1024
  functional::MachineShape tb;
  tb.sgpr_slots_per_sm = tb.vgpr_slots_per_sm = 1024;
  EXPECT_TRUE(check_launch_limits(launch, tb, false));
  launch.metadata.vgpr_usage = 129;
  EXPECT_EQ(check_launch_limits(launch, tb, false).error().message,
            "case/k.metadata: launch k does not fit the configured machine: it needs "
            "sm.vgpr_slots = 1032, the machine has 1024 (--set sm.vgpr_slots=1032 makes it fit)");
  EXPECT_TRUE(check_launch_limits(launch, tb, true));
  launch.metadata.sgpr_usage = 0xffffffffu;  // 8 x that is computed in 64 bits
  EXPECT_EQ(check_launch_limits(launch, tb, true).error().message,
            "case/k.metadata: launch k: a work-group of 8 warps needs 34359738360 scalar and 1032 "
            "vector registers, more than the 1048576 register slots an SM may have");
}

TEST(CaseLimits, TheTestBenchsFixedRegistersPerWarpReplaceTheMetadatas) {
  loader::Launch launch = launch_with(4, 8);
  launch.metadata.vgpr_usage = 256;  // 8 x 256 > 1024, but the bench gives each warp 32
  functional::MachineShape tb;
  tb.sgpr_slots_per_sm = tb.vgpr_slots_per_sm = 1024;
  tb.sgprs_per_warp = tb.vgprs_per_warp = 32;
  EXPECT_TRUE(check_launch_limits(launch, tb, false));
  tb.vgprs_per_warp = 129;
  EXPECT_NE(check_launch_limits(launch, tb, false)
                .error()
                .message.find("--set sm.vgpr_slots=1032 makes it fit"),
            std::string::npos);
}

}  // namespace
}  // namespace ventus::runner
