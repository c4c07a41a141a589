// Tests for RVV FP rows per lane: NaN/inf/zero/subnormal classes, rounding modes, fflags, converts.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"
#include "isa/names.hpp"

namespace ventus::functional::testing {
namespace {

constexpr uint32_t kOne = 0x3F800000, kTwo = 0x40000000, kThree = 0x40400000, kHalf = 0x3F000000;
constexpr uint32_t kMinusOne = 0xBF800000, kInf = 0x7F800000, kNegInf = 0xFF800000;
constexpr uint32_t kQNan = 0x7FC00000, kSNan = 0x7F800001, kPayloadNan = 0x7FC12345;
constexpr uint32_t kMax = 0x7F7FFFFF, kMinSub = 0x00000001, kMinNormal = 0x00800000;
constexpr uint32_t kNegZero = 0x80000000;
constexpr uint32_t kNV = 0x10, kDZ = 0x08, kOF = 0x04, kUF = 0x02, kNX = 0x01;

// Runs `mnemonic vd=3, vs2=2, vs1=1` with lanes (a[i], b[i]) and returns the fflags raised.
struct FpRun {
  Harness h{4};
  uint32_t run_vv(const char* mnemonic, std::initializer_list<uint32_t> a,
                  std::initializer_list<uint32_t> b) {
    h.set_lanes(2, a);
    h.set_lanes(1, b);
    h.warp.fflags = 0;
    EXPECT_TRUE(h.run(enc(mnemonic, {3, 2, 1, 1}))) << mnemonic;
    return h.warp.fflags;
  }
  uint32_t lane(unsigned i) { return h.v(3).lane[i]; }
};

TEST(RvvFp, NanResultsAreCanonicalAndOnlySignalingNansRaiseInvalid) {
  FpRun r;
  EXPECT_EQ(r.run_vv("vfadd.vv", {kPayloadNan, kOne, kOne, kOne}, {kOne, kPayloadNan, kOne, kOne}),
            0u);
  EXPECT_EQ(r.lane(0), kQNan);
  EXPECT_EQ(r.lane(1), kQNan);
  EXPECT_EQ(r.run_vv("vfadd.vv", {kSNan, kOne, kOne, kOne}, {kOne, kOne, kOne, kOne}), kNV);
  EXPECT_EQ(r.lane(0), kQNan);
  EXPECT_EQ(r.run_vv("vfsub.vv", {kInf, kOne, kOne, kOne}, {kInf, kOne, kOne, kOne}), kNV);
  EXPECT_EQ(r.lane(0), kQNan);
  EXPECT_EQ(r.run_vv("vfmul.vv", {kInf, kInf, kOne, kOne}, {0, kMinusOne, kOne, kOne}), kNV);
  EXPECT_EQ(r.lane(0), kQNan);
  EXPECT_EQ(r.lane(1), kNegInf);
}

TEST(RvvFp, SignedZeros) {
  FpRun r;
  r.run_vv("vfadd.vv", {kNegZero, 0, kNegZero, kOne}, {kNegZero, kNegZero, 0, kMinusOne});
  EXPECT_EQ(r.lane(0), kNegZero);
  EXPECT_EQ(r.lane(1), 0u);
  EXPECT_EQ(r.lane(2), 0u);
  EXPECT_EQ(r.lane(3), 0u);  // exact cancellation is +0 in RNE
  r.h.warp.frm = 2;          // RDN: exact cancellation gives -0
  r.run_vv("vfadd.vv", {kNegZero, 0, kNegZero, kOne}, {kNegZero, kNegZero, 0, kMinusOne});
  EXPECT_EQ(r.lane(1), kNegZero);
  EXPECT_EQ(r.lane(3), kNegZero);
}

TEST(RvvFp, DivisionClassesAndEveryDynamicRoundingMode) {
  FpRun r;
  EXPECT_EQ(r.run_vv("vfdiv.vv", {kOne, 0, kOne, kOne}, {0, 0, kInf, kOne}), kDZ | kNV);
  EXPECT_EQ(r.lane(0), kInf);
  EXPECT_EQ(r.lane(1), kQNan);
  EXPECT_EQ(r.lane(2), 0u);
  // 1/3 and -1/3 in RNE, RTZ, RDN, RUP, RMM (frm 0..4).
  const uint32_t pos[5] = {0x3EAAAAAB, 0x3EAAAAAA, 0x3EAAAAAA, 0x3EAAAAAB, 0x3EAAAAAB};
  const uint32_t neg[5] = {0xBEAAAAAB, 0xBEAAAAAA, 0xBEAAAAAB, 0xBEAAAAAA, 0xBEAAAAAB};
  for (uint32_t frm = 0; frm < 5; ++frm) {
    r.h.warp.frm = frm;
    EXPECT_EQ(r.run_vv("vfdiv.vv", {kOne, kMinusOne, kThree, kOne}, {kThree, kThree, kThree, kTwo}),
              kNX);
    EXPECT_EQ(r.lane(0), pos[frm]) << frm;
    EXPECT_EQ(r.lane(1), neg[frm]) << frm;
    EXPECT_EQ(r.lane(2), kOne);
    EXPECT_EQ(r.lane(3), kHalf);
  }
}

TEST(RvvFp, OverflowUnderflowAndSubnormals) {
  FpRun r;
  EXPECT_EQ(r.run_vv("vfmul.vv", {kMax, kOne, kOne, kOne}, {kTwo, kOne, kOne, kOne}), kOF | kNX);
  EXPECT_EQ(r.lane(0), kInf);
  r.h.warp.frm = 1;  // RTZ: overflow saturates to the largest finite value
  r.run_vv("vfmul.vv", {kMax, kOne, kOne, kOne}, {kTwo, kOne, kOne, kOne});
  EXPECT_EQ(r.lane(0), kMax);
  r.h.warp.frm = 0;
  // Exact subnormal result: tiny but exact, so no UF; a half-ulp subnormal rounds to 0 with UF|NX.
  EXPECT_EQ(r.run_vv("vfmul.vv", {kMinNormal, kOne, kOne, kOne}, {kHalf, kOne, kOne, kOne}), 0u);
  EXPECT_EQ(r.lane(0), 0x00400000u);
  EXPECT_EQ(r.run_vv("vfmul.vv", {kMinSub, kOne, kOne, kOne}, {kHalf, kOne, kOne, kOne}),
            kUF | kNX);
  EXPECT_EQ(r.lane(0), 0u);
  EXPECT_EQ(r.run_vv("vfadd.vv", {kMinSub, kOne, kOne, kOne}, {kMinSub, kOne, kOne, kOne}), 0u);
  EXPECT_EQ(r.lane(0), 2u);
}

TEST(RvvFp, FflagsAccumulateAndAreLoggedOnlyWhenRaised) {
  FpRun r;
  r.h.set_lanes(2, {kOne, kOne, kOne, kOne});
  r.h.set_lanes(1, {kThree, kOne, kOne, kOne});
  r.h.warp.fflags = kDZ;
  ASSERT_TRUE(r.h.run(enc("vfdiv.vv", {3, 2, 1, 1})));
  EXPECT_EQ(r.h.warp.fflags, kDZ | kNX);
  EXPECT_EQ(r.h.csr_write(isa::csr::kFflags), kDZ | kNX);
  r.h.set_lanes(1, {kOne, kOne, kOne, kOne});
  ASSERT_TRUE(r.h.run(enc("vfdiv.vv", {3, 2, 1, 1})));
  EXPECT_EQ(r.h.csr_write(isa::csr::kFflags), -1);
  EXPECT_EQ(r.h.warp.fflags, kDZ | kNX);
}

TEST(RvvFp, InactiveLanesNeitherChangeNorRaiseFlags) {
  FpRun r;
  r.h.warp.mask = 0b0001;
  r.h.fill(3, 0x1234);
  EXPECT_EQ(r.run_vv("vfadd.vv", {kOne, kSNan, kSNan, kSNan}, {kOne, kOne, kOne, kOne}), 0u);
  EXPECT_EQ(r.lane(0), kTwo);
  EXPECT_EQ(r.lane(1), 0x1234u);
}

TEST(RvvFp, InvalidFrmIsIllegal) {
  FpRun r;
  r.h.warp.frm = 5;
  r.h.fill(3, 0x1234);
  EXPECT_FALSE(r.h.run(enc("vfadd.vv", {3, 2, 1, 1})));
  EXPECT_EQ(r.h.trap.kind, TrapKind::IllegalInstruction);
  EXPECT_EQ(r.lane(0), 0x1234u);
}

TEST(RvvFp, ConvertsSaturate) {
  FpRun r;
  r.h.set_lanes(2, {kQNan, kInf, kNegInf, 0x4F32D05E /* 3e9 */});
  ASSERT_TRUE(r.h.run(enc("vfcvt.x.f.v", {3, 2, 1})));
  EXPECT_EQ(r.lane(0), 0x7FFFFFFFu);
  EXPECT_EQ(r.lane(1), 0x7FFFFFFFu);
  EXPECT_EQ(r.lane(2), 0x80000000u);
  EXPECT_EQ(r.lane(3), 0x7FFFFFFFu);
  EXPECT_EQ(r.h.warp.fflags, kNV);
  r.h.warp.fflags = 0;
  r.h.set_lanes(2, {kMinusOne, 0xBE800000 /* -0.25 */, 0x4F800000 /* 2^32 */, kQNan});
  ASSERT_TRUE(r.h.run(enc("vfcvt.xu.f.v", {3, 2, 1})));
  EXPECT_EQ(r.lane(0), 0u);
  EXPECT_EQ(r.lane(1), 0u);
  EXPECT_EQ(r.lane(2), 0xFFFFFFFFu);
  EXPECT_EQ(r.lane(3), 0xFFFFFFFFu);
  EXPECT_EQ(r.h.warp.fflags, kNV | kNX);
  r.h.warp.frm = 3;  // RUP is ignored by the rtz forms
  r.h.set_lanes(2, {0x402CCCCD /* 2.7 */, 0xC02CCCCD, 0x40200000 /* 2.5 */, 0xC0200000});
  ASSERT_TRUE(r.h.run(enc("vfcvt.rtz.x.f.v", {3, 2, 1})));
  EXPECT_EQ(r.lane(0), 2u);
  EXPECT_EQ(r.lane(1), 0xFFFFFFFEu);
  r.h.warp.frm = 0;
  ASSERT_TRUE(r.h.run(enc("vfcvt.x.f.v", {3, 2, 1})));  // RNE ties to even
  EXPECT_EQ(r.lane(2), 2u);
  EXPECT_EQ(r.lane(3), 0xFFFFFFFEu);
  r.h.set_lanes(2, {0xFFFFFFFF, 0x80000000, 7, 0});
  ASSERT_TRUE(r.h.run(enc("vfcvt.f.x.v", {3, 2, 1})));
  EXPECT_EQ(r.lane(0), kMinusOne);
  EXPECT_EQ(r.lane(1), 0xCF000000u);
  ASSERT_TRUE(r.h.run(enc("vfcvt.f.xu.v", {3, 2, 1})));
  EXPECT_EQ(r.lane(0), 0x4F800000u);  // 2^32 - 1 rounds to 2^32
}

TEST(RvvFp, ComparesWriteZeroOneAndFollowQuietSignalingRules) {
  FpRun r;
  EXPECT_EQ(r.run_vv("vmfeq.vv", {kQNan, 0, kOne, kOne}, {kQNan, kNegZero, kTwo, kOne}), 0u);
  EXPECT_EQ(r.lane(0), 0u);
  EXPECT_EQ(r.lane(1), 1u);
  EXPECT_EQ(r.lane(2), 0u);
  EXPECT_EQ(r.lane(3), 1u);
  EXPECT_EQ(r.run_vv("vmfne.vv", {kQNan, 0, kOne, kOne}, {kQNan, kNegZero, kTwo, kOne}), 0u);
  EXPECT_EQ(r.lane(0), 1u);
  EXPECT_EQ(r.lane(1), 0u);
  EXPECT_EQ(r.run_vv("vmflt.vv", {kQNan, kNegZero, kOne, kNegInf}, {kOne, 0, kTwo, kMax}), kNV);
  EXPECT_EQ(r.lane(0), 0u);
  EXPECT_EQ(r.lane(1), 0u);
  EXPECT_EQ(r.lane(2), 1u);
  EXPECT_EQ(r.lane(3), 1u);
  EXPECT_EQ(r.run_vv("vmfle.vv", {kNegZero, kOne, kTwo, kOne}, {0, kOne, kOne, kTwo}), 0u);
  EXPECT_EQ(r.lane(0), 1u);
  EXPECT_EQ(r.lane(2), 0u);
  r.h.set_lanes(2, {kOne, kTwo, kThree, kQNan});
  r.h.warp.x[5] = kTwo;
  r.h.warp.fflags = 0;
  ASSERT_TRUE(r.h.run(enc("vmfgt.vf", {3, 2, 5, 1})));
  EXPECT_EQ(r.lane(0), 0u);
  EXPECT_EQ(r.lane(1), 0u);
  EXPECT_EQ(r.lane(2), 1u);
  EXPECT_EQ(r.h.warp.fflags, kNV);
  ASSERT_TRUE(r.h.run(enc("vmfge.vf", {3, 2, 5, 1})));
  EXPECT_EQ(r.lane(1), 1u);
}

TEST(RvvFp, MinMaxAndSignInjection) {
  FpRun r;
  EXPECT_EQ(r.run_vv("vfmin.vv", {kNegZero, kQNan, kQNan, kSNan}, {0, kOne, kQNan, kOne}), kNV);
  EXPECT_EQ(r.lane(0), kNegZero);
  EXPECT_EQ(r.lane(1), kOne);
  EXPECT_EQ(r.lane(2), kQNan);
  EXPECT_EQ(r.lane(3), kOne);
  r.run_vv("vfmax.vv", {kNegZero, kQNan, kQNan, kSNan}, {0, kOne, kQNan, kOne});
  EXPECT_EQ(r.lane(0), 0u);
  EXPECT_EQ(r.run_vv("vfsgnjn.vv", {kPayloadNan, kOne, kInf, 0}, {kPayloadNan, kOne, 0, 0}), 0u);
  EXPECT_EQ(r.lane(0), 0xFFC12345u);  // payload kept: sign injection is not arithmetic
  EXPECT_EQ(r.lane(1), kMinusOne);
  EXPECT_EQ(r.lane(2), kNegInf);
  r.run_vv("vfsgnjx.vv", {kMinusOne, kMinusOne, kOne, kOne}, {kMinusOne, kOne, kMinusOne, kOne});
  EXPECT_EQ(r.lane(0), kOne);
  EXPECT_EQ(r.lane(1), kMinusOne);
}

// (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24 exactly; a separately rounded product would lose 2^-24.
TEST(RvvFp, MultiplyAddIsFusedAndUsesVdAsAccumulator) {
  FpRun r;
  const uint32_t a = 0x3F800800;
  r.h.fill(1, a);
  r.h.fill(2, a);
  r.h.fill(3, kMinusOne);
  ASSERT_TRUE(r.h.run(enc("vfmacc.vv", {3, 1, 2, 1})));  // vd = vs1*vs2 + vd
  EXPECT_EQ(r.lane(0), 0x3A000400u);
  EXPECT_EQ(r.h.warp.fflags, 0u);
  r.h.fill(3, kTwo);
  r.h.fill(2, kOne);
  ASSERT_TRUE(r.h.run(enc("vfmadd.vv", {3, 1, 2, 1})));  // vd = vs1*vd + vs2
  EXPECT_EQ(r.lane(0), 0x40400800u);  // 2(1 + 2^-12) + 1 = 3 + 2^-11, ulp(3) = 2^-22
  r.h.fill(3, kOne);
  r.h.warp.x[6] = kTwo;
  ASSERT_TRUE(r.h.run(enc("vfnmsac.vf", {3, 6, 2, 1})));  // vd = -(f[rs1]*vs2) + vd
  EXPECT_EQ(r.lane(0), kMinusOne);
  r.h.fill(3, kOne);
  ASSERT_TRUE(r.h.run(enc("vfnmacc.vf", {3, 6, 2, 1})));  // -(2*1) - 1
  EXPECT_EQ(r.lane(0), 0xC0400000u);
  r.h.fill(3, kOne);
  ASSERT_TRUE(r.h.run(enc("vfmsub.vf", {3, 6, 2, 1})));  // 2*1 - 1
  EXPECT_EQ(r.lane(0), kOne);
}

TEST(RvvFp, SqrtClassAndReverseOps) {
  FpRun r;
  r.h.set_lanes(2, {kMinusOne, kNegZero, 0x40800000 /* 4 */, kTwo});
  ASSERT_TRUE(r.h.run(enc("vfsqrt.v", {3, 2, 1})));
  EXPECT_EQ(r.lane(0), kQNan);
  EXPECT_EQ(r.lane(1), kNegZero);
  EXPECT_EQ(r.lane(2), kTwo);
  EXPECT_EQ(r.lane(3), 0x3FB504F3u);
  EXPECT_EQ(r.h.warp.fflags, kNV | kNX);
  r.h.set_lanes(2, {kNegInf, kSNan, kQNan, kMinSub});
  ASSERT_TRUE(r.h.run(enc("vfclass.v", {3, 2, 1})));
  EXPECT_EQ(r.lane(0), 1u << 0);
  EXPECT_EQ(r.lane(1), 1u << 8);
  EXPECT_EQ(r.lane(2), 1u << 9);
  EXPECT_EQ(r.lane(3), 1u << 5);
  r.h.set_lanes(2, {kTwo, kTwo, kTwo, kTwo});
  r.h.warp.x[5] = kOne;
  ASSERT_TRUE(r.h.run(enc("vfrdiv.vf", {3, 2, 5, 1})));
  EXPECT_EQ(r.lane(0), kHalf);
  ASSERT_TRUE(r.h.run(enc("vfrsub.vf", {3, 2, 5, 1})));
  EXPECT_EQ(r.lane(0), kMinusOne);
}

// vfmv.s.f (C16): broadcast to active threads by default; element 0 only in REF mode.
TEST(RvvFpMove, VfmvSfBothModes) {
  Harness h(4);
  h.warp.mask = 0b1110;
  h.fill(4, 0);
  h.warp.x[7] = kThree;
  ASSERT_TRUE(h.run(enc("vfmv.s.f", {4, 7})));
  EXPECT_EQ(h.v(4).lane[0], 0u);
  for (unsigned i = 1; i < 4; ++i) EXPECT_EQ(h.v(4).lane[i], kThree);
  h.mode = Mode::RefCompat;
  h.fill(4, 0);
  ASSERT_TRUE(h.run(enc("vfmv.s.f", {4, 7})));
  EXPECT_EQ(h.v(4).lane[0], kThree);
  for (unsigned i = 1; i < 4; ++i) EXPECT_EQ(h.v(4).lane[i], 0u);
  EXPECT_TRUE(h.wrote(RegWrite::Kind::V, 4));
}

TEST(RvvFpMove, VfmvFsVfmvVfAndVfmerge) {
  Harness h(4);
  h.set_lanes(2, {kOne, kTwo, kThree, kHalf});
  ASSERT_TRUE(h.run(enc("vfmv.f.s", {9, 2})));
  EXPECT_EQ(h.warp.x[9], kOne);
  EXPECT_TRUE(h.wrote(RegWrite::Kind::F, 9));
  h.v(0).lane[0] = 0b0110;
  ASSERT_TRUE(h.run(enc("vfmerge.vfm", {3, 2, 9})));
  EXPECT_EQ(h.v(3).lane[0], kOne);
  EXPECT_EQ(h.v(3).lane[1], kOne);
  EXPECT_EQ(h.v(3).lane[2], kOne);
  EXPECT_EQ(h.v(3).lane[3], kHalf);
  h.warp.x[9] = kInf;
  ASSERT_TRUE(h.run(enc("vfmv.v.f", {5, 9})));
  EXPECT_EQ(h.v(5).lane[3], kInf);
}

}  // namespace
}  // namespace ventus::functional::testing
