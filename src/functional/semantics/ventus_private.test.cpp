// Tests for private-memory vlx.v/vsx.v: the §5.11 word-interleaved formula for several numt/numw.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"

namespace ventus::functional::testing {
namespace {

// Makes `h` warp `wid` of a work-group with `numw` warps (CSR_TID = wid·numt).
void place(Harness& h, unsigned numw, unsigned wid) {
  h.warp.csr.numw = numw;
  h.warp.csr.tid = wid * h.warp.numt;
  h.warp.csr.wid = wid;
}

// ISA.md §10 real log (gaussian 2x8): numt = 8, tp = 4, "regext 72; vsw.v v33, -4(v32)":
// warp 0 writes PDS+0x00..0x1C, warp 1 PDS+0x20..0x3C.
TEST(VentusPrivate, RealLogExampleTwoWarpsOfEight) {
  for (unsigned wid = 0; wid < 2; ++wid) {
    Harness h(8);
    place(h, 2, wid);
    h.fill(32, 4);  // v32 = broadcast(tp)
    for (unsigned i = 0; i < 8; ++i) h.v(33).lane[i] = 0x100 * wid + i;
    h.warp.ext = RegExt{0, 1, 1, 0, 0, false, true};
    ASSERT_TRUE(h.run(enc("vsw.v", {1, -4, 0})));
    ASSERT_EQ(h.record.mem.size(), 8u);
    for (unsigned i = 0; i < 8; ++i) {
      const uint32_t addr = kPds + 0x20 * wid + 4 * i;
      EXPECT_EQ(h.record.mem[i].addr, addr);
      EXPECT_EQ(h.read32(addr), 0x100 * wid + i);
    }
    h.warp.ext = RegExt{1, 1, 0, 0, 0, false, true};  // vlw.v v33, -4(v32) reads them back
    h.fill(33, 0);
    ASSERT_TRUE(h.run(enc("vlw.v", {1, -4, 0})));
    EXPECT_EQ(h.v(33).lane[7], 0x100 * wid + 7);
  }
}

// numt = 4, numw = 3 (NT = 12), warp 1: a = 12 - 4 = 8 -> PDS + 8·12 + 4·(4 + i).
TEST(VentusPrivate, WordIndexScalesByThreadsPerWorkGroup) {
  Harness h(4);
  place(h, 3, 1);
  h.fill(1, 12);
  h.set_lanes(2, {10, 11, 12, 13});
  ASSERT_TRUE(h.run(enc("vsw.v", {2, -4, 1})));
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(h.read32(kPds + 96 + 16 + 4 * i), 10 + i) << i;
}

// numt = 32, numw = 1: a = 4 -> PDS + 4·32 + 4·i; per-lane bases may differ.
TEST(VentusPrivate, ThirtyTwoThreadsPerLaneBases) {
  Harness h(32);
  place(h, 1, 0);
  h.fill(1, 4);
  h.v(1).lane[31] = 8;
  h.fill(2, 0x55);
  ASSERT_TRUE(h.run(enc("vsw.v", {2, 0, 1})));
  EXPECT_EQ(h.record.mem[0].addr, kPds + 128);
  EXPECT_EQ(h.record.mem[30].addr, kPds + 128 + 120);
  EXPECT_EQ(h.record.mem[31].addr, kPds + 256 + 124);
}

// Sub-word accesses keep a & 3 inside the word: numt = 2, numw = 4 (NT = 8), warp 1,
// a = 5 -> PDS + 4·8 + 1 + 4·(2 + i).
TEST(VentusPrivate, ByteAndHalfAccessesUseLowAddressBits) {
  Harness h(2);
  place(h, 4, 1);
  h.fill(1, 5);
  h.set_lanes(2, {0x1F0, 0x2F1});
  ASSERT_TRUE(h.run(enc("vsb.v", {2, 0, 1})));
  EXPECT_EQ(h.record.mem[0].addr, kPds + 0x29);
  EXPECT_EQ(h.record.mem[1].addr, kPds + 0x2D);
  EXPECT_EQ(h.read32(kPds + 0x28), 0xF000u);
  ASSERT_TRUE(h.run(enc("vlb.v", {3, 0, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0xFFFFFFF0u);
  ASSERT_TRUE(h.run(enc("vlbu.v", {3, 0, 1})));
  EXPECT_EQ(h.v(3).lane[1], 0xF1u);
  ASSERT_TRUE(h.run(enc("vsh.v", {2, 1, 1})));  // a = 6: halfword at byte 2 of the word
  EXPECT_EQ(h.read32(kPds + 0x28), 0x01F0F000u);
  ASSERT_TRUE(h.run(enc("vlh.v", {3, 1, 1})));
  EXPECT_EQ(h.v(3).lane[0], 0x01F0u);
  ASSERT_TRUE(h.run(enc("vlhu.v", {3, 1, 1})));
  EXPECT_EQ(h.v(3).lane[1], 0x02F1u);
  EXPECT_FALSE(h.run(enc("vlh.v", {3, 0, 1})));  // a = 5: odd halfword address
  EXPECT_EQ(h.trap.kind, TrapKind::MisalignedAccess);
}

TEST(VentusPrivate, InactiveThreadsSkippedAndUnmappedTraps) {
  Harness h(4);
  place(h, 1, 0);
  h.warp.mask = 0b1000;
  h.fill(1, 0);
  h.fill(2, 9);
  ASSERT_TRUE(h.run(enc("vsw.v", {2, 0, 1})));
  ASSERT_EQ(h.record.mem.size(), 1u);
  EXPECT_EQ(h.record.mem[0].addr, kPds + 12);
  h.warp.csr.pds = 0x1000;  // unmapped
  EXPECT_FALSE(h.run(enc("vlw.v", {3, 0, 1})));
  EXPECT_EQ(h.trap.kind, TrapKind::AccessFault);
}

}  // namespace
}  // namespace ventus::functional::testing
