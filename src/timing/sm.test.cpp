// SM-level directed tests of the cycle model: tiny assembled kernels run on the whole model
// with explicit parameters; each test compares two kernels (or two parameter values) that
// differ in one respect and checks the cycle difference derived by hand from TIMING.md.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "timing/sm_test_support.hpp"

namespace ventus::timing {
namespace {

using namespace sm_test;

// Registers are chosen so that no instruction reads two registers of one bank unless the
// test wants it: bank = (warp slot 0 + register) mod 4 (TIMING.md §6).

// The producer sits in slot 1 of its packet and the reader in slot 0 of the next one, so the
// stale slot-0 check (below) sees only one-cycle ALU instructions.
std::string producer_reader(std::string_view reader) {
  return fmt::format(
      "        add x12, x13, x14\n        mul x5, x6, x7\n        {}\n"
      "        add x11, x13, x10",
      reader);
}

// TIMING.md §5: the scoreboard holds a reader until its producer's writeback: it enters the
// collector one cycle after that writeback (ISSUE + mul_cycles + 1) instead of two cycles
// after the producer's ISSUE (the next packet's slot 0), so each trip takes mul_cycles - 1
// cycles more.
TEST(SmScoreboard, ReadAfterWriteWaitsForTheProducersLatency) {
  const TimingParams p = test_params();
  EXPECT_EQ(extra_trips(p, producer_reader("add x8, x5, x10")) -
                extra_trips(p, producer_reader("add x8, x13, x10")),
            int64_t{kExtraTrips} * (p.units.mul_cycles - 1));
}

TEST(SmScoreboard, OnlyTheDependentInstructionMovesWithTheProducersLatency) {
  TimingParams slow = test_params();
  const TimingParams fast = slow;
  slow.units.mul_cycles = fast.units.mul_cycles + 4;
  const std::string dependent = producer_reader("add x8, x5, x10");
  const std::string independent = producer_reader("add x8, x13, x10");
  EXPECT_EQ(extra_trips(slow, dependent) - extra_trips(fast, dependent), int64_t{kExtraTrips} * 4);
  EXPECT_EQ(extra_trips(slow, independent), extra_trips(fast, independent));
}

// TIMING.md §5: a pending write to the destination blocks as a pending source does (WAW).
TEST(SmScoreboard, WriteAfterWriteWaitsForTheFirstWriteback) {
  const TimingParams p = test_params();
  EXPECT_EQ(extra_trips(p, producer_reader("add x5, x13, x10")) -
                extra_trips(p, producer_reader("add x8, x13, x10")),
            int64_t{kExtraTrips} * (p.units.mul_cycles - 1));
}

// slowdown.v / pipe.v: once both instructions of a packet have left the slowdown register, the
// scoreboard still checks its slot 0, so the next packet loads only after slot 0's writeback:
// with the multiply in slot 0, nothing reads x5 and yet every trip moves with its latency.
TEST(SmScoreboard, TheNextPacketWaitsForTheWritebackOfTheLastPacketsSlotZero) {
  TimingParams slow = test_params();
  const TimingParams fast = slow;
  slow.units.mul_cycles = fast.units.mul_cycles + 4;
  const std::string slot0 = "        mul x5, x6, x7\n        add x8, x13, x10";
  const std::string slot1 = "        add x8, x13, x10\n        mul x5, x6, x7";
  EXPECT_EQ(extra_trips(slow, slot0) - extra_trips(fast, slot0), int64_t{kExtraTrips} * 4);
  EXPECT_EQ(extra_trips(slow, slot1), extra_trips(fast, slot1));
}

double dropped_grants(const TimingParams& p, std::string_view body, uint32_t trips) {
  return run(p, loop_kernel(body, trips)).stat("timing.sm0.issue.dropped_operand_grants");
}

// TIMING.md §6 (operand_collector.hpp): the crossbar delivers one read per cycle and every
// read is granted twice unless a second read of the same bank follows it, so two reads in two
// banks take 6 cycles and two in one bank 5. The single warp's collector residency is on the
// loop's critical path, so the two-bank loop is one cycle per trip slower.
TEST(SmOperandCollector, TwoReadsInTwoBanksTakeOneCycleMoreThanInOne) {
  const TimingParams p = test_params();
  // x5 and x9 are both in bank 1; x5 and x10 are in banks 1 and 2.
  const std::string one_bank = "        add x8, x5, x9\n        xor x11, x12, x14";
  const std::string two_banks = "        add x8, x5, x10\n        xor x11, x12, x14";
  EXPECT_EQ(extra_trips(p, two_banks) - extra_trips(p, one_bank), int64_t{kExtraTrips});
  // The bank-2 read is dropped twice per trip (behind bank 1's read and its duplicate).
  const uint32_t trips = 4 + kExtraTrips;
  EXPECT_EQ(dropped_grants(p, two_banks, trips) - dropped_grants(p, one_bank, trips), 2.0 * trips);
}

// Scalar and vector banks have their own arbiters but share the crossbar, where a scalar read
// goes before a vector read of the same bank: v5 + x9 (both bank 1) take as long as two banks,
// v5 + v9 (one vector arbiter) one cycle less.
TEST(SmOperandCollector, AScalarAndAVectorReadShareTheCrossbar) {
  const TimingParams p = test_params();
  const std::string vector_pair = "        vadd.vv v8, v5, v9\n        xor x11, x12, x14";
  const std::string mixed_pair = "        vadd.vx v8, v5, x9\n        xor x11, x12, x14";
  EXPECT_EQ(extra_trips(p, mixed_pair) - extra_trips(p, vector_pair), int64_t{kExtraTrips});
  const uint32_t trips = 4 + kExtraTrips;
  EXPECT_EQ(dropped_grants(p, mixed_pair, trips) - dropped_grants(p, vector_pair, trips),
            2.0 * trips);
}

// decodeUnit.v masks a regext prefix out of its fetch packet and hands its extension to the
// next instruction: the prefix executes (the functional count has it) but is never issued
// (TIMING.md §12's issue counts of matadd, 816 for 4 warps, leave its 36 prefixes out).
TEST(SmFrontEnd, ARegextPrefixIsExecutedButNeverIssued) {
  const TimingParams p = test_params();
  const uint32_t trips = 6;
  const Timed t =
      run(p, loop_kernel("        regext zero, zero, 8\n        add x8, x5, x10", trips));
  EXPECT_EQ(t.stat("timing.sm0.issued"), t.stat("functional.warp_instructions") - trips);
}

// TIMING.md §7/§13: one scalar write per cycle, sALU before MUL. The multiply's reader waits
// for the multiply's writeback; the add behind the multiply finishes a few cycles after it. At
// the one multiply latency where both results reach the scalar port in the same cycle (with
// the present front end, about operand_cycles + 2 + alu_cycles: the add enters the collector a
// cycle after the multiply's ISSUE), the multiply's write waits a cycle and so does its reader. A
// vector add in the same place writes the vector port and never delays the multiply. The
// latency is searched rather than computed so the test survives front-end recalibration.
const std::string kMulThenAdd =
    "        mul x5, x6, x7\n        add x8, x13, x10\n"
    "        add x11, x5, x14\n        xor x15, x12, x18";
const std::string kMulThenVectorAdd =
    "        mul x5, x6, x7\n        vadd.vv v8, v13, v10\n"
    "        add x11, x5, x14\n        xor x15, x12, x18";

TEST(SmWriteback, AMultiplyResultWaitsBehindAnAluResultOfTheSameCycle) {
  TimingParams p = test_params();
  std::vector<uint32_t> colliding;
  for (uint32_t mul = 2; mul <= 14; ++mul) {
    p.units.mul_cycles = mul;
    const int64_t lost = extra_trips(p, kMulThenAdd) - extra_trips(p, kMulThenVectorAdd);
    EXPECT_TRUE(lost == 0 || lost == int64_t{kExtraTrips}) << "mul_cycles " << mul << ": " << lost;
    if (lost == int64_t{kExtraTrips}) colliding.push_back(mul);
  }
  ASSERT_EQ(colliding.size(), 1u) << "exactly one latency makes the results meet";
  // There the writeback the multiply lost to the add is the one a latency one cycle longer
  // gets without a collision.
  p.units.mul_cycles = colliding[0];
  const int64_t at_collision = extra_trips(p, kMulThenAdd);
  p.units.mul_cycles = colliding[0] + 1;
  EXPECT_EQ(extra_trips(p, kMulThenAdd), at_collision);
}

// TIMING.md §7: the SFU is not pipelined and takes its lanes in sfu_lane_groups groups of
// threads / groups lanes, one after another. Two independent divides per trip keep it busy
// back to back (its latency exceeds the rest of the loop), so a trip costs two latencies.
// The loop's vector registers are zero: every lane divides by zero.
int64_t sfu_latency(const TimingParams& p, uint32_t groups_with_lanes) {
  return p.units.sfu_overhead_cycles + groups_with_lanes * p.units.sfu_int_div_special_cycles;
}

const std::string kTwoDivides = "        vdivu.vv v5, v6, v7\n        vdivu.vv v8, v10, v11";

TEST(SmSfu, TwoDividesPerTripKeepTheUnitBusyForTwoLatencies) {
  const TimingParams p = test_params();
  EXPECT_EQ(extra_trips(p, kTwoDivides), int64_t{kExtraTrips} * 2 * sfu_latency(p, 4));
}

TEST(SmSfu, OccupancyIsTheNumberOfLaneGroups) {
  TimingParams two = test_params();
  two.units.sfu_lane_groups = 2;  // 4 threads in 2 groups of 2 lanes
  EXPECT_EQ(extra_trips(two, kTwoDivides), int64_t{kExtraTrips} * 2 * sfu_latency(two, 2));
}

// int_div.v: the divider's time follows the operands, read before the divide overwrites
// them. 0 / s1 (the trip counter, never zero) stops after the compare; 0 / 0 at once.
TEST(SmSfu, IntegerDivisionTimeFollowsTheOperands) {
  const TimingParams p = test_params();
  const int64_t by_zero =
      extra_trips(p, "        vdivu.vx v6, v6, zero\n        vdivu.vx v8, v8, zero");
  const int64_t by_counter =
      extra_trips(p, "        vdivu.vx v6, v6, s1\n        vdivu.vx v8, v8, s1");
  const int64_t per_group =
      int64_t{p.units.sfu_int_div_small_cycles} - p.units.sfu_int_div_special_cycles;
  EXPECT_EQ(by_counter - by_zero, int64_t{kExtraTrips} * 2 * 4 * per_group);
}

// TIMING.md §15: lanes per group scale with the warp width, the number of passes does not.
TEST(SmSfu, SixteenThreadsTakeAsManyPassesAsFour) {
  const TimingParams p = test_params();
  EXPECT_EQ(extra_trips(p, kTwoDivides, 16), extra_trips(p, kTwoDivides, 4));
}

// TIMING.md §2: the first warp is dispatched first_dispatch_cycles after the count starts;
// nothing happens before, so the count moves with it cycle for cycle.
const std::string kShortKernel = R"(
        .text
        addi    t0, zero, 1
        addi    t1, t0, 2
        endprg  x0, x0, x0
)";

TEST(SmDispatch, TheCountMovesWithTheFirstDispatchDelay) {
  TimingParams p = test_params();
  const uint64_t base = run(p, kShortKernel).cycles;
  p.kernel.first_dispatch_cycles += 10;
  EXPECT_EQ(run(p, kShortKernel).cycles, base + 10);
}

// With one warp slot the second work-group is placed only after the first retires, and it
// waits the dispatch delay again.
TEST(SmDispatch, EachWorkGroupPlacedLaterWaitsTheDelayAgain) {
  TimingParams p = test_params();
  const uint64_t base = run(p, kShortKernel, 4, 1, 2, 1).cycles;
  p.kernel.first_dispatch_cycles += 10;
  EXPECT_EQ(run(p, kShortKernel, 4, 1, 2, 1).cycles, base + 20);
}

TEST(SmDispatch, EveryWarpOfTheGroupIsDispatched) {
  const Timed t = run(test_params(), kShortKernel, 4, 8);
  EXPECT_EQ(t.stat("timing.sm0.warps_dispatched"), 8);
  EXPECT_EQ(t.stat("timing.sm0.issued"), 8 * 3);
}

// TIMING.md §2, §9, §11: at the kernel end the L1 writes every dirty line back (one PutFull,
// an L2 miss: an AXI write and the re-read, serialised on the one transaction slot) before
// the L2 flush completes, so each dirty line adds write_gap + read_gap cycles (measured ≈ 11).
std::string store_kernel(uint32_t second_store_offset) {
  return fmt::format(R"(
        .text
        lui     a1, %hi({0})
        addi    a1, a1, %lo({0})
        lw      a2, 0(a1)
        lw      a3, 8(a1)
        sw      a2, 0(a1)
        sw      a3, {1}(a1)
        endprg  x0, x0, x0
)",
                     kBuffer, second_store_offset);
}

TEST(SmKernelEnd, DirtyLinesAreWrittenBackBeforeTheKernelEnds) {
  const TimingParams p = test_params();
  const Timed one = run(p, store_kernel(0));  // both stores hit line 0
  const Timed two = run(p, store_kernel(8));  // one store hits each line
  EXPECT_EQ(one.stat("timing.sm0.l1d.store_hits"), 2);
  EXPECT_EQ(two.stat("timing.sm0.l1d.store_hits"), 2);
  EXPECT_EQ(one.stat("timing.sm0.l1d.writebacks"), 1);
  EXPECT_EQ(two.stat("timing.sm0.l1d.writebacks"), 2);
  // Store hits write nothing during the kernel: every memory write is a flushed line.
  EXPECT_EQ(one.stat("timing.memory.port.writes"), 1);
  EXPECT_EQ(two.stat("timing.memory.port.writes"), 2);
}

// The flush ends when memory has answered the last line's write (TIMING.md §2 measures about
// +11 per dirty L1 line: gaussian's 7 lines take 101 cycles instead of 25). Each flushed line
// is a PutFull: read (AR a, answer a + 7), then its write, ready 4 cycles after the answer.
// One line: AW at a + 11, B at a + 13. Two lines: the second read takes the port at a + 6
// (answer a + 13), the first write at a + 12, when the port frees, the second write (ready at
// a + 17) at a + 17, B at a + 19: 6 cycles later. With more lines reads and writes alternate,
// 11 cycles a line.
TEST(SmKernelEnd, EachDirtyLineDelaysTheEndByItsReadAndWrite) {
  const TimingParams p = test_params();
  ASSERT_EQ(p.memory.write_queue_cycles, 4u);  // the derivation above
  const uint64_t one = run(p, store_kernel(0)).cycles;
  const uint64_t two = run(p, store_kernel(8)).cycles;
  EXPECT_EQ(two - one, p.memory.read_gap_cycles);
}

}  // namespace
}  // namespace ventus::timing
