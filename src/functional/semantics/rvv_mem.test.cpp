// Tests for RVV loads/stores: e32 unit-stride/strided/indexed, vs3 regext, e8/e16 per C17.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

TEST(RvvMem, UnitStrideE32) {
  Harness h(4);
  for (uint32_t i = 0; i < 4; ++i) h.write32(kBuf + 4 * i, 0x100 + i);
  h.warp.x[10] = kBuf;
  h.warp.mask = 0b1011;
  h.fill(2, 0xEE);
  ASSERT_TRUE(h.run(enc("vle32.v", {2, 10, 1})));
  EXPECT_EQ(h.v(2).lane[0], 0x100u);
  EXPECT_EQ(h.v(2).lane[1], 0x101u);
  EXPECT_EQ(h.v(2).lane[2], 0xEEu);
  EXPECT_EQ(h.v(2).lane[3], 0x103u);
  h.warp.x[11] = kBuf + 0x40;
  ASSERT_TRUE(h.run(enc("vse32.v", {2, 11, 1})));
  EXPECT_EQ(h.read32(kBuf + 0x40), 0x100u);
  EXPECT_EQ(h.read32(kBuf + 0x48), 0u);  // inactive thread 2 stores nothing
  EXPECT_EQ(h.read32(kBuf + 0x4C), 0x103u);
}

TEST(RvvMem, StridedAndIndexedE32) {
  Harness h(4);
  for (uint32_t i = 0; i < 16; ++i) h.write32(kBuf + 4 * i, i);
  h.warp.x[10] = kBuf + 0x30;
  h.warp.x[11] = static_cast<uint32_t>(-8);
  ASSERT_TRUE(h.run(enc("vlse32.v", {2, 10, 11, 1})));
  EXPECT_EQ(h.v(2).lane[0], 12u);
  EXPECT_EQ(h.v(2).lane[3], 6u);
  h.set_lanes(3, {0, 0x3C, 4, 8});
  h.warp.x[10] = kBuf;
  ASSERT_TRUE(h.run(enc("vluxei32.v", {4, 10, 3, 1})));
  EXPECT_EQ(h.v(4).lane[1], 15u);
  EXPECT_EQ(h.v(4).lane[3], 2u);
  h.warp.x[10] = kBuf + 0x100;
  ASSERT_TRUE(h.run(enc("vsoxei32.v", {4, 10, 3, 1})));
  EXPECT_EQ(h.read32(kBuf + 0x13C), 15u);
}

// REF extends the store-data register vs3 with the regext rs3 prefix (§5.5, C29).
TEST(RvvMem, StoreDataRegisterUsesRs3Prefix) {
  Harness h(4);
  h.fill(34, 0xAB);
  h.fill(2, 0xCD);
  h.warp.x[10] = kBuf;
  h.warp.ext = RegExt{0, 0, 0, 1, 0, false, true};
  ASSERT_TRUE(h.run(enc("vse32.v", {2, 10, 1})));
  EXPECT_EQ(h.read32(kBuf), 0xABu);
}

TEST(RvvMem, NarrowElementsIllegalByDefaultPackedInRefCompat) {
  Harness h(8);
  h.write32(kBuf, 0x44332211);
  h.write32(kBuf + 4, 0x88776655);
  h.warp.x[10] = kBuf;
  EXPECT_FALSE(h.run(enc("vle8.v", {2, 10, 1})));
  EXPECT_EQ(h.trap.kind, TrapKind::IllegalInstruction);
  h.mode = Mode::RefCompat;
  h.fill(2, 0xEEEEEEEE);
  h.warp.mask = 0b11111110;  // element 0 inactive
  ASSERT_TRUE(h.run(enc("vle8.v", {2, 10, 1})));
  EXPECT_EQ(h.v(2).lane[0], 0x443322EEu);  // element i is byte i of the register
  EXPECT_EQ(h.v(2).lane[1], 0x88776655u);
  EXPECT_EQ(h.v(2).lane[2], 0xEEEEEEEEu);
  h.warp.mask = 0xFF;
  ASSERT_TRUE(h.run(enc("vle16.v", {3, 10, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0x44332211u);
  EXPECT_EQ(h.v(3).lane[3], 0u);  // elements 6, 7 read kBuf + 12 .. 15 (zero)
  h.warp.x[11] = kBuf + 0x20;
  ASSERT_TRUE(h.run(enc("vse8.v", {2, 11, 1})));
  EXPECT_EQ(h.read32(kBuf + 0x20), 0x443322EEu);
  // vluxei8: 32-bit data at byte offsets packed in the index register.
  h.v(4).lane[0] = 0x04000400;  // offsets 0, 4, 0, 4, ...
  h.v(4).lane[1] = 0x04000400;
  ASSERT_TRUE(h.run(enc("vluxei8.v", {5, 10, 4, 1})));
  EXPECT_EQ(h.v(5).lane[0], 0x44332211u);
  EXPECT_EQ(h.v(5).lane[1], 0x88776655u);
}

TEST(RvvMem, MisalignedAndUnmappedTrap) {
  Harness h(4);
  h.warp.x[10] = kBuf + 2;
  EXPECT_FALSE(h.run(enc("vle32.v", {2, 10, 1})));
  EXPECT_EQ(h.trap.kind, TrapKind::MisalignedAccess);
  h.warp.x[10] = kBuf + 0x10000 - 8;  // lanes 2 and 3 fall off the end of the buffer
  EXPECT_FALSE(h.run(enc("vse32.v", {2, 10, 1})));
  EXPECT_EQ(h.trap.kind, TrapKind::AccessFault);
  EXPECT_EQ(h.trap.addr, kBuf + 0x10000);
}

}  // namespace
}  // namespace ventus::functional::testing
