// Tests for BumpAllocator: reference addresses, alignment, free, reuse policy, accounting.
#include "memory/bump_allocator.hpp"

#include <gtest/gtest.h>

namespace ventus::memory {
namespace {

TEST(BumpAllocator, ReproducesTheMataddLaunchLayout) {
  // ISA.md §8: A, B, C, args, private (64 KiB), metadata.
  BumpAllocator alloc;
  EXPECT_EQ(*alloc.allocate(64), 0x90000000u);
  EXPECT_EQ(*alloc.allocate(64), 0x90001000u);
  EXPECT_EQ(*alloc.allocate(64), 0x90002000u);
  EXPECT_EQ(*alloc.allocate(12), 0x90003000u);
  EXPECT_EQ(*alloc.allocate(0x10000), 0x90004000u);
  EXPECT_EQ(*alloc.allocate(64), 0x90014000u);
}

TEST(BumpAllocator, FreedSpaceIsNotReusedLikeTheReferenceDriver) {
  // gaussian-4w4t: Fan1_0 args/private/metadata at 0x90003000/0x90004000/0x90008000 are
  // freed, and Fan2_0's args land at 0x90009000.
  BumpAllocator alloc;
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(alloc.allocate(64).ok());
  const uint32_t args = *alloc.allocate(0x10);
  const uint32_t priv = *alloc.allocate(0x4000);
  const uint32_t meta = *alloc.allocate(0x40);
  EXPECT_EQ(meta, 0x90008000u);
  EXPECT_TRUE(alloc.free(args).ok());
  EXPECT_TRUE(alloc.free(priv).ok());
  EXPECT_TRUE(alloc.free(meta).ok());
  EXPECT_EQ(*alloc.allocate(0x14), 0x90009000u);
}

TEST(BumpAllocator, AlignmentAndErrors) {
  BumpAllocator alloc(0x90000010);  // base rounded up to 4 KiB
  const uint32_t a = *alloc.allocate(1);
  const uint32_t b = *alloc.allocate(0x1001);
  const uint32_t c = *alloc.allocate(0x1000);
  EXPECT_EQ(a, 0x90001000u);
  EXPECT_EQ(b, 0x90002000u);
  EXPECT_EQ(c, 0x90004000u);
  for (uint32_t addr : {a, b, c}) EXPECT_EQ(addr % BumpAllocator::kAlign, 0u);
  EXPECT_FALSE(alloc.allocate(0).ok());
  EXPECT_FALSE(alloc.free(a + 4).ok());
  EXPECT_TRUE(alloc.free(a).ok());
  EXPECT_FALSE(alloc.free(a).ok());  // double free
}

TEST(BumpAllocator, ExhaustionIsAnError) {
  BumpAllocator alloc(0xFFFFE000);
  EXPECT_TRUE(alloc.allocate(0x1000).ok());
  EXPECT_TRUE(alloc.allocate(0x1000).ok());
  const Result<uint32_t> none = alloc.allocate(1);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("exhausted"), std::string::npos);
}

TEST(BumpAllocator, ReusePolicyFillsTheLowestCoalescedGap) {
  BumpAllocator alloc(BumpAllocator::kDefaultBase, uint64_t{1} << 32,
                      BumpAllocator::Policy::kReuse);
  const uint32_t a = *alloc.allocate(0x1000);
  const uint32_t b = *alloc.allocate(0x1000);
  const uint32_t c = *alloc.allocate(0x1000);
  const uint32_t d = *alloc.allocate(0x1000);
  ASSERT_TRUE(alloc.free(b).ok());
  ASSERT_TRUE(alloc.free(a).ok());  // coalesces with b's gap
  EXPECT_EQ(*alloc.allocate(0x2000), a);
  ASSERT_TRUE(alloc.free(c).ok());
  EXPECT_EQ(*alloc.allocate(0x2000), d + 0x1000);  // c's 4 KiB gap is too small
  EXPECT_EQ(*alloc.allocate(0x800), c);
}

TEST(BumpAllocator, AccountingReturnsToZeroWhenEverythingIsFreed) {
  BumpAllocator alloc;
  const uint32_t a = *alloc.allocate(10);
  const uint32_t b = *alloc.allocate(0x1800);
  EXPECT_EQ(alloc.live_blocks(), 2u);
  EXPECT_EQ(alloc.live_bytes(), 0x3000u);
  EXPECT_EQ(alloc.live_addresses(), (std::vector<uint32_t>{a, b}));
  ASSERT_TRUE(alloc.free(b).ok());
  EXPECT_EQ(alloc.live_addresses(), (std::vector<uint32_t>{a}));
  ASSERT_TRUE(alloc.free(a).ok());
  EXPECT_EQ(alloc.live_blocks(), 0u);
  EXPECT_EQ(alloc.live_bytes(), 0u);
  EXPECT_EQ(alloc.peak_live_bytes(), 0x3000u);
  EXPECT_TRUE(alloc.live_addresses().empty());
}

}  // namespace
}  // namespace ventus::memory
