// DeviceMemory: a PagedMemory behind an AddressMap, with bounds-checked accesses returning faults.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <variant>

#include "common/result.hpp"
#include "memory/address_map.hpp"
#include "memory/paged_memory.hpp"

namespace ventus::memory {

// A guest access outside every mapped region (DESIGN.md §2.7: guest faults are values).
// The functional layer adds warp, work-group, pc and the instruction.
struct MemFault {
  uint32_t addr = 0;
  uint32_t size = 0;
  bool is_write = false;
  std::string message;
};

// The value of a checked access or the fault it raised; no exceptions on the hot path.
template <typename T>
class [[nodiscard]] Checked {
 public:
  Checked(T value) : data_(std::move(value)) {}         // NOLINT: implicit by design
  Checked(MemFault fault) : data_(std::move(fault)) {}  // NOLINT: implicit by design

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const { return std::get<0>(data_); }
  const MemFault& fault() const { return std::get<1>(data_); }

 private:
  std::variant<T, MemFault> data_;
};
using CheckedStatus = Checked<Unit>;

// REF's memory is one flat space 0x70000000–0xFFFFFFFF (reference README, ISA.md §8).
inline constexpr uint32_t kFlatBase = 0x70000000u;

// Global device memory (or, via LocalMemory, one work-group's local store). In checked mode
// (the default) an access must lie entirely inside one mapped region; unchecked mode skips
// the map and lets the whole 32-bit space through. Alignment is not checked here: whether
// a misaligned access traps is an ISA decision taken by the functional layer.
class DeviceMemory {
 public:
  DeviceMemory() = default;
  // A memory whose single region 'flat' [0x70000000, 2^32) mirrors REF (for --ref-compat).
  static DeviceMemory flat();

  Status map_region(Region region) { return map_.add(std::move(region)); }
  // Forgets the region; its bytes stay (REF never clears memory between launches).
  Status unmap_region(uint32_t base) { return map_.remove(base); }
  const AddressMap& map() const { return map_; }

  void set_checked(bool checked) { checked_ = checked; }
  bool checked() const { return checked_; }

  template <typename T>
  Checked<T> read(uint32_t addr) const {
    if (checked_ && map_.find(addr, sizeof(T)) == nullptr) [[unlikely]] {
      return fault(addr, sizeof(T), false);
    }
    return store_.read<T>(addr);
  }

  template <typename T>
  CheckedStatus write(uint32_t addr, T value) {
    if (checked_ && map_.find(addr, sizeof(T)) == nullptr) [[unlikely]] {
      return fault(addr, sizeof(T), true);
    }
    store_.write<T>(addr, value);
    return Unit{};
  }

  CheckedStatus read_bytes(uint32_t addr, std::span<uint8_t> out) const;
  CheckedStatus write_bytes(uint32_t addr, std::span<const uint8_t> data);

  // Unchecked access to the bytes (host-side loading, dumps, the simulator's fast path after
  // it validated a lane's region once).
  PagedMemory& store() { return store_; }
  const PagedMemory& store() const { return store_; }

  // The fault value for an access the caller found invalid (message from the map).
  MemFault fault(uint32_t addr, uint32_t size, bool is_write) const;

 private:
  bool range_ok(uint32_t addr, uint64_t size) const;

  PagedMemory store_;
  AddressMap map_;
  bool checked_ = true;
};

}  // namespace ventus::memory
