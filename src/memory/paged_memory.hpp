// PagedMemory: sparse 32-bit little-endian byte store with a two-level table of 4 KiB pages.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>

namespace ventus::memory {

static_assert(std::endian::native == std::endian::little,
              "PagedMemory stores device words in host order; a little-endian host is required");

// Device memory is a flat 32-bit physical space (ISA.md §8) of which a program touches only
// a few pages, so pages are allocated on first write and absent pages read as zero.
// Lookup is two indexed loads: directory[addr >> 22] then table[(addr >> 12) & 1023]
// (DESIGN.md §2.4: a page table of host pointers, no hashing on the hot path).
class PagedMemory {
 public:
  static constexpr unsigned kPageBits = 12;
  static constexpr uint32_t kPageSize = 1u << kPageBits;
  static constexpr uint32_t kPageMask = kPageSize - 1;
  static constexpr unsigned kTableBits = 10;
  static constexpr uint32_t kTableSize = 1u << kTableBits;

  using Page = std::array<uint8_t, kPageSize>;

  PagedMemory() = default;
  PagedMemory(PagedMemory&& other) noexcept
      : directory_(std::move(other.directory_)), page_count_(std::exchange(other.page_count_, 0)) {}
  PagedMemory& operator=(PagedMemory&& other) noexcept {
    directory_ = std::move(other.directory_);
    page_count_ = std::exchange(other.page_count_, 0);
    return *this;
  }
  PagedMemory(const PagedMemory&) = delete;
  PagedMemory& operator=(const PagedMemory&) = delete;

  // Base of the page holding `addr`, or nullptr when that page was never written.
  const uint8_t* page_for_read(uint32_t addr) const {
    if (directory_ == nullptr) return nullptr;
    const Table* table = (*directory_)[addr >> (kPageBits + kTableBits)].get();
    if (table == nullptr) return nullptr;
    const Page* page = (*table)[(addr >> kPageBits) & (kTableSize - 1)].get();
    return page == nullptr ? nullptr : page->data();
  }

  // Base of the page holding `addr`, allocating a zero-filled page on first use.
  uint8_t* page_for_write(uint32_t addr) {
    Table* table =
        directory_ != nullptr ? (*directory_)[addr >> (kPageBits + kTableBits)].get() : nullptr;
    if (table != nullptr) {
      Page* page = (*table)[(addr >> kPageBits) & (kTableSize - 1)].get();
      if (page != nullptr) return page->data();
    }
    return allocate_page(addr);
  }

  static constexpr uint32_t page_offset(uint32_t addr) { return addr & kPageMask; }

  // Typed little-endian accesses of 1, 2 or 4 bytes. Any alignment is accepted; an access
  // that straddles a page boundary takes the byte-wise slow path.
  template <typename T>
  T read(uint32_t addr) const {
    static_assert(std::is_unsigned_v<T> && sizeof(T) <= 4);
    const uint32_t offset = page_offset(addr);
    if (offset <= kPageSize - sizeof(T)) [[likely]] {
      const uint8_t* page = page_for_read(addr);
      if (page == nullptr) return T{0};
      T value;
      std::memcpy(&value, page + offset, sizeof(T));
      return value;
    }
    T value;
    read_bytes(addr, std::span<uint8_t>(reinterpret_cast<uint8_t*>(&value), sizeof(T)));
    return value;
  }

  template <typename T>
  void write(uint32_t addr, T value) {
    static_assert(std::is_unsigned_v<T> && sizeof(T) <= 4);
    const uint32_t offset = page_offset(addr);
    if (offset <= kPageSize - sizeof(T)) [[likely]] {
      std::memcpy(page_for_write(addr) + offset, &value, sizeof(T));
      return;
    }
    write_bytes(addr,
                std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(&value), sizeof(T)));
  }

  uint8_t read8(uint32_t addr) const { return read<uint8_t>(addr); }
  uint16_t read16(uint32_t addr) const { return read<uint16_t>(addr); }
  uint32_t read32(uint32_t addr) const { return read<uint32_t>(addr); }
  void write8(uint32_t addr, uint8_t value) { write<uint8_t>(addr, value); }
  void write16(uint32_t addr, uint16_t value) { write<uint16_t>(addr, value); }
  void write32(uint32_t addr, uint32_t value) { write<uint32_t>(addr, value); }

  // Byte spans of any length and position; addresses wrap modulo 2^32 like the hardware's
  // 32-bit adder. Never-written bytes read as zero; reading allocates nothing.
  void read_bytes(uint32_t addr, std::span<uint8_t> out) const;
  void write_bytes(uint32_t addr, std::span<const uint8_t> data);

  // Number of allocated 4 KiB pages (for memory accounting and tests).
  size_t page_count() const { return page_count_; }

  // Calls fn(page_base_address, page_bytes) for every allocated page in address order.
  void for_each_page(const std::function<void(uint32_t, std::span<const uint8_t>)>& fn) const;

  // Drops every page (all bytes read as zero again).
  void clear();
  // Bytes [addr, addr + bytes) read as zero again; the pages they cover whole are freed (a
  // released buffer whose address space is handed out again).
  void discard(uint32_t addr, uint64_t bytes);

 private:
  using Table = std::array<std::unique_ptr<Page>, kTableSize>;

  uint8_t* allocate_page(uint32_t addr);
  std::unique_ptr<Page>* page_slot(uint32_t addr);

  using Directory = std::array<std::unique_ptr<Table>, kTableSize>;

  // Allocated on the first write: every work-group has a local memory, most never write it,
  // and an 8 KiB directory per group cost as much as running a short group. The hot paths go
  // through translation caches (memory/translation_cache.hpp), not through this lookup.
  std::unique_ptr<Directory> directory_;
  size_t page_count_ = 0;
};

}  // namespace ventus::memory
