// Tests for vadd12/vsub12, vlx12/vsx12 per-thread accesses, vfexp and the vftta REF stub.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

TEST(VentusVector, Vadd12SignExtendsTheImmediate) {
  Harness h(4);
  h.set_lanes(6, {100, 0, 0xFFFFFFFF, 5});
  ASSERT_TRUE(h.run(enc("vadd12.vi", {7, 6, 72})));
  EXPECT_EQ(h.v(7).lane[0], 172u);
  ASSERT_TRUE(h.run(enc("vadd12.vi", {7, 6, 4095})));  // 0xFFF = -1 (C5)
  EXPECT_EQ(h.v(7).lane[0], 99u);
  EXPECT_EQ(h.v(7).lane[1], 0xFFFFFFFFu);
  ASSERT_TRUE(h.run(enc("vsub12.vi", {7, 6, 2048})));  // 0x800 = -2048
  EXPECT_EQ(h.v(7).lane[0], 2148u);
  ASSERT_TRUE(h.run(enc("vsub12.vi", {7, 6, 15})));
  EXPECT_EQ(h.v(7).lane[3], 0xFFFFFFF6u);
}

TEST(VentusVector, LoadsExtendPerWidthAtPerThreadAddresses) {
  Harness h(4);
  h.write32(kBuf + 0x10, 0x8081F2F3);
  h.write32(kBuf + 0x14, 0x11223344);
  h.set_lanes(1, {kBuf + 0x10, kBuf + 0x11, kBuf + 0x12, kBuf + 0x13});
  ASSERT_TRUE(h.run(enc("vlb12.v", {2, 0, 1})));
  EXPECT_EQ(h.v(2).lane[0], 0xFFFFFFF3u);
  EXPECT_EQ(h.v(2).lane[1], 0xFFFFFFF2u);
  EXPECT_EQ(h.v(2).lane[2], 0xFFFFFF81u);
  EXPECT_EQ(h.v(2).lane[3], 0xFFFFFF80u);
  ASSERT_TRUE(h.run(enc("vlbu12.v", {2, 4, 1})));  // + 4: 0x44 0x33 0x22 0x11
  EXPECT_EQ(h.v(2).lane[0], 0x44u);
  EXPECT_EQ(h.v(2).lane[3], 0x11u);
  h.set_lanes(1, {kBuf + 0x10, kBuf + 0x12, kBuf + 0x14, kBuf + 0x16});
  ASSERT_TRUE(h.run(enc("vlh12.v", {2, 0, 1})));
  EXPECT_EQ(h.v(2).lane[0], 0xFFFFF2F3u);
  EXPECT_EQ(h.v(2).lane[1], 0xFFFF8081u);
  EXPECT_EQ(h.v(2).lane[2], 0x3344u);
  ASSERT_TRUE(h.run(enc("vlhu12.v", {2, 0, 1})));
  EXPECT_EQ(h.v(2).lane[1], 0x8081u);
  h.set_lanes(1, {kBuf + 0x18, kBuf + 0x18, kBuf + 0x18, kBuf + 0x1C});
  ASSERT_TRUE(h.run(enc("vlw12.v", {1, -8, 1})));  // vd = vs1 (real code: vlw12.v v1, 0(v1))
  EXPECT_EQ(h.v(1).lane[0], 0x8081F2F3u);
  EXPECT_EQ(h.v(1).lane[3], 0x11223344u);
  EXPECT_EQ(h.record.mem.size(), 4u);
}

TEST(VentusVector, StoresAscendingHighestThreadWins) {
  Harness h(4);
  h.set_lanes(1, {kBuf + 0x20, kBuf + 0x20, kBuf + 0x24, kBuf + 0x28});
  h.set_lanes(2, {0xAAAAAAAA, 0xBBBBBBBB, 0x12345678, 0x9ABCDEF0});
  ASSERT_TRUE(h.run(enc("vsw12.v", {2, 0, 1})));
  EXPECT_EQ(h.read32(kBuf + 0x20), 0xBBBBBBBBu);
  EXPECT_EQ(h.read32(kBuf + 0x24), 0x12345678u);
  ASSERT_TRUE(h.run(enc("vsh12.v", {2, 0x10, 1})));
  EXPECT_EQ(h.read32(kBuf + 0x34), 0x5678u);
  ASSERT_TRUE(h.run(enc("vsb12.v", {2, 0x21, 1})));
  EXPECT_EQ(h.read32(kBuf + 0x44), 0x7800u);
  EXPECT_EQ(h.read32(kBuf + 0x48), 0xF000u);
}

TEST(VentusVector, InactiveThreadsDoNotAccessMemory) {
  Harness h(4);
  h.warp.mask = 0b0101;
  h.set_lanes(1, {kBuf, 0x10, kBuf + 4, 0x20});  // lanes 1 and 3 point at unmapped memory
  h.fill(2, 0x77);
  ASSERT_TRUE(h.run(enc("vlw12.v", {2, 0, 1})));
  EXPECT_EQ(h.v(2).lane[1], 0x77u);
  ASSERT_TRUE(h.run(enc("vsw12.v", {2, 0, 1})));
  EXPECT_EQ(h.record.mem.size(), 2u);
}

TEST(VentusVector, MisalignedAndUnmappedLanesTrap) {
  Harness h(4);
  h.set_lanes(1, {kBuf, kBuf + 2, kBuf, kBuf});
  EXPECT_FALSE(h.run(enc("vlw12.v", {2, 0, 1})));
  EXPECT_EQ(h.trap.kind, TrapKind::MisalignedAccess);
  EXPECT_EQ(h.trap.addr, kBuf + 2);
  h.set_lanes(1, {kBuf, kBuf, 0x1000, kBuf});
  EXPECT_FALSE(h.run(enc("vsh12.v", {2, 0, 1})));
  EXPECT_EQ(h.trap.kind, TrapKind::AccessFault);
  EXPECT_EQ(h.trap.addr, 0x1000u);
  // Negative offsets: vs1 + sext(imm12).
  h.warp.mask = 0b0001;
  h.write32(kBuf + 0x100, 0xCAFE);
  h.set_lanes(1, {kBuf + 0x104, 0, 0, 0});
  ASSERT_TRUE(h.run(enc("vlw12.v", {3, -4, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0xCAFEu);
}

TEST(VentusVector, VfexpAndVfttaStub) {
  Harness h(8);
  h.fill(2, 0);  // exp(0) = 1
  ASSERT_TRUE(h.run(enc("vfexp", {3, 2, 1})));
  EXPECT_EQ(h.v(3).lane[5], 0x3F800000u);
  EXPECT_EQ(h.warp.fflags, 0u);
  // REF stub (§5.9): lanes >= vl/2 get raw bits i + 7; lane i < vl/2 accumulates
  // vs1[((i>>2)<<3) + j] * vs2[((i&3)<<3) + j] for j < vl/4, with indices past numt
  // continuing into the next registers.
  h.fill(1, 0x40000000);  // 2.0
  h.fill(2, 0x3F800000);  // 1.0
  h.fill(3, 0x40400000);  // 3.0 in v3 (read by lane 1..3: index 8.. is v3 for numt = 8)
  h.fill(4, 0x3F800000);
  ASSERT_TRUE(h.run(enc("vftta.vv", {4, 2, 1, 1})));
  EXPECT_EQ(h.v(4).lane[0], 0x40A00000u);  // 1 + 2*1 + 2*1 = 5
  EXPECT_EQ(h.v(4).lane[1], 0x41500000u);  // vs2 elements 8, 9 = v3: 1 + 2*3 + 2*3 = 13
  EXPECT_EQ(h.v(4).lane[2], 0x42140000u);  // elements 16, 17 = vd lanes 0, 1 already updated:
                                           // 1 + 2*5 + 2*13 = 37
  EXPECT_EQ(h.v(4).lane[3], 0x3F800000u);  // elements 24, 25 = v5 = 0
  EXPECT_EQ(h.v(4).lane[4], 11u);
  EXPECT_EQ(h.v(4).lane[7], 14u);
}

}  // namespace
}  // namespace ventus::functional::testing
