// Tests for RVV integer rows: RISC-V division edge results, mulh variants, shifts, regext.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

constexpr uint32_t kIntMin = 0x80000000u;
constexpr uint32_t kAllOnes = 0xFFFFFFFFu;

// Lane-wise (vs2, vs1) pairs covering division by zero and INT_MIN / -1.
void load_div_operands(Harness& h) {
  h.set_lanes(2, {7, kIntMin, 0xFFFFFFF9 /* -7 */, 7, kIntMin, 0, 100, 0xFFFFFFF9});
  h.set_lanes(1, {0, kAllOnes, 2, 0xFFFFFFFE /* -2 */, 0, 0, 7, 0xFFFFFFFE});
}

TEST(RvvDiv, SignedDivisionEdgeCases) {
  Harness h;
  load_div_operands(h);
  ASSERT_TRUE(h.run(enc("vdiv.vv", {3, 2, 1, 1})));
  const uint32_t quotient[8] = {kAllOnes, kIntMin,  0xFFFFFFFD, 0xFFFFFFFD,
                                kAllOnes, kAllOnes, 14,         3};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(h.v(3).lane[i], quotient[i]) << i;
  ASSERT_TRUE(h.run(enc("vrem.vv", {3, 2, 1, 1})));
  const uint32_t remainder[8] = {7, 0, 0xFFFFFFFF, 1, kIntMin, 0, 2, 0xFFFFFFFF};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(h.v(3).lane[i], remainder[i]) << i;
}

TEST(RvvDiv, UnsignedDivisionByZero) {
  Harness h;
  load_div_operands(h);
  ASSERT_TRUE(h.run(enc("vdivu.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], kAllOnes);
  EXPECT_EQ(h.v(3).lane[1], 0u);           // 0x80000000 / 0xFFFFFFFF
  EXPECT_EQ(h.v(3).lane[2], 0x7FFFFFFCu);  // 0xFFFFFFF9 / 2
  EXPECT_EQ(h.v(3).lane[5], kAllOnes);     // 0 / 0
  ASSERT_TRUE(h.run(enc("vremu.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 7u);
  EXPECT_EQ(h.v(3).lane[1], kIntMin);
  EXPECT_EQ(h.v(3).lane[2], 1u);
  EXPECT_EQ(h.v(3).lane[4], kIntMin);
  h.warp.x[5] = 0;  // .vx with a zero scalar divisor
  ASSERT_TRUE(h.run(enc("vdivu.vx", {4, 2, 5, 1})));
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(h.v(4).lane[i], kAllOnes);
  ASSERT_TRUE(h.run(enc("vrem.vx", {4, 2, 5, 1})));
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(h.v(4).lane[i], h.v(2).lane[i]);
}

TEST(RvvMul, HighHalfVariants) {
  Harness h(4);
  h.set_lanes(2, {kAllOnes, kIntMin, 0x12345678, kAllOnes});
  h.set_lanes(1, {kAllOnes, kIntMin, 0x10, 2});
  ASSERT_TRUE(h.run(enc("vmulh.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0u);           // (-1)(-1) = 1
  EXPECT_EQ(h.v(3).lane[1], 0x40000000u);  // 2^62
  EXPECT_EQ(h.v(3).lane[2], 0x1u);
  EXPECT_EQ(h.v(3).lane[3], kAllOnes);  // -2
  ASSERT_TRUE(h.run(enc("vmulhu.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0xFFFFFFFEu);
  EXPECT_EQ(h.v(3).lane[1], 0x40000000u);
  EXPECT_EQ(h.v(3).lane[3], 1u);
  ASSERT_TRUE(h.run(enc("vmulhsu.vv", {3, 2, 1, 1})));  // vs2 signed, vs1 unsigned
  EXPECT_EQ(h.v(3).lane[0], kAllOnes);                  // -1 * (2^32-1) = -(2^32-1)
  EXPECT_EQ(h.v(3).lane[1], 0xC0000000u);               // -2^31 * 2^31 = -2^62
  EXPECT_EQ(h.v(3).lane[3], kAllOnes);                  // -1 * 2
  ASSERT_TRUE(h.run(enc("vmul.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[2], 0x23456780u);
}

TEST(RvvShift, AmountsUseLowFiveBits) {
  Harness h(4);
  h.set_lanes(2, {0x80000001, 0x80000001, 0x80000001, 0x80000001});
  h.set_lanes(1, {1, 32, 33, 63});
  ASSERT_TRUE(h.run(enc("vsll.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 2u);
  EXPECT_EQ(h.v(3).lane[1], 0x80000001u);  // 32 & 31 = 0
  EXPECT_EQ(h.v(3).lane[2], 2u);
  EXPECT_EQ(h.v(3).lane[3], kIntMin);
  ASSERT_TRUE(h.run(enc("vsra.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0xC0000000u);
  EXPECT_EQ(h.v(3).lane[3], kAllOnes);
  ASSERT_TRUE(h.run(enc("vsrl.vi", {3, 2, 31, 1})));
  EXPECT_EQ(h.v(3).lane[0], 1u);
  h.warp.x[6] = 36;
  ASSERT_TRUE(h.run(enc("vsrl.vx", {3, 2, 6, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0x08000000u);
}

TEST(RvvArith, AddSubMinMaxLogic) {
  Harness h(4);
  h.set_lanes(2, {5, kIntMin, kAllOnes, 0});
  h.set_lanes(1, {3, 1, 1, kAllOnes});
  ASSERT_TRUE(h.run(enc("vsub.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 2u);
  EXPECT_EQ(h.v(3).lane[1], 0x7FFFFFFFu);
  ASSERT_TRUE(h.run(enc("vrsub.vi", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0xFFFFFFFCu);  // 1 - 5
  ASSERT_TRUE(h.run(enc("vmin.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[1], kIntMin);
  EXPECT_EQ(h.v(3).lane[3], kAllOnes);
  ASSERT_TRUE(h.run(enc("vmaxu.vv", {3, 2, 1, 1})));
  EXPECT_EQ(h.v(3).lane[1], kIntMin);
  EXPECT_EQ(h.v(3).lane[3], kAllOnes);
  ASSERT_TRUE(h.run(enc("vxor.vi", {3, 2, -1, 1})));  // vnot.v
  EXPECT_EQ(h.v(3).lane[0], ~5u);
}

// Multiply-add: the accumulator/multiplicand is vd (§5.5), LLVM operand order "vd, vs1, vs2".
TEST(RvvMulAdd, AccumulatorIsVd) {
  Harness h(4);
  h.fill(1, 3);   // vs1
  h.fill(2, 10);  // vs2
  h.fill(3, 100);
  ASSERT_TRUE(h.run(enc("vmacc.vv", {3, 1, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0], 130u);  // 3*10 + 100
  ASSERT_TRUE(h.run(enc("vnmsac.vv", {3, 1, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0], 100u);  // 130 - 30
  ASSERT_TRUE(h.run(enc("vmadd.vv", {3, 1, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0], 310u);  // 3*100 + 10
  h.warp.x[7] = 2;
  ASSERT_TRUE(h.run(enc("vnmsub.vx", {3, 7, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0], static_cast<uint32_t>(10 - 2 * 310));
}

// regext prefixes (§5.5): vd/vs1/vs2 get +32·prefix; vmv.v.x v0, x4 after "regext 1" is v32.
TEST(RvvRegext, VectorOperandsAboveV31) {
  Harness h(4);
  h.fill(33, 4);
  h.fill(66, 6);
  h.warp.ext = RegExt{1, 1, 2, 0, 0, false, true};
  ASSERT_TRUE(h.run(enc("vadd.vv", {8, 2, 1, 1})));  // v40 = v66 + v33
  EXPECT_EQ(h.v(40).lane[3], 10u);
  EXPECT_TRUE(h.wrote(RegWrite::Kind::V, 40));
  EXPECT_EQ(h.v(8).lane[3], 0u);
  h.warp.ext = RegExt{1, 0, 0, 0, 0, false, true};
  h.warp.x[4] = 0x44;
  ASSERT_TRUE(h.run(enc("vmv.v.x", {0, 4})));
  EXPECT_EQ(h.v(32).lane[0], 0x44u);
  EXPECT_EQ(h.v(0).lane[0], 0u);
}

// regexti widens a .vi immediate to imm6 ‖ imm5: signed by default, zero-extended in REF (C30).
TEST(RvvRegext, RegextiImmediate) {
  Harness h(4);
  h.fill(2, 0);
  h.warp.ext = RegExt{0, 0, 0, 0, 0x3F, true, true};
  ASSERT_TRUE(h.run(enc("vadd.vi", {3, 2, -1, 1})));  // 11 bits all ones
  EXPECT_EQ(h.v(3).lane[0], kAllOnes);
  h.mode = Mode::RefCompat;
  ASSERT_TRUE(h.run(enc("vadd.vi", {3, 2, -1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0x7FFu);
  h.mode = Mode::Default;
  h.warp.ext = RegExt{0, 0, 0, 0, 0x01, true, true};
  ASSERT_TRUE(h.run(enc("vadd.vi", {3, 2, 3, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0x23u);
}

TEST(RvvInt, MaskedOffLanesKeepValues) {
  Harness h(8);
  h.warp.mask = 0b10000001;
  h.fill(2, 1);
  h.fill(3, 0x5555);
  ASSERT_TRUE(h.run(enc("vadd.vx", {3, 2, 0, 1})));
  for (unsigned i = 0; i < 8; ++i) {
    EXPECT_EQ(h.v(3).lane[i], (i == 0 || i == 7) ? 1u : 0x5555u) << i;
  }
}

}  // namespace
}  // namespace ventus::functional::testing
