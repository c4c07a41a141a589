// DeviceMemory: flat (REF-compatible) configuration and the checked byte-span accesses.
#include "memory/device_memory.hpp"

#include <limits>

#include <fmt/format.h>

namespace ventus::memory {

DeviceMemory DeviceMemory::flat() {
  DeviceMemory memory;
  Status added = memory.map_region(
      Region{kFlatBase, (uint64_t{1} << 32) - kFlatBase, RegionKind::kOther, "flat"});
  (void)added;  // cannot fail: the map is empty and the region is in range
  return memory;
}

bool DeviceMemory::range_ok(uint32_t addr, uint64_t size) const {
  if (!checked_ || size == 0) return true;
  if (size > std::numeric_limits<uint32_t>::max()) return false;
  return map_.find(addr, static_cast<uint32_t>(size)) != nullptr;
}

CheckedStatus DeviceMemory::read_bytes(uint32_t addr, std::span<uint8_t> out) const {
  if (!range_ok(addr, out.size())) return fault(addr, static_cast<uint32_t>(out.size()), false);
  store_.read_bytes(addr, out);
  return Unit{};
}

CheckedStatus DeviceMemory::write_bytes(uint32_t addr, std::span<const uint8_t> data) {
  if (!range_ok(addr, data.size())) return fault(addr, static_cast<uint32_t>(data.size()), true);
  store_.write_bytes(addr, data);
  return Unit{};
}

MemFault DeviceMemory::fault(uint32_t addr, uint32_t size, bool is_write) const {
  return MemFault{
      addr, size, is_write,
      fmt::format("{} of {}", is_write ? "write" : "read", map_.describe_fault(addr, size))};
}

}  // namespace ventus::memory
