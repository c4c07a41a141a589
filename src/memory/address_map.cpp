// AddressMap: sorted region table, overlap rejection and human-readable fault descriptions.
#include "memory/address_map.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ventus::memory {

std::string_view region_kind_name(RegionKind kind) {
  switch (kind) {
    case RegionKind::kCode:
      return "code";
    case RegionKind::kGlobal:
      return "global";
    case RegionKind::kLocal:
      return "local";
    case RegionKind::kPrivate:
      return "private";
    case RegionKind::kMetadata:
      return "metadata";
    case RegionKind::kArgs:
      return "args";
    case RegionKind::kOther:
      return "other";
  }
  return "other";
}

std::string format_region(const Region& region) {
  return fmt::format("'{}' [{:#x}, {:#x})", region.name, region.base, region.end());
}

size_t AddressMap::upper_index(uint32_t addr) const {
  auto it = std::upper_bound(regions_.begin(), regions_.end(), addr,
                             [](uint32_t a, const Region& r) { return a < r.base; });
  return static_cast<size_t>(it - regions_.begin());
}

Status AddressMap::add(Region region) {
  if (region.size == 0) {
    return Error{fmt::format("region {} is empty", format_region(region))};
  }
  if (region.end() > (uint64_t{1} << 32)) {
    return Error{
        fmt::format("region {} extends past the 32-bit address space", format_region(region))};
  }
  const size_t next = upper_index(region.base);
  if (next > 0 && regions_[next - 1].end() > region.base) {
    return Error{fmt::format("region {} overlaps region {}", format_region(region),
                             format_region(regions_[next - 1]))};
  }
  if (next < regions_.size() && regions_[next].base < region.end()) {
    return Error{fmt::format("region {} overlaps region {}", format_region(region),
                             format_region(regions_[next]))};
  }
  regions_.insert(regions_.begin() + static_cast<std::ptrdiff_t>(next), std::move(region));
  return ok_status();
}

Status AddressMap::remove(uint32_t base) {
  const size_t next = upper_index(base);
  if (next == 0 || regions_[next - 1].base != base) {
    return Error{fmt::format("no region starts at {:#x}", base)};
  }
  regions_.erase(regions_.begin() + static_cast<std::ptrdiff_t>(next - 1));
  return ok_status();
}

const Region* AddressMap::find(uint32_t addr, uint32_t bytes) const {
  const size_t next = upper_index(addr);
  if (next == 0) return nullptr;
  const Region& candidate = regions_[next - 1];
  return candidate.contains(addr, bytes) ? &candidate : nullptr;
}

std::vector<uint32_t> AddressMap::overlapping(uint32_t base, uint64_t size) const {
  std::vector<uint32_t> bases;
  const uint64_t end = uint64_t{base} + size;
  size_t i = upper_index(base);
  if (i > 0 && regions_[i - 1].end() > base) --i;
  for (; i < regions_.size() && regions_[i].base < end; ++i) {
    if (regions_[i].end() > base) bases.push_back(regions_[i].base);
  }
  return bases;
}

const Region* AddressMap::find_base(uint32_t base) const {
  const size_t next = upper_index(base);
  if (next == 0 || regions_[next - 1].base != base) return nullptr;
  return &regions_[next - 1];
}

std::string AddressMap::describe_fault(uint32_t addr, uint32_t bytes) const {
  const std::string what = fmt::format("address {:#x} ({} bytes)", addr, bytes);
  const uint64_t access_end = uint64_t{addr} + bytes;
  const size_t next = upper_index(addr);
  const Region* below = next > 0 ? &regions_[next - 1] : nullptr;
  const Region* above = next < regions_.size() ? &regions_[next] : nullptr;
  if (below != nullptr && below->contains(addr, bytes)) {
    return fmt::format("{} is inside {}", what, format_region(*below));
  }
  if (below != nullptr && addr < below->end()) {
    return fmt::format("{} straddles the end of {} by {} bytes", what, format_region(*below),
                       access_end - below->end());
  }
  if (above != nullptr && access_end > above->base) {
    return fmt::format("{} straddles the start of {} by {} bytes", what, format_region(*above),
                       access_end - above->base);
  }
  if (below == nullptr && above == nullptr) {
    return fmt::format("{} is outside every mapped buffer; no buffer is mapped", what);
  }
  const uint64_t gap_below = below != nullptr ? addr - below->end() : UINT64_MAX;
  const uint64_t gap_above = above != nullptr ? above->base - access_end : UINT64_MAX;
  if (gap_below <= gap_above) {
    return fmt::format(
        "{} is outside every mapped buffer; nearest is {} which ends {:#x} bytes "
        "below",
        what, format_region(*below), gap_below);
  }
  return fmt::format(
      "{} is outside every mapped buffer; nearest is {} which starts {:#x} bytes "
      "above",
      what, format_region(*above), above->base - uint64_t{addr});
}

}  // namespace ventus::memory
