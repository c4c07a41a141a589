// Tests for PageOverlay through WorkGroupMemory: which bytes make a speculative work-group run
// again (docs/host-threads.md), and that it reads its own writes.
#include "memory/page_overlay.hpp"

#include <cstring>

#include <gtest/gtest.h>

#include "memory/work_group_memory.hpp"

namespace ventus::memory {
namespace {

constexpr uint32_t kBase = 0x90000000u;

DeviceMemory one_buffer() {
  DeviceMemory mem;
  EXPECT_TRUE(mem.map_region({kBase, 0x1000, RegionKind::kGlobal, "buffer"}).ok());
  return mem;
}

// One work-group's view of `global` through `overlay`.
struct SpeculativeGroup {
  PageOverlay overlay;
  DeviceMemory local;
  WorkGroupMemory memory;
  explicit SpeculativeGroup(DeviceMemory& global) : overlay(global), memory(global, local) {
    memory.set_overlay(&overlay);
  }
  void store32(uint32_t addr, uint32_t value) {
    uint8_t* host = memory.store_ptr(addr, 4);
    ASSERT_NE(host, nullptr);
    std::memcpy(host, &value, 4);
  }
  uint32_t load(uint32_t addr, uint32_t size) {
    const uint8_t* host = memory.load_ptr(addr, size);
    EXPECT_NE(host, nullptr);
    uint32_t value = 0;
    if (host != nullptr) std::memcpy(&value, host, size);
    return value;
  }
};

// Two groups of one batch run against the same global memory; then the earlier one
// commits, having written the word at kBase + 0x10. Returns the bytes it wrote.
struct Batch {
  DeviceMemory global = one_buffer();
  SpeculativeGroup earlier{global};
  SpeculativeGroup later{global};
  Batch() { earlier.store32(kBase + 0x10, 111); }
  WrittenBytes commit_earlier() {
    WrittenBytes written;
    earlier.overlay.commit(global, written);
    return written;
  }
};

// Work-groups in the same resident slot use the same private words: each writes them before
// reading, so a later one does not depend on what an earlier one left there.
TEST(PageOverlay, BytesAGroupWroteBeforeReadingThemAreNoDependency) {
  Batch batch;
  batch.later.store32(kBase + 0x10, 222);
  EXPECT_EQ(batch.later.load(kBase + 0x10, 4), 222u);  // its own value
  EXPECT_FALSE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

TEST(PageOverlay, ReadingBeforeWritingIsADependency) {
  Batch batch;
  EXPECT_EQ(batch.later.load(kBase + 0x10, 4), 0u);  // global as before the batch
  batch.later.store32(kBase + 0x10, 222);
  EXPECT_TRUE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

// A load of 4 bytes of which the group wrote only the first 2 (a halfword store): the other
// 2 are global memory's, which the earlier group wrote.
TEST(PageOverlay, ByteByByteOnlyTheOwnBytesAreExempt) {
  Batch batch;
  uint8_t* host = batch.later.memory.store_ptr(kBase + 0x10, 2);
  ASSERT_NE(host, nullptr);
  host[0] = 0xCD;
  host[1] = 0xAB;
  EXPECT_EQ(batch.later.load(kBase + 0x10, 4), 0x0000ABCDu);
  EXPECT_TRUE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

TEST(PageOverlay, ReadingOnlyOwnHalfOfAWordIsNoDependency) {
  Batch batch;
  uint8_t* host = batch.later.memory.store_ptr(kBase + 0x10, 2);
  ASSERT_NE(host, nullptr);
  host[0] = 1;
  host[1] = 2;
  EXPECT_EQ(batch.later.load(kBase + 0x10, 2), 0x0201u);
  EXPECT_FALSE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

}  // namespace
}  // namespace ventus::memory
