// Fused multiply-add in the four RISC-V forms (fmadd/fmsub/fnmsub/fnmadd): a*b+c with a
// single rounding, RISC-V special cases (inf*0 is invalid even with a quiet-NaN addend).
#pragma once

#include <bit>
#include <cstdint>
#include <utility>

#include "fp/fast.hpp"
#include "fp/round.hpp"
#include "fp/types.hpp"

namespace ventus::fp {
namespace detail {

// A non-zero magnitude sig * 2^e normalised so its leading one sits at bit 62.
struct Wide {
  int32_t e;
  uint64_t sig;
};

constexpr Wide normalize_wide(uint64_t sig, int32_t e) {
  const int shift = std::countl_zero(sig) - 1;
  return {e - shift, sig << shift};
}

// (-1)^sp * p + (-1)^sc * c for non-zero finite terms. Both are normalised to bit 62;
// the one with the smaller exponent is aligned with a sticky shift. Bits are only lost
// when it moves by more than 15 (its significand has at most 48 bits), and then at
// most one leading bit cancels, so the sticky bit stays far below the rounding point.
constexpr FpResult fma_finite(bool sp, Wide p, bool sc, Wide c, RoundingMode rm) {
  if (p.e < c.e) {
    std::swap(p, c);
    std::swap(sp, sc);
  }
  const uint64_t small = shift_right_jam64(c.sig, static_cast<uint32_t>(p.e - c.e));
  if (sp == sc) return normalize_round_pack(sp, p.e, p.sig + small, rm);
  if (p.sig == small) return {cancellation_zero(rm), 0};
  if (p.sig > small) return normalize_round_pack(sp, p.e, p.sig - small, rm);
  return normalize_round_pack(sc, p.e, small - p.sig, rm);
}

// Special operands (NaN, infinity, zero). Returns true and sets out when handled.
// sp / sc are the effective signs of the product and the addend after the form's negations.
constexpr bool fma_special(uint32_t a, uint32_t b, uint32_t c, bool sp, bool sc, RoundingMode rm,
                           FpResult& out) {
  const bool inf_times_zero = (is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b));
  if (is_nan(a) || is_nan(b) || is_nan(c)) {
    const bool snan = is_signaling_nan(a) || is_signaling_nan(b) || is_signaling_nan(c);
    out = nan_result(snan || inf_times_zero);
    return true;
  }
  if (inf_times_zero) {
    out = {kCanonicalNan, kFlagNV};
    return true;
  }
  const uint32_t sc_bits = sc ? kSignBit : 0u;
  if (is_inf(a) || is_inf(b)) {
    if (is_inf(c) && sp != sc) {
      out = {kCanonicalNan, kFlagNV};  // inf - inf
    } else {
      out = {(sp ? kSignBit : 0u) | kPosInf, 0};
    }
    return true;
  }
  if (is_inf(c)) {
    out = {sc_bits | kPosInf, 0};
    return true;
  }
  if (is_zero(a) || is_zero(b)) {
    if (!is_zero(c)) {
      out = {sc_bits | (c & ~kSignBit), 0};
    } else {  // exact zero + zero: same signs keep it, else the cancellation zero
      out = {sp == sc ? sc_bits : cancellation_zero(rm), 0};
    }
    return true;
  }
  return false;
}

inline FpResult fused(uint32_t a, uint32_t b, uint32_t c, bool negate_product, bool negate_addend,
                      RoundingMode rm) {
  if (rm == RoundingMode::kRne) {
    // The forms are fmadd with negated inputs; a negated NaN is still a NaN, and the
    // fast path only accepts normal operands anyway.
    const uint32_t fa = negate_product ? a ^ kSignBit : a;
    const uint32_t fc = negate_addend ? c ^ kSignBit : c;
    if (const auto fast = fast_fma_rne(fa, b, fc)) return *fast;
  }
  const bool sp = (sign_of(a) != sign_of(b)) != negate_product;
  const bool sc = sign_of(c) != negate_addend;
  FpResult special{};
  if (fma_special(a, b, c, sp, sc, rm, special)) return special;
  const Unpacked ua = unpack(a);
  const Unpacked ub = unpack(b);
  const Wide p = normalize_wide(uint64_t{ua.sig} * ub.sig, ua.exp + ub.exp - 300);
  if (is_zero(c)) return normalize_round_pack(sp, p.e, p.sig, rm);
  const Unpacked uc = unpack(c);
  return fma_finite(sp, p, sc, normalize_wide(uc.sig, uc.exp - 150), rm);
}

}  // namespace detail

// fmadd.s: a*b + c.
inline FpResult fmadd(uint32_t a, uint32_t b, uint32_t c, RoundingMode rm) {
  return detail::fused(a, b, c, false, false, rm);
}
// fmsub.s: a*b - c.
inline FpResult fmsub(uint32_t a, uint32_t b, uint32_t c, RoundingMode rm) {
  return detail::fused(a, b, c, false, true, rm);
}
// fnmsub.s: -(a*b) + c.
inline FpResult fnmsub(uint32_t a, uint32_t b, uint32_t c, RoundingMode rm) {
  return detail::fused(a, b, c, true, false, rm);
}
// fnmadd.s: -(a*b) - c.
inline FpResult fnmadd(uint32_t a, uint32_t b, uint32_t c, RoundingMode rm) {
  return detail::fused(a, b, c, true, true, rm);
}

}  // namespace ventus::fp
