// Host-FPU fast paths for round-to-nearest-even, taken only when their exactness is
// proven below; everything else (other modes, special/subnormal operands, results that
// could overflow, underflow or be zero) falls back to the integer implementation.
// Precondition: the host floating-point environment is the default one (SSE,
// round-to-nearest, no flush-to-zero / denormals-are-zero), which the simulator never
// changes. Shared argument for all of them: the double result is either exact or a
// correct rounding whose re-rounding to float is innocuous (53 >= 2*24 + 2, Figueroa
// 1995); a float result with exponent field in [2, 254] is finite and at least 2^-125,
// so neither overflow nor underflow (tiny after rounding) can have occurred, and the
// only possible flag is NX.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>

#include "fp/types.hpp"

// -ffast-math would let the compiler break the exactness arguments below.
#ifdef __FAST_MATH__
#error "fp/fast.hpp relies on strict IEEE 754 semantics; do not build with -ffast-math"
#endif

namespace ventus::fp::detail {

constexpr uint32_t field_of(uint32_t a) {
  return (a >> 23) & 0xFFu;
}

// Normal (not zero, subnormal, inf or NaN).
constexpr bool is_normal(uint32_t a) {
  return field_of(a) - 1u < 254u;
}

inline std::optional<FpResult> accept_if_safe(float f, bool inexact) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  if (field_of(bits) - 2u > 252u) return std::nullopt;  // field outside [2, 254]
  return FpResult{bits, inexact ? kFlagNX : uint8_t{0}};
}

// a + b. With exponent fields at most 28 apart the double sum is exact (at most 53
// significant bits); further apart, |smaller| < 2^-28 |larger| lies strictly inside the
// gap to a float neighbour, so the float result is certainly inexact.
inline std::optional<FpResult> fast_add_rne(uint32_t a, uint32_t b) {
  if (!is_normal(a) || !is_normal(b)) return std::nullopt;
  const double d = static_cast<double>(std::bit_cast<float>(a)) + std::bit_cast<float>(b);
  const auto f = static_cast<float>(d);
  const int32_t gap = static_cast<int32_t>(field_of(a)) - static_cast<int32_t>(field_of(b));
  return accept_if_safe(f, gap > 28 || gap < -28 || static_cast<double>(f) != d);
}

// a * b: the 48-bit product is exact in double.
inline std::optional<FpResult> fast_mul_rne(uint32_t a, uint32_t b) {
  if (!is_normal(a) || !is_normal(b)) return std::nullopt;
  const double d = static_cast<double>(std::bit_cast<float>(a)) * std::bit_cast<float>(b);
  const auto f = static_cast<float>(d);
  return accept_if_safe(f, static_cast<double>(f) != d);
}

// a / b: exact iff f * b == a, where the 24x24-bit product is exact in double.
inline std::optional<FpResult> fast_div_rne(uint32_t a, uint32_t b) {
  if (!is_normal(a) || !is_normal(b)) return std::nullopt;
  const double x = std::bit_cast<float>(a);
  const double y = std::bit_cast<float>(b);
  const auto f = static_cast<float>(x / y);
  return accept_if_safe(f, static_cast<double>(f) * y != x);
}

// a * b + c. The product p is exact in double; s = p + c is rounded to nearest and
// Knuth's TwoSum gives the exact error e (no double overflow/underflow is possible for
// float operands). Replacing s by its round-to-odd counterpart (when e != 0 and s is
// even, the neighbour of s on e's side, which is odd and on the far side of the exact
// value) makes the final rounding to float correct (Boldo & Melquiond: round-to-odd in
// 53 >= 24 + 2 bits, then to nearest).
inline std::optional<FpResult> fast_fma_rne(uint32_t a, uint32_t b, uint32_t c) {
  if (!is_normal(a) || !is_normal(b) || !is_normal(c)) return std::nullopt;
  const double p = static_cast<double>(std::bit_cast<float>(a)) * std::bit_cast<float>(b);
  const double z = std::bit_cast<float>(c);
  const double s = p + z;
  const double bp = s - p;
  const double err = (p - (s - bp)) + (z - bp);
  uint64_t odd = std::bit_cast<uint64_t>(s);
  if (err != 0 && (odd & 1) == 0) odd += (err > 0) == (s > 0) ? 1 : ~uint64_t{0};
  const auto f = static_cast<float>(std::bit_cast<double>(odd));
  return accept_if_safe(f, err != 0 || static_cast<double>(f) != s);
}

// sqrt(a) for a positive normal: the host sqrtss is correctly rounded, and the result
// is exact iff its square (48 bits, exact in double) equals a.
inline std::optional<FpResult> fast_sqrt_rne(uint32_t a) {
  if (!is_normal(a) || sign_of(a)) return std::nullopt;
  const float x = std::bit_cast<float>(a);
  const float f = std::sqrt(x);
  const double fd = f;
  return accept_if_safe(f, fd * fd != static_cast<double>(x));
}

}  // namespace ventus::fp::detail
