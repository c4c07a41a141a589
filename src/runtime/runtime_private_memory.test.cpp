// Private memory per resident work-group slot (docs/runtime.md "Private memory"): a million
// work-items with the default 4 KiB per thread, --ref-compat's whole-ND-range reservation, the
// limit's message, CSR_PDS of each group, concurrent groups on the cycle model, and the reuse
// of every launch's temporary buffers.
#include <gtest/gtest.h>

#include <string_view>
#include <vector>

#include "ventus/runtime.hpp"

namespace ventus {
namespace {

NDRange groups_of_64(uint32_t global) {
  return NDRange{1, {global, 1, 1}, {64, 1, 1}, {0, 0, 0}};
}

// One vector instruction per thread besides crt0's (bench/kernel_bench.cpp).
constexpr std::string_view kOneInstruction = R"(
    .globl one
    .type one, @function
one:
    vadd.vi v1, v1, 1
    ret
)";

// The ND-range needs 4 KB x 1,000,000 of private memory, the machine only 2 resident groups'
// worth: 2 SMs x 1 group of 64 threads (8 warps fill an SM's 8 warp slots) x 4 KiB = 512 KiB.
TEST(Launch, AMillionWorkItemsRunWithTheDefaultPrivateMemory) {
  auto device = Device::create(Config{}).value();
  auto kernel = Program::from_assembly(kOneInstruction, "one.s").value().kernel("one").value();
  auto stats = device->launch(kernel, groups_of_64(1'000'000)).value().wait();
  ASSERT_TRUE(stats) << stats.error().message;
  EXPECT_EQ(stats->work_groups, 15625u);
  EXPECT_EQ(stats->warps, 125000u);
}

// --ref-compat keeps REF's driver, which reserves private memory for the whole ND-range.
TEST(Launch, RefCompatStillReservesPrivateMemoryForEveryWorkGroup) {
  Config config;
  config.simulation.ref_compat = true;
  auto device = Device::create(config).value();
  auto kernel = Program::from_assembly(kOneInstruction, "one.s").value().kernel("one").value();
  auto refused = device->launch(kernel, groups_of_64(1'000'000));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "private memory of the launch, 4096 bytes per thread x 1000000 threads = 4096000000 "
            "bytes, exceeds 1 GiB: lower driver.private_memory_bytes_per_thread (at most 1073 for "
            "this launch, e.g. --set driver.private_memory_bytes_per_thread=1072) or launch fewer "
            "work-items");
}

// The reservation for the resident slots alone can still be too large: 17 SMs x 1 group of
// 64 threads x 1 MiB = 1088 MiB; 2^30 / 1088 threads = 986895 bytes per thread would fit.
TEST(Launch, PrivateMemoryOfTheResidentSlotsOver1GiBNamesTheSetting) {
  Config config;
  config.machine.sm_count = 17;
  config.machine.private_memory_bytes_per_thread = 1u << 20;
  auto device = Device::create(config).value();
  auto kernel = Program::from_assembly(kOneInstruction, "one.s").value().kernel("one").value();
  auto refused = device->launch(kernel, groups_of_64(64));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "private memory of the 17 resident work-groups (17 SMs x 1 per SM), 1048576 bytes per "
            "thread x 1088 threads = 1140850688 bytes, exceeds 1 GiB: lower "
            "driver.private_memory_bytes_per_thread (at most 986895 for this launch, e.g. --set "
            "driver.private_memory_bytes_per_thread=986892)");
  EXPECT_EQ(device->live_buffers(), 0u);
}

// private_sum(sums, pds_of_group): each work-group stores its CSR_PDS at pds_of_group[wgid];
// each thread (global id g) writes g + k·0x10000 to the private words k = 0..3 of a 16-byte
// frame on its private stack (tp, ISA.md §5.11, §7.4), reads them back and stores the sum,
// 4g + 0x60000, at sums[g].
constexpr std::string_view kPrivateSum = R"(
    .globl private_sum
    .type private_sum, @function
private_sum:
    lw      t0, 0(a0)
    lw      t6, 4(a0)
    csrr    a1, wgid
    csrr    a2, pds
    slli    a3, a1, 2
    add     a3, a3, t6
    sw      a2, 0(a3)
    csrr    t3, numw
    csrr    t4, numt
    mul     t3, t3, t4
    mul     t3, t3, a1
    csrr    t2, tid
    add     t2, t2, t3
    vid.v   v1
    vadd.vx v1, v1, t2
    addi    tp, tp, 16
    vmv.v.x v2, tp
    li      t1, 0x10000
    vsw.v   v1, -16(v2)
    vadd.vx v3, v1, t1
    vsw.v   v3, -12(v2)
    vadd.vx v3, v3, t1
    vsw.v   v3, -8(v2)
    vadd.vx v3, v3, t1
    vsw.v   v3, -4(v2)
    vlw.v   v4, -16(v2)
    vlw.v   v5, -12(v2)
    vadd.vv v4, v4, v5
    vlw.v   v5, -8(v2)
    vadd.vv v4, v4, v5
    vlw.v   v5, -4(v2)
    vadd.vv v4, v4, v5
    addi    tp, tp, -16
    vsll.vi v6, v1, 2
    vadd.vx v6, v6, t0
    vsw12.v v4, 0(v6)
    ret
)";

constexpr uint32_t kPrivateGroups = 40;  // of 64 threads: 20 times the 2 resident slots

struct PrivateRun {
  std::vector<uint32_t> sums;
  std::vector<uint32_t> pds;  // per work-group
};

// private_sum over 40 work-groups of 64 threads on a fresh device of the default machine.
// Allocation order (ISA.md §8): sums 0x90000000 (10 KiB), pds 0x90003000, the arguments
// 0x90004000, then private memory at 0x90005000.
PrivateRun run_private_sum(Config config) {
  auto device = Device::create(config).value();
  auto kernel =
      Program::from_assembly(kPrivateSum, "private_sum.s").value().kernel("private_sum").value();
  auto sums = device->allocate(4 * 64 * kPrivateGroups).value();
  auto pds = device->allocate(4 * kPrivateGroups).value();
  kernel.arg(sums).arg(pds);
  auto stats = device->launch(kernel, groups_of_64(64 * kPrivateGroups)).value().wait();
  EXPECT_TRUE(stats) << stats.error().message;
  return {sums.read_as<uint32_t>(64 * kPrivateGroups).value(),
          pds.read_as<uint32_t>(kPrivateGroups).value()};
}

void expect_private_sums(const PrivateRun& run) {
  for (uint32_t g = 0; g < 64 * kPrivateGroups; ++g) {
    ASSERT_EQ(run.sums[g], 4 * g + 0x60000) << "global id " << g;
  }
}

// Resident slots: 2 (see above), each 64 threads x 4 KiB = 0x40000 bytes. The burst
// scheduler runs one group at a time: group g in slot g mod 2, for any host thread count.
TEST(Launch, CsrPdsIsTheResidentSlotsPrivateMemory) {
  for (uint32_t threads : {1u, 2u}) {
    Config config;
    config.simulation.host_threads = threads;
    const PrivateRun run = run_private_sum(config);
    for (uint32_t g = 0; g < kPrivateGroups; ++g) {
      EXPECT_EQ(run.pds[g], 0x90005000u + (g % 2) * 0x40000u) << "group " << g << ", " << threads;
    }
    expect_private_sums(run);
  }
}

// The cycle model runs both SMs' groups at once, each in the slot it was placed in.
TEST(Launch, PrivateMemoryOfConcurrentGroupsOnTheCycleModelIsTheirOwn) {
  Config config;
  config.simulation.timing = true;
  const PrivateRun run = run_private_sum(config);
  EXPECT_EQ(run.pds[0], 0x90005000u);  // SM 0, slot 0
  EXPECT_EQ(run.pds[1], 0x90045000u);  // SM 1, slot 1
  for (uint32_t g = 0; g < kPrivateGroups; ++g) {
    EXPECT_TRUE(run.pds[g] == 0x90005000u || run.pds[g] == 0x90045000u) << "group " << g;
  }
  expect_private_sums(run);
}

// Every launch frees its arguments, private memory, metadata and print buffer, and the next
// one reuses that space: 40 launches with 1 MiB of private memory per thread (2 slots x 64
// threads x 1 MiB = 128 MiB each) would need 5 GiB of the 1.75 GiB above 0x90000000 if
// nothing were reused. A buffer allocated afterwards in the arguments' old place
// (0x90004000, the lowest free block) reads zeros.
TEST(Launch, ConsecutiveLaunchesReuseTheirTemporaryBuffers) {
  Config config;
  config.machine.private_memory_bytes_per_thread = 1u << 20;
  auto device = Device::create(config).value();
  auto kernel =
      Program::from_assembly(kPrivateSum, "private_sum.s").value().kernel("private_sum").value();
  auto sums = device->allocate(4 * 64 * kPrivateGroups).value();
  auto pds = device->allocate(4 * kPrivateGroups).value();
  kernel.arg(sums).arg(pds);
  for (int launch = 0; launch < 40; ++launch) {
    auto stats = device->launch(kernel, groups_of_64(64 * 2)).value().wait();
    ASSERT_TRUE(stats) << "launch " << launch << ": " << stats.error().message;
    ASSERT_EQ(pds.read_as<uint32_t>(2).value(),
              (std::vector<uint32_t>{0x90005000u, 0x90005000u + 0x4000000u}))
        << "launch " << launch;
  }
  EXPECT_EQ(device->live_buffers(), 2u);
  auto later = device->allocate(0x1000).value();
  EXPECT_EQ(later.address(), 0x90004000u);
  EXPECT_EQ(later.read_as<uint32_t>(0x400).value(), std::vector<uint32_t>(0x400, 0u));
}

}  // namespace
}  // namespace ventus
