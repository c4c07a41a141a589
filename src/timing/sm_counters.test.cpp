// Counter tests of the cycle model on directed kernels whose counts are known by hand
// (issue 11): slot states that add up to the cycles, barrier waits, fetches lost to a lower
// slot, cache misses of a load loop, and the fetch redirects of taken and divergent branches.
#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <string>

#include "timing/sm_test_support.hpp"

namespace ventus::timing {
namespace {

using namespace sm_test;

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
// the extra trips add to the launch, warp 0's slot spends waiting at the barrier. The CTA
// scheduler hands out the group's last warp first (cu_handler.v), so warp 0 is in slot 1.
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
        .at("timing.sm0.slot1.stall")
        .at("barrier")
        .get<double>();
  };
  EXPECT_GT(barrier(few), 0.0);
  EXPECT_EQ(barrier(more) - barrier(few), static_cast<double>(more.cycles - few.cycles));
}

// The warp scheduler fetches for the lowest slot with room in its buffer (TIMING.md §3,
// warp_scheduler.v), also while that warp replays a miss: a warp with nothing buffered that
// could fetch spends such cycles in `fetch_blocked`. Alone, a warp is never blocked; four
// warps running the same code start cold, so the three above slot 0 wait while it misses, and
// slot 0, the lowest, never waits for another.
TEST(SmSlotStates, AWarpCountsTheCyclesALowerSlotTookTheFetch) {
  const TimingParams p = test_params();
  const std::string kernel = loop_kernel("        add x8, x5, x10\n        xor x11, x12, x14", 6);
  const auto blocked = [](const Timed& t, unsigned slot) {
    return t.outcome.registry->values_json()
        .at(fmt::format("timing.sm0.slot{}.stall", slot))
        .at("fetch_blocked")
        .get<double>();
  };
  const Timed alone = run(p, kernel, 4, 1);
  EXPECT_EQ(blocked(alone, 0), 0.0);
  const Timed four = run(p, kernel, 4, 4);
  EXPECT_EQ(blocked(four, 0), 0.0);
  for (unsigned slot = 1; slot < 4; ++slot) EXPECT_GT(blocked(four, slot), 0.0) << slot;
  // The state only splits the cycles that had nothing buffered: every slot's states still add
  // up to the launch's cycles.
  for (unsigned slot = 0; slot < 4; ++slot) {
    EXPECT_EQ(four.stat(fmt::format("timing.sm0.slot{}.stall", slot)),
              static_cast<double>(four.cycles));
  }
  // Held states count the blocked cycles apart (note_fetch, count_state); computed every cycle,
  // without idle skipping, each slot's states come out the same.
  TimingParams ticking = p;
  ticking.skip_idle_cycles = false;
  const Timed every = run(ticking, kernel, 4, 4);
  ASSERT_EQ(every.cycles, four.cycles);
  for (unsigned slot = 0; slot < 4; ++slot) {
    const std::string name = fmt::format("timing.sm0.slot{}.stall", slot);
    EXPECT_EQ(every.outcome.registry->values_json().at(name),
              four.outcome.registry->values_json().at(name))
        << name;
  }
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

}  // namespace
}  // namespace ventus::timing
