// Hand-derived cases for fp min/max, comparisons, fclass, sign injection, rounding-mode
// resolution and vfexp.
#include <gtest/gtest.h>

#include "fp/fp.hpp"
#include "fp/test_util.hpp"

namespace ventus::fp::test {
namespace {

constexpr uint32_t kNegOne = 0xBF800000u;
constexpr uint32_t kNegTwo = 0xC0000000u;

TEST(FpMinMax, SignedZerosAndOrder) {
  EXPECT_EQ(fmin(0, kNegZero), (FpResult{kNegZero, 0}));
  EXPECT_EQ(fmin(kNegZero, 0), (FpResult{kNegZero, 0}));
  EXPECT_EQ(fmax(kNegZero, 0), (FpResult{0, 0}));
  EXPECT_EQ(fmax(0, kNegZero), (FpResult{0, 0}));
  EXPECT_EQ(fmin(kOne, kTwo), (FpResult{kOne, 0}));
  EXPECT_EQ(fmin(kNegOne, kNegTwo), (FpResult{kNegTwo, 0}));
  EXPECT_EQ(fmax(kNegOne, kNegTwo), (FpResult{kNegOne, 0}));
  EXPECT_EQ(fmin(kNegInf, kMax), (FpResult{kNegInf, 0}));
  EXPECT_EQ(fmax(kInf, kMax), (FpResult{kInf, 0}));
  EXPECT_EQ(fmin(kMinSub, 0), (FpResult{0, 0}));
  EXPECT_EQ(fmax(0x80000001u, kNegZero), (FpResult{kNegZero, 0}));
}

TEST(FpMinMax, NaNs) {
  // One NaN: the other operand, bit for bit; NV only when a NaN is signaling.
  EXPECT_EQ(fmin(kQNan, kNegOne), (FpResult{kNegOne, 0}));
  EXPECT_EQ(fmax(kNegOne, kQNan), (FpResult{kNegOne, 0}));
  EXPECT_EQ(fmin(kSNan, kOne), (FpResult{kOne, kFlagNV}));
  EXPECT_EQ(fmax(kMinSub, kSNan), (FpResult{kMinSub, kFlagNV}));
  EXPECT_EQ(fmax(kNegQNan, kNegZero), (FpResult{kNegZero, 0}));
  // Two NaNs: the canonical NaN.
  EXPECT_EQ(fmin(kQNan, kNegQNan), (FpResult{kCanonicalNan, 0}));
  EXPECT_EQ(fmax(kSNan, kQNan), (FpResult{kCanonicalNan, kFlagNV}));
}

TEST(FpCompare, QuietEquality) {
  EXPECT_EQ(feq(0, kNegZero), (FpResult{1, 0}));
  EXPECT_EQ(feq(kOne, kOne), (FpResult{1, 0}));
  EXPECT_EQ(feq(kOne, 0x3F800001u), (FpResult{0, 0}));
  EXPECT_EQ(feq(kInf, kInf), (FpResult{1, 0}));
  EXPECT_EQ(feq(kQNan, kQNan), (FpResult{0, 0}));
  EXPECT_EQ(feq(kOne, kNegQNan), (FpResult{0, 0}));
  EXPECT_EQ(feq(kSNan, kOne), (FpResult{0, kFlagNV}));
  EXPECT_EQ(feq(kQNan, kSNan), (FpResult{0, kFlagNV}));
}

TEST(FpCompare, SignalingOrder) {
  EXPECT_EQ(flt(kNegOne, kOne), (FpResult{1, 0}));
  EXPECT_EQ(flt(kNegTwo, kNegOne), (FpResult{1, 0}));
  EXPECT_EQ(flt(kNegOne, kNegTwo), (FpResult{0, 0}));
  EXPECT_EQ(flt(kOne, kOne), (FpResult{0, 0}));
  EXPECT_EQ(fle(kOne, kOne), (FpResult{1, 0}));
  EXPECT_EQ(flt(kNegZero, 0), (FpResult{0, 0}));
  EXPECT_EQ(fle(0, kNegZero), (FpResult{1, 0}));
  EXPECT_EQ(flt(kNegInf, kInf), (FpResult{1, 0}));
  EXPECT_EQ(fle(kInf, kInf), (FpResult{1, 0}));
  EXPECT_EQ(flt(kMinSub, kMinNorm), (FpResult{1, 0}));
  EXPECT_EQ(fle(kMax, kMinSub), (FpResult{0, 0}));
  // Any NaN, quiet or not, is invalid for flt/fle.
  EXPECT_EQ(flt(kQNan, kOne), (FpResult{0, kFlagNV}));
  EXPECT_EQ(fle(kOne, kNegQNan), (FpResult{0, kFlagNV}));
  EXPECT_EQ(fle(kSNan, kSNan), (FpResult{0, kFlagNV}));
}

TEST(FpClass, EveryClass) {
  EXPECT_EQ(fclass(kNegInf), 1u << 0);
  EXPECT_EQ(fclass(kNegOne), 1u << 1);
  EXPECT_EQ(fclass(0x80800000u), 1u << 1);  // -min normal
  EXPECT_EQ(fclass(0x807FFFFFu), 1u << 2);  // -max subnormal
  EXPECT_EQ(fclass(kNegZero), 1u << 3);
  EXPECT_EQ(fclass(0), 1u << 4);
  EXPECT_EQ(fclass(kMinSub), 1u << 5);
  EXPECT_EQ(fclass(kMax), 1u << 6);
  EXPECT_EQ(fclass(kInf), 1u << 7);
  EXPECT_EQ(fclass(kSNan), 1u << 8);
  EXPECT_EQ(fclass(0xFFBFFFFFu), 1u << 8);  // negative sNaN, largest payload
  EXPECT_EQ(fclass(kCanonicalNan), 1u << 9);
  EXPECT_EQ(fclass(kNegQNan), 1u << 9);
}

TEST(FpSignInjection, BitOperationsOnly) {
  EXPECT_EQ(fsgnj(kOne, kNegZero), kNegOne);
  EXPECT_EQ(fsgnj(kNegOne, 0), kOne);
  EXPECT_EQ(fsgnjn(kOne, kOne), kNegOne);     // fneg
  EXPECT_EQ(fsgnjx(kNegOne, kNegOne), kOne);  // fabs
  EXPECT_EQ(fsgnjx(kOne, kNegTwo), kNegOne);
  // NaNs pass through untouched, signaling ones included.
  EXPECT_EQ(fsgnj(kSNan, kNegOne), 0xFF800001u);
  EXPECT_EQ(fsgnjn(kQNan, kQNan), 0xFFC01234u);
  EXPECT_EQ(fsgnjx(kNegQNan, kNegOne), 0x7FC00000u);
}

TEST(FpRoundingMode, Resolution) {
  EXPECT_EQ(resolve_rounding_mode(0, 3), RoundingMode::kRne);
  EXPECT_EQ(resolve_rounding_mode(4, 0), RoundingMode::kRmm);
  EXPECT_EQ(resolve_rounding_mode(7, 3), RoundingMode::kRup);
  EXPECT_EQ(resolve_rounding_mode(7, 1), RoundingMode::kRtz);
  EXPECT_FALSE(resolve_rounding_mode(5, 0).has_value());
  EXPECT_FALSE(resolve_rounding_mode(6, 0).has_value());
  EXPECT_FALSE(resolve_rounding_mode(7, 5).has_value());
  EXPECT_FALSE(resolve_rounding_mode(7, 6).has_value());
  EXPECT_FALSE(resolve_rounding_mode(7, 7).has_value());
  EXPECT_TRUE(is_valid_rounding_mode(4));
  EXPECT_FALSE(is_valid_rounding_mode(5));
}

TEST(FpExp, HostLibmSemantics) {
  EXPECT_EQ(fexp(0), kOne);
  EXPECT_EQ(fexp(kNegZero), kOne);
  EXPECT_EQ(fexp(kOne), 0x402DF854u);  // e = 2.7182818..., nearest float 2.71828175
  EXPECT_EQ(fexp(kNegInf), 0u);
  EXPECT_EQ(fexp(kInf), kInf);
  EXPECT_EQ(fexp(0x42C80000u), kInf);  // e^100 overflows float (not double)
  // e^-100 = 3.72e-44 = 26.55 * 2^-149: a subnormal float after rounding the double.
  EXPECT_EQ(fexp(0xC2C80000u), 27u);
  EXPECT_TRUE(is_nan(fexp(kQNan)));
}

}  // namespace
}  // namespace ventus::fp::test
