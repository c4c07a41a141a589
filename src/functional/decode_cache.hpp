// DecodeCache: predecoded instructions keyed by pc, one 4 KiB code page at a time, found
// through a two-level page table (DESIGN.md §2.4).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

#include "functional/insn.hpp"
#include "functional/warp_state.hpp"
#include "memory/device_memory.hpp"

namespace ventus::functional {

// Each code word is fetched from memory and decoded once; a fetch is then a page compare and
// an array index, and moving to another page two indexed loads (no hashing). The cache belongs to
// one launch: code written between launches is picked up because every launch builds a new cache.
// Code modified by the running kernel is not (no real kernel writes its own code).
class DecodeCache {
 public:
  // Words are decoded in `profile` (ISA.md §5.12).
  explicit DecodeCache(const memory::DeviceMemory& code_memory,
                       isa::Profile profile = isa::kDefaultProfile)
      : memory_(code_memory), profile_(profile) {}

  // The instruction at `pc`, or nullptr when the word cannot be fetched (unmapped).
  const Insn* fetch(uint32_t pc) {
    const uint32_t page = pc >> kPageBits;
    if (page != last_page_number_) [[unlikely]] {
      last_page_ = &page_for(page);
      last_page_number_ = page;
    }
    Insn& insn = (*last_page_)[(pc & kPageMask) >> 2];
    if (insn.exec_fast == nullptr) [[unlikely]]
      return fill(pc, insn);
    return &insn;
  }

  // One more than the highest vector register any vector instruction decoded so far writes
  // (its rd field), or kRegCount once a regext prefix was decoded (it extends the next
  // instruction's indices, §5.5): no warp fetching through this cache wrote a vector register
  // at or above it.
  // Atomic because a group may end on another thread than the one decoding for it
  // (docs/host-threads.md); only the cache's own thread writes it.
  unsigned vector_register_bound() const { return vector_bound_.load(std::memory_order_relaxed); }

 private:
  static constexpr unsigned kPageBits = 12;
  static constexpr uint32_t kPageMask = (1u << kPageBits) - 1;
  using Page = std::array<Insn, (1u << kPageBits) / 4>;

  static constexpr unsigned kTableBits = 10;
  using Table = std::array<std::unique_ptr<Page>, (1u << kTableBits)>;

  Page& page_for(uint32_t page);
  const Insn* fill(uint32_t pc, Insn& slot);
  bool follows_prefix(uint32_t pc) const;
  void note_vector_destination(const Insn& insn);

  const memory::DeviceMemory& memory_;
  isa::Profile profile_;
  std::array<std::unique_ptr<Table>, (1u << (32 - kPageBits - kTableBits))> directory_{};
  Page* last_page_ = nullptr;
  uint32_t last_page_number_ = ~0u;
  std::atomic<unsigned> vector_bound_ = 0;
};

}  // namespace ventus::functional
