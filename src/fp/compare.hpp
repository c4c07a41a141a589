// Non-arithmetic F operations: min/max (RISC-V 2.2+), feq/flt/fle, fclass, sign injection.
#pragma once

#include <cstdint>

#include "fp/types.hpp"

namespace ventus::fp {
namespace detail {

// Maps float bits to an unsigned key whose integer order is the numeric order of
// non-NaN floats, with -0 ordered just below +0 (what fmin/fmax need).
constexpr uint32_t order_key(uint32_t a) {
  return sign_of(a) ? ~a : a | kSignBit;
}

constexpr uint8_t nv_if(bool invalid) {
  return invalid ? kFlagNV : uint8_t{0};
}

}  // namespace detail

// fmin.s (RISC-V 2.2+ / IEEE 754-2019 minimumNumber): -0 < +0; one NaN operand yields
// the other operand, two NaNs the canonical NaN; NV only for a signaling NaN input.
constexpr FpResult fmin(uint32_t a, uint32_t b) {
  const uint8_t flags = detail::nv_if(is_signaling_nan(a) || is_signaling_nan(b));
  if (is_nan(a)) return {is_nan(b) ? kCanonicalNan : b, flags};
  if (is_nan(b)) return {a, flags};
  return {detail::order_key(a) < detail::order_key(b) ? a : b, flags};
}

// fmax.s, the mirror image of fmin.
constexpr FpResult fmax(uint32_t a, uint32_t b) {
  const uint8_t flags = detail::nv_if(is_signaling_nan(a) || is_signaling_nan(b));
  if (is_nan(a)) return {is_nan(b) ? kCanonicalNan : b, flags};
  if (is_nan(b)) return {a, flags};
  return {detail::order_key(a) > detail::order_key(b) ? a : b, flags};
}

// feq.s: quiet comparison (NV only for a signaling NaN); +0 == -0. Value is 0 or 1.
constexpr FpResult feq(uint32_t a, uint32_t b) {
  if (is_nan(a) || is_nan(b)) {
    return {0, detail::nv_if(is_signaling_nan(a) || is_signaling_nan(b))};
  }
  const bool equal = a == b || (is_zero(a) && is_zero(b));
  return {equal ? 1u : 0u, 0};
}

// flt.s: signaling comparison (NV for any NaN operand).
constexpr FpResult flt(uint32_t a, uint32_t b) {
  if (is_nan(a) || is_nan(b)) return {0, kFlagNV};
  if (is_zero(a) && is_zero(b)) return {0, 0};
  return {detail::order_key(a) < detail::order_key(b) ? 1u : 0u, 0};
}

// fle.s: signaling comparison (NV for any NaN operand).
constexpr FpResult fle(uint32_t a, uint32_t b) {
  if (is_nan(a) || is_nan(b)) return {0, kFlagNV};
  if (is_zero(a) && is_zero(b)) return {1, 0};
  return {detail::order_key(a) <= detail::order_key(b) ? 1u : 0u, 0};
}

// fclass.s: one-hot 10-bit mask. Bits: 0 -inf, 1 -normal, 2 -subnormal, 3 -0, 4 +0,
// 5 +subnormal, 6 +normal, 7 +inf, 8 signaling NaN, 9 quiet NaN.
constexpr uint32_t fclass(uint32_t a) {
  if (is_nan(a)) return is_signaling_nan(a) ? 1u << 8 : 1u << 9;
  const uint32_t field = (a >> 23) & 0xFFu;
  unsigned positive_bit = 0;  // index for a positive value; negatives mirror it as 7 - i
  if (field == 0xFF) {
    positive_bit = 7;
  } else if (field != 0) {
    positive_bit = 6;
  } else {
    positive_bit = (a & 0x007FFFFFu) != 0 ? 5 : 4;
  }
  return 1u << (sign_of(a) ? 7 - positive_bit : positive_bit);
}

// Sign injection: never raise flags, never canonicalise NaNs (pure bit operations).
constexpr uint32_t fsgnj(uint32_t a, uint32_t b) {
  return (a & ~kSignBit) | (b & kSignBit);
}
constexpr uint32_t fsgnjn(uint32_t a, uint32_t b) {
  return (a & ~kSignBit) | (~b & kSignBit);
}
constexpr uint32_t fsgnjx(uint32_t a, uint32_t b) {
  return a ^ (b & kSignBit);
}

}  // namespace ventus::fp
