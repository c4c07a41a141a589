// Test-only reference: the host x86-64 SSE FPU (IEEE 754 with tininess after rounding,
// like RISC-V) driven through <cfenv>, plus an RMM reference derived from the directed
// host modes. Needs -frounding-math; asm barriers keep each operation between the
// flag clear and the flag read.
#pragma once

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>

#include "fp/types.hpp"

namespace ventus::fp::test {

enum class Op { kAdd, kSub, kMul, kDiv, kSqrt, kFmadd, kCvtSW, kCvtSWu };

struct HostResult {
  uint32_t value;
  uint8_t flags;
};

inline float as_float(uint32_t bits) {
  return std::bit_cast<float>(bits);
}
inline uint32_t as_bits(float f) {
  return std::bit_cast<uint32_t>(f);
}

// Forces v into a register at this point of the program (and orders it against calls).
template <typename T>
inline void barrier(T& v) {
  asm volatile("" : "+x"(v) : : "memory");
}

inline uint8_t host_flags() {
  const int e = std::fetestexcept(FE_ALL_EXCEPT);
  uint8_t flags = 0;
  if ((e & FE_INVALID) != 0) flags |= kFlagNV;
  if ((e & FE_DIVBYZERO) != 0) flags |= kFlagDZ;
  if ((e & FE_OVERFLOW) != 0) flags |= kFlagOF;
  if ((e & FE_UNDERFLOW) != 0) flags |= kFlagUF;
  if ((e & FE_INEXACT) != 0) flags |= kFlagNX;
  return flags;
}

inline int host_mode(RoundingMode rm) {
  switch (rm) {
    case RoundingMode::kRtz:
      return FE_TOWARDZERO;
    case RoundingMode::kRdn:
      return FE_DOWNWARD;
    case RoundingMode::kRup:
      return FE_UPWARD;
    default:
      return FE_TONEAREST;
  }
}

// One operation in the current host rounding mode. For the int->float conversions
// a holds the integer bits.
[[gnu::noinline]] inline HostResult host_compute(Op op, uint32_t a, uint32_t b, uint32_t c) {
  float x = as_float(a), y = as_float(b), z = as_float(c), r = 0;
  auto i = static_cast<int32_t>(a);
  uint32_t u = a;
  barrier(x), barrier(y), barrier(z);
  asm volatile("" : "+r"(i), "+r"(u) : : "memory");
  std::feclearexcept(FE_ALL_EXCEPT);
  switch (op) {
    case Op::kAdd:
      r = x + y;
      break;
    case Op::kSub:
      r = x - y;
      break;
    case Op::kMul:
      r = x * y;
      break;
    case Op::kDiv:
      r = x / y;
      break;
    case Op::kSqrt:
      r = std::sqrt(x);
      break;
    case Op::kFmadd:
      r = std::fmaf(x, y, z);
      break;
    case Op::kCvtSW:
      r = static_cast<float>(i);
      break;
    case Op::kCvtSWu:
      r = static_cast<float>(u);
      break;
  }
  barrier(r);
  const uint8_t flags = host_flags();
  return {as_bits(r), flags};
}

inline HostResult host_compute_in(RoundingMode rm, Op op, uint32_t a, uint32_t b, uint32_t c) {
  std::fesetround(host_mode(rm));
  const HostResult r = host_compute(op, a, b, c);
  std::fesetround(FE_TONEAREST);
  return r;
}

// True when the exact result of op equals m (a double holding a 25-bit midpoint),
// decided with exact double arithmetic in the default (nearest) host mode.
inline bool exact_result_equals(Op op, uint32_t a, uint32_t b, uint32_t c, double m) {
  double x = as_float(a), y = as_float(b), z = as_float(c);
  barrier(x), barrier(y), barrier(z), barrier(m);
  std::feclearexcept(FE_INEXACT);
  double s = 0;
  switch (op) {
    case Op::kAdd:
      s = x + y;
      break;  // exact iff no inexact flag
    case Op::kSub:
      s = x - y;
      break;
    case Op::kMul:
      s = x * y;
      break;  // 48-bit product: always exact
    case Op::kDiv:
      return m * y == x;  // 25 x 24 bits: exact
    case Op::kSqrt:
      return m * m == x;  // 50 bits: exact
    case Op::kFmadd:
      s = x * y + z;
      break;  // product exact; the sum may not be
    case Op::kCvtSW:
      return static_cast<double>(static_cast<int32_t>(a)) == m;
    case Op::kCvtSWu:
      return static_cast<double>(a) == m;
  }
  barrier(s);
  return std::fetestexcept(FE_INEXACT) == 0 && s == m;
}

// RMM differs from RNE only when the exact result is a tie between the two neighbours
// (which are the RDN and RUP results); then it picks the one of larger magnitude. The
// flags equal RNE's: NX is mode independent, ties at max finite already overflow in RNE
// (max is odd), and tininess after rounding agrees at the only tie near 2^-126.
inline HostResult rmm_reference(Op op, uint32_t a, uint32_t b, uint32_t c, HostResult rne,
                                HostResult rdn, HostResult rup) {
  const bool nan = std::isnan(as_float(rne.value));
  if (nan || (rne.flags & kFlagNX) == 0) return rne;  // exact results agree in all modes
  auto widen = [](uint32_t v) {
    const float f = as_float(v);
    return std::isinf(f) ? std::copysign(0x1p128, static_cast<double>(f)) : static_cast<double>(f);
  };
  const double lo = widen(rdn.value), hi = widen(rup.value);
  const double mid = (lo + hi) * 0.5;
  if (!exact_result_equals(op, a, b, c, mid)) return rne;
  const uint32_t away = std::fabs(hi) > std::fabs(lo) ? rup.value : rdn.value;
  return {away, rne.flags};
}

}  // namespace ventus::fp::test
