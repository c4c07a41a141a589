// AddressMap: the allocation map of named, non-overlapping device-memory regions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace ventus::memory {

// What a region holds (ISA.md §8, §9.2 buffer order); used in messages and by the runtime.
enum class RegionKind : uint8_t { kCode, kGlobal, kLocal, kPrivate, kMetadata, kArgs, kOther };

std::string_view region_kind_name(RegionKind kind);

// [base, base + size). size is 64-bit so a region may end exactly at 2^32.
struct Region {
  uint32_t base = 0;
  uint64_t size = 0;
  RegionKind kind = RegionKind::kOther;
  std::string name;

  uint64_t end() const { return uint64_t{base} + size; }
  bool contains(uint32_t addr, uint32_t bytes) const {
    return addr >= base && uint64_t{addr} + bytes <= end();
  }
};

// Regions sorted by base; lookups are a binary search. No mutable lookup cache is kept so
// that const queries stay safe from several simulation threads (DESIGN.md §2.8).
class AddressMap {
 public:
  // Adds a region; an empty region, one past 2^32, or one overlapping an existing region
  // is an Error naming both regions.
  Status add(Region region);
  // Removes the region starting exactly at `base`.
  Status remove(uint32_t base);
  void clear() { regions_.clear(); }

  // The region holding all of [addr, addr + bytes), or nullptr.
  const Region* find(uint32_t addr, uint32_t bytes = 1) const;
  // Bases of the regions that overlap [base, base + size), in address order.
  std::vector<uint32_t> overlapping(uint32_t base, uint64_t size) const;
  // The region starting exactly at `base`, or nullptr.
  const Region* find_base(uint32_t base) const;

  // Why [addr, addr + bytes) is not a valid access, e.g. "address 0x90001ffe (4 bytes) is
  // outside every mapped buffer; nearest is 'B' [0x90001000, 0x90001040) which ends 0xfbe
  // bytes below". Only called on the fault path.
  std::string describe_fault(uint32_t addr, uint32_t bytes) const;

  const std::vector<Region>& regions() const { return regions_; }
  bool empty() const { return regions_.empty(); }

 private:
  // Index of the first region whose base is > addr.
  size_t upper_index(uint32_t addr) const;

  std::vector<Region> regions_;
};

// "'name' [0x90001000, 0x90001040)"
std::string format_region(const Region& region);

}  // namespace ventus::memory
