// Public vocabulary of the fp layer: rounding modes, fflags bits, results, bit-pattern predicates.
#pragma once

#include <cstdint>
#include <optional>

namespace ventus::fp {

// RISC-V rounding-mode encodings (the instruction rm field / frm CSR). Mode 7 (DYN) is
// resolved by the caller from frm; 5 and 6 are reserved (see resolve_rounding_mode).
enum class RoundingMode : uint8_t {
  kRne = 0,  // round to nearest, ties to even
  kRtz = 1,  // round towards zero
  kRdn = 2,  // round down (towards -inf)
  kRup = 3,  // round up (towards +inf)
  kRmm = 4,  // round to nearest, ties to max magnitude
};

// RISC-V fflags bits (accrued exception flags).
inline constexpr uint8_t kFlagNV = 0x10;  // invalid operation
inline constexpr uint8_t kFlagDZ = 0x08;  // divide by zero
inline constexpr uint8_t kFlagOF = 0x04;  // overflow
inline constexpr uint8_t kFlagUF = 0x02;  // underflow (tiny after rounding AND inexact)
inline constexpr uint8_t kFlagNX = 0x01;  // inexact

// Result of every operation: raw 32-bit value (float bits, integer, or 0/1) plus fflags.
struct FpResult {
  uint32_t value;
  uint8_t flags;
  friend bool operator==(const FpResult&, const FpResult&) = default;
};

// The RISC-V canonical quiet NaN: every arithmetic NaN result is exactly this.
inline constexpr uint32_t kCanonicalNan = 0x7FC00000u;
inline constexpr uint32_t kSignBit = 0x80000000u;
inline constexpr uint32_t kPosInf = 0x7F800000u;
inline constexpr uint32_t kMaxFinite = 0x7F7FFFFFu;

// The rounding mode an instruction uses: its rm field, or frm when rm is 7 (DYN).
// Returns nullopt for the reserved encodings 5 and 6 (from either source) and for
// anything above 7; the caller raises an illegal-instruction exception then.
constexpr std::optional<RoundingMode> resolve_rounding_mode(uint32_t rm_field, uint32_t frm) {
  const uint32_t rm = rm_field == 7 ? frm : rm_field;
  if (rm > 4) return std::nullopt;
  return static_cast<RoundingMode>(rm);
}

// True for the five rounding modes an operation accepts (0..4).
constexpr bool is_valid_rounding_mode(uint32_t rm) {
  return rm <= 4;
}

constexpr bool is_nan(uint32_t a) {
  return (a & ~kSignBit) > kPosInf;
}
constexpr bool is_signaling_nan(uint32_t a) {
  return is_nan(a) && (a & 0x00400000u) == 0;
}
constexpr bool is_inf(uint32_t a) {
  return (a & ~kSignBit) == kPosInf;
}
constexpr bool is_zero(uint32_t a) {
  return (a & ~kSignBit) == 0;
}
constexpr bool sign_of(uint32_t a) {
  return (a >> 31) != 0;
}

}  // namespace ventus::fp
