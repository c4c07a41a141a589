// Randomised differential tests of add/sub/mul/div/sqrt/fma against the host x86-64 FPU
// (RNE/RTZ/RDN/RUP) and the tie-derived RMM reference, with biased operands.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "fp/differential.hpp"
#include "fp/fp.hpp"
#include "fp/random_inputs.hpp"

namespace ventus::fp::test {
namespace {

constexpr size_t kCases = 500000;

// Exponent field that puts a result of exponent-field `target` near op(a, b).
uint32_t clamp_field(int32_t f) {
  return static_cast<uint32_t>(f < 0 ? 0 : (f > 254 ? 254 : f));
}

uint32_t with_field(OperandGenerator& g, uint32_t field) {
  return (g.bits() & 0x80000000u) | (field << 23) | g.fraction();
}

// Targets for the result exponent field: the subnormal range, around the smallest
// normal, and around overflow.
int32_t boundary_target(OperandGenerator& g) {
  static constexpr std::array<int32_t, 4> kTargets = {-23, 0, 1, 254};
  return kTargets[g.below(4)] + static_cast<int32_t>(g.below(5)) - 2;
}

// Expected coverage of one differential run: which flags must occur (counts > 0) or
// must never occur (a property of the operation), and whether RMM ties and both kinds
// of rounding to the smallest normal must have been reached.
struct Coverage {
  uint8_t must_raise;
  uint8_t never_raises;
  bool ties;
  bool min_normal_boundary;
};

void expect_coverage(const char* name, const DiffReport& r, const Coverage& want) {
  std::printf(
      "%s: NX %zu UF %zu OF %zu DZ %zu NV %zu, RMM ties %zu, 2^-126 without/with UF %zu/%zu\n",
      name, r.flag_counts[0], r.flag_counts[1], r.flag_counts[2], r.flag_counts[3],
      r.flag_counts[4], r.rmm_ties, r.min_normal_inexact, r.min_normal_underflow);
  for (unsigned bit = 0; bit < 5; ++bit) {
    if ((want.must_raise >> bit & 1u) != 0) {
      EXPECT_GT(r.flag_counts[bit], 0u) << name << " flag " << bit;
    }
    if ((want.never_raises >> bit & 1u) != 0) {
      EXPECT_EQ(r.flag_counts[bit], 0u) << name << " flag " << bit;
    }
  }
  if (want.ties) {
    EXPECT_GT(r.rmm_ties, 0u) << name;
  } else {
    EXPECT_EQ(r.rmm_ties, 0u) << name;
  }
  if (want.min_normal_boundary) {
    EXPECT_GT(r.min_normal_inexact, 0u) << name;
    EXPECT_GT(r.min_normal_underflow, 0u) << name;
  }
}

constexpr uint8_t kAllFlags = 0x1F;

std::vector<Operands> additive_cases(uint64_t seed) {
  OperandGenerator g(seed);
  std::vector<Operands> cases(kCases);
  for (Operands& k : cases) {
    k.a = g.any();
    k.b = g.partner(k.a);
  }
  return cases;
}

// A first operand chosen (from b) so that a*b or a/b is within a few ulps of a
// critical value: the smallest normal, the largest finite, half the smallest subnormal.
uint32_t aimed_operand(OperandGenerator& g, uint32_t b, bool divide) {
  static constexpr std::array<double, 4> kTargets = {0x1p-126, 0x1.fffffep127, 0x1p-150,
                                                     0x1.fffffep-127};
  const double target = kTargets[g.below(4)];
  const double fb = as_float(b);
  const auto a = static_cast<float>(divide ? target * fb : target / fb);
  if (!std::isfinite(a) || a == 0) return g.any();
  return as_bits(a) + g.below(5) - 2;
}

// Multiplicative operands: a quarter of the pairs aim at a critical result value,
// another quarter at the subnormal range, the smallest normal, or overflow.
std::vector<Operands> multiplicative_cases(uint64_t seed, bool divide) {
  OperandGenerator g(seed);
  std::vector<Operands> cases(kCases);
  for (Operands& k : cases) {
    k.a = g.any();
    const uint32_t kind = g.below(4);
    if (kind <= 1) {
      k.b = g.any();
      if (kind == 1) k.a = aimed_operand(g, k.b, divide);
      continue;
    }
    const auto ea = static_cast<int32_t>((k.a >> 23) & 0xFF);
    const int32_t target = boundary_target(g);
    // product field ~ ea + eb - 127, quotient field ~ ea - eb + 127
    k.b = with_field(g, clamp_field(divide ? ea - target + 127 : target - ea + 127));
  }
  return cases;
}

TEST(FpRandom, Add) {
  const auto cases = additive_cases(1);
  const DiffReport r = run_differential(
      Op::kAdd, cases, [](const Operands& k, RoundingMode rm) { return add(k.a, k.b, rm); });
  EXPECT_EQ(r.failures, 0u);
  expect_coverage("add", r, {kFlagNX | kFlagOF | kFlagNV, kFlagUF | kFlagDZ, true, false});
}

TEST(FpRandom, Sub) {
  const auto cases = additive_cases(2);
  const DiffReport r = run_differential(
      Op::kSub, cases, [](const Operands& k, RoundingMode rm) { return sub(k.a, k.b, rm); });
  EXPECT_EQ(r.failures, 0u);
  expect_coverage("sub", r, {kFlagNX | kFlagOF | kFlagNV, kFlagUF | kFlagDZ, true, false});
}

TEST(FpRandom, Mul) {
  const auto cases = multiplicative_cases(3, false);
  const DiffReport r = run_differential(
      Op::kMul, cases, [](const Operands& k, RoundingMode rm) { return mul(k.a, k.b, rm); });
  EXPECT_EQ(r.failures, 0u);
  expect_coverage("mul", r, {kAllFlags & ~kFlagDZ, kFlagDZ, true, true});
}

TEST(FpRandom, Div) {
  const auto cases = multiplicative_cases(4, true);
  const DiffReport r = run_differential(
      Op::kDiv, cases, [](const Operands& k, RoundingMode rm) { return div(k.a, k.b, rm); });
  EXPECT_EQ(r.failures, 0u);
  expect_coverage("div", r, {kAllFlags, 0, true, true});
}

TEST(FpRandom, Sqrt) {
  OperandGenerator g(5);
  std::vector<Operands> cases(kCases);
  for (Operands& k : cases) {
    k.a = g.any();
    if (g.below(4) != 0) k.a &= ~kSignBit;  // mostly non-negative inputs
  }
  const DiffReport r = run_differential(
      Op::kSqrt, cases, [](const Operands& k, RoundingMode rm) { return sqrt(k.a, rm); });
  EXPECT_EQ(r.failures, 0u);
  expect_coverage("sqrt", r, {kFlagNX | kFlagNV, kFlagUF | kFlagOF | kFlagDZ, false, false});
}

// Addends: unrelated, of a similar magnitude to the product, or the negated rounded
// product nudged by a few ulps (massive cancellation, exact zeros, ties).
uint32_t fma_addend(OperandGenerator& g, uint32_t a, uint32_t b) {
  const uint32_t product = as_bits(as_float(a) * as_float(b));
  switch (g.below(3)) {
    case 0:
      return g.any();
    case 1:
      return g.close_to(product);
    default:
      if (is_nan(product) || is_inf(product)) return g.any();
      return (product ^ kSignBit) + g.below(5) - 2;
  }
}

TEST(FpRandom, Fma) {
  const auto products = multiplicative_cases(6, false);
  OperandGenerator g(7);
  std::vector<Operands> cases = products;
  for (Operands& k : cases) k.c = fma_addend(g, k.a, k.b);
  const DiffReport r = run_differential(Op::kFmadd, cases, [](const Operands& k, RoundingMode rm) {
    return fmadd(k.a, k.b, k.c, rm);
  });
  EXPECT_EQ(r.failures, 0u);
  expect_coverage("fma", r, {kAllFlags & ~kFlagDZ, kFlagDZ, true, true});
}

// The other three forms are fmadd with negated inputs; check that identity bit-exactly
// (negating c or the product never changes anything else, NaN results are canonical).
TEST(FpRandom, FmaFormsAreNegations) {
  OperandGenerator g(8);
  size_t failures = 0;
  for (size_t i = 0; i < kCases / 4; ++i) {
    const uint32_t a = g.any(), b = g.partner(a), c = fma_addend(g, a, b);
    for (RoundingMode rm : {RoundingMode::kRne, RoundingMode::kRdn, RoundingMode::kRmm}) {
      failures += fmsub(a, b, c, rm) != fmadd(a, b, c ^ kSignBit, rm);
      failures += fnmsub(a, b, c, rm) != fmadd(a ^ kSignBit, b, c, rm);
      failures += fnmadd(a, b, c, rm) != fmadd(a ^ kSignBit, b, c ^ kSignBit, rm);
    }
  }
  EXPECT_EQ(failures, 0u);
}

}  // namespace
}  // namespace ventus::fp::test
