// Tests for RVV compares (0/1 per element), carry/merge, moves, vid and mask-register rows.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

int32_t s(uint32_t v) {
  return static_cast<int32_t>(v);
}

// Signed/unsigned edge pairs, one per lane (vs2[i], vs1[i]).
constexpr uint32_t kA[8] = {0, 1, 0, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0, 5};
constexpr uint32_t kB[8] = {0, 0, 1, 0x80000000, 0x7FFFFFFF, 0, 0xFFFFFFFF, 5};

struct CompareCase {
  std::string name;  // mnemonic without the .vv/.vx/.vi suffix
  std::function<bool(uint32_t, uint32_t)> holds;
  bool vv, vx, vi;
};

const CompareCase kCompares[] = {
    {"vmseq", [](uint32_t a, uint32_t b) { return a == b; }, true, true, true},
    {"vmsne", [](uint32_t a, uint32_t b) { return a != b; }, true, true, true},
    {"vmsltu", [](uint32_t a, uint32_t b) { return a < b; }, true, true, false},
    {"vmslt", [](uint32_t a, uint32_t b) { return s(a) < s(b); }, true, true, false},
    {"vmsleu", [](uint32_t a, uint32_t b) { return a <= b; }, true, true, true},
    {"vmsle", [](uint32_t a, uint32_t b) { return s(a) <= s(b); }, true, true, true},
    {"vmsgtu", [](uint32_t a, uint32_t b) { return a > b; }, false, true, true},
    {"vmsgt", [](uint32_t a, uint32_t b) { return s(a) > s(b); }, false, true, true},
};

TEST(RvvCompare, VectorVectorWritesWholeZeroOneElements) {
  for (const CompareCase& c : kCompares) {
    if (!c.vv) continue;
    Harness h;
    for (unsigned i = 0; i < 8; ++i) {
      h.v(2).lane[i] = kA[i];
      h.v(1).lane[i] = kB[i];
    }
    h.fill(3, 0xDEADBEEF);
    ASSERT_TRUE(h.run(enc(c.name + ".vv", {3, 2, 1, 1})));
    for (unsigned i = 0; i < 8; ++i) {
      EXPECT_EQ(h.v(3).lane[i], c.holds(kA[i], kB[i]) ? 1u : 0u) << c.name << " lane " << i;
    }
  }
}

TEST(RvvCompare, VectorScalarComparesEveryLaneAgainstRs1) {
  for (const CompareCase& c : kCompares) {
    if (!c.vx) continue;
    for (uint32_t scalar : {0u, 1u, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu}) {
      Harness h;
      for (unsigned i = 0; i < 8; ++i) h.v(2).lane[i] = kA[i];
      h.warp.x[5] = scalar;
      ASSERT_TRUE(h.run(enc(c.name + ".vx", {3, 2, 5, 1})));
      for (unsigned i = 0; i < 8; ++i) {
        EXPECT_EQ(h.v(3).lane[i], c.holds(kA[i], scalar) ? 1u : 0u) << c.name << " " << scalar;
      }
    }
  }
}

// .vi immediates are sign-extended simm5 even for the unsigned compares (RVV).
TEST(RvvCompare, VectorImmediateSignExtendsEvenForUnsigned) {
  for (const CompareCase& c : kCompares) {
    if (!c.vi) continue;
    for (int imm : {-16, -1, 0, 5, 15}) {
      Harness h;
      for (unsigned i = 0; i < 8; ++i) h.v(2).lane[i] = kA[i];
      ASSERT_TRUE(h.run(enc(c.name + ".vi", {3, 2, imm, 1})));
      const auto b = static_cast<uint32_t>(imm);
      for (unsigned i = 0; i < 8; ++i) {
        EXPECT_EQ(h.v(3).lane[i], c.holds(kA[i], b) ? 1u : 0u) << c.name << " imm " << imm;
      }
    }
  }
}

TEST(RvvCompare, InactiveThreadsAndTailKeepOldValues) {
  Harness h;
  h.warp.mask = 0b01011011;
  h.warp.vl = 6;  // lanes 6, 7 are tail
  h.fill(2, 7);
  h.fill(1, 7);
  h.fill(3, 0xDEADBEEF);
  ASSERT_TRUE(h.run(enc("vmseq.vv", {3, 2, 1, 1})));
  const uint32_t expected[8] = {1, 1, 0xDEADBEEF, 1, 1, 0xDEADBEEF, 0xDEADBEEF, 0xDEADBEEF};
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(h.v(3).lane[i], expected[i]) << i;
}

// vm = 0: element i also needs bit i of the bit-packed v0 (REF, C19).
TEST(RvvCompare, MaskedByV0Bits) {
  Harness h;
  h.v(0).lane[0] = 0b00000110;
  h.fill(2, 3);
  h.fill(3, 0xAAAA);
  ASSERT_TRUE(h.run(enc("vmsltu.vx", {3, 2, 0, 0})));  // 3 < x0 = 0 is false
  EXPECT_EQ(h.v(3).lane[0], 0xAAAAu);
  EXPECT_EQ(h.v(3).lane[1], 0u);
  EXPECT_EQ(h.v(3).lane[2], 0u);
  EXPECT_EQ(h.v(3).lane[3], 0xAAAAu);
}

TEST(RvvMove, VmvXsHighestActiveElementWins) {
  Harness h;
  h.set_lanes(4, {10, 11, 12, 13, 14, 15, 16, 17});
  h.warp.mask = 0b00101001;
  ASSERT_TRUE(h.run(enc("vmv.x.s", {7, 4})));
  EXPECT_EQ(h.warp.x[7], 15u);
  h.warp.mask = 0;
  h.warp.x[7] = 99;
  ASSERT_TRUE(h.run(enc("vmv.x.s", {7, 4})));
  EXPECT_EQ(h.warp.x[7], 99u);  // no active thread: no write
  EXPECT_FALSE(h.wrote(RegWrite::Kind::X, 7));
}

TEST(RvvMove, VmvSxBroadcastsToActiveThreads) {
  Harness h;
  h.warp.mask = 0b11110000;
  h.fill(6, 1);
  h.warp.x[9] = 0x12345678;
  ASSERT_TRUE(h.run(enc("vmv.s.x", {6, 9})));
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(h.v(6).lane[i], i >= 4 ? 0x12345678u : 1u) << i;
  EXPECT_TRUE(h.wrote(RegWrite::Kind::V, 6));
}

TEST(RvvMove, VmvVariantsAndVid) {
  Harness h(4);
  h.set_lanes(1, {5, 6, 7, 8});
  ASSERT_TRUE(h.run(enc("vmv.v.v", {2, 1})));
  EXPECT_EQ(h.v(2).lane[3], 8u);
  ASSERT_TRUE(h.run(enc("vmv.v.i", {2, -3})));
  EXPECT_EQ(h.v(2).lane[1], 0xFFFFFFFDu);
  h.warp.mask = 0b1010;
  h.fill(3, 0xFF);
  ASSERT_TRUE(h.run(enc("vid.v", {3, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0xFFu);
  EXPECT_EQ(h.v(3).lane[1], 1u);
  EXPECT_EQ(h.v(3).lane[2], 0xFFu);
  EXPECT_EQ(h.v(3).lane[3], 3u);  // element index, not thread id (CSR_TID is not added)
}

TEST(RvvCarry, AdcMadcMergeUseV0Bits) {
  Harness h(4);
  h.v(0).lane[0] = 0b0101;
  h.set_lanes(2, {0xFFFFFFFF, 0xFFFFFFFF, 1, 1});
  h.set_lanes(1, {1, 0, 2, 2});
  ASSERT_TRUE(h.run(enc("vadc.vvm", {3, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0], 1u);  // 0xFFFFFFFF + 1 + 1
  EXPECT_EQ(h.v(3).lane[1], 0xFFFFFFFFu);
  EXPECT_EQ(h.v(3).lane[2], 4u);
  EXPECT_EQ(h.v(3).lane[3], 3u);
  h.v(4).lane[0] = 0xF0;
  ASSERT_TRUE(h.run(enc("vmadc.vvm", {4, 2, 1})));
  EXPECT_EQ(h.v(4).lane[0], 0xF1u);  // carry out only in lane 0; bits >= numt untouched
  ASSERT_TRUE(h.run(enc("vmerge.vim", {5, 2, 9})));
  EXPECT_EQ(h.v(5).lane[0], 9u);
  EXPECT_EQ(h.v(5).lane[1], 0xFFFFFFFFu);
  EXPECT_EQ(h.v(5).lane[2], 9u);
  ASSERT_TRUE(h.run(enc("vmsbc.vv", {6, 1, 2})));  // 1 - 0xFFFFFFFF, 0 - 0xFFFFFFFF, 2-1, 2-1
  EXPECT_EQ(h.v(6).lane[0] & 0xF, 0b0011u);
}

TEST(RvvMaskRegister, LogicalOpsPopcountAndFirst) {
  Harness h(8);
  h.v(1).lane[0] = 0b11001010;
  h.v(2).lane[0] = 0b10100110;
  ASSERT_TRUE(h.run(enc("vmand.mm", {3, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0] & 0xFF, 0b10000010u);
  ASSERT_TRUE(h.run(enc("vmandn.mm", {3, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0] & 0xFF, 0b00100100u);
  ASSERT_TRUE(h.run(enc("vmxnor.mm", {3, 2, 1})));
  EXPECT_EQ(h.v(3).lane[0] & 0xFF, 0b10010011u);
  ASSERT_TRUE(h.run(enc("vcpop.m", {5, 2, 1})));
  EXPECT_EQ(h.warp.x[5], 4u);
  ASSERT_TRUE(h.run(enc("vfirst.m", {5, 2, 1})));
  EXPECT_EQ(h.warp.x[5], 1u);
  h.v(2).lane[0] = 0;
  ASSERT_TRUE(h.run(enc("vfirst.m", {5, 2, 1})));
  EXPECT_EQ(h.warp.x[5], 0xFFFFFFFFu);
}

}  // namespace
}  // namespace ventus::functional::testing
