// LocalMemory: one work-group's private local store behind the 0x70000000 window, and routing.
#pragma once

#include <cstdint>
#include <string>

#include "common/result.hpp"
#include "memory/device_memory.hpp"

namespace ventus::memory {

// The local window (ISA.md §7.5, §8, conflict C26). Routing decision: every address in
// [0x70000000, 0x80000000) goes to the executing work-group's own LocalMemory, everything
// else to global memory. This is the REF layout (CSR_LDS = 0x70000000 for every work-group,
// POCL places __local buffer arguments top-down from 0x7FFFF000), so __local buffers and the
// warps' scalar stacks both land in per-work-group storage as the spec requires. The RTL's
// narrower 128 KiB shared-memory window only matters for timing classification (C26), not for
// where the bytes live. Testing the top nibble is a single compare per lane.
inline constexpr uint32_t kLocalWindowBase = 0x70000000u;
inline constexpr uint32_t kLocalWindowEnd = 0x80000000u;
inline constexpr uint32_t kLocalBufferAlign = 0x1000u;
// start.S gives every warp a 1 KiB scalar stack at CSR_LDS + wid·1 KiB (ISA.md §7.3).
inline constexpr uint32_t kWarpStackBytes = 1024u;

constexpr bool is_local_window(uint32_t addr) {
  return (addr >> 28) == (kLocalWindowBase >> 28);
}

// Size of the 'lds' region to map at 0x70000000. POCL hard-codes ldsSize = 4 KiB although
// the warps' stacks alone need numw KiB (vecadd-8w4t: 8 warps, ldsSize 0x1000), so the
// window is widened to cover the stacks.
constexpr uint32_t lds_region_bytes(uint32_t lds_size, uint32_t warps_per_group) {
  const uint32_t stacks = warps_per_group * kWarpStackBytes;
  return lds_size > stacks ? lds_size : stacks;
}

// A DeviceMemory whose map holds 'lds' [0x70000000, +lds_bytes) and the __local buffers.
class LocalMemory : public DeviceMemory {
 public:
  explicit LocalMemory(uint32_t lds_bytes);
  // REF-compatible variant: the whole window [0x70000000, 0x80000000) is one region.
  static LocalMemory whole_window();

  // Allocates a __local buffer top-down below 0x80000000, 4 KiB aligned (ISA.md §7.2);
  // allocating the same sizes in the same order gives the same addresses in every group.
  Result<uint32_t> allocate_buffer(uint32_t size, std::string name);

  // A new, zero-filled LocalMemory with the same regions (one per work-group).
  LocalMemory with_same_layout() const;

  uint32_t lds_bytes() const { return lds_bytes_; }

 private:
  uint32_t lds_bytes_ = 0;
  uint32_t next_top_ = kLocalWindowEnd;  // buffers grow down from here (exclusive)
};

}  // namespace ventus::memory
