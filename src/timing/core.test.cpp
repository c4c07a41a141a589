// LSU coalescing, unit latencies, writeback priorities and the host's count of a kernel,
// with values derived by hand from TIMING.md §2, §7 and §8.
#include <gtest/gtest.h>

#include "isa/insn_table.hpp"
#include "timing/gpu_model.hpp"
#include "timing/lsu.hpp"
#include "timing/lsu_test_support.hpp"
#include "timing/unit_class.hpp"

namespace ventus::timing {
namespace {

using functional::MemOp;
using functional::TimingRecord;

// Runs one instruction through a fresh LSU and returns the L1 requests it made.
uint64_t requests_of(const TimingRecord& record) {
  LsuParams p;
  LsuStats stats;
  L1dStats l1d;
  Lsu lsu(p, 8, stats, l1d);
  lsu.accept(0, record, 0);
  std::vector<LsuCompletion> done;
  run_with_instant_memory(lsu, 0, 400, done);
  EXPECT_TRUE(lsu.idle());
  return stats.requests.value;
}

TEST(LsuCoalescing, OneRequestPerDistinctEightByteBlock) {
  // Unit stride, 32-bit: 2 lanes per block (TIMING.md §15: 2 at 4 t, 8 at 16 t).
  EXPECT_EQ(requests_of(access(MemOp::Load, {0x9000, 0x9004, 0x9008, 0x900c})), 2u);
  TimingRecord sixteen;
  sixteen.mem_op = MemOp::Load;
  for (uint32_t i = 0; i < 16; ++i) sixteen.lane_address[sixteen.address_count++] = 0x9000 + 4 * i;
  EXPECT_EQ(requests_of(sixteen), 8u);
  // Uniform: one block. Stride 8: one block per lane. Scattered pairs: grouped by block.
  EXPECT_EQ(requests_of(access(MemOp::Load, {0x9000, 0x9000, 0x9000, 0x9000})), 1u);
  EXPECT_EQ(requests_of(access(MemOp::Store, {0x9000, 0x9008, 0x9010, 0x9018})), 4u);
  EXPECT_EQ(requests_of(access(MemOp::Load, {0x9100, 0x9000, 0x9104, 0x9004})), 2u);
  // Atomics: one lane per request even in one block.
  EXPECT_EQ(requests_of(access(MemOp::Atomic, {0x9000, 0x9000, 0x9004, 0x9004})), 4u);
}

// A 64-128-bit pre_m access (ISA.md §5.15) records one address per lane and the lane's
// bytes: every 8-byte block in them is requested once.
TEST(LsuCoalescing, WideAccessesRequestEveryBlockTheyTouch) {
  TimingRecord wide = access(MemOp::Load, {0x9000, 0x9010, 0x9020, 0x9030});
  wide.access_bytes = 16;  // 128 bits: 2 blocks per lane
  EXPECT_EQ(requests_of(wide), 8u);
  wide = access(MemOp::Store, {0x9004, 0x9014});
  wide.access_bytes = 12;  // 96 bits from 0x9004: 0x9000, 0x9008; 0x9010, 0x9018
  EXPECT_EQ(requests_of(wide), 4u);
  wide = access(MemOp::Load, {0x9000, 0x9008});
  wide.access_bytes = 16;  // overlapping lanes share 0x9008
  EXPECT_EQ(requests_of(wide), 3u);
}

TEST(LsuTiming, HitLoadWritesBackTenCyclesAfterIssue) {
  LsuParams p;
  LsuStats stats;
  L1dStats l1d;
  Lsu lsu(p, 8, stats, l1d);
  // Warm the line: a miss answered at once.
  TimingRecord warm = access(MemOp::Load, {0x9000});
  warm.destination = {functional::RegFile::Scalar, 5};
  lsu.accept(0, warm, 0);
  std::vector<LsuCompletion> done;
  run_with_instant_memory(lsu, 0, 50, done);
  done.clear();
  lsu.accept(1, warm, 100);
  for (Cycle c = 100; c < 120; ++c) lsu.tick(c, done);
  ASSERT_EQ(done.size(), 1u);
  // ISSUE -> L1 request 4, L1 hit 4, response -> writeback 2 (TIMING.md §7: 10).
  EXPECT_EQ(done[0].ready_at, 110u);
  EXPECT_EQ(done[0].slot, 1u);
  // The load-latency counter holds both loads: the warm-up miss and this hit's 10 cycles.
  EXPECT_EQ(stats.load_latency.count(), 2u);
  EXPECT_EQ(stats.load_latency.min_sample(), 10u);
}

// An answer that completes no instruction is no event for the skipping loop: the SM wakes for
// a load's last answer, and the earlier ones are popped with it, in order, as if each had had
// its tick.
TEST(LsuTiming, OnlyTheAnswerThatCompletesALoadIsAnEvent) {
  LsuParams p;
  p.mshr_state_machine = false;  // which takes every answer on its own (lsu_fsm.test.cpp)
  LsuStats stats;
  L1dStats l1d;
  Lsu lsu(p, 8, stats, l1d);
  TimingRecord two = access(MemOp::Load, {0x9000, 0x9100});  // two lines, two misses
  two.destination = {functional::RegFile::Scalar, 5};
  lsu.accept(0, two, 0);
  std::vector<LsuCompletion> done;
  // Blocks at 4 and 5, their Gets leave (and are answered at once) at 8 and 9, the L1 answers
  // the LSU at 13 and 14.
  run_with_instant_memory(lsu, 0, 13, done);
  EXPECT_EQ(lsu.next_event(12), 14u);
  lsu.tick(14, done);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].ready_at, 16u);  // + response -> writeback 2
  EXPECT_TRUE(lsu.idle());
}

TEST(LsuTiming, AddressStageAndItsInputFifoTakeTwoInstructions) {
  LsuParams p;
  LsuStats stats;
  L1dStats l1d;
  Lsu lsu(p, 8, stats, l1d);
  const TimingRecord store = access(MemOp::Store, {0x9000});
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(lsu.ready(0));
    lsu.accept(0, store, 0);
  }
  EXPECT_FALSE(lsu.ready(0));  // address stage and its input FIFO are taken
  EXPECT_EQ(lsu.in_flight(0), 2u);
}

const isa::InsnRow& row(std::string_view mnemonic) {
  return *isa::find_row_by_mnemonic(mnemonic);
}

TEST(UnitClass, RoutingAndLatenciesFollowTheRtlUnits) {
  UnitParams u;
  EXPECT_EQ(unit_class_of(row("add")), UnitClass::Alu);
  EXPECT_EQ(unit_class_of(row("vadd.vv")), UnitClass::VAlu);
  EXPECT_EQ(unit_class_of(row("vbeq")), UnitClass::VAlu);
  EXPECT_EQ(unit_class_of(row("vlw12.v")), UnitClass::Lsu);
  EXPECT_EQ(unit_class_of(row("barrier")), UnitClass::WarpControl);
  EXPECT_EQ(unit_latency(row("mul"), u, 1, 1), 3u);
  // Pairs (ISA.md §5.13-§5.18): a pair row, or any row a pair prefix covers.
  UnitParams pairs = u;
  pairs.pair_alu_cycles = 7;
  pairs.pair_valu_cycles = 8;
  pairs.pair_mul_cycles = 9;
  EXPECT_EQ(unit_latency(row("add"), pairs, 1, 1), u.alu_cycles);
  EXPECT_EQ(unit_latency(row("add"), pairs, 1, 1, true), 7u);
  EXPECT_EQ(unit_latency(row("vadd.vv"), pairs, 0xf, 1, true), 8u);
  EXPECT_EQ(unit_latency(row("mul"), pairs, 1, 1, true), 9u);
  EXPECT_EQ(unit_latency(row("addw"), pairs, 1, 1), 7u);
  EXPECT_EQ(unit_latency(row("vfadd.vv"), u, 0xf, 1), 3u);
  EXPECT_EQ(unit_latency(row("vfmacc.vv"), u, 0xf, 1), 5u);
  EXPECT_EQ(unit_latency(row("vfsgnj.vv"), u, 0xf, 1), 2u);
  // SFU floating-point division at 4 threads: one lane per group, groups without an active
  // lane are skipped (integer division depends on its operands: sfu_divider.test.cpp).
  const uint32_t all = unit_latency(row("vfdiv.vv"), u, 0xf, 1);
  const uint32_t one = unit_latency(row("vfdiv.vv"), u, 0x1, 1);
  EXPECT_EQ(all, u.sfu_overhead_cycles + 4 * u.sfu_fdiv_cycles_per_group);
  EXPECT_EQ(one, u.sfu_overhead_cycles + u.sfu_fdiv_cycles_per_group);
  // At 16 threads the groups are 4 lanes wide: lanes 0-3 are one group.
  EXPECT_EQ(unit_latency(row("vfdiv.vv"), u, 0x000f, 4), one);
}

TEST(UnitClass, WritebackPriorityIsFixedPerPort) {
  using functional::RegFile;
  EXPECT_LT(writeback_priority(UnitClass::Alu, RegFile::Scalar),
            writeback_priority(UnitClass::Fpu, RegFile::Scalar));
  EXPECT_LT(writeback_priority(UnitClass::Lsu, RegFile::Scalar),
            writeback_priority(UnitClass::Csr, RegFile::Scalar));
  EXPECT_LT(writeback_priority(UnitClass::Sfu, RegFile::Scalar),
            writeback_priority(UnitClass::Mul, RegFile::Scalar));
  EXPECT_LT(writeback_priority(UnitClass::Lsu, RegFile::Vector),
            writeback_priority(UnitClass::Sfu, RegFile::Vector));
}

// TIMING.md §2's table: flag edge -> the bench's count.
TEST(HostPoll, CountIsTheFirstPollAtOrAfterTheFlagPlusThree) {
  KernelParams k;
  EXPECT_EQ(host_poll_count(k, 2830, true), 2836u);   // vecadd 8w4t
  EXPECT_EQ(host_poll_count(k, 3937, true), 3942u);   // matadd 4w4t
  EXPECT_EQ(host_poll_count(k, 1325, true), 1331u);   // gaussian kernel 0
  EXPECT_EQ(host_poll_count(k, 2665, false), 2674u);  // gaussian kernel 1 (not first)
  k.host_poll_period_cycles = 0;
  EXPECT_EQ(host_poll_count(k, 2665, false), 2665u);
}

}  // namespace
}  // namespace ventus::timing
