// Hand-derived edge cases for fp add/sub/mul/div/sqrt in every rounding mode. Expected
// bit patterns come from reasoning about the binary32 layout, noted beside each case.
#include <gtest/gtest.h>

#include "fp/fp.hpp"
#include "fp/test_util.hpp"

namespace ventus::fp::test {
namespace {

constexpr uint32_t kOnePlusUlp = 0x3F800001u;    // 1 + 2^-23
constexpr uint32_t kHalfUlpOfOne = 0x33800000u;  // 2^-24
constexpr uint32_t k2PowM100 = 0x0D800000u;      // 2^-100 (field 27)

TEST(FpAdd, ExactAndSignedZeros) {
  expect_modes(
      "1+1", [](auto rm) { return add(kOne, kOne, rm); }, all_modes(kTwo));
  // +0 + -0 and x - x are +0, except -0 when rounding down (IEEE 754 §6.3).
  const PerMode cancel = modes({0, 0}, {0, 0}, {kNegZero, 0}, {0, 0}, {0, 0});
  expect_modes(
      "+0 + -0", [](auto rm) { return add(0, kNegZero, rm); }, cancel);
  expect_modes(
      "1 - 1", [](auto rm) { return sub(kOne, kOne, rm); }, cancel);
  expect_modes(
      "-0 + -0", [](auto rm) { return add(kNegZero, kNegZero, rm); }, all_modes(kNegZero));
  expect_modes(
      "-0 - +0", [](auto rm) { return sub(kNegZero, 0, rm); }, all_modes(kNegZero));
  expect_modes(
      "x + -0", [](auto rm) { return add(kMinSub, kNegZero, rm); }, all_modes(kMinSub));
  // 1 - (1 - 2^-24) = 2^-24 exactly (massive cancellation, no rounding).
  expect_modes(
      "cancel", [](auto rm) { return sub(kOne, 0x3F7FFFFFu, rm); }, all_modes(kHalfUlpOfOne));
}

TEST(FpAdd, SpecialOperands) {
  const PerMode invalid = all_modes(kCanonicalNan, kFlagNV);
  expect_modes(
      "inf-inf", [](auto rm) { return add(kInf, kNegInf, rm); }, invalid);
  expect_modes(
      "inf-inf sub", [](auto rm) { return sub(kInf, kInf, rm); }, invalid);
  expect_modes(
      "inf+1", [](auto rm) { return add(kInf, kOne, rm); }, all_modes(kInf));
  expect_modes(
      "1-inf", [](auto rm) { return sub(kOne, kInf, rm); }, all_modes(kNegInf));
  expect_modes(
      "-inf+-inf", [](auto rm) { return add(kNegInf, kNegInf, rm); }, all_modes(kNegInf));
  // Quiet NaN in: canonical NaN out, no flag. Signaling NaN (either side): NV.
  expect_modes(
      "qnan+1", [](auto rm) { return add(kQNan, kOne, rm); }, all_modes(kCanonicalNan));
  expect_modes(
      "-qnan+1", [](auto rm) { return add(kNegQNan, kOne, rm); }, all_modes(kCanonicalNan));
  expect_modes(
      "1+snan", [](auto rm) { return add(kOne, kSNan, rm); }, invalid);
  expect_modes(
      "snan+qnan", [](auto rm) { return add(kSNan, kQNan, rm); }, invalid);
  expect_modes(
      "inf+snan", [](auto rm) { return add(kInf, kSNan, rm); }, invalid);
}

TEST(FpAdd, TiesAndSticky) {
  // 1 + 2^-24 is exactly halfway between 1 (even) and 1+2^-23 (odd).
  expect_modes(
      "1 + half ulp", [](auto rm) { return add(kOne, kHalfUlpOfOne, rm); },
      modes({kOne, 1}, {kOne, 1}, {kOne, 1}, {kOnePlusUlp, 1}, {kOnePlusUlp, 1}));
  // (1+2^-23) + 2^-24: halfway between an odd and an even neighbour -> RNE rounds up.
  expect_modes(
      "odd + half ulp", [](auto rm) { return add(kOnePlusUlp, kHalfUlpOfOne, rm); },
      modes({0x3F800002u, 1}, {kOnePlusUlp, 1}, {kOnePlusUlp, 1}, {0x3F800002u, 1},
            {0x3F800002u, 1}));
  // Negative tie: -(1 + 2^-24); RDN now rounds away from zero, RUP towards it.
  expect_modes(
      "-1 - half ulp", [](auto rm) { return sub(0xBF800000u, kHalfUlpOfOne, rm); },
      modes({0xBF800000u, 1}, {0xBF800000u, 1}, {0xBF800001u, 1}, {0xBF800000u, 1},
            {0xBF800001u, 1}));
  // Just above the tie: 2^-24 * (1 + 2^-23) makes every nearest mode round up.
  expect_modes(
      "above tie", [](auto rm) { return add(kOne, 0x33800001u, rm); },
      modes({kOnePlusUlp, 1}, {kOne, 1}, {kOne, 1}, {kOnePlusUlp, 1}, {kOnePlusUlp, 1}));
  // 1 - 2^-100: only the sticky bit survives alignment; 0x3F7FFFFF is 1 - 2^-24.
  expect_modes(
      "1 - tiny", [](auto rm) { return sub(kOne, k2PowM100, rm); },
      modes({kOne, 1}, {0x3F7FFFFFu, 1}, {0x3F7FFFFFu, 1}, {kOne, 1}, {kOne, 1}));
}

TEST(FpAdd, Overflow) {
  // max + max = 2^129 - 2^104: overflows; directed modes towards zero give max finite.
  expect_modes(
      "max+max", [](auto rm) { return add(kMax, kMax, rm); },
      modes({kInf, kOfNx}, {kMax, kOfNx}, {kMax, kOfNx}, {kInf, kOfNx}, {kInf, kOfNx}));
  const uint32_t neg_max = kMax | kSignBit;
  const uint32_t neg_inf = kNegInf;
  expect_modes(
      "-max-max", [&](auto rm) { return add(neg_max, neg_max, rm); },
      modes({neg_inf, kOfNx}, {neg_max, kOfNx}, {neg_inf, kOfNx}, {neg_max, kOfNx},
            {neg_inf, kOfNx}));
  // max + 2^103 (half an ulp of max) is a tie between max (odd) and 2^128: the nearest
  // modes overflow, RTZ/RDN give max with only NX (no overflow after rounding).
  expect_modes(
      "max + half ulp", [](auto rm) { return add(kMax, 0x73000000u, rm); },
      modes({kInf, kOfNx}, {kMax, 1}, {kMax, 1}, {kInf, kOfNx}, {kInf, kOfNx}));
  // max + 2^102 (quarter ulp): only RUP overflows.
  expect_modes(
      "max + quarter ulp", [](auto rm) { return add(kMax, 0x72800000u, rm); },
      modes({kMax, 1}, {kMax, 1}, {kMax, 1}, {kInf, kOfNx}, {kMax, 1}));
}

TEST(FpAdd, Subnormals) {
  expect_modes(
      "sub+sub", [](auto rm) { return add(kMinSub, kMinSub, rm); }, all_modes(2));
  expect_modes(
      "sub+sub=normal", [](auto rm) { return add(0x00400000u, 0x00400000u, rm); },
      all_modes(kMinNorm));
  // Tiny but exact results never raise UF.
  expect_modes(
      "norm-sub", [](auto rm) { return sub(kMinNorm, kMinSub, rm); }, all_modes(kMaxSub));
  expect_modes(
      "tiny diff", [](auto rm) { return sub(0x00800001u, kMinNorm, rm); }, all_modes(kMinSub));
}

TEST(FpMul, ExactAndSpecial) {
  expect_modes(
      "1.5*1.5", [](auto rm) { return mul(0x3FC00000u, 0x3FC00000u, rm); },
      all_modes(0x40100000u));  // 2.25
  expect_modes(
      "0*inf", [](auto rm) { return mul(0, kInf, rm); }, all_modes(kCanonicalNan, kFlagNV));
  expect_modes(
      "inf*-0", [](auto rm) { return mul(kInf, kNegZero, rm); }, all_modes(kCanonicalNan, kFlagNV));
  expect_modes(
      "-0*5", [](auto rm) { return mul(kNegZero, 0x40A00000u, rm); }, all_modes(kNegZero));
  expect_modes(
      "inf*-2", [](auto rm) { return mul(kInf, 0xC0000000u, rm); }, all_modes(kNegInf));
  expect_modes(
      "snan*0", [](auto rm) { return mul(kSNan, 0, rm); }, all_modes(kCanonicalNan, kFlagNV));
  expect_modes(
      "qnan*inf", [](auto rm) { return mul(kQNan, kInf, rm); }, all_modes(kCanonicalNan));
  // 2^-149 * 2^127 = 2^-22 (field 105): subnormal input, normal exact output.
  expect_modes(
      "sub*big", [](auto rm) { return mul(kMinSub, 0x7F000000u, rm); }, all_modes(0x34800000u));
}

TEST(FpMul, RoundingAndOverflow) {
  // (1+2^-23)^2 = 1 + 2^-22 + 2^-46: a quarter-ulp-ish excess above 1+2^-22.
  expect_modes(
      "(1+u)^2", [](auto rm) { return mul(kOnePlusUlp, kOnePlusUlp, rm); },
      modes({0x3F800002u, 1}, {0x3F800002u, 1}, {0x3F800002u, 1}, {0x3F800003u, 1},
            {0x3F800002u, 1}));
  // 2^127 * 2 = 2^128 overflows.
  expect_modes(
      "2^127*2", [](auto rm) { return mul(0x7F000000u, kTwo, rm); },
      modes({kInf, kOfNx}, {kMax, kOfNx}, {kMax, kOfNx}, {kInf, kOfNx}, {kInf, kOfNx}));
}

TEST(FpMul, UnderflowAndTininessAfterRounding) {
  // 2^-126 * 0.5 = 2^-127 is tiny but exact: no flags.
  expect_modes(
      "exact tiny", [](auto rm) { return mul(kMinNorm, kHalf, rm); }, all_modes(0x00400000u));
  // 2^-149 * 0.5 = 2^-150: halfway between 0 (even) and 2^-149.
  expect_modes(
      "half min sub", [](auto rm) { return mul(kMinSub, kHalf, rm); },
      modes({0, kUfNx}, {0, kUfNx}, {0, kUfNx}, {kMinSub, kUfNx}, {kMinSub, kUfNx}));
  expect_modes(
      "-half min sub", [](auto rm) { return mul(kMinSub | kSignBit, kHalf, rm); },
      modes({kNegZero, kUfNx}, {kNegZero, kUfNx}, {0x80000001u, kUfNx}, {kNegZero, kUfNx},
            {0x80000001u, kUfNx}));
  // maxsub * (1+2^-23) = 2^-126 * (1 - 2^-46). Rounded to 24 bits with unbounded exponent
  // (ulp 2^-150 there) the nearest modes and RUP reach 2^-126, so the result is NOT tiny
  // after rounding: NX only (RISC-V). RTZ/RDN stay below 2^-126: tiny and inexact.
  expect_modes(
      "tininess after rounding", [](auto rm) { return mul(kMaxSub, kOnePlusUlp, rm); },
      modes({kMinNorm, 1}, {kMaxSub, kUfNx}, {kMaxSub, kUfNx}, {kMinNorm, 1}, {kMinNorm, 1}));
  // (1 - 2^-24) * 2^-126 = 2^-126 - 2^-150 is exact at 24 bits, so tiny in every mode,
  // yet halfway between maxsub (odd) and 2^-126 at subnormal precision.
  expect_modes(
      "tiny rounds to min normal", [](auto rm) { return mul(0x3F7FFFFFu, kMinNorm, rm); },
      modes({kMinNorm, kUfNx}, {kMaxSub, kUfNx}, {kMaxSub, kUfNx}, {kMinNorm, kUfNx},
            {kMinNorm, kUfNx}));
  // 2^-100 * 2^-100 = 2^-200: far below the subnormal range.
  expect_modes(
      "deep underflow", [](auto rm) { return mul(k2PowM100, k2PowM100, rm); },
      modes({0, kUfNx}, {0, kUfNx}, {0, kUfNx}, {kMinSub, kUfNx}, {0, kUfNx}));
}

TEST(FpDiv, RoundingOfThirds) {
  // 1/3 = 1.0101...b * 2^-2: fraction 0x2AAAAA with remainder 0.101...b > half.
  expect_modes(
      "1/3", [](auto rm) { return div(kOne, 0x40400000u, rm); },
      modes({0x3EAAAAABu, 1}, {0x3EAAAAAAu, 1}, {0x3EAAAAAAu, 1}, {0x3EAAAAABu, 1},
            {0x3EAAAAABu, 1}));
  expect_modes(
      "-2/3", [](auto rm) { return div(0xC0000000u, 0x40400000u, rm); },
      modes({0xBF2AAAABu, 1}, {0xBF2AAAAAu, 1}, {0xBF2AAAABu, 1}, {0xBF2AAAAAu, 1},
            {0xBF2AAAABu, 1}));
  expect_modes(
      "6/3", [](auto rm) { return div(0x40C00000u, 0x40400000u, rm); }, all_modes(kTwo));
}

TEST(FpDiv, SpecialOperands) {
  const PerMode invalid = all_modes(kCanonicalNan, kFlagNV);
  expect_modes(
      "1/0", [](auto rm) { return div(kOne, 0, rm); }, all_modes(kInf, kFlagDZ));
  expect_modes(
      "-1/0", [](auto rm) { return div(0xBF800000u, 0, rm); }, all_modes(kNegInf, kFlagDZ));
  expect_modes(
      "1/-0", [](auto rm) { return div(kOne, kNegZero, rm); }, all_modes(kNegInf, kFlagDZ));
  expect_modes(
      "sub/0", [](auto rm) { return div(kMinSub, 0, rm); }, all_modes(kInf, kFlagDZ));
  expect_modes(
      "0/0", [](auto rm) { return div(0, kNegZero, rm); }, invalid);
  expect_modes(
      "inf/inf", [](auto rm) { return div(kInf, kNegInf, rm); }, invalid);
  expect_modes(
      "inf/0", [](auto rm) { return div(kInf, 0, rm); }, all_modes(kInf));  // no DZ
  expect_modes(
      "-5/inf", [](auto rm) { return div(0xC0A00000u, kInf, rm); }, all_modes(kNegZero));
  expect_modes(
      "0/qnan", [](auto rm) { return div(0, kQNan, rm); }, all_modes(kCanonicalNan));
  expect_modes(
      "snan/0", [](auto rm) { return div(kSNan, 0, rm); }, invalid);  // NV, not DZ
}

TEST(FpDiv, RangeLimits) {
  // max / 0.5 = 2^129 - 2^105 overflows.
  expect_modes(
      "max/0.5", [](auto rm) { return div(kMax, kHalf, rm); },
      modes({kInf, kOfNx}, {kMax, kOfNx}, {kMax, kOfNx}, {kInf, kOfNx}, {kInf, kOfNx}));
  expect_modes(
      "minnorm/2", [](auto rm) { return div(kMinNorm, kTwo, rm); }, all_modes(0x00400000u));
  expect_modes(
      "minsub/2", [](auto rm) { return div(kMinSub, kTwo, rm); },
      modes({0, kUfNx}, {0, kUfNx}, {0, kUfNx}, {kMinSub, kUfNx}, {kMinSub, kUfNx}));
  // Subnormal / subnormal: 2^-148 / 2^-149 = 2.
  expect_modes(
      "sub/sub", [](auto rm) { return div(2, kMinSub, rm); }, all_modes(kTwo));
}

TEST(FpSqrt, Values) {
  expect_modes(
      "sqrt 4", [](auto rm) { return sqrt(0x40800000u, rm); }, all_modes(kTwo));
  // sqrt(2) = 1.41421356...; neighbours 0x3FB504F3 = 1.41421354 and 0x3FB504F4 = 1.41421366.
  expect_modes(
      "sqrt 2", [](auto rm) { return sqrt(kTwo, rm); },
      modes({0x3FB504F3u, 1}, {0x3FB504F3u, 1}, {0x3FB504F3u, 1}, {0x3FB504F4u, 1},
            {0x3FB504F3u, 1}));
  // sqrt(2^-148) = 2^-74 (field 53) and sqrt(2^-126) = 2^-63 (field 64): exact.
  expect_modes(
      "sqrt sub", [](auto rm) { return sqrt(2, rm); }, all_modes(0x1A800000u));
  expect_modes(
      "sqrt minnorm", [](auto rm) { return sqrt(kMinNorm, rm); }, all_modes(0x20000000u));
  expect_modes(
      "sqrt max", [](auto rm) { return sqrt(0x7F000000u, rm); },  // 2^127 -> 2^63.5
      modes({0x5F3504F3u, 1}, {0x5F3504F3u, 1}, {0x5F3504F3u, 1}, {0x5F3504F4u, 1},
            {0x5F3504F3u, 1}));
}

TEST(FpSqrt, SpecialOperands) {
  const PerMode invalid = all_modes(kCanonicalNan, kFlagNV);
  expect_modes(
      "sqrt -0", [](auto rm) { return sqrt(kNegZero, rm); }, all_modes(kNegZero));
  expect_modes(
      "sqrt +0", [](auto rm) { return sqrt(0, rm); }, all_modes(0));
  expect_modes(
      "sqrt -1", [](auto rm) { return sqrt(0xBF800000u, rm); }, invalid);
  expect_modes(
      "sqrt -minsub", [](auto rm) { return sqrt(0x80000001u, rm); }, invalid);
  expect_modes(
      "sqrt -inf", [](auto rm) { return sqrt(kNegInf, rm); }, invalid);
  expect_modes(
      "sqrt inf", [](auto rm) { return sqrt(kInf, rm); }, all_modes(kInf));
  expect_modes(
      "sqrt snan", [](auto rm) { return sqrt(kSNan, rm); }, invalid);
  expect_modes(
      "sqrt -qnan", [](auto rm) { return sqrt(kNegQNan, rm); }, all_modes(kCanonicalNan));
}

}  // namespace
}  // namespace ventus::fp::test
