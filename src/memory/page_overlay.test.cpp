// Tests for PageOverlay (docs/host-threads.md) and WorkGroupMemory's translations through one:
// what a speculative view reads and writes, the conflict test (bytes a group wrote before
// reading them exempt), the commit, and reuse.
#include "memory/page_overlay.hpp"

#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "memory/work_group_memory.hpp"

namespace ventus::memory {
namespace {

constexpr uint32_t kBuffer = 0x90000000;

DeviceMemory one_buffer() {
  DeviceMemory mem;
  EXPECT_TRUE(mem.map_region({kBuffer, 0x2000, RegionKind::kGlobal, "A"}).ok());
  return mem;
}

uint32_t load32(WorkGroupMemory& view, uint32_t addr) {
  const uint8_t* host = view.load_ptr(addr, 4);
  EXPECT_NE(host, nullptr);
  uint32_t word = 0;
  if (host != nullptr) std::memcpy(&word, host, 4);
  return word;
}

void store32(WorkGroupMemory& view, uint32_t addr, uint32_t word) {
  uint8_t* host = view.store_ptr(addr, 4);
  ASSERT_NE(host, nullptr);
  std::memcpy(host, &word, 4);
}

// Two work-groups of a chunk, one after the other on one overlay: the second reads what the
// first wrote; global memory is untouched until the commit.
TEST(PageOverlay, TheGroupsOfAChunkSeeEachOthersWritesBeforeTheCommit) {
  DeviceMemory global = one_buffer();
  global.store().write32(kBuffer + 8, 5);
  DeviceMemory local;
  PageOverlay overlay(global);
  WorkGroupMemory first(global, local);
  first.set_overlay(&overlay);
  store32(first, kBuffer, load32(first, kBuffer + 8) + 1);
  WorkGroupMemory second(global, local);
  second.set_overlay(&overlay);
  EXPECT_EQ(load32(second, kBuffer), 6u);
  EXPECT_EQ(load32(second, kBuffer + 8), 5u);  // not written: global memory's
  EXPECT_EQ(global.store().read32(kBuffer), 0u);
  WrittenBytes written;
  overlay.commit(global, written);
  EXPECT_EQ(global.store().read32(kBuffer), 6u);
  EXPECT_EQ(global.store().read32(kBuffer + 8), 5u);  // read only: not copied back
  EXPECT_EQ(written.size(), 1u);
  EXPECT_EQ(written.begin()->second[0], 0xFu);  // bytes 0..3 of the page
}

// Commits copy exactly the bytes written, whatever their pattern: two chunks write every
// other byte (and a few more) of the same 64-byte blocks, around bytes global memory already
// holds, and a later load of the second chunk merges its bytes with global's.
TEST(PageOverlay, ScatteredBytesCommitAndMergeExactly) {
  DeviceMemory global = one_buffer();
  std::vector<uint8_t> expected(256);
  for (uint32_t i = 0; i < 256; ++i) {
    expected[i] = static_cast<uint8_t>(0xA0 + i);
    global.store().write<uint8_t>(kBuffer + i, expected[i]);
  }
  DeviceMemory local;
  PageOverlay even(global), odd(global);
  WorkGroupMemory even_view(global, local), odd_view(global, local);
  even_view.set_overlay(&even);
  odd_view.set_overlay(&odd);
  for (uint32_t i = 0; i < 200; ++i) {
    const bool by_even = i % 2 == 0 || i % 7 == 3;  // some of both
    if (i % 5 == 4) continue;                       // some by neither
    WorkGroupMemory& view = by_even ? even_view : odd_view;
    uint8_t* host = view.store_ptr(kBuffer + i, 1);
    ASSERT_NE(host, nullptr);
    *host = static_cast<uint8_t>(i ^ (by_even ? 0x55 : 0x33));
    expected[i] = *host;
  }
  // A load of the odd chunk merges global's other bytes into its copy of the page.
  const uint8_t* merged = odd_view.load_ptr(kBuffer + 250, 1);
  ASSERT_NE(merged, nullptr);
  EXPECT_EQ(*merged, 0xA0 + 250 - 256);
  const uint8_t* own = odd_view.load_ptr(kBuffer + 1, 1);
  ASSERT_NE(own, nullptr);
  EXPECT_EQ(*own, 1 ^ 0x33);
  WrittenBytes written;
  even.commit(global, written);
  odd.commit(global, written);
  for (uint32_t i = 0; i < 256; ++i) {
    EXPECT_EQ(global.store().read<uint8_t>(kBuffer + i), expected[i]) << "byte " << i;
  }
}

// A later chunk conflicts exactly when it read a byte an earlier one wrote.
TEST(PageOverlay, ReadingAByteAnEarlierChunkWroteIsAConflict) {
  DeviceMemory global = one_buffer();
  DeviceMemory local;
  PageOverlay earlier(global);
  WorkGroupMemory writer(global, local);
  writer.set_overlay(&earlier);
  store32(writer, kBuffer + 0x1004, 1);
  WrittenBytes written;
  earlier.commit(global, written);

  PageOverlay beside(global);  // reads the bytes next to it and writes the same word
  WorkGroupMemory next(global, local);
  next.set_overlay(&beside);
  (void)load32(next, kBuffer + 0x1000);
  (void)load32(next, kBuffer + 0x1008);
  store32(next, kBuffer + 0x1004, 2);
  EXPECT_FALSE(beside.read_any_of(written));

  PageOverlay reader(global);
  WorkGroupMemory later(global, local);
  later.set_overlay(&reader);
  const uint8_t* byte = later.load_ptr(kBuffer + 0x1007, 1);  // the last byte of the word
  ASSERT_NE(byte, nullptr);
  EXPECT_TRUE(reader.read_any_of(written));
}

// After a reset the overlay is empty, and a view set on it again does not keep translations
// into the pages it had before (they are reused for other pages).
TEST(PageOverlay, AResetDropsTheTranslationsIntoIt) {
  DeviceMemory global = one_buffer();
  DeviceMemory local;
  PageOverlay overlay(global);
  WorkGroupMemory view(global, local);
  view.set_overlay(&overlay);
  store32(view, kBuffer, 7);
  EXPECT_EQ(load32(view, kBuffer), 7u);
  const uint64_t generation = overlay.generation();
  overlay.reset();
  EXPECT_NE(overlay.generation(), generation);
  view.set_overlay(&overlay);
  EXPECT_EQ(load32(view, kBuffer), 0u);  // global memory's, not the dropped write
  store32(view, kBuffer + 0x1000, 9);    // takes the reused page for another page number
  EXPECT_EQ(load32(view, kBuffer), 0u);
  EXPECT_EQ(load32(view, kBuffer + 0x1000), 9u);
  WrittenBytes written;
  overlay.commit(global, written);
  EXPECT_EQ(global.store().read32(kBuffer), 0u);
  EXPECT_EQ(global.store().read32(kBuffer + 0x1000), 9u);
}

// A restarted work-group keeps its translations of global memory (the same overlay) but not
// those into its local memory, whose pages it freed. Here the local region is unmapped
// instead, so a dropped translation shows as a load that can no longer be translated.
TEST(PageOverlay, ForgettingTheLocalMemoryKeepsTheGlobalTranslations) {
  DeviceMemory global = one_buffer();
  DeviceMemory local;
  ASSERT_TRUE(local.map_region({0x70000000, 0x2000, RegionKind::kLocal, "lds"}).ok());
  PageOverlay overlay(global);
  WorkGroupMemory view(global, local);
  view.set_overlay(&overlay);
  store32(view, kBuffer, 3);
  store32(view, 0x70001010, 4);
  EXPECT_EQ(load32(view, 0x70001010), 4u);  // translation slot 1 (kBuffer's is slot 0)
  const uint8_t* global_word = view.load_ptr(kBuffer, 4);
  ASSERT_TRUE(local.unmap_region(0x70000000).ok());
  EXPECT_NE(view.load_ptr(0x70001010, 4), nullptr);  // still translated
  view.forget_local();
  view.set_overlay(&overlay);  // the same generation: nothing dropped
  EXPECT_EQ(view.load_ptr(0x70001010, 4), nullptr);
  EXPECT_EQ(view.load_ptr(kBuffer, 4), global_word);
  EXPECT_EQ(load32(view, kBuffer), 3u);
}

// --- Bytes a group wrote before reading them (private memory shared by a resident slot) ---

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
// commits, having written the word at kBuffer + 0x10. Returns the bytes it wrote.
struct Batch {
  DeviceMemory global = one_buffer();
  SpeculativeGroup earlier{global};
  SpeculativeGroup later{global};
  Batch() { earlier.store32(kBuffer + 0x10, 111); }
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
  batch.later.store32(kBuffer + 0x10, 222);
  EXPECT_EQ(batch.later.load(kBuffer + 0x10, 4), 222u);  // its own value
  EXPECT_FALSE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

TEST(PageOverlay, ReadingBeforeWritingIsADependency) {
  Batch batch;
  EXPECT_EQ(batch.later.load(kBuffer + 0x10, 4), 0u);  // global as before the batch
  batch.later.store32(kBuffer + 0x10, 222);
  EXPECT_TRUE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

// A load of 4 bytes of which the group wrote only the first 2 (a halfword store): the other
// 2 are global memory's, which the earlier group wrote.
TEST(PageOverlay, ByteByByteOnlyTheOwnBytesAreExempt) {
  Batch batch;
  uint8_t* host = batch.later.memory.store_ptr(kBuffer + 0x10, 2);
  ASSERT_NE(host, nullptr);
  host[0] = 0xCD;
  host[1] = 0xAB;
  EXPECT_EQ(batch.later.load(kBuffer + 0x10, 4), 0x0000ABCDu);
  EXPECT_TRUE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

TEST(PageOverlay, ReadingOnlyOwnHalfOfAWordIsNoDependency) {
  Batch batch;
  uint8_t* host = batch.later.memory.store_ptr(kBuffer + 0x10, 2);
  ASSERT_NE(host, nullptr);
  host[0] = 1;
  host[1] = 2;
  EXPECT_EQ(batch.later.load(kBuffer + 0x10, 2), 0x0201u);
  EXPECT_FALSE(batch.later.overlay.read_any_of(batch.commit_earlier()));
}

}  // namespace
}  // namespace ventus::memory
