// Cycle counts of the SM's I-cache and its MSHR derived by hand from TIMING.md §3 with the
// test-bench parameters (the defaults): fills, replacement, the SRAM bypass, the MSHR's
// entries, merges, drops and re-arm, and its line reads.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "timing/icache.hpp"
#include "timing/memory_system.hpp"
#include "timing/memory_test_support.hpp"

namespace ventus::timing {
namespace {

// One cycle of the I-cache with at most one stage-1 lookup (one fetch per cycle); returns
// whether it hit.
bool icache_cycle(ICache& icache, Cycle now, std::optional<uint32_t> address = std::nullopt) {
  icache.begin_cycle(now);
  const bool hit = address && icache.lookup(*address, now);
  icache.end_cycle(now);
  return hit;
}

// TIMING.md §3, instruction_cache.v and mshr_icache.v: an L2 answer at 21 leaves the response
// FIFO at 22 (the entry is released, the tag written); a stage-0 read of that set in the same
// cycle is bypassed the written tag, so stage 1 compares it at 23, answering at 24 = 21 + 3.
TEST(ICache, MissRequestsTheLineOnceAndTheFillIsVisibleAfterTheFillDelay) {
  CacheParams p;  // 32 x 2 x 8 B, 4 MSHRs of 2 sub-entries
  CacheStats stats;
  ICache icache(p, 3, stats);
  EXPECT_FALSE(icache_cycle(icache, 10, 0x80000008));
  EXPECT_EQ(icache.front_request(10), nullptr);  // the entry is registered: sent from 11
  ASSERT_NE(icache.front_request(11), nullptr);
  EXPECT_EQ(icache.front_request(11)->address, 0x80000008u);
  icache.pop_request();
  EXPECT_FALSE(icache_cycle(icache, 13, 0x8000000c));  // same line: a sub-entry, no request
  EXPECT_EQ(icache.front_request(14), nullptr);
  EXPECT_EQ(stats.mshr_merges.value, 1u);
  icache.on_response(MemResponse{21, get(0x80000008)}, 21);
  EXPECT_FALSE(icache_cycle(icache, 22, 0x80000008));  // the line leaving the FIFO: refused
  EXPECT_EQ(stats.mshr_full.value, 1u);
  EXPECT_EQ(icache.front_request(23), nullptr);  // and not requested again
  EXPECT_TRUE(icache_cycle(icache, 23, 0x80000008));
  icache.invalidate();
  EXPECT_FALSE(icache_cycle(icache, 24, 0x80000008));
}

// tag_access_icache.v's lru_matrix is reset only with the chip: a launch's I-cache starts with
// every line invalid but with the replacement order the previous launch left (GpuModel hands
// it on), so its first fill into a set takes that set's least recently used way.
TEST(ICache, TheNextLaunchStartsFromTheReplacementStateThisOneLeft) {
  CacheParams p;
  CacheStats stats;
  ICache first(p, 3, stats);
  const uint32_t a = 0x80000008, b = a + p.sets * p.line_bytes;  // one set, ways 0 and 1
  const auto fill = [&](ICache& icache, uint32_t line, Cycle at) {
    EXPECT_FALSE(icache_cycle(icache, at, line));
    ASSERT_NE(icache.front_request(at + 1), nullptr);
    icache.pop_request();
    icache.on_response(MemResponse{at + 11, get(line)}, at + 11);
    icache_cycle(icache, at + 12);  // fire
  };
  fill(first, a, 10);                       // way 0
  fill(first, b, 30);                       // way 1
  EXPECT_TRUE(icache_cycle(first, 50, a));  // way 0 most recently used: way 1 goes next
  first.invalidate();
  const CacheTags left = first.lru_state();
  const uint32_t line = left.line_of(a);
  EXPECT_EQ(left.lru_way_of(line), 1u);
  EXPECT_FALSE(left.contains(line));
  ICache next(p, 3, stats), fresh(p, 3, stats);
  next.adopt_lru_state(left);
  EXPECT_FALSE(icache_cycle(next, 10, a));  // every line invalid
  EXPECT_EQ(next.lru_state().lru_way_of(line), 1u);
  EXPECT_EQ(fresh.lru_state().lru_way_of(line), 0u);  // without it: the lowest way
}

// A line that misses at `at` (the fetch's stage 1), is sent the next cycle and answered 11
// cycles after the miss; its response leaves the FIFO (fire) the cycle after.
void fill_line(ICache& icache, uint32_t line, Cycle at) {
  EXPECT_FALSE(icache_cycle(icache, at, line));
  ASSERT_NE(icache.front_request(at + 1), nullptr);
  icache.pop_request();
  icache.on_response(MemResponse{at + 11, get(line)}, at + 11);
  icache_cycle(icache, at + 12);  // fire
}

// sram_template's bypass copies the written tag into every way of the set: in the cycle after
// the fire, another line of that set compares as a miss (and, with no entry for it, requests
// its line again) while the filled line hits.
TEST(ICache, TheFillsBypassCycleMissesTheSetsOtherLine) {
  CacheParams p;
  CacheStats stats;
  ICache icache(p, 3, stats);
  const uint32_t other = 0x80000008 + p.sets * p.line_bytes;  // same set
  fill_line(icache, other, 10);
  EXPECT_TRUE(icache_cycle(icache, 23, other));  // its own bypass cycle: a hit
  fill_line(icache, 0x80000008, 30);
  EXPECT_TRUE(icache_cycle(icache, 43, 0x80000008));
  EXPECT_TRUE(icache_cycle(icache, 50, other));  // both ways hold their lines
  fill_line(icache, 0x80000010, 60);             // another set: no effect
  EXPECT_TRUE(icache_cycle(icache, 73, other));
  fill_line(icache, 0x90000008,
            80);  // a third line of the set replaces the least recently used, 0x80000008
  EXPECT_FALSE(icache_cycle(icache, 93, other));  // bypass cycle: the set's other line misses
  ASSERT_NE(icache.front_request(94), nullptr);
  EXPECT_EQ(icache.front_request(94)->address, other);
}

// line_reads counts the Gets; line_rereads those for a line read before in the launch. Three
// lines of one set (two ways, LRU): the third evicts the first, whose next fetch reads it
// again; the invalidation at the kernel's end starts a new count of first reads.
TEST(ICache, ALineReadAgainAfterItsEvictionCountsAsAReread) {
  CacheParams p;
  CacheStats stats;
  ICache icache(p, 3, stats);
  const uint32_t a = 0x80000008, b = a + p.sets * p.line_bytes, c = b + p.sets * p.line_bytes;
  fill_line(icache, a, 10);
  fill_line(icache, b, 30);
  EXPECT_EQ(stats.line_reads.value, 2u);
  EXPECT_EQ(stats.line_rereads.value, 0u);
  fill_line(icache, c, 50);  // replaces a, the least recently used
  EXPECT_TRUE(icache_cycle(icache, 70, b));
  fill_line(icache, a, 80);
  EXPECT_EQ(stats.line_reads.value, 4u);
  EXPECT_EQ(stats.line_rereads.value, 1u);
  icache.invalidate();
  fill_line(icache, b, 100);  // read before the invalidation only: a cold miss of the next kernel
  EXPECT_EQ(stats.line_reads.value, 5u);
  EXPECT_EQ(stats.line_rereads.value, 1u);
}

TEST(ICache, MissWithEveryMshrBusyIsDropped) {
  CacheParams p;
  CacheStats stats;
  ICache icache(p, 3, stats);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_FALSE(icache_cycle(icache, i, 0x1000 + 8 * i));
  EXPECT_FALSE(icache_cycle(icache, 4, 0x2000));
  EXPECT_EQ(stats.mshr_full.value, 1u);
  unsigned requests = 0;
  while (icache.front_request(5) != nullptr) {
    icache.pop_request();
    ++requests;
  }
  EXPECT_EQ(requests, 4u);
}

// Lines A and B in entries 0 and 1; C misses in the cycle a response leaves the FIFO.
struct IcacheRace {
  CacheParams p;
  CacheStats stats;
  ICache icache;
  explicit IcacheRace(bool rearm_on_fill_miss = true) : icache{p, 3, stats, rearm_on_fill_miss} {
    icache_cycle(icache, 0, 0x1000);
    icache_cycle(icache, 1, 0x2000);
    for (Cycle c = 2; icache.front_request(c) != nullptr; ++c) icache.pop_request();
  }
  std::vector<uint32_t> requests_from(Cycle now) {
    std::vector<uint32_t> out;
    while (const MemRequest* r = icache.front_request(now)) {
      out.push_back(r->address);
      icache.pop_request();
    }
    return out;
  }
};

// mshr_icache.v (req_rsp_same_time): with entry 0's response leaving the FIFO and entry 2 the
// lowest free, the RTL sets entry 0's first sub-entry instead of allocating entry 2: line A is
// read again and C's miss is lost.
TEST(ICache, APrimaryMissAsALowerEntryIsReleasedReArmsIt) {
  IcacheRace t;
  t.icache.on_response(MemResponse{10, get(0x1000)}, 10);
  EXPECT_FALSE(icache_cycle(t.icache, 11, 0x3000));
  EXPECT_EQ(t.requests_from(12), std::vector<uint32_t>{0x1000});
  EXPECT_EQ(t.stats.mshr_rerequests.value, 1u);
}

// sm.fetch.icache_rearm_on_fill_miss = false: the miss takes the free entry instead.
TEST(ICache, WithoutTheReArmRuleThePrimaryMissTakesTheFreeEntry) {
  IcacheRace t(false);
  t.icache.on_response(MemResponse{10, get(0x1000)}, 10);
  EXPECT_FALSE(icache_cycle(t.icache, 11, 0x3000));
  EXPECT_EQ(t.requests_from(12), std::vector<uint32_t>{0x3000});
  EXPECT_EQ(t.stats.mshr_rerequests.value, 0u);
}

// With the lowest free entry below the responding one the miss is allocated normally.
TEST(ICache, APrimaryMissAsAHigherEntryIsReleasedIsAllocated) {
  IcacheRace t;
  t.icache.on_response(MemResponse{10, get(0x1000)}, 10);
  icache_cycle(t.icache, 11);  // entry 0 released
  t.icache.on_response(MemResponse{12, get(0x2000)}, 12);
  EXPECT_FALSE(icache_cycle(t.icache, 13, 0x3000));  // entry 1 leaves the FIFO; entry 0 free
  EXPECT_EQ(t.requests_from(14), std::vector<uint32_t>{0x3000});
  EXPECT_EQ(t.stats.mshr_rerequests.value, 0u);
}

// mshr_icache.v: the request offered is the lowest valid entry not yet sent, and an entry is
// valid from the cycle after its allocation, so in the cycle a lower entry is allocated an older
// unsent one still goes (and holds the data cache's request back).
TEST(ICache, AnOlderUnsentEntryIsOfferedInTheCycleALowerOneIsAllocated) {
  CacheParams p;
  CacheStats stats;
  ICache icache(p, 3, stats);
  icache_cycle(icache, 0, 0x1000);  // entry 0
  icache_cycle(icache, 1, 0x2008);  // entry 1, allocated as entry 0 is sent
  ASSERT_NE(icache.front_request(1), nullptr);
  EXPECT_EQ(icache.front_request(1)->address, 0x1000u);
  icache.pop_request();
  icache.on_response(MemResponse{10, get(0x1000)}, 10);
  icache_cycle(icache, 11);                        // entry 0 released
  EXPECT_FALSE(icache_cycle(icache, 12, 0x3010));  // allocates entry 0 again
  ASSERT_NE(icache.front_request(12), nullptr);
  EXPECT_EQ(icache.front_request(12)->address, 0x2008u);
  icache.pop_request();
  ASSERT_NE(icache.front_request(13), nullptr);
  EXPECT_EQ(icache.front_request(13)->address, 0x3010u);
}

}  // namespace
}  // namespace ventus::timing
