// CSR_PDS by resident slot (LaunchConfig::private_slots, ISA.md §7.6, CSR 0x807): the slot of
// every work-group in the burst scheduler on 1 and 2 host threads, the random schedule and
// the cycle model; groups alive at once never share private memory; the RTL formula without
// reserved slots and REF's single base in --ref-compat.
#include <gtest/gtest.h>

#include <string>

#include "runner/engine_test_support.hpp"

namespace ventus::runner {
namespace {

using namespace engine_test;

// 4 threads x 2 warps per group; the default machine (2 SMs, 8 warp slots, 8 work-group
// slots) holds min(8, 8 / 2) = 4 groups per SM, so R = 2 x 4 = 8 resident slots.
constexpr uint32_t kNumt = 4, kNumw = 2, kSlots = 8, kGroups = 40;
constexpr uint32_t kPdsSize = 16;                             // 4 private words per thread
constexpr uint32_t kGroupPrivate = kNumt * kNumw * kPdsSize;  // 0x80 bytes per group
constexpr uint32_t kPds = 0x90100000u;
constexpr uint32_t kSums = kOut + 0x1000;

// Each group records CSR_PDS at out[wgid]. Each thread (global id g) writes g + k·0x10000 to
// its private words k = 0..3 (ISA.md §5.11), spins for a length that differs from group to
// group (so later groups overtake earlier ones), reads them back and stores their sum,
// 4g + 0x60000, at kSums + 4g: a group that shared its slot with a live one would read the
// other's values.
std::string private_round_trip() {
  return fmt::format(R"(
        csrr    a0, wgid
        csrr    a1, pds
        slli    a2, a0, 2
        li      a3, {:#x}
        add     a3, a3, a2
        sw      a1, 0(a3)
        csrr    t2, tid
        slli    t3, a0, 3               # 8 threads per group
        add     t2, t2, t3
        vid.v   v1
        vadd.vx v1, v1, t2              # v1 = global id
        vmv.v.x v2, zero                # private address 0
        li      t0, 0x10000
        vsw.v   v1, 0(v2)
        vadd.vx v3, v1, t0
        vsw.v   v3, 4(v2)
        vadd.vx v3, v3, t0
        vsw.v   v3, 8(v2)
        vadd.vx v3, v3, t0
        vsw.v   v3, 12(v2)
        li      t1, 37                  # spin 20 + 4·((37·wgid) mod 64) times: groups
        mul     t1, t1, a0              # end out of order
        andi    t1, t1, 63
        slli    t1, t1, 2
        addi    t1, t1, 20
1:      addi    t1, t1, -1
        bnez    t1, 1b
        vlw.v   v4, 0(v2)
        vlw.v   v5, 4(v2)
        vadd.vv v4, v4, v5
        vlw.v   v5, 8(v2)
        vadd.vv v4, v4, v5
        vlw.v   v5, 12(v2)
        vadd.vv v4, v4, v5
        vsll.vi v6, v1, 2
        li      s0, {:#x}
        vadd.vx v6, v6, s0
        vsw12.v v4, 0(v6)
)",
                     kOut, kSums) +
         std::string(kFinish);
}

functional::LaunchConfig slot_config(uint32_t private_slots) {
  functional::LaunchConfig config;
  config.kernel_name = "slots";
  config.numt = kNumt;
  config.numw = kNumw;
  config.num_groups = {kGroups, 1, 1};
  config.pds_base = kPds;
  config.pds_size = kPdsSize;
  config.private_slots = private_slots;
  return config;
}

std::vector<BufferSpec> buffers(uint32_t private_groups) {
  return {{kOut, 0x2000, "out"}, {kPds, private_groups * kGroupPrivate, "private"}};
}

ProgramOutcome run_slots(const functional::EngineOptions& options) {
  return run_program(assemble(private_round_trip()), slot_config(kSlots), options, buffers(kSlots));
}

// Every thread read back exactly what it wrote.
void expect_private_round_trips(const ProgramOutcome& o) {
  for (uint32_t g = 0; g < kGroups * kNumt * kNumw; ++g) {
    ASSERT_EQ(word(o, kSums + 4 * g), 4 * g + 0x60000) << "global id " << g;
  }
}

// Each group's CSR_PDS is one of the R slots; the first R groups start at once (the machine
// is empty) and the round robin over SMs, then over slots, puts group g on SM g mod 2 in
// slot g / 2 of that SM: resident slot (g / 2)·2 + g mod 2 = g.
void expect_slots_of_a_concurrent_start(const ProgramOutcome& o) {
  for (uint32_t g = 0; g < kGroups; ++g) {
    const uint32_t pds = word(o, kOut + 4 * g);
    EXPECT_EQ((pds - kPds) % kGroupPrivate, 0u) << "group " << g;
    EXPECT_LT((pds - kPds) / kGroupPrivate, kSlots) << "group " << g;
    if (g < kSlots) {
      EXPECT_EQ(pds, kPds + g * kGroupPrivate) << "group " << g;
    }
  }
}

// One group at a time: group g takes slot g mod 8, on 1 and on 2 host threads alike.
TEST(ResidentSlots, TheBurstSchedulerPutsGroupGInSlotGModR) {
  for (uint32_t threads : {1u, 2u}) {
    functional::EngineOptions options;
    options.host_threads = threads;
    const ProgramOutcome o = run_slots(options);
    ASSERT_FALSE(o.result.fault) << o.result.fault->message();
    for (uint32_t g = 0; g < kGroups; ++g) {
      EXPECT_EQ(word(o, kOut + 4 * g), kPds + (g % 8) * 0x80) << "group " << g << ", " << threads;
    }
    expect_private_round_trips(o);
  }
}

TEST(ResidentSlots, LiveGroupsOfTheRandomScheduleNeverShareASlot) {
  for (uint64_t seed : {1u, 2u, 3u}) {
    functional::EngineOptions options;
    options.schedule = functional::Schedule::Random;
    options.random_seed = seed;
    const ProgramOutcome o = run_slots(options);
    ASSERT_FALSE(o.result.fault) << o.result.fault->message();
    expect_slots_of_a_concurrent_start(o);
    expect_private_round_trips(o);
  }
}

TEST(ResidentSlots, TheCycleModelUsesTheSlotItPlacesTheGroupIn) {
  const ProgramOutcome o =
      run_program_timed(assemble(private_round_trip()), slot_config(kSlots),
                        functional::EngineOptions{}, buffers(kSlots), timing::TimingParams{});
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  expect_slots_of_a_concurrent_start(o);
  expect_private_round_trips(o);
}

// private_slots = 0: the RTL's pdsBaseAddr + wg_idx·numw·numt·pdsSize (case runner, vt_start).
TEST(ResidentSlots, WithoutReservedSlotsCsrPdsFollowsTheRtlFormula) {
  const ProgramOutcome o = run_program(assemble(private_round_trip()), slot_config(0),
                                       functional::EngineOptions{}, buffers(kGroups));
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  for (uint32_t g = 0; g < kGroups; ++g) EXPECT_EQ(word(o, kOut + 4 * g), kPds + g * 0x80);
  expect_private_round_trips(o);
}

// REF runs the groups one at a time with CSR_PDS = pdsBaseAddr for every one.
TEST(ResidentSlots, RefCompatGivesEveryGroupTheBase) {
  functional::EngineOptions options;
  options.mode = Mode::RefCompat;
  const ProgramOutcome o =
      run_program(assemble(private_round_trip()), slot_config(kSlots), options, {});
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  for (uint32_t g = 0; g < kGroups; ++g) EXPECT_EQ(word(o, kOut + 4 * g), kPds) << "group " << g;
  expect_private_round_trips(o);
}

TEST(ResidentSlots, FewerReservedSlotsThanTheMachineHoldsAreRefused) {
  const ProgramOutcome o = run_program(assemble(private_round_trip()), slot_config(4),
                                       functional::EngineOptions{}, buffers(4));
  ASSERT_TRUE(o.result.fault);
  EXPECT_EQ(o.result.fault->detail,
            "private memory is reserved for 4 resident work-groups, but the machine holds 8 (2 "
            "SMs x 4 work-groups)");
}

}  // namespace
}  // namespace ventus::runner
