// Bit-manipulation helpers shared by every layer: field extraction, sign extension.
#pragma once

#include <bit>
#include <cstdint>

namespace ventus {

// Bits [hi:lo] of `word`, right-aligned.
constexpr uint32_t bits(uint32_t word, unsigned hi, unsigned lo) {
  const unsigned width = hi - lo + 1;
  const uint32_t mask = width >= 32 ? 0xFFFFFFFFu : ((1u << width) - 1u);
  return (word >> lo) & mask;
}

// Sign-extends the low `width` bits of `value` to 32 bits.
constexpr int32_t sign_extend(uint32_t value, unsigned width) {
  if (width >= 32) return static_cast<int32_t>(value);
  const uint32_t sign = 1u << (width - 1);
  const uint32_t low = value & ((1u << width) - 1u);
  return static_cast<int32_t>((low ^ sign) - sign);
}

// True when `value` fits in a signed field of `width` bits.
constexpr bool fits_signed(int64_t value, unsigned width) {
  const int64_t lo = -(int64_t{1} << (width - 1));
  const int64_t hi = (int64_t{1} << (width - 1)) - 1;
  return value >= lo && value <= hi;
}

// True when `value` fits in an unsigned field of `width` bits.
constexpr bool fits_unsigned(int64_t value, unsigned width) {
  return value >= 0 && value < (int64_t{1} << width);
}

}  // namespace ventus
