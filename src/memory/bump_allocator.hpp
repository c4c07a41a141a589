// BumpAllocator: the reference driver's 4 KiB-aligned device-address allocator, with accounting.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "common/result.hpp"

namespace ventus::memory {

// The reference driver (`vt_buf_alloc`, ISA.md §7.9/§8) hands out 4 KiB-aligned addresses
// from 0x90000000 in allocation order and never reuses freed space: the reference cases show
// each launch's args/private/metadata buffers at fresh addresses although the previous
// launch's were freed (gaussian-4w4t: Fan1_0 metadata 0x90008000, Fan2_0 args 0x90009000).
// kBump reproduces that; kReuse fills the lowest freed gap that fits (first fit, coalesced)
// for long-running hosts.
class BumpAllocator {
 public:
  enum class Policy : uint8_t { kBump, kReuse };
  static constexpr uint32_t kDefaultBase = 0x90000000u;
  static constexpr uint32_t kAlign = 0x1000u;

  explicit BumpAllocator(uint32_t base = kDefaultBase, uint64_t limit = uint64_t{1} << 32,
                         Policy policy = Policy::kBump);

  // A 4 KiB-aligned block of at least `size` bytes (size 0 is an error).
  Result<uint32_t> allocate(uint32_t size);
  // Releases a block returned by allocate(); unknown or already-freed addresses are errors.
  Status free(uint32_t addr);

  // Accounting: live blocks, their (rounded) bytes, the high-water mark of the bump pointer.
  size_t live_blocks() const { return live_.size(); }
  uint64_t live_bytes() const { return live_bytes_; }
  uint64_t peak_live_bytes() const { return peak_live_bytes_; }
  uint64_t bump_pointer() const { return next_; }
  // Addresses still allocated (a leak report when a session ends).
  std::vector<uint32_t> live_addresses() const;

 private:
  std::optional<uint64_t> allocate_from_gaps(uint64_t rounded);
  void add_gap(uint64_t base, uint64_t size);

  uint64_t base_;
  uint64_t limit_;
  Policy policy_;
  uint64_t next_;
  std::map<uint32_t, uint64_t> live_;  // base -> rounded size
  std::map<uint64_t, uint64_t> gaps_;  // base -> size, only for kReuse
  uint64_t live_bytes_ = 0;
  uint64_t peak_live_bytes_ = 0;
};

}  // namespace ventus::memory
