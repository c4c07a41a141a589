// Tests for scalar F rows on the aliased x/f file: static/dynamic rounding, traps, converts, moves.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"
#include "isa/names.hpp"

namespace ventus::functional::testing {
namespace {

constexpr uint32_t kOne = 0x3F800000, kThree = 0x40400000, kMinusOne = 0xBF800000;
constexpr uint32_t kQNan = 0x7FC00000, kPayloadNan = 0x7FC12345;
constexpr uint32_t kNV = 0x10, kNX = 0x01;

TEST(Rv32f, StaticRoundingModeOverridesFrm) {
  Harness h;
  h.warp.x[5] = kOne;
  h.warp.x[6] = kThree;
  h.warp.frm = 0;
  ASSERT_TRUE(h.run(enc("fdiv.s", {7, 5, 6, 1})));  // rm = RTZ
  EXPECT_EQ(h.warp.x[7], 0x3EAAAAAAu);
  EXPECT_TRUE(h.wrote(RegWrite::Kind::F, 7));
  EXPECT_EQ(h.warp.fflags, kNX);
  EXPECT_EQ(h.csr_write(isa::csr::kFflags), kNX);
  h.warp.frm = 3;  // dynamic: RUP
  ASSERT_TRUE(h.run(enc("fdiv.s", {7, 5, 6, 7})));
  EXPECT_EQ(h.warp.x[7], 0x3EAAAAABu);
  ASSERT_TRUE(h.run(enc("fdiv.s", {7, 5, 6, 0})));  // static RNE
  EXPECT_EQ(h.warp.x[7], 0x3EAAAAABu);
  ASSERT_TRUE(h.run(enc("fdiv.s", {7, 5, 6, 2})));  // static RDN
  EXPECT_EQ(h.warp.x[7], 0x3EAAAAAAu);
}

TEST(Rv32f, ReservedRoundingModesAreIllegal) {
  Harness h;
  h.warp.x[7] = 0x1234;
  const uint32_t word = enc("fadd.s", {7, 5, 6, 0}) | (5u << 12);  // rm field 5
  EXPECT_FALSE(h.run(word));
  EXPECT_EQ(h.trap.kind, TrapKind::IllegalInstruction);
  h.warp.frm = 6;
  EXPECT_FALSE(h.run(enc("fadd.s", {7, 5, 6, 7})));
  EXPECT_EQ(h.trap.kind, TrapKind::IllegalInstruction);
  EXPECT_EQ(h.warp.x[7], 0x1234u);
  // Rows without an rm field ignore an invalid frm.
  h.warp.x[5] = kOne;
  h.warp.x[6] = kMinusOne;
  ASSERT_TRUE(h.run(enc("fmin.s", {7, 5, 6})));
  EXPECT_EQ(h.warp.x[7], kMinusOne);
}

TEST(Rv32f, ConvertSaturationAndCompareDestinations) {
  Harness h;
  h.warp.x[5] = 0xCF000001;  // -2^31 - 256: below INT_MIN
  ASSERT_TRUE(h.run(enc("fcvt.w.s", {8, 5, 1})));
  EXPECT_EQ(h.warp.x[8], 0x80000000u);
  EXPECT_TRUE(h.wrote(RegWrite::Kind::X, 8));
  EXPECT_EQ(h.warp.fflags, kNV);
  h.warp.x[5] = kPayloadNan;
  ASSERT_TRUE(h.run(enc("fcvt.wu.s", {8, 5, 1})));
  EXPECT_EQ(h.warp.x[8], 0xFFFFFFFFu);
  h.warp.x[5] = 0xFFFFFFFF;
  ASSERT_TRUE(h.run(enc("fcvt.s.wu", {8, 5, 1})));  // RTZ: 2^32 - 1 -> largest float below
  EXPECT_EQ(h.warp.x[8], 0x4F7FFFFFu);
  h.warp.x[5] = kQNan;
  h.warp.x[6] = kOne;
  h.warp.fflags = 0;
  ASSERT_TRUE(h.run(enc("feq.s", {9, 5, 6})));
  EXPECT_EQ(h.warp.x[9], 0u);
  EXPECT_EQ(h.warp.fflags, 0u);
  ASSERT_TRUE(h.run(enc("fle.s", {9, 5, 6})));
  EXPECT_EQ(h.warp.fflags, kNV);
  ASSERT_TRUE(h.run(enc("fclass.s", {9, 6})));
  EXPECT_EQ(h.warp.x[9], 1u << 6);
}

TEST(Rv32f, FusedMultiplyAddFormsUseRs3) {
  Harness h;
  h.warp.x[1] = 0x3F800800;  // 1 + 2^-12
  h.warp.x[2] = 0x3F800800;
  h.warp.x[3] = kMinusOne;
  ASSERT_TRUE(h.run(enc("fmadd.s", {4, 1, 2, 3, 7})));
  EXPECT_EQ(h.warp.x[4], 0x3A000400u);  // single rounding of 2^-11 + 2^-24
  ASSERT_TRUE(h.run(enc("fnmadd.s", {4, 1, 2, 3, 7})));
  EXPECT_EQ(h.warp.x[4], 0xBA000400u);              // -(a*b) - c
  h.warp.ext = RegExt{1, 0, 0, 1, 0, false, true};  // rd and rs3 prefixes: x36 = a*b - x35
  h.warp.x[35] = kOne;
  ASSERT_TRUE(h.run(enc("fmsub.s", {4, 1, 2, 3, 7})));
  EXPECT_EQ(h.warp.x[36], 0x3A000400u);
}

TEST(Rv32f, MovesAndSignInjectionKeepBitsAndLoadsStoreThroughMemory) {
  Harness h;
  h.warp.x[5] = kPayloadNan;
  ASSERT_TRUE(h.run(enc("fmv.x.w", {6, 5})));
  EXPECT_EQ(h.warp.x[6], kPayloadNan);
  ASSERT_TRUE(h.run(enc("fsgnjn.s", {6, 5, 5})));
  EXPECT_EQ(h.warp.x[6], 0xFFC12345u);
  ASSERT_TRUE(h.run(enc("fmv.w.x", {7, 5})));
  EXPECT_TRUE(h.wrote(RegWrite::Kind::F, 7));
  h.warp.x[10] = kBuf + 0x100;
  ASSERT_TRUE(h.run(enc("fsw", {5, -4, 10})));
  EXPECT_EQ(h.read32(kBuf + 0xFC), kPayloadNan);
  ASSERT_TRUE(h.run(enc("flw", {11, -4, 10})));
  EXPECT_EQ(h.warp.x[11], kPayloadNan);
  EXPECT_TRUE(h.wrote(RegWrite::Kind::F, 11));
  EXPECT_FALSE(h.run(enc("flw", {11, 2, 10})));
  EXPECT_EQ(h.trap.kind, TrapKind::MisalignedAccess);
}

}  // namespace
}  // namespace ventus::functional::testing
