// SM-level directed tests of the cycle model: tiny assembled kernels run on the whole model
// with explicit parameters; each test compares two kernels (or two parameter values) that
// differ in one respect and checks the cycle difference derived by hand from TIMING.md.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runner/program_runner.hpp"
#include "timing/params.hpp"

namespace ventus::timing {
namespace {

constexpr uint32_t kBuffer = 0x90000000u;

// The parameters every test relies on, set here rather than taken from the built-in
// defaults so that a recalibration of the defaults does not change what is tested.
TimingParams test_params() {
  TimingParams p;
  p.issue.register_banks = 4;
  p.issue.collector_units = 8;
  p.issue.operand_cycles = 3;
  p.issue.no_operand_cycles = 2;
  p.units.alu_cycles = 1;
  p.units.valu_cycles = 1;
  p.units.mul_cycles = 7;
  p.units.sfu_lane_groups = 4;
  p.units.sfu_overhead_cycles = 2;
  p.units.sfu_div_cycles_per_group = 24;
  p.front.scalar_branch_resolve_cycles = 2;
  p.memory.transactions_in_flight = 1;
  p.memory.write_gap_cycles = 5;
  p.memory.read_gap_cycles = 6;
  p.memory.write_reread = true;
  p.kernel.first_dispatch_cycles = 24;
  p.kernel.warps_dispatched_per_cycle = 1;
  p.kernel.host_poll_period_cycles = 0;  // the count is the flag edge (TIMING.md §2)
  return p;
}

// A launch's cycles and its statistics (the registry reads the model's counters, so the
// whole outcome is kept).
struct Timed {
  uint64_t cycles = 0;
  runner::ProgramOutcome outcome;
  double stat(std::string_view name) const { return outcome.registry->value(name); }
};

// Runs `source` as one launch of `groups` work-groups of `warps` warps of `threads` threads
// on one SM, with a 64-byte buffer at kBuffer.
Timed run(const TimingParams& params, const std::string& source, uint32_t threads = 4,
          uint32_t warps = 1, uint32_t groups = 1, uint32_t warp_slots = 8) {
  auto image = runner::assemble_program("sm_test.s", source);
  EXPECT_TRUE(static_cast<bool>(image)) << (image ? "" : image.error().message) << "\n" << source;
  if (!image) return {};
  functional::LaunchConfig config;
  config.kernel_name = "sm_test";
  config.numt = threads;
  config.numw = warps;
  config.num_groups = {groups, 1, 1};
  functional::MachineShape machine;
  machine.sm_count = 1;
  machine.threads_per_warp = 16;
  machine.warp_slots_per_sm = warp_slots;
  runner::ProgramOutcome out =
      runner::run_program_timed(*image, config, functional::EngineOptions{},
                                {{kBuffer, 64, "buffer"}}, params, 0x1000, &machine);
  EXPECT_FALSE(out.result.fault.has_value()) << out.result.fault->message();
  EXPECT_TRUE(out.timing.has_value());
  const uint64_t cycles = out.timing ? out.timing->cycles : 0;
  return {cycles, std::move(out)};
}

// A loop of `trips` trips over `body` (an even number of instructions, so the loop and its
// first two instructions share one aligned 8-byte fetch packet: TIMING.md §3).
std::string loop_kernel(std::string_view body, uint32_t trips) {
  return fmt::format(R"(
        .text
        addi    t0, zero, 16
        vsetvli t0, t0, e32, m1, ta, ma
        addi    s1, zero, {}
        addi    t2, zero, 0
.Lloop:
{}
        addi    s1, s1, -1
        bnez    s1, .Lloop
        endprg  x0, x0, x0
)",
                     trips, body);
}

constexpr uint32_t kExtraTrips = 8;

// The cycles of kExtraTrips more trips of the loop: the cold start (I-cache misses, dispatch,
// kernel end) cancels, leaving the steady state of a warm loop.
int64_t extra_trips(const TimingParams& params, std::string_view body, uint32_t threads = 4) {
  const Timed few = run(params, loop_kernel(body, 4), threads);
  const Timed more = run(params, loop_kernel(body, 4 + kExtraTrips), threads);
  return static_cast<int64_t>(more.cycles) - static_cast<int64_t>(few.cycles);
}

// Registers are chosen so that no instruction reads two registers of one bank unless the
// test wants it: bank = (warp slot 0 + register) mod 4 (TIMING.md §6).

// TIMING.md §5: the scoreboard holds a reader until its producer's writeback; it enters the
// collector one cycle after that writeback instead of one cycle after the producer's ISSUE,
// so it issues `latency` cycles later than an independent instruction would.
TEST(SmScoreboard, ReadAfterWriteWaitsForTheProducersLatency) {
  const TimingParams p = test_params();
  const std::string dependent = "        mul x5, x6, x7\n        add x8, x5, x10";
  const std::string independent = "        mul x5, x6, x7\n        add x8, x13, x10";
  EXPECT_EQ(extra_trips(p, dependent) - extra_trips(p, independent),
            int64_t{kExtraTrips} * p.units.mul_cycles);
}

TEST(SmScoreboard, OnlyTheDependentInstructionMovesWithTheProducersLatency) {
  TimingParams slow = test_params();
  const TimingParams fast = slow;
  slow.units.mul_cycles = fast.units.mul_cycles + 4;
  const std::string dependent = "        mul x5, x6, x7\n        add x8, x5, x10";
  const std::string independent = "        mul x5, x6, x7\n        add x8, x13, x10";
  EXPECT_EQ(extra_trips(slow, dependent) - extra_trips(fast, dependent), int64_t{kExtraTrips} * 4);
  // The independent add issues right behind the multiply whatever its latency.
  EXPECT_EQ(extra_trips(slow, independent), extra_trips(fast, independent));
}

// TIMING.md §5: a pending write to the destination blocks as a pending source does (WAW).
TEST(SmScoreboard, WriteAfterWriteWaitsForTheFirstWriteback) {
  const TimingParams p = test_params();
  const std::string same_destination = "        mul x5, x6, x7\n        add x5, x13, x10";
  const std::string other_destination = "        mul x5, x6, x7\n        add x8, x13, x10";
  EXPECT_EQ(extra_trips(p, same_destination) - extra_trips(p, other_destination),
            int64_t{kExtraTrips} * p.units.mul_cycles);
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

// Issue 11: every cycle of a warp slot is counted in exactly one state, so each slot's states
// add up to the launch's cycles (used slots and empty ones alike), and its "issued" cycles are
// the instructions it issued.
TEST(SmSlotStates, EachSlotsStatesAddUpToTheCycles) {
  const TimingParams p = test_params();
  const Timed t =
      run(p, loop_kernel("        add x8, x5, x10\n        xor x11, x12, x14", 6), 4, 3);
  ASSERT_GT(t.cycles, 0u);
  double issued = 0;
  for (unsigned slot = 0; slot < 8; ++slot) {
    const std::string prefix = fmt::format("timing.sm0.slot{}.stall", slot);
    EXPECT_EQ(t.stat(prefix), static_cast<double>(t.cycles)) << prefix;
    issued += t.outcome.registry->values_json().at(prefix).at("issued").get<double>();
  }
  EXPECT_EQ(issued, t.stat("timing.sm0.issued"));
  EXPECT_EQ(t.stat("timing.sm0.stall"), 8.0 * static_cast<double>(t.cycles));
}

// Warp 0 goes straight to the barrier while warp 1 first runs `trips` loop trips: every cycle
// the extra trips add to the launch, slot 0 spends waiting at the barrier.
std::string barrier_kernel(uint32_t trips) {
  return fmt::format(R"(
        csrr    t2, wid
        beqz    t2, 2f
        addi    s1, zero, {}
1:      addi    s1, s1, -1
        bnez    s1, 1b
2:      barrier x0, x0, 1
        endprg  x0, x0, x0
)",
                     trips);
}

TEST(SmSlotStates, AWarpWaitingAtABarrierCountsBarrierCycles) {
  const TimingParams p = test_params();
  const Timed few = run(p, barrier_kernel(4), 4, 2);
  const Timed more = run(p, barrier_kernel(20), 4, 2);
  const auto barrier = [](const Timed& t) {
    return t.outcome.registry->values_json()
        .at("timing.sm0.slot0.stall")
        .at("barrier")
        .get<double>();
  };
  EXPECT_GT(barrier(few), 0.0);
  EXPECT_EQ(barrier(more) - barrier(few), static_cast<double>(more.cycles - few.cycles));
}

// A load loop over consecutive words (TIMING.md §9: 8-byte lines): the first word of every
// line misses, the second hits, so `trips` loads make trips / 2 misses and trips / 2 hits, and
// every miss is one 8-byte memory-port read.
TEST(SmCounters, ALoadLoopOverConsecutiveWordsMissesOncePerLine) {
  const TimingParams p = test_params();
  const std::string body = "        lw x8, 0(x20)\n        addi x20, x20, 4";
  const auto loads = [&](uint32_t trips) {
    std::string source = loop_kernel(body, trips);
    source.insert(source.find(".Lloop:"), fmt::format("        li x20, {:#x}\n", kBuffer));
    return run(p, source);
  };
  const Timed few = loads(4), more = loads(12);
  EXPECT_EQ(more.stat("timing.sm0.l1d.load_misses") - few.stat("timing.sm0.l1d.load_misses"), 4);
  EXPECT_EQ(more.stat("timing.sm0.l1d.load_hits") - few.stat("timing.sm0.l1d.load_hits"), 4);
  EXPECT_EQ(more.stat("timing.memory.port.read_bytes") - few.stat("timing.memory.port.read_bytes"),
            4 * 8);
}

// Every trip but the last takes the loop's branch, which redirects the fetch once.
TEST(SmCounters, EachTakenBranchRedirectsTheFetchOnce) {
  const TimingParams p = test_params();
  const std::string body = "        add x8, x5, x10\n        xor x11, x12, x14";
  const Timed few = run(p, loop_kernel(body, 4)), more = run(p, loop_kernel(body, 12));
  EXPECT_EQ(more.stat("timing.sm0.fetch.redirects") - few.stat("timing.sm0.fetch.redirects"), 8);
}

// ISA.md §2.4 on a loop around `vbeq v1, v2` whose join is the taken target. With lane ids in
// v1 and zeros in v2 (4 threads: lane 0 taken, lanes 1-3 fall) the warp diverges every trip:
// the taken side runs first (npc = the join), the join switches to the fall path, whose join
// pops the reconvergence entry and executes itself again: 3 redirects, and the loop branch a
// fourth. With v2 = v1 every lane is taken: the vbranch redirects, the join is a no-op.
std::string divergent_loop(bool diverge, uint32_t trips) {
  return fmt::format(R"(
        .text
        addi    t0, zero, 16
        vsetvli t0, t0, e32, m1, ta, ma
        vid.v   v1
        {}
        addi    s1, zero, {}
.Lloop:
        auipc   t1, 0
        setrpc  zero, t1, 16
        vbeq    v1, v2, 1f
        addi    x8, x8, 1
1:      join    zero, zero, 0
        addi    s1, s1, -1
        bnez    s1, .Lloop
        endprg  x0, x0, x0
)",
                     diverge ? "vmv.v.x v2, zero" : "vid.v   v2", trips);
}

TEST(SmCounters, ADivergentBranchAndItsJoinRedirectThreeTimes) {
  const TimingParams p = test_params();
  const auto redirects = [&](bool diverge, uint32_t trips) {
    return run(p, divergent_loop(diverge, trips)).stat("timing.sm0.fetch.redirects");
  };
  EXPECT_EQ(redirects(true, 12) - redirects(true, 4), 8 * 4);
  EXPECT_EQ(redirects(false, 12) - redirects(false, 4), 8 * 2);
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
int64_t sfu_latency(const TimingParams& p, uint32_t groups_with_lanes) {
  return p.units.sfu_overhead_cycles + groups_with_lanes * p.units.sfu_div_cycles_per_group;
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

// two - one = write_gap + read_gap = 11 (TIMING.md §2: "about +11 per dirty L1 line",
// gaussian's 7 lines take 101 cycles instead of 25): the flush waits for the L2's
// acknowledgement of each written-back line, not only for its acceptance.
TEST(SmKernelEnd, EachDirtyLineDelaysTheEndByOneWriteAndReRead) {
  const TimingParams p = test_params();
  const uint64_t one = run(p, store_kernel(0)).cycles;
  const uint64_t two = run(p, store_kernel(8)).cycles;
  EXPECT_EQ(two - one, p.memory.write_gap_cycles + p.memory.read_gap_cycles);
}

}  // namespace
}  // namespace ventus::timing
