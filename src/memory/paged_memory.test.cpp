// Tests for PagedMemory: widths at page boundaries, sparse addresses, endianness, byte spans.
#include "memory/paged_memory.hpp"

#include <array>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

namespace ventus::memory {
namespace {

TEST(PagedMemory, NeverWrittenBytesReadZeroAndAllocateNothing) {
  PagedMemory mem;
  EXPECT_EQ(mem.read32(0x90000000), 0u);
  EXPECT_EQ(mem.read16(0xFFFFFFFE), 0u);
  EXPECT_EQ(mem.read8(0), 0u);
  EXPECT_EQ(mem.page_for_read(0x90000000), nullptr);
  std::array<uint8_t, 8> buf{1, 2, 3, 4, 5, 6, 7, 8};
  mem.read_bytes(0x12345FFC, buf);
  EXPECT_EQ(buf, (std::array<uint8_t, 8>{}));
  EXPECT_EQ(mem.page_count(), 0u);
}

TEST(PagedMemory, LittleEndianLayout) {
  PagedMemory mem;
  mem.write32(0x1000, 0x11223344u);
  EXPECT_EQ(mem.read8(0x1000), 0x44u);
  EXPECT_EQ(mem.read8(0x1003), 0x11u);
  EXPECT_EQ(mem.read16(0x1000), 0x3344u);
  EXPECT_EQ(mem.read16(0x1002), 0x1122u);
  mem.write16(0x1001, 0xAABBu);
  EXPECT_EQ(mem.read32(0x1000), 0x11AABB44u);
  mem.write8(0x1003, 0x99u);
  EXPECT_EQ(mem.read32(0x1000), 0x99AABB44u);
}

TEST(PagedMemory, EveryWidthAtEveryOffsetAroundAPageBoundary) {
  // Aligned and misaligned accesses ending just before, at, and across 0x90001000.
  for (uint32_t addr = 0x90000FF8; addr <= 0x90001004; ++addr) {
    PagedMemory mem;
    mem.write32(addr, 0xDEADBEEFu);
    EXPECT_EQ(mem.read32(addr), 0xDEADBEEFu) << std::hex << addr;
    for (uint32_t i = 0; i < 4; ++i) {
      EXPECT_EQ(mem.read8(addr + i), (0xDEADBEEFu >> (8 * i)) & 0xFF) << std::hex << addr;
    }
    EXPECT_EQ(mem.read8(addr - 1), 0u);
    EXPECT_EQ(mem.read8(addr + 4), 0u);
    mem.write16(addr + 1, 0x1234u);
    EXPECT_EQ(mem.read16(addr + 1), 0x1234u);
    EXPECT_EQ(mem.read32(addr), 0xDE1234EFu) << std::hex << addr;
  }
}

TEST(PagedMemory, StraddlingWriteTouchesBothPages) {
  PagedMemory mem;
  mem.write32(0x70000FFE, 0xA1B2C3D4u);
  EXPECT_EQ(mem.page_count(), 2u);
  ASSERT_NE(mem.page_for_read(0x70000000), nullptr);
  ASSERT_NE(mem.page_for_read(0x70001000), nullptr);
  EXPECT_EQ(mem.page_for_read(0x70000000)[0xFFE], 0xD4u);
  EXPECT_EQ(mem.page_for_read(0x70000000)[0xFFF], 0xC3u);
  EXPECT_EQ(mem.page_for_read(0x70001000)[0], 0xB2u);
  EXPECT_EQ(mem.page_for_read(0x70001000)[1], 0xA1u);
}

TEST(PagedMemory, TopOfAddressSpaceWrapsLikeA32BitAdder) {
  PagedMemory mem;
  mem.write32(0xFFFFFFFE, 0x44332211u);
  EXPECT_EQ(mem.read8(0xFFFFFFFE), 0x11u);
  EXPECT_EQ(mem.read8(0xFFFFFFFF), 0x22u);
  EXPECT_EQ(mem.read8(0x00000000), 0x33u);
  EXPECT_EQ(mem.read8(0x00000001), 0x44u);
  EXPECT_EQ(mem.read32(0xFFFFFFFE), 0x44332211u);
}

TEST(PagedMemory, SparseFarApartAddressesAreIndependent) {
  PagedMemory mem;
  const std::vector<uint32_t> addrs = {0x00000000, 0x00001000, 0x003FF000, 0x00400000,
                                       0x70000000, 0x80000000, 0x90014000, 0xFFFFF000};
  for (size_t i = 0; i < addrs.size(); ++i) mem.write32(addrs[i], static_cast<uint32_t>(i + 1));
  EXPECT_EQ(mem.page_count(), addrs.size());
  for (size_t i = 0; i < addrs.size(); ++i) {
    EXPECT_EQ(mem.read32(addrs[i]), i + 1) << std::hex << addrs[i];
    EXPECT_EQ(mem.read32(addrs[i] + 4), 0u);
  }
  std::vector<uint32_t> seen;
  mem.for_each_page([&](uint32_t base, std::span<const uint8_t> bytes) {
    seen.push_back(base);
    EXPECT_EQ(bytes.size(), PagedMemory::kPageSize);
  });
  EXPECT_EQ(seen, addrs);  // address order
}

TEST(PagedMemory, ByteSpansAcrossSeveralPagesRoundTrip) {
  PagedMemory mem;
  std::vector<uint8_t> data(3 * PagedMemory::kPageSize + 7);
  std::iota(data.begin(), data.end(), uint8_t{1});
  mem.write_bytes(0x90000FFD, data);
  std::vector<uint8_t> back(data.size() + 2);
  mem.read_bytes(0x90000FFC, back);
  EXPECT_EQ(back.front(), 0u);
  EXPECT_EQ(back.back(), 0u);
  EXPECT_TRUE(std::equal(data.begin(), data.end(), back.begin() + 1));
  EXPECT_EQ(mem.page_count(), 5u);
  EXPECT_EQ(mem.read8(0x90000FFD + 300), static_cast<uint8_t>(301));
}

TEST(PagedMemory, ClearAndMoveDropOrTransferPages) {
  PagedMemory mem;
  mem.write32(0x1234, 7);
  PagedMemory moved(std::move(mem));
  EXPECT_EQ(moved.read32(0x1234), 7u);
  EXPECT_EQ(moved.page_count(), 1u);
  moved.clear();
  EXPECT_EQ(moved.read32(0x1234), 0u);
  EXPECT_EQ(moved.page_count(), 0u);
}

// A released buffer [0x90001000, 0x90003000) of two whole pages: both pages are freed; a
// range ending inside a page zeroes only its bytes there, and bytes around it stay.
TEST(PagedMemory, DiscardFreesWholePagesAndZeroesPartOfOthers) {
  PagedMemory mem;
  for (uint32_t a = 0x90000FFC; a < 0x90003004; a += 4) mem.write32(a, 0xA5A5A5A5u);
  EXPECT_EQ(mem.page_count(), 4u);  // 0x90000000, 0x90001000, 0x90002000, 0x90003000
  mem.discard(0x90001000, 0x2000);
  EXPECT_EQ(mem.page_count(), 2u);
  EXPECT_EQ(mem.page_for_read(0x90001000), nullptr);
  EXPECT_EQ(mem.page_for_read(0x90002000), nullptr);
  EXPECT_EQ(mem.read32(0x90000FFC), 0xA5A5A5A5u);
  EXPECT_EQ(mem.read32(0x90003000), 0xA5A5A5A5u);
  mem.discard(0x90000FFE, 4);  // the last 2 bytes of page 0x90000000, nothing of the next
  EXPECT_EQ(mem.read32(0x90000FFC), 0x0000A5A5u);
  EXPECT_EQ(mem.page_count(), 2u);
  mem.discard(0xFFFFF000, uint64_t{1} << 20);  // never written, and past 2^32: no effect
  EXPECT_EQ(mem.page_count(), 2u);
}

}  // namespace
}  // namespace ventus::memory
