// The LSU's MSHR state machine (mshr_reg.v, LsuParams::mshr_state_machine), with cycles derived
// by hand: an instruction's entry is taken (S_SAVE) two cycles before its first L1 request
// (addrcalculate.v's S_DCACHE, then the queue lsu2d_q in front of the L1), a hit answers 4 cycles after its request, a miss's Get leaves 4 cycles after it and its fill
// answers 5 after the L2, and a completed instruction reaches the pipe in S_OUT_2, two cycles
// after the answer that completed it.
#include <gtest/gtest.h>

#include <utility>

#include "timing/lsu.hpp"
#include "timing/lsu_test_support.hpp"

namespace ventus::timing {
namespace {

using functional::MemOp;
using functional::RegFile;
using functional::TimingRecord;

TimingRecord load(uint32_t address, uint8_t destination) {
  TimingRecord r = access(MemOp::Load, {address});
  r.destination = {RegFile::Scalar, destination};
  return r;
}

struct LsuFsm : ::testing::Test {
  LsuParams p;
  LsuStats stats;
  L1dStats l1d_stats;
  std::vector<LsuCompletion> done;

  // A fresh LSU whose L1 holds the line of 0x9100 (a warm-up load, answered by cycle 50).
  Lsu warm() {
    Lsu lsu(p, 8, stats, l1d_stats);
    lsu.accept(0, load(0x9100, 1), 0);
    run_with_instant_memory(lsu, 0, 50, done);
    EXPECT_TRUE(lsu.idle());
    done.clear();
    return lsu;
  }
  // Two hits: A (slot 0) accepted at 100, B (slot 1) at `b_at`; their results' ready cycles.
  std::pair<Cycle, Cycle> two_hits(Cycle b_at) {
    Lsu lsu = warm();
    lsu.accept(0, load(0x9100, 5), 100);
    run_with_instant_memory(lsu, 100, b_at, done);
    lsu.accept(1, load(0x9100, 6), b_at);
    run_with_instant_memory(lsu, b_at, 140, done);
    return {ready_of(0), ready_of(1)};
  }
  Cycle ready_of(unsigned slot) const {
    for (const LsuCompletion& c : done) {
      if (c.slot == slot) return c.ready_at;
    }
    return 0;
  }
};

// A (slot 0) misses: entry 102, request 104, Get 108, answered at once, fill answer 113. B (slot
// 1) hits: entry 105 and request 107 (3 after A's), answer 111, S_OUT_1 112, S_OUT_2 113, idle
// from 114. A's answer waits for it: taken at 114, S_OUT_2 at 116 (115 if every answer were
// taken at once).
TEST_F(LsuFsm, AnAnswerWaitsWhileACompletionIsWrittenBack) {
  for (bool fsm : {true, false}) {
    p.mshr_state_machine = fsm;
    Lsu lsu = warm();
    lsu.accept(0, load(0x9200, 5), 100);
    lsu.accept(1, load(0x9100, 6), 101);
    run_with_instant_memory(lsu, 100, 140, done);
    ASSERT_EQ(done.size(), 2u);
    EXPECT_EQ(ready_of(1), 113u);
    EXPECT_EQ(ready_of(0), fsm ? 116u : 115u);
    EXPECT_TRUE(lsu.idle());
    done.clear();
  }
}

// An answer and an entry taken in the same cycle: S_ADD comes first. A (hit) answers at 108,
// when B (accepted at 106) takes its entry: S_ADD 109, A's S_OUT_2 at 111 instead of 110. B
// requests at 110, answers at 114, S_OUT_2 at 116. The RTL traces show it: of the completing
// answers two cycles before a new instruction's first L1 request, 125 of 127 are written back
// 3 or more cycles later (S_ADD first); of those one cycle before it, 24 of 34 2 cycles later.
TEST_F(LsuFsm, AnAnswerWithAnAllocationWaitsACycle) {
  EXPECT_EQ(two_hits(106), (std::pair<Cycle, Cycle>{111, 116}));
}

// No entry is taken in the output states: A (hit) answers at 108, S_OUT_1 109, S_OUT_2 110. B,
// accepted at 107, would take its entry at 109: it waits for 111, requests at 113, answers at
// 117 and reaches the pipe at 119 (117 if entries were taken in any state).
TEST_F(LsuFsm, NoEntryIsTakenWhileACompletionIsWrittenBack) {
  EXPECT_EQ(two_hits(107), (std::pair<Cycle, Cycle>{110, 119}));
}

// Two store misses of one warp, to two lines. A: request 4, its PutPartial leaves at 8 and
// answers at 9, S_OUT_2 11, the warp's slot free from 12. B waits in the input FIFO; the
// address stage reads it at 5 (the cycle after A's last request), so the FIFO takes a new
// instruction from 6. B: entry 5, request 7, Put 11, answer 12 (the machine idle from 12),
// S_OUT_2 14, free from 15.
TEST_F(LsuFsm, TheFifoAndTheEntriesFreeAfterTheirStages) {
  Lsu lsu(p, 8, stats, l1d_stats);
  lsu.accept(0, access(MemOp::Store, {0x9000}), 0);
  lsu.accept(0, access(MemOp::Store, {0x9100}), 0);
  EXPECT_FALSE(lsu.ready(0));
  std::vector<bool> ready;
  std::vector<unsigned> in_flight;
  for (Cycle c = 0; c < 20; ++c) {
    run_with_instant_memory(lsu, c, c + 1, done);
    ready.push_back(lsu.ready(0));
    in_flight.push_back(lsu.in_flight(0));
  }
  for (Cycle c = 0; c < 20; ++c) {
    EXPECT_EQ(ready[c], c >= 6) << "cycle " << c;
    EXPECT_EQ(in_flight[c], c < 12 ? 2u : c < 15 ? 1u : 0u) << "cycle " << c;
  }
  EXPECT_TRUE(lsu.idle());
}

// The writeback port as mshr_reg.v's to_pipe_ready_i sees it: taken for `file` in [from, to).
struct BusyPort final : WritebackPort {
  RegFile file = RegFile::Scalar;
  Cycle from = 0, to = 0;
  bool taken(RegFile f, Cycle now) const override { return f == file && from <= now && now < to; }
};

// S_OUT_2 waits while the port is taken (to_pipe_ready_i low): A (hit) answers at 108, S_OUT_1
// 109, S_OUT_2 from 110; with the scalar port taken at 110 and 111 its result goes at 112 and
// the entry (the warp's slot) frees from 113. A vector port taken changes nothing.
TEST_F(LsuFsm, TheOutputWaitsForTheWritebackPort) {
  for (RegFile busy : {RegFile::Scalar, RegFile::Vector}) {
    Lsu lsu = warm();
    BusyPort port;
    port.file = busy;
    port.from = 110;
    port.to = 112;
    lsu.accept(0, load(0x9100, 5), 100);
    std::vector<unsigned> in_flight;
    for (Cycle c = 100; c < 120; ++c) {
      run_with_instant_memory(lsu, c, c + 1, done, port);
      in_flight.push_back(lsu.in_flight(0));
    }
    const bool waits = busy == RegFile::Scalar;
    EXPECT_EQ(ready_of(0), waits ? 112u : 110u);
    EXPECT_EQ(in_flight[112 - 100], waits ? 1u : 0u);
    EXPECT_EQ(in_flight[113 - 100], 0u);
    done.clear();
  }
}

// S_OUT_1 asks for the port of the tag its SRAM holds, the last entry read (its output holds
// between reads), and a store's tag always has the port (lsu2wb.v). A store hit (accepted at
// 100) answers at 108 and is output at 109/110; B, a load hit accepted at 101, answers at 111,
// taken at once: S_OUT_1 at 112 holds the store's tag and goes on although the scalar port is
// taken at 112 and 113; S_OUT_2 waits at 113, and B's result goes at 114. After a load (the
// warm-up's tag), S_OUT_1 itself waits: at 112, then at 113 with B's own tag, and B goes at 115.
TEST_F(LsuFsm, TheOutputStateAsksForThePortOfTheLastTagRead) {
  for (bool store_first : {true, false}) {
    Lsu lsu = warm();
    BusyPort port;
    port.from = 112;
    port.to = 114;
    lsu.accept(0, store_first ? access(MemOp::Store, {0x9100}) : load(0x9100, 4), 100);
    lsu.accept(1, load(0x9100, 6), 101);
    run_with_instant_memory(lsu, 100, 130, done, port);
    EXPECT_EQ(ready_of(1), store_first ? 114u : 115u);
    EXPECT_TRUE(lsu.idle());
    done.clear();
  }
}

}  // namespace
}  // namespace ventus::timing
