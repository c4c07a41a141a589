// TranslationCache: guest page -> host pointer translations of one work-group's memory view,
// so an access that hits costs one compare and a host load or store (DESIGN.md §2.4).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "memory/paged_memory.hpp"

namespace ventus::memory {

// Bit per byte of one 4 KiB page.
using PageBits = std::array<uint64_t, PagedMemory::kPageSize / 64>;

// What a speculative view (PageOverlay, docs/host-threads.md) records of one page: the bytes
// the work-group read before writing them itself, and the bytes it wrote.
struct PageMarks {
  PageBits read{};
  PageBits written{};
};

// One translation: the guest bytes [base, base + bytes) all lie in one page and one mapped
// region (so no access through it can fault) and live at `host`. `marks` are the page's
// bitmaps that a speculative view sets on every access through this translation; null
// outside speculation.
struct Translation {
  uint32_t base = 0;
  uint32_t bytes = 0;  // 0: empty
  uint8_t* host = nullptr;
  PageMarks* marks = nullptr;

  // Host address of [addr, addr + size) when the translation covers it, else null. One
  // subtraction and one compare: an address below `base` wraps to a huge offset.
  uint8_t* at(uint32_t addr, uint32_t size) const {
    const uint32_t offset = addr - base;
    return uint64_t{offset} + size <= bytes ? host + offset : nullptr;
  }
};

// Sets the bits of bytes [offset, offset + size) of `bits` that are clear in `except`.
inline void mark_bytes(PageBits& bits, const PageBits* except, uint32_t offset, uint32_t size) {
  const uint32_t end = offset + size;
  while (offset < end) {
    const uint32_t low = offset & 63u;
    const uint32_t count = std::min(64u - low, end - offset);
    const uint64_t mask = (count == 64 ? ~uint64_t{0} : ((uint64_t{1} << count) - 1)) << low;
    const uint32_t word = offset >> 6;
    bits[word] |= except != nullptr ? mask & ~(*except)[word] : mask;
    offset += count;
  }
}

// An access of [offset, offset + size) of the page. A load marks as read only the bytes the
// group has not written: it reads its own values there whatever the groups before it wrote,
// so they are no dependency on them (a group that writes then reads its private memory, in a
// resident slot an earlier group of its batch also used, need not run again).
inline void mark_access(PageMarks& marks, uint32_t offset, uint32_t size, bool store) {
  if (store) {
    mark_bytes(marks.written, nullptr, offset, size);
  } else {
    mark_bytes(marks.read, &marks.written, offset, size);
  }
}

// Direct-mapped, one table for loads and one for stores (a page may be readable through a
// shared page before the view gives it a writable copy), like Spike's TLBs.
class TranslationCache {
 public:
  static constexpr unsigned kEntries = 64;

  Translation& load_slot(uint32_t addr) { return load_[index(addr)]; }
  Translation& store_slot(uint32_t addr) { return store_[index(addr)]; }
  void clear() {
    load_.fill({});
    store_.fill({});
  }
  // Empties the translations whose base `drop(base)` selects.
  template <class Drop>
  void clear_if(Drop drop) {
    for (auto* table : {&load_, &store_}) {
      for (Translation& t : *table) {
        if (t.bytes != 0 && drop(t.base)) t = Translation{};
      }
    }
  }

 private:
  static unsigned index(uint32_t addr) { return (addr >> PagedMemory::kPageBits) & (kEntries - 1); }

  std::array<Translation, kEntries> load_{};
  std::array<Translation, kEntries> store_{};
};

}  // namespace ventus::memory
