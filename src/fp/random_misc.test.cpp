// Randomised tests of conversions, comparisons, min/max and fclass: int->float against
// the host FPU (and the tie-derived RMM reference); the rest against small references
// written here from the RISC-V rules with host float comparisons and <cmath> rounding.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "fp/differential.hpp"
#include "fp/fp.hpp"
#include "fp/random_inputs.hpp"
#include "fp/test_util.hpp"

namespace ventus::fp::test {
namespace {

constexpr size_t kCases = 300000;

// Integers: any bits, small values, and values just above 2^24 with varied low bits
// (the first range where conversion rounds; halfway patterns included).
uint32_t random_int(OperandGenerator& g) {
  switch (g.below(4)) {
    case 0:
      return g.bits();
    case 1:
      return g.bits() >> g.below(32);
    case 2:
      return (g.bits() >> g.below(8)) & ~((1u << g.below(8)) - 1);  // trailing zeros
    default: {
      const uint32_t shift = 1 + g.below(8);  // magnitude 2^(24 + shift - 1)
      const uint32_t x =
          ((0x800000u | (g.bits() & 0x7FFFFFu)) << shift) | (g.bits() & ((1u << shift) - 1));
      return g.below(2) == 0 ? x : 0u - x;
    }
  }
}

TEST(FpRandom, CvtSW) {
  OperandGenerator g(11);
  std::vector<Operands> cases(kCases);
  for (Operands& k : cases) k.a = random_int(g);
  const DiffReport r = run_differential(
      Op::kCvtSW, cases, [](const Operands& k, RoundingMode rm) { return fcvt_s_w(k.a, rm); });
  EXPECT_EQ(r.failures, 0u);
  EXPECT_GT(r.rmm_ties, 0u);
}

TEST(FpRandom, CvtSWu) {
  OperandGenerator g(12);
  std::vector<Operands> cases(kCases);
  for (Operands& k : cases) k.a = random_int(g);
  const DiffReport r = run_differential(
      Op::kCvtSWu, cases, [](const Operands& k, RoundingMode rm) { return fcvt_s_wu(k.a, rm); });
  EXPECT_EQ(r.failures, 0u);
  EXPECT_GT(r.rmm_ties, 0u);
}

// float -> int32/uint32 reference: <cmath> rounding to an integral double (nearbyint
// in the default nearest mode; round() is ties-away), then RISC-V saturation.
FpResult cvt_reference(uint32_t a, RoundingMode rm, bool to_unsigned) {
  const float x = as_float(a);
  const uint32_t max_value = to_unsigned ? 0xFFFFFFFFu : 0x7FFFFFFFu;
  const uint32_t min_value = to_unsigned ? 0u : 0x80000000u;
  if (std::isnan(x)) return {max_value, kFlagNV};
  const double d = x;
  double r = 0;
  switch (rm) {
    case RoundingMode::kRne:
      r = std::nearbyint(d);
      break;
    case RoundingMode::kRtz:
      r = std::trunc(d);
      break;
    case RoundingMode::kRdn:
      r = std::floor(d);
      break;
    case RoundingMode::kRup:
      r = std::ceil(d);
      break;
    case RoundingMode::kRmm:
      r = std::round(d);
      break;
  }
  if (r < (to_unsigned ? 0.0 : -0x1p31)) return {min_value, kFlagNV};
  if (r > (to_unsigned ? 0x1p32 - 1 : 0x1p31 - 1)) return {max_value, kFlagNV};
  const auto value = static_cast<uint32_t>(static_cast<int64_t>(r));
  return {value, r != d ? kFlagNX : uint8_t{0}};
}

// Floats mostly in the integer-conversion range 2^-3 .. 2^33, short significands
// (many exact halves), plus arbitrary operands.
uint32_t convertible_float(OperandGenerator& g) {
  if (g.below(4) == 0) return g.any();
  const uint32_t field = 124 + g.below(36);
  return (g.bits() & kSignBit) | (field << 23) | g.fraction();
}

TEST(FpRandom, CvtWS) {
  OperandGenerator g(13);
  size_t failures = 0;
  for (size_t i = 0; i < kCases; ++i) {
    const uint32_t a = convertible_float(g);
    for (RoundingMode rm : kAllModes) {
      for (bool to_unsigned : {false, true}) {
        const FpResult got = to_unsigned ? fcvt_wu_s(a, rm) : fcvt_w_s(a, rm);
        const FpResult want = cvt_reference(a, rm, to_unsigned);
        if (got == want) continue;
        if (++failures <= 8) {
          ADD_FAILURE() << std::hex << "cvt a=0x" << a << " mode " << +static_cast<int>(rm)
                        << " unsigned " << to_unsigned << ": got 0x" << got.value << "/"
                        << +got.flags << " want 0x" << want.value << "/" << +want.flags;
        }
      }
    }
  }
  EXPECT_EQ(failures, 0u);
}

// Comparison / min / max / fclass references from host float comparisons.
FpResult minmax_reference(uint32_t a, uint32_t b, bool is_max) {
  const float x = as_float(a), y = as_float(b);
  const uint8_t flags = is_signaling_nan(a) || is_signaling_nan(b) ? kFlagNV : 0;
  if (std::isnan(x) && std::isnan(y)) return {kCanonicalNan, flags};
  if (std::isnan(x)) return {b, flags};
  if (std::isnan(y)) return {a, flags};
  if (x == y) {  // equal values differ only for +-0: min prefers -0, max +0
    const bool pick_a = std::signbit(x) != is_max;
    return {pick_a ? a : b, flags};
  }
  return {(x < y) != is_max ? a : b, flags};
}

uint32_t fclass_reference(uint32_t a) {
  const float x = as_float(a);
  if (std::isnan(x)) return is_signaling_nan(a) ? 0x100u : 0x200u;
  const bool neg = std::signbit(x);
  switch (std::fpclassify(x)) {
    case FP_INFINITE:
      return neg ? 0x001u : 0x080u;
    case FP_NORMAL:
      return neg ? 0x002u : 0x040u;
    case FP_SUBNORMAL:
      return neg ? 0x004u : 0x020u;
    default:
      return neg ? 0x008u : 0x010u;  // FP_ZERO
  }
}

TEST(FpRandom, CompareMinMaxClass) {
  OperandGenerator g(14);
  size_t failures = 0;
  auto check = [&failures](const char* what, uint32_t a, uint32_t b, FpResult got, FpResult want) {
    if (got == want) return;
    if (++failures <= 8) {
      ADD_FAILURE() << what << std::hex << " a=0x" << a << " b=0x" << b << ": got 0x" << got.value
                    << "/" << +got.flags << " want 0x" << want.value << "/" << +want.flags;
    }
  };
  for (size_t i = 0; i < kCases; ++i) {
    const uint32_t a = g.any();
    const uint32_t pick = g.below(8);
    const uint32_t b = pick == 0 ? a : (pick == 1 ? a ^ kSignBit : g.partner(a));
    const float x = as_float(a), y = as_float(b);
    const bool any_nan = std::isnan(x) || std::isnan(y);
    const uint8_t quiet_nv = is_signaling_nan(a) || is_signaling_nan(b) ? kFlagNV : 0;
    const uint8_t signaling_nv = any_nan ? kFlagNV : 0;
    check("feq", a, b, feq(a, b), {x == y ? 1u : 0u, quiet_nv});
    check("flt", a, b, flt(a, b), {x < y ? 1u : 0u, signaling_nv});
    check("fle", a, b, fle(a, b), {x <= y ? 1u : 0u, signaling_nv});
    check("fmin", a, b, fmin(a, b), minmax_reference(a, b, false));
    check("fmax", a, b, fmax(a, b), minmax_reference(a, b, true));
    check("fclass", a, 0, {fclass(a), 0}, {fclass_reference(a), 0});
  }
  EXPECT_EQ(failures, 0u);
}

}  // namespace
}  // namespace ventus::fp::test
