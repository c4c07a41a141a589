// PageOverlay: one work-group's speculative view of global memory while several host threads
// run work-groups at once (docs/host-threads.md): copies of the pages it wrote, and which bytes
// it read and wrote, so its writes commit in work-group order or it is run again.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "memory/device_memory.hpp"
#include "memory/paged_memory.hpp"
#include "memory/translation_cache.hpp"

namespace ventus::memory {

static_assert(sizeof(PageBits) * 8 == PagedMemory::kPageSize, "a bit per byte of a page");

// The bytes the work-groups committed so far in one batch wrote, by page number.
using WrittenBytes = std::unordered_map<uint32_t, PageBits>;

// Global memory must not change while overlays read it (the parallel phase); commit() runs
// afterwards on one thread, in work-group order.
class PageOverlay {
 public:
  explicit PageOverlay(const DeviceMemory& global) : global_(&global) {}
  bool overlays(const DeviceMemory& global) const { return global_ == &global; }

  // Host page (base address of the 4 KiB page) and bitmaps for an access to the page of
  // `addr` (mark_access). A load sees the group's own copy once it wrote the page, else
  // global memory (a never-written page reads as zeros); a store makes the copy.
  struct PageView {
    uint8_t* page = nullptr;
    PageMarks* marks = nullptr;
  };
  PageView for_load(uint32_t addr);
  PageView for_store(uint32_t addr);

  // True when a byte this group read (before writing it itself) was written by a group
  // committed before it: its run might then differ from running after them, so it must run
  // again.
  bool read_any_of(const WrittenBytes& earlier) const;
  // Copies the written bytes into `global` and adds them to `written`.
  void commit(DeviceMemory& global, WrittenBytes& written) const;

  // The group did something a speculative run cannot (an access outside every buffer, a
  // printf); its results are dropped and it runs again alone.
  void abort() { aborted_ = true; }
  bool aborted() const { return aborted_; }

  // An empty view again (the next chunk of its slot), keeping its pages' storage.
  void reset();
  // Changes at every reset: a translation into this overlay's pages is valid only within one
  // generation (WorkGroupMemory keeps them from one work-group to the next of a chunk).
  uint64_t generation() const { return generation_; }

 private:
  struct Page {
    const uint8_t* global = nullptr;  // null: never written in global memory
    bool copied = false;              // the group wrote the page: `copy` holds the bytes it wrote
    bool merged = false;  // `copy` also holds global's other bytes (merged at the first load)
    std::unique_ptr<PagedMemory::Page> copy;
    PageMarks marks;
  };
  Page& page(uint32_t addr);
  static void merge(Page& p);

  const DeviceMemory* global_;
  std::unordered_map<uint32_t, std::unique_ptr<Page>> pages_;
  std::vector<std::unique_ptr<Page>> spare_;  // pages of earlier groups, for reuse
  bool aborted_ = false;
  uint64_t generation_ = 0;
};

}  // namespace ventus::memory
