// TranslationCache: guest page -> host pointer translations of one work-group's memory view,
// so an access that hits costs one compare and a host load or store (DESIGN.md §2.4).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

namespace ventus::memory {

// One translation: the guest bytes [base, base + bytes) all lie in one page and one mapped
// region (so no access through it can fault) and live at `host`. `marks` is the page's
// bitmap (one bit per byte) that a speculative view (PageOverlay) sets on every access
// through this translation; null outside speculation.
struct Translation {
  uint32_t base = 0;
  uint32_t bytes = 0;  // 0: empty
  uint8_t* host = nullptr;
  uint64_t* marks = nullptr;

  // Host address of [addr, addr + size) when the translation covers it, else null. One
  // subtraction and one compare: an address below `base` wraps to a huge offset.
  uint8_t* at(uint32_t addr, uint32_t size) const {
    const uint32_t offset = addr - base;
    return uint64_t{offset} + size <= bytes ? host + offset : nullptr;
  }
};

// Sets the bits of bytes [offset, offset + size) of a page bitmap (64 words of 64 bits).
inline void mark_bytes(uint64_t* bits, uint32_t offset, uint32_t size) {
  const uint32_t end = offset + size;
  while (offset < end) {
    const uint32_t low = offset & 63u;
    const uint32_t count = std::min(64u - low, end - offset);
    bits[offset >> 6] |= (count == 64 ? ~uint64_t{0} : ((uint64_t{1} << count) - 1)) << low;
    offset += count;
  }
}

// Direct-mapped, one table for loads and one for stores (a page may be readable through a
// shared page before the view gives it a writable copy), like Spike's TLBs.
class TranslationCache {
 public:
  static constexpr unsigned kEntries = 64;
  static constexpr unsigned kPageBits = 12;

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
  static unsigned index(uint32_t addr) { return (addr >> kPageBits) & (kEntries - 1); }

  std::array<Translation, kEntries> load_{};
  std::array<Translation, kEntries> store_{};
};

}  // namespace ventus::memory
