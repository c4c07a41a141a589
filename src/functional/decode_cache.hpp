// DecodeCache: predecoded instructions keyed by pc, one 4 KiB code page at a time, found
// through a two-level page table (DESIGN.md §2.4).
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "functional/insn.hpp"
#include "memory/device_memory.hpp"

namespace ventus::functional {

// Each code word is fetched from memory and decoded once; a fetch is then a page compare and
// an array index, and moving to another page two indexed loads (no hashing). The cache belongs to
// one launch: code written between launches is picked up because every launch builds a new cache.
// Code modified by the running kernel is not (no real kernel writes its own code).
class DecodeCache {
 public:
  explicit DecodeCache(const memory::DeviceMemory& code_memory) : memory_(code_memory) {}

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

 private:
  static constexpr unsigned kPageBits = 12;
  static constexpr uint32_t kPageMask = (1u << kPageBits) - 1;
  using Page = std::array<Insn, (1u << kPageBits) / 4>;

  static constexpr unsigned kTableBits = 10;
  using Table = std::array<std::unique_ptr<Page>, (1u << kTableBits)>;

  Page& page_for(uint32_t page);
  const Insn* fill(uint32_t pc, Insn& slot);

  const memory::DeviceMemory& memory_;
  std::array<std::unique_ptr<Table>, (1u << (32 - kPageBits - kTableBits))> directory_{};
  Page* last_page_ = nullptr;
  uint32_t last_page_number_ = ~0u;
};

}  // namespace ventus::functional
