// Conversions between binary32 and 32-bit integers (fcvt.w[u].s, fcvt.s.w[u]) with all
// rounding modes and RISC-V saturation (NaN converts to the largest value).
#pragma once

#include <cstdint>

#include "fp/round.hpp"
#include "fp/types.hpp"

namespace ventus::fp {
namespace detail {

// |a| rounded to an integer in mode rm (using a's sign for the directed modes).
// `huge` means |a| >= 2^32 (or infinite): out of range for every 32-bit result.
struct RoundedInt {
  bool sign;
  bool huge;
  bool inexact;
  uint64_t magnitude;
};

constexpr RoundedInt round_to_int(uint32_t a, RoundingMode rm) {
  const Unpacked u = unpack(a);
  if (u.exp >= 159) return {u.sign, true, false, 0};  // includes inf (field 255)
  // Fixed point with 32 fraction bits: sig * 2^(exp - 150 + 32). For exp <= 158 the
  // left shift is at most 40, so sig (< 2^24) still fits in 64 bits.
  const uint64_t fixed = u.exp >= 118
                             ? uint64_t{u.sig} << (u.exp - 118)
                             : shift_right_jam64(u.sig, static_cast<uint32_t>(118 - u.exp));
  const uint64_t frac = fixed & 0xFFFFFFFFu;
  uint64_t magnitude = fixed >> 32;
  constexpr uint64_t kHalf = 0x80000000u;
  bool up = false;
  switch (rm) {
    case RoundingMode::kRne:
      up = frac > kHalf || (frac == kHalf && (magnitude & 1) != 0);
      break;
    case RoundingMode::kRmm:
      up = frac >= kHalf;
      break;
    case RoundingMode::kRdn:
      up = u.sign && frac != 0;
      break;
    case RoundingMode::kRup:
      up = !u.sign && frac != 0;
      break;
    default:  // kRtz
      break;
  }
  magnitude += up ? 1 : 0;
  return {u.sign, false, frac != 0, magnitude};
}

constexpr uint8_t nx_if(bool inexact) {
  return inexact ? kFlagNX : uint8_t{0};
}

}  // namespace detail

// fcvt.w.s: to int32. NaN and too-large positive values give 0x7FFFFFFF, too-large
// negative values 0x80000000, all with NV only; otherwise NX when inexact.
constexpr FpResult fcvt_w_s(uint32_t a, RoundingMode rm) {
  if (is_nan(a)) return {0x7FFFFFFFu, kFlagNV};
  const detail::RoundedInt r = detail::round_to_int(a, rm);
  if (r.sign) {
    if (r.huge || r.magnitude > 0x80000000u) return {0x80000000u, kFlagNV};
    return {static_cast<uint32_t>(0 - r.magnitude), detail::nx_if(r.inexact)};
  }
  if (r.huge || r.magnitude > 0x7FFFFFFFu) return {0x7FFFFFFFu, kFlagNV};
  return {static_cast<uint32_t>(r.magnitude), detail::nx_if(r.inexact)};
}

// fcvt.wu.s: to uint32. NaN and too-large values give 0xFFFFFFFF, negative values that
// do not round to 0 give 0, all with NV only; otherwise NX when inexact.
constexpr FpResult fcvt_wu_s(uint32_t a, RoundingMode rm) {
  if (is_nan(a)) return {0xFFFFFFFFu, kFlagNV};
  const detail::RoundedInt r = detail::round_to_int(a, rm);
  if (r.sign) {
    if (r.huge || r.magnitude != 0) return {0, kFlagNV};
    return {0, detail::nx_if(r.inexact)};  // e.g. -0.25 rounds to 0: only inexact
  }
  if (r.huge || r.magnitude > 0xFFFFFFFFu) return {0xFFFFFFFFu, kFlagNV};
  return {static_cast<uint32_t>(r.magnitude), detail::nx_if(r.inexact)};
}

// fcvt.s.w: int32 (raw register bits) to binary32, rounded in mode rm.
constexpr FpResult fcvt_s_w(uint32_t x, RoundingMode rm) {
  if (x == 0) return {0, 0};
  const bool negative = (x & kSignBit) != 0;
  const uint32_t magnitude = negative ? 0u - x : x;  // 0x80000000 stays 2^31
  return detail::normalize_round_pack(negative, 0, magnitude, rm);
}

// fcvt.s.wu: uint32 to binary32, rounded in mode rm.
constexpr FpResult fcvt_s_wu(uint32_t x, RoundingMode rm) {
  if (x == 0) return {0, 0};
  return detail::normalize_round_pack(false, 0, x, rm);
}

}  // namespace ventus::fp
