// Cycle counts of the memory side (caches, MSHRs, the memory port) derived by hand from
// TIMING.md §3, §9, §11–§12 with the test-bench parameters (the defaults).
#include <gtest/gtest.h>

#include "timing/cache_tags.hpp"
#include "timing/icache.hpp"
#include "timing/l1d_cache.hpp"
#include "timing/memory_system.hpp"

namespace ventus::timing {
namespace {

MemRequest get(uint32_t address, MemKind kind = MemKind::Get) {
  MemRequest r;
  r.kind = kind;
  r.address = address;
  return r;
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

TEST(MemorySystem, UnloadedGetMissTakesElevenCyclesAndReadsSerialiseSixApart) {
  MemoryParams p;
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
}

TEST(MemorySystem, MissesOfOneL2SetAreSerialised) {
  MemoryParams p;  // 2 sets of 8-byte lines: 0x1000 and 0x1010 share set 0
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  ASSERT_TRUE(mem.accept(get(0x1000), 100));
  ASSERT_TRUE(mem.accept(get(0x1010), 101));
  MemResponse r;
  ASSERT_TRUE(mem.pop_response(0, 200, r));
  EXPECT_EQ(r.at, 111u);
  ASSERT_TRUE(mem.pop_response(0, 200, r));
  // The second starts when the first completes (111): AR at 115, R at 117, response 122;
  // without the set rule it would have been 117 (port spacing only).
  EXPECT_EQ(r.at, 122u);
}

TEST(MemorySystem, PartialWriteGoesThroughAndTheLineIsReadAgain) {
  MemoryParams p;
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  ASSERT_TRUE(mem.accept(get(0x1000, MemKind::PutPartial), 0));
  MemResponse r;
  ASSERT_TRUE(mem.pop_response(0, 100, r));
  // AW at 4, the re-read's AR 5 later (write gap) at 9, R at 11, response at 16.
  EXPECT_EQ(r.at, 16u);
  EXPECT_EQ(stats.port_writes.value, 1u);
  EXPECT_EQ(stats.port_reads.value, 1u);
  // The re-read left the line in the L2: a Get now hits without the port.
  ASSERT_TRUE(mem.accept(get(0x1000), 20));
  ASSERT_TRUE(mem.pop_response(0, 100, r));
  EXPECT_EQ(r.at, 20u + p.l2.hit_latency_cycles);
  EXPECT_EQ(stats.l2_hits.value, 1u);
}

TEST(MemorySystem, EveryL2MshrBusyRefusesAMiss) {
  MemoryParams p;
  MemoryStats stats;
  MemorySystem mem(p, 1, stats);
  for (uint32_t i = 0; i < p.l2.mshr_entries; ++i) ASSERT_TRUE(mem.accept(get(0x100 * (i + 1)), i));
  EXPECT_FALSE(mem.accept(get(0x900), 4));
  EXPECT_TRUE(mem.accept(get(0x900), 11));  // the first miss answered at 11
}

TEST(ICache, MissRequestsTheLineOnceAndTheFillIsVisibleTwoCyclesAfterTheResponse) {
  CacheParams p;  // 32 x 2 x 8 B, 4 MSHRs
  CacheStats stats;
  ICache icache(p, 2, stats);
  EXPECT_FALSE(icache.lookup(0x80000008, 10));
  ASSERT_NE(icache.front_request(), nullptr);
  EXPECT_EQ(icache.front_request()->address, 0x80000008u);
  icache.pop_request();
  EXPECT_FALSE(icache.lookup(0x8000000c, 13));  // same line: merged, not requested again
  EXPECT_EQ(icache.front_request(), nullptr);
  EXPECT_EQ(stats.mshr_merges.value, 1u);
  MemResponse r{21, get(0x80000008)};
  icache.on_response(r, 21);
  icache.tick(22);
  EXPECT_FALSE(icache.lookup(0x80000008, 22));
  icache.tick(23);
  EXPECT_TRUE(icache.lookup(0x80000008, 23));
  icache.invalidate();
  EXPECT_FALSE(icache.lookup(0x80000008, 24));
}

TEST(ICache, MissWithEveryMshrBusyIsDropped) {
  CacheParams p;
  CacheStats stats;
  ICache icache(p, 2, stats);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_FALSE(icache.lookup(0x1000 + 8 * i, 0));
  EXPECT_FALSE(icache.lookup(0x2000, 1));
  EXPECT_EQ(stats.mshr_full.value, 1u);
  unsigned requests = 0;
  while (icache.front_request() != nullptr) {
    icache.pop_request();
    ++requests;
  }
  EXPECT_EQ(requests, 4u);
}

struct L1dFixture : ::testing::Test {
  LsuParams p;
  L1dStats stats;
  L1DCache l1d{p, stats};
  uint32_t token = 0;
  // Answers every Get in flight at `at`.
  void fill_all(Cycle at) {
    while (const MemRequest* r = l1d.front_request(at)) {
      l1d.on_response(MemResponse{at, *r}, at);
      l1d.pop_request();
    }
  }
};

TEST_F(L1dFixture, LoadMissFillsThenHitsInFourCycles) {
  ASSERT_TRUE(l1d.request(0x100, false, 7, 10));
  EXPECT_EQ(l1d.front_request(11), nullptr);  // the Get leaves 2 cycles after the request
  ASSERT_NE(l1d.front_request(12), nullptr);
  fill_all(30);
  EXPECT_FALSE(l1d.pop_core_response(30, token));
  ASSERT_TRUE(l1d.pop_core_response(31, token));  // fill -> LSU 1 cycle
  EXPECT_EQ(token, 7u);
  ASSERT_TRUE(l1d.request(0x104, false, 8, 40));  // same 8-byte line: hit
  EXPECT_FALSE(l1d.pop_core_response(43, token));
  EXPECT_TRUE(l1d.pop_core_response(44, token));
  EXPECT_EQ(stats.hits.value, 1u);
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

TEST_F(L1dFixture, StoreMissWritesThroughAndBlocksALoadOfTheLineUntilAcknowledged) {
  ASSERT_TRUE(l1d.request(0x200, true, 1, 0));
  const MemRequest* put = l1d.front_request(2);
  ASSERT_NE(put, nullptr);
  EXPECT_EQ(put->kind, MemKind::PutPartial);
  EXPECT_FALSE(l1d.pop_core_response(4, token));
  EXPECT_TRUE(l1d.pop_core_response(5, token));   // write miss: response after 5 cycles
  EXPECT_FALSE(l1d.request(0x200, false, 2, 6));  // WSHR conflict
  const MemRequest ack = *put;
  l1d.pop_request();
  l1d.on_response(MemResponse{20, ack}, 20);
  EXPECT_TRUE(l1d.request(0x200, false, 2, 21));
  EXPECT_EQ(stats.store_misses.value, 1u);
}

TEST_F(L1dFixture, StoreHitMakesTheLineDirtyAndTheFlushWritesItBack) {
  ASSERT_TRUE(l1d.request(0x300, false, 1, 0));
  fill_all(20);
  ASSERT_TRUE(l1d.request(0x300, true, 2, 21));
  EXPECT_EQ(stats.store_hits.value, 1u);
  EXPECT_EQ(l1d.flush(30), 1u);
  const MemRequest* w = l1d.front_request(30);
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->kind, MemKind::PutFull);
  EXPECT_EQ(w->address, 0x300u);
}

}  // namespace
}  // namespace ventus::timing
