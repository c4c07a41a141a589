// GpuModel's functional warm-up of the I-cache replacement state (--warm-caches), checked on a
// directed fetch stream whose LRU order is worked out by hand.
#include <gtest/gtest.h>

#include "timing/gpu_model.hpp"

namespace ventus::timing {
namespace {

// Two SMs, an I-cache of 2 sets x 2 ways x 8-byte lines: lines L = pc / 8, set = L mod 2.
TimingParams two_set_icache() {
  TimingParams params;
  params.front.icache.sets = 2;
  params.front.icache.ways = 2;
  params.front.icache.line_bytes = 8;
  return params;
}

TEST(GpuModelWarm, FetchesFillTheLeastRecentlyUsedWayAndHitsTouchTheirLine) {
  const TimingParams params = two_set_icache();
  GpuModel gpu(params, 2, 4);
  EXPECT_FALSE(gpu.icache_state(0).has_value());  // nothing before a launch or a warm-up
  // Set 0 sees lines 0 (pc 0x0), 2 (0x10), then 0 again (0x4 is line 0), then 4 (0x20): line 2
  // is then least recently used and 4 replaces it; line 0 stays.
  for (uint32_t pc : {0x0u, 0x10u, 0x4u, 0x20u}) gpu.warm_fetch(0, pc);
  const CacheTags& tags = *gpu.icache_state(0);
  EXPECT_TRUE(tags.contains(0));
  EXPECT_FALSE(tags.contains(2));
  EXPECT_TRUE(tags.contains(4));
  // Line 0 (way 0, touched before 4 was filled into way 1) is the next victim of set 0.
  EXPECT_EQ(tags.lru_way_of(0), 0u);
  EXPECT_FALSE(gpu.icache_state(1).has_value());  // SM 1 fetched nothing
}

TEST(GpuModelWarm, KernelEndClearsTheLinesAndKeepsTheReplacementOrder) {
  const TimingParams params = two_set_icache();
  GpuModel gpu(params, 1, 4);
  // Set 1: line 1 into way 0, line 3 into way 1, then line 1 touched: way 1 is the LRU way.
  for (uint32_t pc : {0x8u, 0x18u, 0xcu}) gpu.warm_fetch(0, pc);
  gpu.warm_kernel_end();
  const CacheTags& tags = *gpu.icache_state(0);
  EXPECT_FALSE(tags.contains(1));
  EXPECT_FALSE(tags.contains(3));
  EXPECT_EQ(tags.lru_way_of(1), 1u);
  // The next launch's first miss in set 1 fills way 1 (after a cold start it would be way 0).
  gpu.warm_fetch(0, 0x28);  // line 5
  EXPECT_TRUE(gpu.icache_state(0)->contains(5));
  EXPECT_EQ(gpu.icache_state(0)->lru_way_of(1), 0u);
}

}  // namespace
}  // namespace ventus::timing
