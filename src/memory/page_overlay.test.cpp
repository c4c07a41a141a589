// Tests for PageOverlay (docs/host-threads.md) and WorkGroupMemory's translations through one:
// what a speculative view reads and writes, the conflict test, the commit, and reuse.
#include "memory/page_overlay.hpp"

#include <cstring>

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

}  // namespace
}  // namespace ventus::memory
