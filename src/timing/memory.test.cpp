// Cycle counts of the SM's L1 data cache and its MSHR derived by hand from TIMING.md §9 with
// the test-bench parameters (the defaults); the I-cache's are in icache.test.cpp.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "timing/l1d_cache.hpp"
#include "timing/memory_system.hpp"
#include "timing/memory_test_support.hpp"

namespace ventus::timing {
namespace {

// The cache's own rules, its memory queue's head leaving as soon as it is due (the output
// register's wait for the SM's arbiter has its own tests, L1dOutputRegister).
struct L1dFixture : ::testing::Test {
  L1dFixture() { p.l1d_output_register_waits = false; }
  LsuParams p;
  L1dStats stats;
  L1DCache l1d{p, stats};
  uint32_t token = 0;
  Cycle due = 0;  // the cycle an answer to the LSU was due
  // Answers every Get in flight at `at`.
  void fill_all(Cycle at) {
    while (const MemRequest* r = l1d.front_request(at)) {
      const MemRequest sent = *r;
      l1d.pop_request(at);
      l1d.on_response(MemResponse{at, sent}, at);
    }
  }
};

// l1_dcache.v: the request enters the 1-deep core queue (R0), stage 1 finds the miss and
// pushes the Get into the SRAM-backed memory queue (R1), visible two cycles later (R3), and
// the output register presents it (R4). The L2's answer enters the response queue (M0), the
// MSHR (M1), the fill and the core response stage (M2), the SRAM-backed core response queue
// (M3) and leaves it at M5.
TEST_F(L1dFixture, LoadMissFillsThenHitsInFourCycles) {
  ASSERT_TRUE(l1d.request(0x100, false, 7, 10));
  EXPECT_EQ(l1d.front_request(13), nullptr);  // the Get leaves 4 cycles after the request
  ASSERT_NE(l1d.front_request(14), nullptr);
  fill_all(30);
  EXPECT_FALSE(l1d.pop_core_response(34, token, due));
  ASSERT_TRUE(l1d.pop_core_response(35, token, due));  // L2 answer -> LSU 5 cycles
  EXPECT_EQ(token, 7u);
  EXPECT_EQ(due, 35u);
  ASSERT_TRUE(l1d.request(0x104, false, 8, 40));  // same 8-byte line: hit
  EXPECT_FALSE(l1d.pop_core_response(43, token, due));
  EXPECT_TRUE(l1d.pop_core_response(50, token, due));  // popped late: due at the hit's cycle
  EXPECT_EQ(due, 44u);
  EXPECT_EQ(stats.hits.value, 1u);
}

// line_reads counts the Gets that leave for the L2, line_rereads those of a line read before in
// the launch: of three lines of one set (two ways, LRU) the third evicts the first, which is then
// read again. The kernel-end flush invalidates the lines, and a new count of first reads begins.
TEST_F(L1dFixture, ALineReadAgainAfterItsEvictionCountsAsAReread) {
  const uint32_t set_span = p.l1d.sets * p.l1d.line_bytes;
  const uint32_t a = 0x100, b = a + set_span, c = b + set_span;
  Cycle now = 10;
  const auto load = [&](uint32_t address) {
    ASSERT_TRUE(l1d.request(address, false, ++token, now));
    fill_all(now + 20);
    now += 40;
  };
  load(a);
  load(b);
  load(c);  // evicts a
  EXPECT_EQ(stats.line_reads.value, 3u);
  EXPECT_EQ(stats.line_rereads.value, 0u);
  load(a);
  EXPECT_EQ(stats.line_reads.value, 4u);
  EXPECT_EQ(stats.line_rereads.value, 1u);
  l1d.flush(now);
  now += 10;
  load(b);  // read before the flush only: cold again
  EXPECT_EQ(stats.line_reads.value, 5u);
  EXPECT_EQ(stats.line_rereads.value, 1u);
}

TEST_F(L1dFixture, MshrMergesTwoRequestsPerLineAndHoldsFourLines) {
  ASSERT_TRUE(l1d.request(0x100, false, 1, 0));
  ASSERT_TRUE(l1d.request(0x104, false, 2, 1));   // sub-entry 2
  EXPECT_FALSE(l1d.request(0x100, false, 3, 2));  // sub-entries full
  ASSERT_TRUE(l1d.request(0x108, false, 4, 3));
  ASSERT_TRUE(l1d.request(0x110, false, 5, 4));
  ASSERT_TRUE(l1d.request(0x118, false, 6, 5));
  EXPECT_FALSE(l1d.request(0x120, false, 7, 6));  // four lines missing already
  EXPECT_EQ(stats.mshr_merges.value, 1u);
  EXPECT_EQ(stats.stall_mshr.value, 2u);
}

// l1_dcache.v: a store miss's PutPartial takes the Get's path and answers the LSU as it leaves
// (+1); a load of that line is accepted, but its Get waits at the queue head until the WSHR
// frees the write's entry, 2 cycles after the L2's acknowledgement (dcache_wshr.v).
TEST_F(L1dFixture, StoreMissAnswersAsItLeavesAndHoldsAGetOfItsLineAtTheQueueHead) {
  ASSERT_TRUE(l1d.request(0x200, true, 1, 0));
  EXPECT_EQ(l1d.front_request(3), nullptr);
  const MemRequest* put = l1d.front_request(4);
  ASSERT_NE(put, nullptr);
  EXPECT_EQ(put->kind, MemKind::PutPartial);
  const MemRequest ack = *put;
  l1d.pop_request(4);
  EXPECT_FALSE(l1d.pop_core_response(4, token, due));
  EXPECT_TRUE(l1d.pop_core_response(5, token, due));
  ASSERT_TRUE(l1d.request(0x200, false, 2, 6));
  EXPECT_EQ(l1d.front_request(10), nullptr);  // due at 10, held by the write in flight
  l1d.on_response(MemResponse{20, ack}, 20);
  EXPECT_EQ(l1d.front_request(21), nullptr);
  ASSERT_NE(l1d.front_request(22), nullptr);
  EXPECT_EQ(l1d.front_request(22)->kind, MemKind::Get);
  EXPECT_EQ(stats.store_misses.value, 1u);
}

// While every MSHR entry is used, a request for a line not in it is held even when it hits; a
// store to a line being read waits for the fill; the fill holds the input for 2 cycles after
// it leaves its queue, and the store then hits.
TEST_F(L1dFixture, AFullMshrHoldsHitsAndAStoreWaitsForItsLinesFill) {
  ASSERT_TRUE(l1d.request(0x300, false, 1, 0));
  fill_all(10);
  for (uint32_t i = 0; i < 4; ++i) ASSERT_TRUE(l1d.request(0x400 + 8 * i, false, 2 + i, 20 + i));
  EXPECT_FALSE(l1d.request(0x300, false, 9, 24));  // a hit, held: the MSHR is full
  EXPECT_FALSE(l1d.request(0x400, true, 10, 25));  // a store to a line being read
  std::vector<MemRequest> gets;
  while (const MemRequest* r = l1d.front_request(30)) {
    gets.push_back(*r);
    l1d.pop_request(30);
  }
  ASSERT_EQ(gets.size(), 4u);
  l1d.on_response(MemResponse{40, gets[0]}, 40);
  EXPECT_FALSE(l1d.request(0x400, true, 10, 41));  // the fill holds the input at 41 and 42
  EXPECT_FALSE(l1d.request(0x400, true, 10, 42));
  EXPECT_TRUE(l1d.request(0x400, true, 10, 43));  // the line is there: a store hit
  EXPECT_TRUE(l1d.request(0x300, false, 9, 44));  // three lines missing: hits go again
  EXPECT_EQ(stats.store_hits.value, 1u);
  EXPECT_EQ(stats.stall_fill.value, 2u);
  EXPECT_EQ(stats.stall_mshr.value, 2u);
}

// l1_dcache.v (inflight_read_write_miss): a store to a line being read, presented after a
// cycle whose MSHR status was "primary available", is accepted and closes the input until
// every miss is answered (not only its line's); the MSHR is empty once the last fill has
// released its sub-entries (one per cycle from the cycle after the answer), the store probes
// the tags again a cycle later and hits, and the input opens the cycle after that probe.
TEST_F(L1dFixture, AStoreToALineBeingReadClosesTheInputUntilTheMshrIsEmpty) {
  ASSERT_TRUE(l1d.request(0x300, false, 1, 0));  // line A misses
  ASSERT_TRUE(l1d.request(0x400, false, 2, 1));  // line B misses
  std::vector<MemRequest> gets;
  while (const MemRequest* r = l1d.front_request(10)) {
    gets.push_back(*r);
    l1d.pop_request(10);
  }
  ASSERT_EQ(gets.size(), 2u);
  ASSERT_TRUE(l1d.request(0x300, true, 3, 12));    // a store to A: accepted, input closed
  EXPECT_FALSE(l1d.request(0x600, false, 4, 13));  // another line: refused all the same
  l1d.on_response(MemResponse{30, gets[0]}, 30);   // A is back, B still missing
  EXPECT_FALSE(l1d.request(0x600, false, 4, 33));
  l1d.on_response(MemResponse{40, gets[1]}, 40);   // B is back: empty at 40 + 1 + 1
  EXPECT_FALSE(l1d.request(0x600, false, 4, 43));  // 43: the store's second probe
  EXPECT_TRUE(l1d.request(0x600, false, 4, 44));
  std::vector<std::pair<Cycle, uint32_t>> answers;
  for (Cycle c = 30; c < 50; ++c) {
    while (l1d.pop_core_response(c, token, due)) answers.emplace_back(due, token);
  }
  const std::vector<std::pair<Cycle, uint32_t>> expected = {{35, 1}, {45, 2}, {47, 3}};
  EXPECT_EQ(answers, expected);  // the store hits at its probe (43) + 4
  EXPECT_EQ(stats.store_drains.value, 1u);
  EXPECT_EQ(stats.store_hits.value, 1u);
  EXPECT_EQ(stats.stall_store_drain.value, 3u);
}

// The previous cycle's request merged into the MSHR (status "secondary available"): the store
// is held instead, and stays held while its own line is missing, then hits after the fill's
// hold; nothing else is blocked.
TEST_F(L1dFixture, AStoreAfterABusyMshrStatusWaitsForItsOwnLine) {
  ASSERT_TRUE(l1d.request(0x300, false, 1, 0));
  ASSERT_TRUE(l1d.request(0x304, false, 2, 1));  // merges: status busy
  EXPECT_FALSE(l1d.request(0x300, true, 3, 2));  // held
  EXPECT_FALSE(l1d.request(0x300, true, 3, 3));  // presented again, its line still missing
  fill_all(20);
  EXPECT_FALSE(l1d.request(0x300, true, 3, 21));  // the fill's hold
  EXPECT_FALSE(l1d.request(0x300, true, 3, 22));
  EXPECT_TRUE(l1d.request(0x300, true, 3, 23));
  EXPECT_EQ(stats.store_drains.value, 0u);
  EXPECT_EQ(stats.store_hits.value, 1u);
  EXPECT_EQ(stats.stall_mshr.value, 2u);
}

// The same hold when the store's own line is free: its retry a cycle later is taken with no
// memory event in between, so the cache names that cycle as its next event (an LSU that skips
// idle cycles would otherwise retry only at the next fill, later than the cycle-by-cycle run).
TEST_F(L1dFixture, AStoreHeldForThePreviousRequestsStatusAloneIsTakenTheNextCycle) {
  ASSERT_TRUE(l1d.request(0x300, false, 1, 0));
  ASSERT_TRUE(l1d.request(0x304, false, 2, 1));  // merges: status busy
  EXPECT_FALSE(l1d.request(0x500, true, 3, 2));  // held for that status, its own line free
  EXPECT_EQ(l1d.next_event(2), 3u);
  EXPECT_TRUE(l1d.request(0x500, true, 3, 3));
  EXPECT_EQ(stats.store_misses.value, 1u);
  EXPECT_EQ(stats.stall_mshr.value, 1u);
}

TEST_F(L1dFixture, StoreHitMakesTheLineDirtyAndTheFlushWritesItBack) {
  ASSERT_TRUE(l1d.request(0x300, false, 1, 0));
  fill_all(20);
  ASSERT_TRUE(l1d.request(0x300, true, 2, 23));  // after the fill's hold (21, 22)
  EXPECT_EQ(stats.store_hits.value, 1u);
  EXPECT_EQ(l1d.flush(30), 1u);
  const MemRequest* w = l1d.front_request(30);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->kind, MemKind::PutFull);
  EXPECT_EQ(w->address, 0x300u);
}

// l1_dcache.v: the memory queue's head moves into the output register (mem_req_st3) only in a
// cycle in which the SM's arbiter gives the L1 ready (no I-cache request) and no fill answers
// the LSU (core_rsp_st2_valid_from_memrsp), and leaves from it a cycle later at the earliest.
struct L1dOutputRegister : ::testing::Test {
  LsuParams p;  // the defaults: the register waits
  L1dStats stats;
  L1DCache l1d{p, stats};
  uint32_t token = 0;
};

// A miss at 10: its Get is due at 14, so it may move in at 13 and leave at 14. An I-cache
// request at 13 keeps it out: in at 14, out at 15.
TEST_F(L1dOutputRegister, TheHeadMovesInOnlyInACycleWithoutAnICacheRequest) {
  ASSERT_TRUE(l1d.request(0x100, false, 7, 10));
  l1d.stage(12);  // not due yet
  EXPECT_EQ(l1d.front_request(14), nullptr);
  l1d.stage(14);  // 13 went to the I-cache
  EXPECT_EQ(l1d.front_request(14), nullptr);
  ASSERT_NE(l1d.front_request(15), nullptr);
  EXPECT_EQ(l1d.next_event(13), 15u);
  l1d.pop_request(15);
  EXPECT_EQ(stats.misses.value, 1u);

  L1dStats unloaded_stats;
  L1DCache unloaded{p, unloaded_stats};
  ASSERT_TRUE(unloaded.request(0x100, false, 7, 10));
  EXPECT_EQ(unloaded.stage_event(10), 13u);  // the SM must offer it the register at 13
  unloaded.stage(13);
  EXPECT_EQ(unloaded.front_request(13), nullptr);
  EXPECT_NE(unloaded.front_request(14), nullptr);
}

// Two loads merge on line 0x200 (Get out at 14); a load of 0x300 misses at 15 (Get due at 19).
// The L2 answers 0x200 at 16: the MSHR answers its two sub-entries at 17 and 18, and the
// register behind them stops the queue at 18 and 19, so 0x300's Get moves in at 20 and leaves
// at 21 instead of 19.
TEST_F(L1dOutputRegister, AFillAnsweringTheLsuHoldsTheQueue) {
  ASSERT_TRUE(l1d.request(0x200, false, 1, 10));
  ASSERT_TRUE(l1d.request(0x204, false, 2, 11));
  l1d.stage(13);
  const MemRequest* get = l1d.front_request(14);
  ASSERT_NE(get, nullptr);
  const MemRequest sent = *get;
  l1d.pop_request(14);
  ASSERT_TRUE(l1d.request(0x300, false, 3, 15));
  l1d.on_response(MemResponse{16, sent}, 16);
  EXPECT_EQ(l1d.stage_event(16), 20u);  // the SM need not offer it the register before
  for (Cycle c = 18; c <= 19; ++c) {
    l1d.stage(c);
    EXPECT_EQ(l1d.front_request(c + 1), nullptr) << "cycle " << c;
  }
  l1d.stage(20);
  ASSERT_NE(l1d.front_request(21), nullptr);
  EXPECT_EQ(l1d.front_request(21)->address, 0x300u);
}

}  // namespace
}  // namespace ventus::timing
