// Internal core of the fp layer: unpacking, sticky shifts and the single rounding step
// (round_pack) that every arithmetic operation and int->float conversion funnels through.
#pragma once

#include <bit>
#include <cstdint>

#include "fp/types.hpp"

namespace ventus::fp::detail {

// A finite operand as an exact product sig * 2^(exp - 150). Normal numbers carry the
// hidden bit (sig in [2^23, 2^24)); subnormals use exp = 1 and sig = fraction, so the
// same formula holds without normalisation.
struct Unpacked {
  bool sign;
  int32_t exp;
  uint32_t sig;
};

constexpr Unpacked unpack(uint32_t a) {
  const uint32_t field = (a >> 23) & 0xFFu;
  const uint32_t frac = a & 0x007FFFFFu;
  if (field == 0) return {sign_of(a), 1, frac};
  return {sign_of(a), static_cast<int32_t>(field), frac | 0x00800000u};
}

// Like unpack, but subnormals are normalised so sig is always in [2^23, 2^24) (exp may
// then be <= 0). Needed by div/sqrt, whose quotient/root precision depends on it.
// Precondition: a is finite and non-zero.
constexpr Unpacked unpack_normalized(uint32_t a) {
  Unpacked u = unpack(a);
  if (u.sig < 0x00800000u) {
    const int shift = std::countl_zero(u.sig) - 8;
    u.sig <<= shift;
    u.exp -= shift;
  }
  return u;
}

// a >> dist, OR-ing every bit shifted out into bit 0 ("jamming"): bit 0 then records
// "something non-zero below", which is all correct rounding needs as long as the
// rounding position is at least two bits above bit 0.
constexpr uint32_t shift_right_jam32(uint32_t a, uint32_t dist) {
  if (dist == 0) return a;
  if (dist >= 32) return a != 0 ? 1u : 0u;
  return (a >> dist) | ((a << (32 - dist)) != 0 ? 1u : 0u);
}

constexpr uint64_t shift_right_jam64(uint64_t a, uint32_t dist) {
  if (dist == 0) return a;
  if (dist >= 64) return a != 0 ? 1u : 0u;
  return (a >> dist) | ((a << (64 - dist)) != 0 ? 1u : 0u);
}

// Amount added to a significand with 7 round bits before truncation: half an ulp for the
// nearest modes, "all ones" when rounding away from zero in a directed mode, else 0.
constexpr uint32_t round_increment(bool sign, RoundingMode rm) {
  switch (rm) {
    case RoundingMode::kRtz:
      return 0;
    case RoundingMode::kRdn:
      return sign ? 0x7Fu : 0u;
    case RoundingMode::kRup:
      return sign ? 0u : 0x7Fu;
    default:  // kRne, kRmm
      return 0x40u;
  }
}

// Rounds (-1)^sign * (sig / 2^30) * 2^(exp - 127) to binary32. sig must be below 2^31
// with its leading one at bit 30 (or below only when exp <= 1); bits 6..0 are round
// bits with sticky jammed into bit 0. Tininess is detected after rounding (RISC-V):
// the value is tiny when, rounded to 24 bits with unbounded exponent, it is < 2^-126.
constexpr FpResult round_pack(bool sign, int32_t exp, uint32_t sig, RoundingMode rm) {
  const uint32_t incr = round_increment(sign, rm);
  const uint32_t sign_bits = sign ? kSignBit : 0u;
  uint8_t flags = 0;
  if (static_cast<uint32_t>(exp - 1) >= 253u) {  // exp <= 0 or exp >= 254
    if (exp <= 0) {
      // Rounding at full precision only reaches 2^-126 from exp == 0 with a carry out.
      const bool tiny = exp < 0 || sig + incr < 0x80000000u;
      sig = shift_right_jam32(sig, static_cast<uint32_t>(1 - exp));
      exp = 1;  // the subnormal encoding: exponent field 0 plus a possible carry to 1
      if (tiny && (sig & 0x7Fu) != 0) flags |= kFlagUF;
    } else if (exp > 254 || sig + incr >= 0x80000000u) {
      // Overflow: modes that round away from zero give inf, the others max finite.
      const uint32_t mag = incr != 0 ? kPosInf : kMaxFinite;
      return {sign_bits | mag, static_cast<uint8_t>(kFlagOF | kFlagNX)};
    }
  }
  const uint32_t round_bits = sig & 0x7Fu;
  if (round_bits != 0) flags |= kFlagNX;
  sig = (sig + incr) >> 7;
  if (rm == RoundingMode::kRne && round_bits == 0x40u) sig &= ~1u;  // tie: to even
  // The hidden bit (bit 23 of sig) adds one to the field, hence exp - 1.
  return {sign_bits | ((static_cast<uint32_t>(exp - 1) << 23) + sig), flags};
}

// Rounds (-1)^sign * sig * 2^e_lsb for any non-zero sig (exact or with sticky jammed
// into bit 0, see shift_right_jam64).
constexpr FpResult normalize_round_pack(bool sign, int32_t e_lsb, uint64_t sig, RoundingMode rm) {
  const int lz = std::countl_zero(sig);
  sig <<= lz;  // leading one at bit 63
  const uint32_t sig32 = static_cast<uint32_t>(sig >> 33) | ((sig & 0x1FFFFFFFFull) != 0 ? 1u : 0u);
  return round_pack(sign, e_lsb + 63 - lz + 127, sig32, rm);
}

// The exact-zero result of x + (-x): +0, except -0 when rounding down (IEEE 754 §6.3).
constexpr uint32_t cancellation_zero(RoundingMode rm) {
  return rm == RoundingMode::kRdn ? kSignBit : 0u;
}

// Canonical NaN with NV when any operand is a signaling NaN (RISC-V NaN propagation).
constexpr FpResult nan_result(bool signaling) {
  return {kCanonicalNan, signaling ? kFlagNV : uint8_t{0}};
}

}  // namespace ventus::fp::detail
