// Directed tests of the profile v2.03 / S0 additions (ISA.md §5.13-§5.18): expected values are
// worked out by hand from the ISA text, including the traps it names.
#include <gtest/gtest.h>

#include <cstdint>

#include "functional/semantics/lane_test_harness.hpp"
#include "isa/names.hpp"

namespace ventus::functional::testing {
namespace {

// A v2.03 warp of `numt` threads.
struct V203 : Harness {
  explicit V203(unsigned numt = 4) : Harness(numt) { profile = isa::Profile::V203; }
};

void set_pair(Harness& h, unsigned n, uint32_t high, uint32_t low) {
  h.warp.x[n] = low;
  h.warp.x[n + 1] = high;
}

bool trapped_with(const Harness& h, TrapKind kind, const char* text) {
  return h.trap.kind == kind && h.trap.detail.find(text) != std::string::npos;
}

// §5.17: *W are 64 = 64 op 64 on even pairs {x[n+1] : x[n]}.
TEST(V203Rv64, WordOpsComputeOnPairs) {
  V203 h;
  set_pair(h, 10, 0x1, 0xFFFFFFFF);  // 0x1_FFFFFFFF
  set_pair(h, 12, 0x0, 0x1);
  ASSERT_TRUE(h.run(enc("addw", {14, 10, 12})));  // 0x2_00000000
  EXPECT_EQ(h.warp.x[14], 0u);
  EXPECT_EQ(h.warp.x[15], 2u);
  set_pair(h, 10, 0, 0);
  ASSERT_TRUE(h.run(enc("subw", {14, 10, 12})));  // 0 - 1 = all ones
  EXPECT_EQ(h.warp.x[14], 0xFFFFFFFFu);
  EXPECT_EQ(h.warp.x[15], 0xFFFFFFFFu);
  set_pair(h, 10, 0x80000000, 0);
  set_pair(h, 12, 0, 63);  // shift amount rs2[5:0] = 63
  ASSERT_TRUE(h.run(enc("sraw", {14, 10, 12})));
  EXPECT_EQ(h.warp.x[14], 0xFFFFFFFFu);
  EXPECT_EQ(h.warp.x[15], 0xFFFFFFFFu);
  set_pair(h, 10, 0, 1);
  ASSERT_TRUE(h.run(enc("slliw", {14, 10, 36})));  // 1 << 36 = 0x10_00000000
  EXPECT_EQ(h.warp.x[14], 0u);
  EXPECT_EQ(h.warp.x[15], 0x10u);
  set_pair(h, 10, 0, 0);
  ASSERT_TRUE(h.run(enc("addiw", {14, 10, -1})));
  EXPECT_EQ(h.warp.x[15], 0xFFFFFFFFu);
}

TEST(V203Rv64, OddPairRegisterIsIllegal) {
  V203 h;
  EXPECT_FALSE(h.run(enc("addw", {15, 10, 12})));
  EXPECT_TRUE(trapped_with(h, TrapKind::IllegalInstruction, "odd"));
}

// ld/sd: rs1 pair = 64-bit address, 32-bit data; a high word != 0 is an access fault.
TEST(V203Rv64, LoadStoreAtPairAddress) {
  V203 h;
  h.write32(kBuf + 12, 0xCAFEF00D);
  set_pair(h, 10, 0, kBuf + 8);
  ASSERT_TRUE(h.run(enc("ld", {5, 4, 10})));
  EXPECT_EQ(h.warp.x[5], 0xCAFEF00Du);
  h.warp.x[6] = 77;
  ASSERT_TRUE(h.run(enc("sd", {6, -8, 10})));
  EXPECT_EQ(h.read32(kBuf), 77u);
  set_pair(h, 10, 1, kBuf);
  EXPECT_FALSE(h.run(enc("ld", {5, 0, 10})));
  EXPECT_TRUE(trapped_with(h, TrapKind::AccessFault, "above 4 GiB"));
  EXPECT_FALSE(h.run(enc("ld", {5, 0, 11})));
  EXPECT_EQ(h.trap.kind, TrapKind::IllegalInstruction);
}

TEST(V203Rv64, AmoAddDoubleAtPairAddress) {
  V203 h;
  h.write32(kBuf + 16, 5);
  set_pair(h, 10, 0, kBuf + 16);
  h.warp.x[7] = 3;
  ASSERT_TRUE(h.run(enc("amoadd.d", {6, 7, 10, 0})));
  EXPECT_EQ(h.warp.x[6], 5u);
  EXPECT_EQ(h.read32(kBuf + 16), 8u);
}

// §5.14: addr = {v[vs1+1][i] : v[vs1][i]} + sext(imm12).
TEST(V203Vector, Load12dAndStore12dUsePairBases) {
  V203 h;
  for (unsigned i = 0; i < 4; ++i) h.write32(kBuf + 0x40 + 4 * i, 100 + i);
  h.set_lanes(2, {kBuf + 0x44, kBuf + 0x48, kBuf + 0x4C, kBuf + 0x50});
  h.fill(3, 0);
  ASSERT_TRUE(h.run(enc("vlw12d.v", {8, -4, 2})));
  for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(h.v(8).lane[i], 100 + i);
  h.set_lanes(9, {7, 8, 9, 10});
  ASSERT_TRUE(h.run(enc("vsw12d.v", {9, 0x100, 2})));
  EXPECT_EQ(h.read32(kBuf + 0x144 + 12), 10u);
  h.v(3).lane[2] = 1;  // lane 2's address is above 4 GiB
  EXPECT_FALSE(h.run(enc("vlw12d.v", {8, 0, 2})));
  EXPECT_TRUE(trapped_with(h, TrapKind::AccessFault, "0x000000019000004c"));
  EXPECT_FALSE(h.run(enc("vlw12d.v", {8, 0, 3})));
  EXPECT_EQ(h.trap.kind, TrapKind::IllegalInstruction);
}

// §5.18: .vv/.vx widen like RVV into {vd+1 : vd}; .wv is 64 = 64 op 64.
TEST(V203Vector, WideningIntoPairs) {
  V203 h;
  h.fill(2, 0xFFFFFFFF);
  h.fill(3, 2);
  ASSERT_TRUE(h.run(enc("vwmul.vv", {4, 2, 3, 1})));  // -1 * 2 = -2
  EXPECT_EQ(h.v(4).lane[0], 0xFFFFFFFEu);
  EXPECT_EQ(h.v(5).lane[0], 0xFFFFFFFFu);
  ASSERT_TRUE(h.run(enc("vwmulu.vv", {4, 2, 3, 1})));  // 0xFFFFFFFF * 2 = 0x1_FFFFFFFE
  EXPECT_EQ(h.v(4).lane[1], 0xFFFFFFFEu);
  EXPECT_EQ(h.v(5).lane[1], 1u);
  h.warp.x[6] = static_cast<uint32_t>(-3);
  ASSERT_TRUE(h.run(enc("vwadd.vx", {4, 3, 6, 1})));  // 2 + -3 = -1
  EXPECT_EQ(h.v(5).lane[2], 0xFFFFFFFFu);
  h.fill(6, 0xFFFFFFFF);
  h.fill(7, 1);  // vs2 pair = 0x1_FFFFFFFF
  h.fill(8, 1);
  h.fill(9, 0);  // vs1 pair = 1
  ASSERT_TRUE(h.run(enc("vwaddu.wv", {10, 6, 8, 1})));
  EXPECT_EQ(h.v(10).lane[3], 0u);
  EXPECT_EQ(h.v(11).lane[3], 2u);
  h.fill(10, 5);
  h.fill(11, 0);
  ASSERT_TRUE(h.run(enc("vwmaccu.vv", {10, 3, 3, 1})));  // 5 + 2 * 2
  EXPECT_EQ(h.v(10).lane[0], 9u);
  EXPECT_FALSE(h.run(enc("vwadd.vv", {5, 2, 3, 1})));
  EXPECT_TRUE(trapped_with(h, TrapKind::IllegalInstruction, "odd"));
}

// §5.15: pre_m_global_128 moves four words per lane at base + imm + CSR_GDS into v4..v7.
TEST(V203Prefix, MemoryPrefixWidthAndGlobalSpace) {
  V203 h;
  h.warp.csr.gds = 0x100;
  for (unsigned i = 0; i < 4; ++i) {
    h.v(2).lane[i] = kBuf - 0x100 + 16 * i;
    for (unsigned k = 0; k < 4; ++k) h.write32(kBuf + 16 * i + 4 * k, 100 * i + k);
  }
  ASSERT_TRUE(h.run_sequence({enc("pre_m_global_128", {0, 0, 0}), enc("vlw12.v", {4, 0, 2})}));
  for (unsigned k = 0; k < 4; ++k) EXPECT_EQ(h.v(4 + k).lane[3], 300 + k) << k;
  EXPECT_EQ(h.warp.ext.modifier, 0);  // the prefix covered exactly one instruction
  // pre_m_64 (own space) before a store: v8, v9 of lane i at base + 4·{0, 1}.
  h.fill(8, 11);
  h.fill(9, 22);
  h.set_lanes(2, {kBuf + 0x200, kBuf + 0x208, kBuf + 0x210, kBuf + 0x218});
  ASSERT_TRUE(h.run_sequence({enc("pre_m_64", {0, 0, 3}), enc("vsw12.v", {8, 0, 2})}));
  EXPECT_EQ(h.read32(kBuf + 0x218), 11u);
  EXPECT_EQ(h.read32(kBuf + 0x21C), 22u);
  // A width above 32 bits before a 16-bit access is illegal (§5.15 project rule).
  EXPECT_FALSE(h.run_sequence({enc("pre_m_64", {0, 0, 0}), enc("vlh12.v", {4, 0, 2})}));
  EXPECT_TRUE(trapped_with(h, TrapKind::IllegalInstruction, "32-bit access"));
}

// §5.15 example word 0x00080026: pre_m_global_32 with pair = 1, before a scalar lw.
TEST(V203Prefix, MemoryPrefixPairBaseOnScalarLoad) {
  V203 h;
  h.warp.csr.gds = 0x10;
  h.write32(kBuf + 0x30, 0x1234);
  set_pair(h, 10, 0, kBuf + 0x20);  // + imm 0 + GDS 0x10
  ASSERT_TRUE(h.run_sequence({0x00080026u, enc("lw", {5, 0, 10})}));
  EXPECT_EQ(h.warp.x[5], 0x1234u);
  // A prefix before a non-memory instruction has no effect (S1).
  h.warp.x[6] = 2;
  ASSERT_TRUE(h.run_sequence({0x00080026u, enc("add", {7, 6, 6})}));
  EXPECT_EQ(h.warp.x[7], 4u);
}

// §5.16: NEG/ABS change the FP source as read (|x| first, then the sign), not the register.
TEST(V203Prefix, AbsNegOnFloatingPointSources) {
  V203 h;
  h.warp.x[6] = 0x3F800000;  // 1.0
  h.warp.x[7] = 0xC0000000;  // -2.0
  ASSERT_TRUE(h.run_sequence({enc("prefix", {0, 0, 2, 0}), enc("fadd.s", {5, 6, 7, 7})}));
  EXPECT_EQ(h.warp.x[5], 0x40400000u);  // 1 + |-2| = 3
  EXPECT_EQ(h.warp.x[7], 0xC0000000u);  // restored
  ASSERT_TRUE(h.run_sequence({enc("prefix", {0, 0, 0, 1}), enc("fadd.s", {5, 6, 7, 7})}));
  EXPECT_EQ(h.warp.x[5], 0xC0400000u);  // -1 + -2 = -3
  h.fill(2, 0x40A00000);                // 5.0 (vs2, source 2)
  h.fill(3, 0x3F800000);                // 1.0 (vs1, source 1)
  ASSERT_TRUE(h.run_sequence({enc("prefix", {0, 0, 0, 1}), enc("vfadd.vv", {4, 2, 3, 1})}));
  EXPECT_EQ(h.v(4).lane[0], 0x40800000u);  // 5 + -1 = 4
  EXPECT_EQ(h.v(3).lane[0], 0x3F800000u);
  EXPECT_FALSE(h.run_sequence({enc("prefix", {0, 0, 1, 0}), enc("add", {5, 6, 7})}));
  EXPECT_TRUE(trapped_with(h, TrapKind::IllegalInstruction, "floating-point"));
}

// §5.16 pair = 1: every register even, 64-bit ALU; §5.13 regpair: odd = plain 32-bit.
TEST(V203Prefix, PairPrefixesComputeIn64Bits) {
  V203 h;
  set_pair(h, 12, 0, 0xFFFFFFFF);
  set_pair(h, 14, 0, 1);
  ASSERT_TRUE(h.run_sequence({enc("prefix", {0, 1, 0, 0}), enc("add", {10, 12, 14})}));
  EXPECT_EQ(h.warp.x[10], 0u);
  EXPECT_EQ(h.warp.x[11], 1u);
  EXPECT_FALSE(h.run_sequence({enc("prefix", {0, 1, 0, 0}), enc("add", {10, 12, 15})}));
  EXPECT_EQ(h.trap.kind, TrapKind::IllegalInstruction);
  h.fill(2, 0x80000000);
  h.fill(3, 0);
  h.fill(6, 0x80000000);
  h.fill(7, 0);
  ASSERT_TRUE(h.run_sequence({enc("prefix", {0, 1, 0, 0}), enc("vadd.vv", {4, 2, 6, 1})}));
  EXPECT_EQ(h.v(4).lane[1], 0u);
  EXPECT_EQ(h.v(5).lane[1], 1u);
  Harness v202;  // regpair is v2.02's
  set_pair(v202, 12, 0, 0xFFFFFFFF);
  v202.warp.x[15] = 1;  // odd: a plain 32-bit register
  ASSERT_TRUE(v202.run_sequence({enc("regpair", {0, 0, 0}), enc("add", {10, 12, 15})}));
  EXPECT_EQ(v202.warp.x[10], 0u);
  EXPECT_EQ(v202.warp.x[11], 1u);
  EXPECT_FALSE(v202.run_sequence({enc("regpair", {0, 0, 0}), enc("lw", {10, 0, 12})}));
  EXPECT_EQ(v202.trap.kind, TrapKind::IllegalInstruction);
}

// regpairi/prefixi arm the next .vi immediate's high bits like regexti (§5.13, §5.16 "as
// REGEXTI"; §5.5: imm6 ‖ imm5, sign-extended outside --ref-compat), also on pairs.
TEST(V203Prefix, ImmediatePrefixesWidenThePairedImmediate) {
  Harness v202;
  v202.fill(2, 0xFFFFFFF0);
  v202.fill(3, 0x1);  // {v3 : v2} = 0x1_FFFFFFF0
  // imm12 = imm6 (1) << 6: the immediate is 1 << 5 | 2 = 34.
  ASSERT_TRUE(v202.run_sequence({enc("regpairi", {0, 0, 64}), enc("vadd.vi", {4, 2, 2, 1})}));
  EXPECT_EQ(v202.v(4).lane[0], 0x00000012u);  // 0x1_FFFFFFF0 + 34 = 0x2_00000012
  EXPECT_EQ(v202.v(5).lane[0], 0x2u);
  V203 h;
  h.fill(2, 0xFFFFFFF0);
  h.fill(3, 0);
  // imm5 = -1 (0b11111) under imm6 = 1: 0b1_11111 = 63, positive in 11 bits.
  ASSERT_TRUE(h.run_sequence({enc("prefixi", {64, 1, 0, 0}), enc("vadd.vi", {4, 2, -1, 1})}));
  EXPECT_EQ(h.v(4).lane[3], 0x0000002Fu);  // 0xFFFFFFF0 + 63 = 0x1_0000002F
  EXPECT_EQ(h.v(5).lane[3], 0x1u);
}

// The profile decides what decodes: regpair is illegal in v2.03, ld in v2.02 (§5.12).
TEST(V203Profile, RowsOfTheOtherProfileAreIllegal) {
  V203 h;
  EXPECT_FALSE(h.run(enc("regpair", {0, 0, 0})));
  EXPECT_EQ(h.trap.kind, TrapKind::IllegalInstruction);
  Harness v202;
  EXPECT_FALSE(v202.run(enc("ld", {5, 0, 10})));
  EXPECT_EQ(v202.trap.kind, TrapKind::IllegalInstruction);
}

// §5.18: CSR_GDS (0x814) reads the launch's global base in v2.03 only; it is read-only.
TEST(V203Profile, GlobalBaseCsr) {
  V203 h;
  h.warp.csr.has_gds = true;
  h.warp.csr.gds = 0x4000;
  ASSERT_TRUE(h.run(enc("csrrs", {5, isa::csr::kGds, 0})));
  EXPECT_EQ(h.warp.x[5], 0x4000u);
  h.warp.x[6] = 1;
  EXPECT_FALSE(h.run(enc("csrrw", {5, isa::csr::kGds, 6})));
  Harness v202;
  EXPECT_FALSE(v202.run(enc("csrrs", {5, isa::csr::kGds, 0})));
}

}  // namespace
}  // namespace ventus::functional::testing
