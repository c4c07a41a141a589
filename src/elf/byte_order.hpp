// Little-endian load/store of ELF32 fields; callers have bounds-checked the range already.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ventus::elf::detail {

inline uint16_t load16(std::span<const uint8_t> b, size_t at) {
  return static_cast<uint16_t>(b[at] | (b[at + 1] << 8));
}

inline uint32_t load32(std::span<const uint8_t> b, size_t at) {
  return static_cast<uint32_t>(b[at]) | (static_cast<uint32_t>(b[at + 1]) << 8) |
         (static_cast<uint32_t>(b[at + 2]) << 16) | (static_cast<uint32_t>(b[at + 3]) << 24);
}

inline void store16(std::vector<uint8_t>& b, size_t at, uint16_t v) {
  b[at] = static_cast<uint8_t>(v);
  b[at + 1] = static_cast<uint8_t>(v >> 8);
}

inline void store32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (size_t i = 0; i < 4; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// True when [offset, offset + length) lies inside a buffer of `total` bytes; 64-bit
// arithmetic on 32-bit ELF fields cannot overflow.
inline bool fits(uint64_t offset, uint64_t length, uint64_t total) {
  return offset <= total && length <= total - offset;
}

}  // namespace ventus::elf::detail
