// IEEE-754 binary32 add/sub/mul/div/sqrt with RISC-V F semantics (canonical NaN results,
// tininess after rounding), as pure inline functions on raw register bits. RNE first tries
// the proven host-FPU fast paths of fp/fast.hpp; everything else is integer arithmetic.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>

#include "fp/fast.hpp"
#include "fp/round.hpp"
#include "fp/types.hpp"

namespace ventus::fp {
namespace detail {

// Sum of two finite, non-zero operands given as (sign, exp, sig) with value
// sig * 2^(exp - 150). The larger-exponent operand keeps 39 spare bits below its
// significand; the other is aligned with a sticky shift.
constexpr FpResult add_finite(Unpacked a, Unpacked b, RoundingMode rm) {
  if (a.exp < b.exp) std::swap(a, b);
  const uint64_t big = uint64_t{a.sig} << 39;
  const uint64_t small =
      shift_right_jam64(uint64_t{b.sig} << 39, static_cast<uint32_t>(a.exp - b.exp));
  const int32_t e_lsb = a.exp - 150 - 39;
  if (a.sign == b.sign) return normalize_round_pack(a.sign, e_lsb, big + small, rm);
  if (big == small) return {cancellation_zero(rm), 0};
  // Bits were only lost when the exponents differ by more than 39, in which case at
  // most one bit cancels and the sticky bit stays far below the rounding position.
  if (big > small) return normalize_round_pack(a.sign, e_lsb, big - small, rm);
  return normalize_round_pack(b.sign, e_lsb, small - big, rm);
}

// Operands that are NaN, infinite or zero: returns true and sets out when it handled them.
constexpr bool add_special(uint32_t a, uint32_t b, RoundingMode rm, FpResult& out) {
  if (is_nan(a) || is_nan(b)) {
    out = nan_result(is_signaling_nan(a) || is_signaling_nan(b));
    return true;
  }
  if (is_inf(a)) {
    // inf + (-inf) is invalid; otherwise an infinity absorbs anything finite.
    out = is_inf(b) && a != b ? FpResult{kCanonicalNan, kFlagNV} : FpResult{a, 0};
    return true;
  }
  if (is_inf(b)) {
    out = {b, 0};
    return true;
  }
  if (is_zero(a) || is_zero(b)) {
    if (!is_zero(b)) {
      out = {b, 0};
    } else if (!is_zero(a)) {
      out = {a, 0};
    } else {  // two zeros: same sign keeps it, opposite signs give the cancellation zero
      out = {a == b ? a : cancellation_zero(rm), 0};
    }
    return true;
  }
  return false;
}

}  // namespace detail

// fadd.s: a + b, rounded once in mode rm.
inline FpResult add(uint32_t a, uint32_t b, RoundingMode rm) {
  if (rm == RoundingMode::kRne) {
    if (const auto fast = detail::fast_add_rne(a, b)) return *fast;
  }
  FpResult special{};
  if (detail::add_special(a, b, rm, special)) return special;
  return detail::add_finite(detail::unpack(a), detail::unpack(b), rm);
}

// fsub.s: a - b, i.e. a + (-b) (the sign flip cannot change NaN handling, since every
// NaN result is canonical anyway).
inline FpResult sub(uint32_t a, uint32_t b, RoundingMode rm) {
  return add(a, b ^ kSignBit, rm);
}

// fmul.s: a * b. The 48-bit product of the significands is exact in 64 bits.
inline FpResult mul(uint32_t a, uint32_t b, RoundingMode rm) {
  if (rm == RoundingMode::kRne) {
    if (const auto fast = detail::fast_mul_rne(a, b)) return *fast;
  }
  const bool sign = sign_of(a) != sign_of(b);
  const uint32_t sign_bits = sign ? kSignBit : 0u;
  if (is_nan(a) || is_nan(b)) return detail::nan_result(is_signaling_nan(a) || is_signaling_nan(b));
  if (is_inf(a) || is_inf(b)) {
    if (is_zero(a) || is_zero(b)) return {kCanonicalNan, kFlagNV};  // 0 * inf
    return {sign_bits | kPosInf, 0};
  }
  if (is_zero(a) || is_zero(b)) return {sign_bits, 0};
  const detail::Unpacked ua = detail::unpack(a);
  const detail::Unpacked ub = detail::unpack(b);
  const uint64_t product = uint64_t{ua.sig} * ub.sig;
  return detail::normalize_round_pack(sign, ua.exp + ub.exp - 300, product, rm);
}

// fdiv.s: a / b. Both significands are normalised to 24 bits so the integer quotient of
// (sigA << 40) / sigB has at least 40 bits; a non-zero remainder becomes the sticky bit.
inline FpResult div(uint32_t a, uint32_t b, RoundingMode rm) {
  if (rm == RoundingMode::kRne) {
    if (const auto fast = detail::fast_div_rne(a, b)) return *fast;
  }
  const bool sign = sign_of(a) != sign_of(b);
  const uint32_t sign_bits = sign ? kSignBit : 0u;
  if (is_nan(a) || is_nan(b)) return detail::nan_result(is_signaling_nan(a) || is_signaling_nan(b));
  if (is_inf(a)) {
    if (is_inf(b)) return {kCanonicalNan, kFlagNV};  // inf / inf
    return {sign_bits | kPosInf, 0};
  }
  if (is_inf(b)) return {sign_bits, 0};
  if (is_zero(b)) {
    if (is_zero(a)) return {kCanonicalNan, kFlagNV};  // 0 / 0
    return {sign_bits | kPosInf, kFlagDZ};            // finite / 0
  }
  if (is_zero(a)) return {sign_bits, 0};
  const detail::Unpacked ua = detail::unpack_normalized(a);
  const detail::Unpacked ub = detail::unpack_normalized(b);
  const uint64_t num = uint64_t{ua.sig} << 40;
  uint64_t quotient = num / ub.sig;
  if (quotient * ub.sig != num) quotient |= 1;
  return detail::normalize_round_pack(sign, ua.exp - ub.exp - 40, quotient, rm);
}

// fsqrt.s. The root of the 53-bit integer sig << 28 (exponent made even first) is
// estimated with the host double sqrt and then corrected to the exact integer floor,
// whatever the host rounding mode; the remainder becomes the sticky bit.
inline FpResult sqrt(uint32_t a, RoundingMode rm) {
  if (rm == RoundingMode::kRne) {
    if (const auto fast = detail::fast_sqrt_rne(a)) return *fast;
  }
  if (is_nan(a)) return detail::nan_result(is_signaling_nan(a));
  if (is_zero(a)) return {a, 0};  // sqrt(-0) = -0
  if (sign_of(a)) return {kCanonicalNan, kFlagNV};
  if (is_inf(a)) return {a, 0};
  detail::Unpacked u = detail::unpack_normalized(a);
  int32_t e = u.exp - 150;  // a = sig * 2^e
  uint64_t n = u.sig;
  if ((e & 1) != 0) {
    n <<= 1;
    e -= 1;
  }
  n <<= 28;  // n < 2^53: exact as a double
  auto root = static_cast<uint64_t>(std::sqrt(static_cast<double>(n)));
  while (root * root > n) --root;
  while ((root + 1) * (root + 1) <= n) ++root;
  if (root * root != n) root |= 1;
  return detail::normalize_round_pack(false, e / 2 - 14, root, rm);
}

}  // namespace ventus::fp
