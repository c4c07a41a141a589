// Hand-derived edge cases for the four fused multiply-add forms and the int<->float
// conversions, in every rounding mode.
#include <gtest/gtest.h>

#include "fp/fp.hpp"
#include "fp/test_util.hpp"

namespace ventus::fp::test {
namespace {

constexpr uint32_t kThree = 0x40400000u;
constexpr uint32_t kNegOne = 0xBF800000u;

TEST(FpFma, SingleRounding) {
  // a = 1 + 2^-12: a*a = 1 + 2^-11 + 2^-24 exactly. fma(a, a, -1) = 2^-11 * (1 + 2^-13)
  // (0x3A000400) exactly, whereas rounding a*a first (a tie, to even: 1 + 2^-11) and then
  // subtracting 1 would give 2^-11 (0x3A000000).
  const uint32_t a = 0x3F800800u;
  expect_modes(
      "fmadd(a,a,-1)", [&](auto rm) { return fmadd(a, a, kNegOne, rm); }, all_modes(0x3A000400u));
  expect_modes(
      "fmsub(a,a,1)", [&](auto rm) { return fmsub(a, a, kOne, rm); }, all_modes(0x3A000400u));
  expect_modes(
      "fnmsub(a,a,1)", [&](auto rm) { return fnmsub(a, a, kOne, rm); }, all_modes(0xBA000400u));
  // 2*max - max = max exactly: the intermediate product must not overflow.
  expect_modes(
      "no intermediate overflow", [](auto rm) { return fmsub(kMax, kTwo, kMax, rm); },
      all_modes(kMax));
  // (1+2^-23)^2 - 1 = 2^-22 * (1 + 2^-24): a tie between 2^-22 (0x34800000, even) and
  // 0x34800001 that exists only because the product was not rounded first.
  expect_modes(
      "fma tie tail", [](auto rm) { return fmadd(0x3F800001u, 0x3F800001u, kNegOne, rm); },
      modes({0x34800000u, 1}, {0x34800000u, 1}, {0x34800000u, 1}, {0x34800001u, 1},
            {0x34800001u, 1}));
  // 1*1 + 2^-24: the exact tie of FpAdd, reached through the fused path.
  expect_modes(
      "fma tie", [](auto rm) { return fmadd(kOne, kOne, 0x33800000u, rm); },
      modes({kOne, 1}, {kOne, 1}, {kOne, 1}, {0x3F800001u, 1}, {0x3F800001u, 1}));
  // 1*1 + 2^-100: only a sticky bit of the addend survives.
  expect_modes(
      "fma sticky", [](auto rm) { return fmadd(kOne, kOne, 0x0D800000u, rm); },
      modes({kOne, 1}, {kOne, 1}, {kOne, 1}, {0x3F800001u, 1}, {kOne, 1}));
  // 2^-100 * 2^-100 - 1: tiny product below a big negative addend.
  expect_modes(
      "fma tiny product", [](auto rm) { return fmadd(0x0D800000u, 0x0D800000u, kNegOne, rm); },
      modes({kNegOne, 1}, {0xBF7FFFFFu, 1}, {kNegOne, 1}, {0xBF7FFFFFu, 1}, {kNegOne, 1}));
}

TEST(FpFma, Forms) {
  // 1*2 with addend 3 in the four forms: 5, -1, 1, -5.
  expect_modes(
      "fmadd", [](auto rm) { return fmadd(kOne, kTwo, kThree, rm); }, all_modes(0x40A00000u));
  expect_modes(
      "fmsub", [](auto rm) { return fmsub(kOne, kTwo, kThree, rm); }, all_modes(kNegOne));
  expect_modes(
      "fnmsub", [](auto rm) { return fnmsub(kOne, kTwo, kThree, rm); }, all_modes(kOne));
  expect_modes(
      "fnmadd", [](auto rm) { return fnmadd(kOne, kTwo, kThree, rm); }, all_modes(0xC0A00000u));
}

TEST(FpFma, SignedZeros) {
  const PerMode cancel = modes({0, 0}, {0, 0}, {kNegZero, 0}, {0, 0}, {0, 0});
  expect_modes(
      "+0*1 + -0", [](auto rm) { return fmadd(0, kOne, kNegZero, rm); }, cancel);
  expect_modes(
      "-0*1 + -0", [](auto rm) { return fmadd(kNegZero, kOne, kNegZero, rm); },
      all_modes(kNegZero));
  expect_modes(
      "fmsub +0*1 - +0", [](auto rm) { return fmsub(0, kOne, 0, rm); }, cancel);
  expect_modes(
      "fnmadd -(+0) - +0", [](auto rm) { return fnmadd(0, kOne, 0, rm); }, all_modes(kNegZero));
  expect_modes(
      "fnmsub -(+0) + +0", [](auto rm) { return fnmsub(0, kOne, 0, rm); }, cancel);
  expect_modes(
      "1*1 - 1", [](auto rm) { return fmadd(kOne, kOne, kNegOne, rm); }, cancel);
  // Zero product: the addend comes back exactly (subnormal included, negated by fmsub).
  expect_modes(
      "0*x + sub", [](auto rm) { return fmsub(0, kMax, kMinSub, rm); }, all_modes(0x80000001u));
}

TEST(FpFma, SpecialOperands) {
  const PerMode invalid = all_modes(kCanonicalNan, kFlagNV);
  // RISC-V: inf * 0 is invalid even when the addend is a quiet NaN.
  expect_modes(
      "inf*0+qnan", [](auto rm) { return fmadd(kInf, 0, kQNan, rm); }, invalid);
  expect_modes(
      "0*-inf+1", [](auto rm) { return fmadd(0, kNegInf, kOne, rm); }, invalid);
  expect_modes(
      "qnan*0+1", [](auto rm) { return fmadd(kQNan, 0, kOne, rm); }, all_modes(kCanonicalNan));
  expect_modes(
      "1*1+snan", [](auto rm) { return fmadd(kOne, kOne, kSNan, rm); }, invalid);
  expect_modes(
      "inf*2-inf", [](auto rm) { return fmadd(kInf, kTwo, kNegInf, rm); }, invalid);
  expect_modes(
      "fmsub inf*2-inf", [](auto rm) { return fmsub(kInf, kTwo, kInf, rm); }, invalid);
  expect_modes(
      "inf*2+inf", [](auto rm) { return fmadd(kInf, kTwo, kInf, rm); }, all_modes(kInf));
  expect_modes(
      "fnmadd inf*2+(-inf)", [](auto rm) { return fnmadd(kInf, kTwo, kInf, rm); },
      all_modes(kNegInf));
  expect_modes(
      "max*max-inf", [](auto rm) { return fmadd(kMax, kMax, kNegInf, rm); }, all_modes(kNegInf));
  expect_modes(
      "max*max+max", [](auto rm) { return fmadd(kMax, kMax, kMax, rm); },
      modes({kInf, kOfNx}, {kMax, kOfNx}, {kMax, kOfNx}, {kInf, kOfNx}, {kInf, kOfNx}));
  // Underflow through the fused path: (1 - 2^-24) * 2^-126 + 0 (see FpMul).
  expect_modes(
      "fma tiny", [](auto rm) { return fmadd(0x3F7FFFFFu, kMinNorm, 0, rm); },
      modes({kMinNorm, kUfNx}, {kMaxSub, kUfNx}, {kMaxSub, kUfNx}, {kMinNorm, kUfNx},
            {kMinNorm, kUfNx}));
}

TEST(FpCvtWS, RoundingModes) {
  auto w = [](uint32_t a) { return [a](auto rm) { return fcvt_w_s(a, rm); }; };
  constexpr uint32_t kM1 = 0xFFFFFFFFu, kM2 = 0xFFFFFFFEu, kM3 = 0xFFFFFFFDu;
  expect_modes("1.5", w(0x3FC00000u), modes({2, 1}, {1, 1}, {1, 1}, {2, 1}, {2, 1}));
  expect_modes("2.5", w(0x40200000u), modes({2, 1}, {2, 1}, {2, 1}, {3, 1}, {3, 1}));
  expect_modes("-2.5", w(0xC0200000u), modes({kM2, 1}, {kM2, 1}, {kM3, 1}, {kM2, 1}, {kM3, 1}));
  expect_modes("-0.5", w(0xBF000000u), modes({0, 1}, {0, 1}, {kM1, 1}, {0, 1}, {kM1, 1}));
  expect_modes("0.5", w(kHalf), modes({0, 1}, {0, 1}, {0, 1}, {1, 1}, {1, 1}));
  expect_modes("-0", w(kNegZero), all_modes(0));
  expect_modes("minsub", w(kMinSub), modes({0, 1}, {0, 1}, {0, 1}, {1, 1}, {0, 1}));
  expect_modes("-minsub", w(0x80000001u), modes({0, 1}, {0, 1}, {kM1, 1}, {0, 1}, {0, 1}));
}

TEST(FpCvtWS, Saturation) {
  auto w = [](uint32_t a) { return [a](auto rm) { return fcvt_w_s(a, rm); }; };
  expect_modes("2^31", w(0x4F000000u), all_modes(0x7FFFFFFFu, kFlagNV));
  expect_modes("-2^31", w(0xCF000000u), all_modes(0x80000000u));
  expect_modes("2^31-128", w(0x4EFFFFFFu), all_modes(0x7FFFFF80u));
  expect_modes("-2^31-256", w(0xCF000001u), all_modes(0x80000000u, kFlagNV));
  expect_modes("inf", w(kInf), all_modes(0x7FFFFFFFu, kFlagNV));
  expect_modes("-inf", w(kNegInf), all_modes(0x80000000u, kFlagNV));
  expect_modes("qnan", w(kQNan), all_modes(0x7FFFFFFFu, kFlagNV));
  expect_modes("-qnan", w(kNegQNan), all_modes(0x7FFFFFFFu, kFlagNV));
  expect_modes("max", w(kMax), all_modes(0x7FFFFFFFu, kFlagNV));
}

TEST(FpCvtWuS, RoundingAndSaturation) {
  auto wu = [](uint32_t a) { return [a](auto rm) { return fcvt_wu_s(a, rm); }; };
  // Negative values that round to 0 are merely inexact; those that round to -1 invalid.
  expect_modes("-0.5", wu(0xBF000000u), modes({0, 1}, {0, 1}, {0, kFlagNV}, {0, 1}, {0, kFlagNV}));
  expect_modes("-0.25", wu(0xBE800000u), modes({0, 1}, {0, 1}, {0, kFlagNV}, {0, 1}, {0, 1}));
  expect_modes("-1", wu(kNegOne), all_modes(0, kFlagNV));
  expect_modes("-0", wu(kNegZero), all_modes(0));
  expect_modes("2^32-256", wu(0x4F7FFFFFu), all_modes(0xFFFFFF00u));
  expect_modes("2^32", wu(0x4F800000u), all_modes(0xFFFFFFFFu, kFlagNV));
  expect_modes("2^31", wu(0x4F000000u), all_modes(0x80000000u));
  expect_modes("inf", wu(kInf), all_modes(0xFFFFFFFFu, kFlagNV));
  expect_modes("-inf", wu(kNegInf), all_modes(0, kFlagNV));
  expect_modes("qnan", wu(kNegQNan), all_modes(0xFFFFFFFFu, kFlagNV));
  expect_modes("snan", wu(kSNan), all_modes(0xFFFFFFFFu, kFlagNV));
  expect_modes("2.5", wu(0x40200000u), modes({2, 1}, {2, 1}, {2, 1}, {3, 1}, {3, 1}));
}

TEST(FpCvtSW, Rounding) {
  auto sw = [](uint32_t x) { return [x](auto rm) { return fcvt_s_w(x, rm); }; };
  auto swu = [](uint32_t x) { return [x](auto rm) { return fcvt_s_wu(x, rm); }; };
  // 2^24 + 1 is halfway between 2^24 (0x4B800000, even) and 2^24 + 2 (0x4B800001).
  expect_modes("2^24+1", sw(16777217u),
               modes({0x4B800000u, 1}, {0x4B800000u, 1}, {0x4B800000u, 1}, {0x4B800001u, 1},
                     {0x4B800001u, 1}));
  expect_modes("-(2^24+1)", sw(0u - 16777217u),
               modes({0xCB800000u, 1}, {0xCB800000u, 1}, {0xCB800001u, 1}, {0xCB800000u, 1},
                     {0xCB800001u, 1}));
  // 2^24 + 3 is halfway between 0x4B800001 (odd) and 0x4B800002: RNE rounds up.
  expect_modes("2^24+3", sw(16777219u),
               modes({0x4B800002u, 1}, {0x4B800001u, 1}, {0x4B800001u, 1}, {0x4B800002u, 1},
                     {0x4B800002u, 1}));
  expect_modes("INT_MIN", sw(0x80000000u), all_modes(0xCF000000u));
  expect_modes("INT_MAX", sw(0x7FFFFFFFu),
               modes({0x4F000000u, 1}, {0x4EFFFFFFu, 1}, {0x4EFFFFFFu, 1}, {0x4F000000u, 1},
                     {0x4F000000u, 1}));
  expect_modes("0", sw(0), all_modes(0));
  expect_modes("-1", sw(0xFFFFFFFFu), all_modes(kNegOne));
  expect_modes("u 0xFFFFFFFF", swu(0xFFFFFFFFu),
               modes({0x4F800000u, 1}, {0x4F7FFFFFu, 1}, {0x4F7FFFFFu, 1}, {0x4F800000u, 1},
                     {0x4F800000u, 1}));
  expect_modes("u 2^31", swu(0x80000000u), all_modes(0x4F000000u));
  expect_modes("u 0", swu(0), all_modes(0));
}

}  // namespace
}  // namespace ventus::fp::test
