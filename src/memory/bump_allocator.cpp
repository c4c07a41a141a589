// BumpAllocator: 4 KiB-aligned allocation from 0x90000000, free with double-free detection.
#include "memory/bump_allocator.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace ventus::memory {

BumpAllocator::BumpAllocator(uint32_t base, uint64_t limit, Policy policy)
    : base_((uint64_t{base} + kAlign - 1) / kAlign * kAlign),
      limit_(limit),
      policy_(policy),
      next_(base_) {}

Result<uint32_t> BumpAllocator::allocate(uint32_t size) {
  if (size == 0) return Error{"cannot allocate a device buffer of 0 bytes"};
  const uint64_t rounded = (uint64_t{size} + kAlign - 1) / kAlign * kAlign;
  uint64_t addr = 0;
  if (std::optional<uint64_t> reused = allocate_from_gaps(rounded)) {
    addr = *reused;
  } else {
    if (next_ + rounded > limit_) {
      return Error{fmt::format("device memory exhausted: {} bytes requested at {:#x}, limit {:#x}",
                               size, next_, limit_)};
    }
    addr = next_;
    next_ += rounded;
  }
  live_.emplace(static_cast<uint32_t>(addr), rounded);
  live_bytes_ += rounded;
  peak_live_bytes_ = std::max(peak_live_bytes_, live_bytes_);
  return static_cast<uint32_t>(addr);
}

std::optional<uint64_t> BumpAllocator::allocate_from_gaps(uint64_t rounded) {
  for (auto it = gaps_.begin(); it != gaps_.end(); ++it) {
    if (it->second < rounded) continue;
    const uint64_t addr = it->first;
    const uint64_t rest = it->second - rounded;
    gaps_.erase(it);
    if (rest > 0) gaps_.emplace(addr + rounded, rest);
    return addr;
  }
  return std::nullopt;
}

Status BumpAllocator::free(uint32_t addr) {
  auto it = live_.find(addr);
  if (it == live_.end()) {
    return Error{fmt::format("free of {:#x}, which is not an allocated device buffer", addr)};
  }
  live_bytes_ -= it->second;
  if (policy_ == Policy::kReuse) add_gap(it->first, it->second);
  live_.erase(it);
  return ok_status();
}

void BumpAllocator::add_gap(uint64_t base, uint64_t size) {
  auto next = gaps_.lower_bound(base);
  if (next != gaps_.end() && base + size == next->first) {  // merge with the gap above
    size += next->second;
    next = gaps_.erase(next);
  }
  if (next != gaps_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == base) {  // merge with the gap below
      prev->second += size;
      return;
    }
  }
  gaps_.emplace(base, size);
}

std::vector<uint32_t> BumpAllocator::live_addresses() const {
  std::vector<uint32_t> out;
  out.reserve(live_.size());
  for (const auto& [addr, size] : live_) out.push_back(addr);
  return out;
}

}  // namespace ventus::memory
