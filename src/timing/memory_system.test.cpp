// Cycle counts of the L2 and the memory port (MemorySystem) and of the cache tags, derived by
// hand from TIMING.md §11–§12 with the test-bench parameters (the defaults), the L2 first
// without the buffer in front of it (l2_alone), then with it.
#include <gtest/gtest.h>

#include <vector>

#include "timing/cache_tags.hpp"
#include "timing/memory_system.hpp"
#include "timing/memory_test_support.hpp"

namespace ventus::timing {
namespace {

// The L2 taking the SMs' requests itself, without sm2cluster_arb's buffer: a request reaches
// the port 4 cycles after it left the SM (TIMING.md §11: SM -> AR 4).
MemoryParams l2_alone() {
  MemoryParams p;
  p.l2_input_buffer_entries = 0;
  p.l2_to_port_cycles = 4;
  return p;
}

TEST(CacheTags, LeastRecentlyUsedWayIsEvictedAndDirtyVictimsReported) {
  CacheParams p{2, 2, 8, 4, 2, 2};  // 2 sets x 2 ways x 8 B
  CacheTags tags(p);
  // Lines 0, 2, 4 all map to set 0.
  EXPECT_FALSE(tags.fill(0));
  EXPECT_FALSE(tags.fill(2));
  tags.mark_dirty(0);
  EXPECT_TRUE(tags.access(0));  // 2 is now the least recently used
  EXPECT_FALSE(tags.fill(4));   // evicts clean line 2
  EXPECT_TRUE(tags.contains(0));
  EXPECT_FALSE(tags.contains(2));
  EXPECT_TRUE(tags.access(4));
  EXPECT_EQ(tags.fill(6), std::optional<uint32_t>(0));  // evicts dirty line 0
  EXPECT_EQ(tags.flush_all().size(), 0u);
}

// tag_access_icache.v's bypassed hit ORs the indices of the valid ways (TIMING.md §3): with 2
// ways it touches way 1; with 3 ways, 1 | 2 = 3 names no way, and nothing is touched (this was
// a write past the set, found with sm.icache.ways = 3).
TEST(CacheTags, ABypassedHitTouchesTheOrOfTheValidWaysIfThatWayExists) {
  CacheParams three{1, 3, 8, 4, 2, 2};  // 1 set x 3 ways
  CacheTags tags(three);
  tags.fill(0);
  tags.fill(1);
  tags.fill(2);
  EXPECT_EQ(tags.lru_way_of(0), 0u);
  tags.touch_bypassed_hit(0);  // ways 0, 1, 2 valid: 0 | 1 | 2 = 3, no way
  EXPECT_EQ(tags.lru_way_of(0), 0u);
  CacheParams two{1, 2, 8, 4, 2, 2};
  CacheTags pair(two);
  pair.fill(0);
  pair.fill(1);
  pair.access(1);
  pair.access(0);  // way 1 is now the least recently used
  EXPECT_EQ(pair.lru_way_of(0), 1u);
  pair.touch_bypassed_hit(0);  // 0 | 1 = way 1 becomes the most recent
  EXPECT_EQ(pair.lru_way_of(0), 0u);
}

TEST(MemorySystem, UnloadedGetMissTakesElevenCyclesAndReadsSerialiseSixApart) {
  MemoryParams p = l2_alone();
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  ASSERT_TRUE(mem.accept(get(0x1000), 100));
  EXPECT_FALSE(mem.accept(get(0x1008), 100));  // one request per cycle
  ASSERT_TRUE(mem.accept(get(0x1008), 101));   // the other L2 set
  MemResponse r;
  EXPECT_FALSE(mem.pop_response(0, 110, r));
  ASSERT_TRUE(mem.pop_response(0, 111, r));  // SM -> AR 4, AR -> R 2, R -> SM 5
  EXPECT_EQ(r.at, 111u);
  ASSERT_TRUE(mem.pop_response(0, 200, r));
  EXPECT_EQ(r.at, 117u);  // its AR waits for the port: 104 + 6
  EXPECT_EQ(stats.port_reads.value, 2u);
  EXPECT_EQ(stats.port_busy_cycles.value, 12u);
  // The latency counter: 11 for the first, 117 - 101 = 16 for the one that queued.
  EXPECT_EQ(stats.get_latency.count(), 2u);
  EXPECT_EQ(stats.get_latency.min_sample(), 11u);
  EXPECT_EQ(stats.get_latency.max_sample(), 16u);
}

// The wake-up times the skipping loop relies on are lower bounds that ignore what does not
// concern the asker: an SM with no read waiting for the port is not woken by another SM's port
// decisions, and a refused request waits for the first MSHR that can free, which is never
// before a waiting read has taken the port and been answered (R 2 + answer 5 after its AR).
TEST(MemorySystem, WakeUpsIgnoreOtherSmsDecisionsAndWaitForAnMshrToFree) {
  MemoryParams p = l2_alone();
  MemoryStats stats;
  MemorySystem mem(p, 2, stats);
  for (Cycle c = 0; c < 4; ++c) {  // SM 0 fills the 4 MSHRs; AR at 4, 10, 16, 22
    ASSERT_TRUE(mem.accept(get(0x1000 + 0x10 * static_cast<uint32_t>(c)), c));
  }
  EXPECT_EQ(mem.next_response(1, 4), ~Cycle{0});  // SM 1 has nothing in flight
  EXPECT_EQ(mem.next_response(0, 4), 11u);        // the first answer: AR 4 + 7
  MemRequest other = get(0x2000);
  other.sm = 1;
  EXPECT_FALSE(mem.accept(other, 5));  // every MSHR is taken
  // The MSHR whose read started at 4 frees with its answer at 11; before any read has
  // started, the bound is the next decision + 7.
  EXPECT_EQ(mem.next_accept(other, 5), 11u);
  MemorySystem fresh(p, 2, stats);
  for (Cycle c = 0; c < 4; ++c) {
    ASSERT_TRUE(fresh.accept(get(0x1000 + 0x10 * static_cast<uint32_t>(c)), c));
  }
  EXPECT_EQ(fresh.next_accept(other, 3), 11u);  // decision at 4, not yet made at 3
  EXPECT_TRUE(fresh.accept(other, 11));
}

// l2cache/Scheduler.v: no set blocks another (0x1000 and 0x1010 share set 0), and a request
// for a line in flight merges into its MSHR: no new read, answered by sourceD two cycles after
// the first answer.
TEST(MemorySystem, NoSetBlocksAnotherAndALineInFlightMerges) {
  MemoryParams p = l2_alone();
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  ASSERT_TRUE(mem.accept(get(0x1000), 100));
  ASSERT_TRUE(mem.accept(get(0x1010), 101));
  ASSERT_TRUE(mem.accept(get(0x1000), 102));
  MemResponse r;
  ASSERT_TRUE(mem.pop_response(0, 200, r));
  EXPECT_EQ(r.at, 111u);  // AR 104, R 106, answer 111
  ASSERT_TRUE(mem.pop_response(0, 200, r));
  EXPECT_EQ(r.at, 113u);  // the merged request: one answer per 2 cycles
  EXPECT_EQ(r.request.address, 0x1000u);
  ASSERT_TRUE(mem.pop_response(0, 200, r));
  EXPECT_EQ(r.at, 117u);  // the other set's read only waits for the port: AR 110
  EXPECT_EQ(stats.port_reads.value, 2u);
}

// The test bench's directory reports a valid line as a miss (directory_test.v), so a second
// Get of a line reads memory again; an L2 that reports hits answers it in hit_latency_cycles.
// A store never allocates its line.
TEST(MemorySystem, TheTestBenchL2NeverHitsAndStoresDoNotAllocate) {
  MemoryParams p = l2_alone();
  MemoryStats stats;
  MemorySystem bench(p, 1, stats);
  ASSERT_TRUE(bench.accept(get(0x1000), 0));
  ASSERT_TRUE(bench.accept(get(0x1000), 20));
  EXPECT_TRUE(bench.drained(100));
  EXPECT_EQ(stats.port_reads.value, 2u);
  EXPECT_EQ(stats.l2_hits.value, 0u);

  p.l2_reports_hits = true;
  MemoryStats hit_stats;
  MemorySystem l2(p, 1, hit_stats);
  ASSERT_TRUE(l2.accept(get(0x1000), 0));
  ASSERT_TRUE(l2.accept(get(0x1000), 20));
  ASSERT_TRUE(l2.accept(get(0x2000, MemKind::PutPartial), 30));
  ASSERT_TRUE(l2.accept(get(0x2000), 60));
  MemResponse r;
  ASSERT_TRUE(l2.pop_response(0, 11, r));
  ASSERT_TRUE(l2.pop_response(0, 25, r));
  EXPECT_EQ(r.at, 20u + p.l2.hit_latency_cycles);
  EXPECT_TRUE(l2.drained(100));
  EXPECT_EQ(hit_stats.l2_hits.value, 1u);
  EXPECT_EQ(hit_stats.port_reads.value, 3u);  // the first Get, the store's read, the last Get
}

// A store that hits the L2 (a machine whose L2 reports hits) is answered after the hit latency
// and its line's write, queued with the answer, still takes the port write_queue_cycles later:
// the memory system drains only after that write. (The write was once left without a port
// decision, and the kernel-end drain looped for ever.)
TEST(MemorySystem, AStoreThatHitsTheL2StillWritesItsLineBeforeTheL2Drains) {
  MemoryParams p = l2_alone();
  p.l2_reports_hits = true;
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  ASSERT_TRUE(mem.accept(get(0x1000), 0));  // a miss; the line is filled with its answer at 11
  MemResponse r;
  ASSERT_TRUE(mem.pop_response(0, 11, r));
  ASSERT_TRUE(mem.accept(get(0x1000, MemKind::PutPartial), 20));
  const Cycle answer = 20 + p.l2.hit_latency_cycles;
  const Cycle write = answer + p.write_queue_cycles;
  ASSERT_TRUE(mem.pop_response(0, answer, r));
  EXPECT_EQ(r.at, answer);
  EXPECT_EQ(stats.l2_hits.value, 1u);
  EXPECT_FALSE(mem.drained(write - 1));
  EXPECT_FALSE(mem.drained(write + p.write_latency_cycles - 1));
  EXPECT_TRUE(mem.drained(write + p.write_latency_cycles));
  EXPECT_EQ(stats.port_writes.value, 1u);
  EXPECT_EQ(stats.port_reads.value, 1u);  // only the first Get read memory
}

// MSHR.v / sourceD.v: a store reads its line (AR 4, R 6), is acknowledged like a Get (11) and
// queues the merged line's write, which may take the port 4 cycles later (15) and goes before
// a read already waiting: the port frees at 16 (the second read's AR at 10), the write takes
// it (AW 16, 5 cycles), the third read's AR is at 21 and its answer at 28.
TEST(MemorySystem, AStoreReadsIsAcknowledgedThenWritesBeforeWaitingReads) {
  MemoryParams p = l2_alone();
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  ASSERT_TRUE(mem.accept(get(0x1000, MemKind::PutPartial), 0));
  ASSERT_TRUE(mem.accept(get(0x2000), 1));
  ASSERT_TRUE(mem.accept(get(0x3000), 2));
  MemResponse r;
  ASSERT_TRUE(mem.pop_response(0, 100, r));
  EXPECT_EQ(r.at, 11u);
  EXPECT_EQ(r.request.kind, MemKind::PutPartial);
  ASSERT_TRUE(mem.pop_response(0, 100, r));
  EXPECT_EQ(r.at, 17u);
  ASSERT_TRUE(mem.pop_response(0, 100, r));
  EXPECT_EQ(r.at, 28u);
  EXPECT_EQ(stats.port_writes.value, 1u);
  EXPECT_EQ(stats.port_reads.value, 3u);
  EXPECT_EQ(stats.port_busy_cycles.value, 3u * 6 + 5);
}

// Four misses take the four MSHRs (answers at 11, 17, 23, 29); a fifth is refused until the
// first MSHR frees with its answer at 11, but not at 10, when that Get's fill writes the
// directory (no lookup in that cycle).
TEST(MemorySystem, EveryL2MshrBusyRefusesAMiss) {
  MemoryParams p = l2_alone();
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  for (uint32_t i = 0; i < p.l2.mshr_entries; ++i) ASSERT_TRUE(mem.accept(get(0x100 * (i + 1)), i));
  EXPECT_FALSE(mem.accept(get(0x900), 4));
  EXPECT_FALSE(mem.accept(get(0x900), 10));
  EXPECT_TRUE(mem.accept(get(0x900), 11));
}

// A Get's fill writes the directory the cycle before its answer, and no request enters in that
// cycle, however late the port decision that scheduled the write was made: an L2 asked nothing
// between two requests decides both reads at the second and must still refuse it.
TEST(MemorySystem, ADirectoryWriteRefusesARequestAlsoWhenItsDecisionWasMadeLate) {
  MemoryParams p = l2_alone();
  MemoryStats prompt_stats, lazy_stats;
  MemorySystem prompt(p, 1, prompt_stats), lazy(p, 1, lazy_stats);
  for (MemorySystem* mem : {&prompt, &lazy}) {
    ASSERT_TRUE(mem->accept(get(0x1000), 0));  // AR at 4: directory write 10, answer 11
    ASSERT_TRUE(mem->accept(get(0x1010), 1));  // AR at 10: directory write 16, answer 17
  }
  MemResponse r;
  for (Cycle c = 2; c < 16; ++c) (void)prompt.pop_response(0, c, r);  // decides as it goes
  EXPECT_FALSE(prompt.accept(get(0x1020), 16));
  EXPECT_FALSE(lazy.accept(get(0x1020), 16));  // both decisions made now
  EXPECT_TRUE(lazy.accept(get(0x1020), 17));
}

// sm2cluster_arb's memReqBuf (stream_fifo of 2, memory.l2.input_buffer_entries): a request
// enters while the buffer was not full as the cycle began, and the L2 takes the head, in order,
// from the cycle after it entered, when it has room. With request_cycles 3 an unloaded Get is
// still answered 11 cycles after it left the SM.
TEST(MemorySystem, InputBufferHandsRequestsToTheL2InOrderFromTheNextCycle) {
  const MemoryParams p;  // the defaults: a buffer of 2, the L2 to the port in 3
  MemoryStats stats;
  MemorySystem mem(p, 2, stats);
  for (Cycle c = 0; c < 4; ++c) {  // taken at 1..4, ready 3 later: AR at 4, 10, 16, 22
    ASSERT_TRUE(mem.accept(get(0x1000 + 0x10 * static_cast<uint32_t>(c)), c));
  }
  EXPECT_FALSE(mem.accept(get(0x1100), 3));  // one request enters per cycle
  ASSERT_TRUE(mem.accept(get(0x2000), 4));   // the head left at 4: one held as 4 began
  MemRequest other = get(0x2008);
  other.sm = 1;
  ASSERT_TRUE(mem.accept(other, 5));  // two held, and every MSHR is taken
  EXPECT_FALSE(mem.accept(get(0x2010), 6));
  // 0x2000 leaves when the first MSHR frees with its answer at 11: room from 12, and SM 1's
  // request cannot be answered before the L2 has taken the head.
  EXPECT_EQ(mem.next_accept(get(0x2010), 6), 12u);
  EXPECT_EQ(mem.next_response(1, 6), 11u);
  EXPECT_FALSE(mem.accept(get(0x2010), 11));  // full as the cycle began
  ASSERT_TRUE(mem.accept(get(0x2010), 12));
  // Each later request takes the MSHR the previous answer freed (11, 17, 23); the port then
  // serves the MSHRs in round robin, 6 cycles apart: AR 28, 34, 40.
  std::vector<Cycle> answers;
  MemResponse r;
  for (Cycle c = 12; c <= 60; ++c) {
    while (mem.pop_response(0, c, r)) answers.push_back(r.at);
  }
  EXPECT_EQ(answers, (std::vector<Cycle>{11, 17, 23, 29, 35, 47}));
  ASSERT_TRUE(mem.pop_response(1, 60, r));
  EXPECT_EQ(r.at, 41u);
  EXPECT_EQ(stats.get_latency.min_sample(), 11u);  // from the cycle it entered the buffer
  EXPECT_TRUE(mem.drained(60));
}

}  // namespace
}  // namespace ventus::timing
