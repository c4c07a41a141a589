// Tests for vsetvli/vsetivli/vsetvl: RVV set_vl with VLEN = 32·numt and vill rules.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"
#include "isa/names.hpp"

namespace ventus::functional::testing {
namespace {

constexpr uint32_t kE32M1 = 0xD0;  // e32, m1, ta, ma
constexpr uint32_t kVill = 0x80000000;

// crt0: li t4, 32; vsetvli t4, t4, e32, m1, ta, ma -> vl = numt (REF log: x29 0x<numt>).
TEST(RvvConfig, Crt0SetsVlToNumt) {
  for (unsigned numt : {1u, 4u, 8u, 16u, 32u}) {
    Harness h(numt);
    h.warp.vl = 0;
    h.warp.vtype = 0;
    h.warp.x[29] = 32;
    ASSERT_TRUE(h.run(enc("vsetvli", {29, 29, kE32M1})));
    EXPECT_EQ(h.warp.x[29], numt);
    EXPECT_EQ(h.warp.vl, numt);
    EXPECT_EQ(h.warp.vtype, kE32M1);
    EXPECT_EQ(h.csr_write(isa::csr::kVl), numt);
    EXPECT_EQ(h.csr_write(isa::csr::kVtype), kE32M1);
    EXPECT_TRUE(h.wrote(RegWrite::Kind::X, 29));
  }
}

TEST(RvvConfig, X0SpecialCases) {
  Harness h(8);
  ASSERT_TRUE(h.run(enc("vsetvli", {5, 0, kE32M1})));  // rs1 = x0, rd != x0: VLMAX
  EXPECT_EQ(h.warp.x[5], 8u);
  h.warp.vl = 3;
  ASSERT_TRUE(h.run(enc("vsetvli", {0, 0, kE32M1})));  // both x0: keep vl
  EXPECT_EQ(h.warp.vl, 3u);
  h.warp.x[6] = 5;
  ASSERT_TRUE(h.run(enc("vsetvli", {7, 6, kE32M1})));
  EXPECT_EQ(h.warp.x[7], 5u);
}

TEST(RvvConfig, VlmaxFollowsSewAndLmul) {
  Harness h(4);  // VLEN = 128
  h.warp.x[6] = 1000;
  ASSERT_TRUE(h.run(enc("vsetvli", {7, 6, 0x00})));  // e8 m1: 16
  EXPECT_EQ(h.warp.x[7], 16u);
  ASSERT_TRUE(h.run(enc("vsetvli", {7, 6, 0x13})));  // e32 m8: 32
  EXPECT_EQ(h.warp.x[7], 32u);
  ASSERT_TRUE(h.run(enc("vsetvli", {7, 6, 0x0F})));  // e16 mf2: 4
  EXPECT_EQ(h.warp.x[7], 4u);
  EXPECT_EQ(h.warp.vtype, 0x0Fu);
}

TEST(RvvConfig, UnsupportedSettingsSetVill) {
  Harness h(4);
  h.warp.x[6] = 4;
  for (uint32_t vtype : {0x18u /* e64 > ELEN */, 0x17u /* e32 mf2 */, 0x14u /* vlmul 4 */,
                         0x100u /* reserved bit */}) {
    h.warp.x[8] = vtype;
    ASSERT_TRUE(h.run(enc("vsetvl", {7, 6, 8})));
    EXPECT_EQ(h.warp.vtype, kVill) << vtype;
    EXPECT_EQ(h.warp.vl, 0u) << vtype;
    EXPECT_EQ(h.warp.x[7], 0u) << vtype;
  }
}

TEST(RvvConfig, VsetivliUsesTheImmediateAvl) {
  Harness h(8);
  ASSERT_TRUE(h.run(enc("vsetivli", {5, 3, kE32M1})));
  EXPECT_EQ(h.warp.vl, 3u);
  ASSERT_TRUE(h.run(enc("vsetivli", {5, 31, kE32M1})));
  EXPECT_EQ(h.warp.vl, 8u);
}

}  // namespace
}  // namespace ventus::functional::testing
