// Directed engine tests: SIMT divergence, barriers with ended warps, regext, division edge
// cases, every reachable trap kind with its message, multi-work-group ND-ranges. The programs
// are assembly text built by src/asm.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "runner/engine_test_support.hpp"

namespace ventus::runner {
namespace {

using namespace engine_test;

// if (i < 4) { if (i & 1) acc += 10; else acc += 20; } else acc += 100;  three times.
// Each if/else is setrpc (reconvergence pc = its join) + a vector branch (ISA.md §2.4).
elf::ElfImage nested_divergence() {
  return assemble(R"(
        vid.v   v1                      # v1 = i
        vmv.v.x v10, zero               # v10 = acc
        li      t2, 4
        vmv.v.x v7, t2
        li      s1, 100
        li      a1, 20
        li      a2, 10
        li      a3, 3                   # loop trips
.Lloop:
        auipc   t1, 0
        setrpc  zero, t1, .Ljoin1 - .Lloop
        vblt    v1, v7, .Lthen1         # i < 4
        vadd.vx v10, v10, s1            # else: acc += 100
        j       .Ljoin1
.Lthen1:
        vand.vi v2, v1, 1
        vmv.v.x v3, zero
.Lrpc2:
        auipc   t1, 0
        setrpc  zero, t1, .Ljoin2 - .Lrpc2
        vbne    v2, v3, .Lodd           # i & 1
        vadd.vx v10, v10, a1            # even: acc += 20
        j       .Ljoin2
.Lodd:
        vadd.vx v10, v10, a2            # odd: acc += 10
.Ljoin2:
        join    zero, zero, 0
        j       .Ljoin1
.Ljoin1:
        join    zero, zero, 0
        addi    a3, a3, -1
        bnez    a3, .Lloop
)" + store_vector("v10") +
                  std::string(kFinish));
}

TEST(EngineDirected, NestedDivergenceInALoopReconvergesWithTheRightSums) {
  for (Mode mode : {Mode::Default, Mode::RefCompat}) {
    const ProgramOutcome o = run(nested_divergence(), 8, 1, {1, 1, 1}, mode);
    ASSERT_FALSE(o.result.fault) << o.result.fault->message();
    for (uint32_t i = 0; i < 8; ++i) {
      const uint32_t expected = i >= 4 ? 300 : ((i & 1) != 0 ? 30 : 60);
      EXPECT_EQ(word(o, kOut + 4 * i), expected) << "thread " << i;
    }
  }
}

// Warp 0 ends at once; warps 1..3 publish wid+1 in local memory, meet at a barrier, then
// each sums what the others published. Without a working barrier a warp sees zeros.
elf::ElfImage barrier_after_end() {
  return assemble(fmt::format(R"(
        csrr    t2, wid
        bnez    t2, 1f
        endprg  x0, x0, x0              # warp 0 ends before the barrier
1:      slli    s0, t2, 2
        li      s1, {:#x}               # local memory
        add     a0, s0, s1
        addi    a1, t2, 1
        sw      a1, 0(a0)               # local[wid] = wid + 1
        barrier x0, x0, 1
        lw      a2, 4(s1)
        lw      a3, 8(s1)
        add     a2, a2, a3
        lw      a3, 12(s1)
        add     a2, a2, a3              # a2 = local[1] + local[2] + local[3]
        li      a4, {:#x}
        add     a4, a4, s0
        sw      a2, 0(a4)               # out[wid] = a2
{})",
                              kLocal, kOut, kFinish));
}

TEST(EngineDirected, BarrierCountsEndedWarpsAsArrivedInBothModes) {
  for (Mode mode : {Mode::Default, Mode::RefCompat}) {
    const ProgramOutcome o = run(barrier_after_end(), 4, 4, {1, 1, 1}, mode);
    ASSERT_FALSE(o.result.fault) << o.result.fault->message();
    for (uint32_t w = 1; w < 4; ++w) EXPECT_EQ(word(o, kOut + 4 * w), 2u + 3u + 4u) << w;
  }
}

TEST(EngineDirected, RegextExtendsScalarAndVectorRegisterIndicesForOneInstruction) {
  // The prefixes are written out (not left to the assembler's x33/v32 syntax) so the test
  // pins the engine's reading of regext's immediate (ISA.md §5.5: 3 bits per operand).
  const elf::ElfImage image = assemble(fmt::format(R"(
        li      t0, 1234
        regext  zero, zero, 1           # rd + 32
        addi    ra, t0, 0               # x33 = 1234
        addi    ra, zero, 7             # x1 = 7: the prefix was consumed
        regext  zero, zero, 8           # rs1 + 32
        addi    a4, ra, 0               # x14 = x33
        li      a5, {:#x}
        sw      a4, 0(a5)
        sw      ra, 4(a5)
        regext  zero, zero, 1
        vmv.v.x v0, t0                  # v32 = 1234
        regext  zero, zero, 64          # rs2 + 32
        vadd.vx v3, v0, zero            # v3 = v32 + 0
{}
        endprg  x0, x0, x0
)",
                                                   kOut, store_vector("v3", 0x100)));
  const ProgramOutcome o = run(image, 4, 1);
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  EXPECT_EQ(word(o, kOut), 1234u);
  EXPECT_EQ(word(o, kOut + 4), 7u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(word(o, kOut + 0x100 + 4 * i), 1234u);
}

TEST(EngineDirected, DivisionByZeroAndOverflowFollowRiscV) {
  const elf::ElfImage image = assemble(fmt::format(R"(
        li      t0, 0x80000000
        li      t1, -1
        li      t2, 77
        li      a5, {:#x}
        div     a0, t0, t1              # overflow
        sw      a0, 0(a5)
        rem     a0, t0, t1
        sw      a0, 4(a5)
        div     a0, t2, zero            # division by zero
        sw      a0, 8(a5)
        rem     a0, t2, zero
        sw      a0, 12(a5)
        divu    a0, t2, zero
        sw      a0, 16(a5)
        remu    a0, t2, zero
        sw      a0, 20(a5)
        endprg  x0, x0, x0
)",
                                                   kOut));
  const ProgramOutcome o = run(image, 4, 1);
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  const uint32_t expected[] = {0x80000000u, 0, 0xffffffffu, 77, 0xffffffffu, 77};
  for (uint32_t k = 0; k < 6; ++k) EXPECT_EQ(word(o, kOut + 4 * k), expected[k]) << k;
}

struct TrapCase {
  const char* name;
  std::string body;
  TrapKind kind;
  const char* detail;
};

std::vector<TrapCase> trap_cases() {
  return {
      {"illegal", "nop\n.word 0xffffffff\n", TrapKind::IllegalInstruction, "illegal instruction"},
      {"misaligned", fmt::format("li t1, {:#x}\nlw t2, 0(t1)\n", kOut + 2),
       TrapKind::MisalignedAccess, "0x90000002"},
      {"unmapped", "li t1, 0xa0000000\nsw zero, 0(t1)\n", TrapKind::AccessFault, "0xa0000000"},
      // Thread 0 falls through to the first endprg while the others branch to the second.
      {"divergent endprg",
       "vid.v v1\nvmv.v.x v2, zero\nvbne v1, v2, 1f\nendprg x0, x0, x0\n1: endprg x0, x0, x0\n",
       TrapKind::DivergentEndprg, "partial"},
      {"limit", "1: j 1b\n", TrapKind::InstructionLimit, "1000 warp-instructions"},
      {"ecall", "ecall\n", TrapKind::Unsupported, "ecall"},
  };
}

TEST(EngineDirected, EveryTrapStopsTheLaunchWithAMessageNamingWhereItHappened) {
  for (const TrapCase& c : trap_cases()) {
    SCOPED_TRACE(c.name);
    const ProgramOutcome o = run(assemble(c.body), 4, 2, {1, 1, 1}, Mode::Default, 1000);
    ASSERT_TRUE(o.result.fault);
    EXPECT_EQ(o.result.fault->kind, c.kind);
    const std::string message = o.result.fault->message();
    EXPECT_NE(message.find("kernel 'directed'"), std::string::npos) << message;
    EXPECT_NE(message.find("work-group 0 (0, 0, 0)"), std::string::npos) << message;
    EXPECT_NE(message.find("warp 0"), std::string::npos) << message;
    EXPECT_NE(message.find("thread mask 0x0000000"), std::string::npos) << message;
    EXPECT_NE(message.find("pc 0x800000"), std::string::npos) << message;
    EXPECT_NE(message.find(c.detail), std::string::npos) << message;
  }
}

TEST(EngineDirected, RefCompatTrapJumpsToMtvecLikeReference) {
  const elf::ElfImage image = assemble(R"(
        la      t1, .Lhandler
        csrw    mtvec, t1
        li      t2, 0x6ffffff0
        sw      zero, 0(t2)             # below REF's flat memory: store access fault
.Lhandler:
        li      s0, 1
        li      s1, 0x80001000
        sw      s0, 0(s1)               # tohost = 1: the end
)");
  const ProgramOutcome o = run(image, 4, 1, {1, 1, 1}, Mode::RefCompat);
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  EXPECT_EQ(o.result.stats.ref_traps, 1u);
  ASSERT_TRUE(o.result.ref_trap);
  EXPECT_EQ(o.result.ref_trap->kind, TrapKind::AccessFault);
}

// Each group records its ids, CSR_PDS and what it finds in its local memory before writing.
elf::ElfImage group_ids() {
  return assemble(fmt::format(R"(
        csrr    a0, wgid
        csrr    a1, wid
        csrr    a2, numw
        mul     a3, a0, a2
        add     a3, a3, a1
        slli    a3, a3, 5               # 8 words per warp
        li      a4, {:#x}
        add     a4, a4, a3              # a4 = this warp's 8 words
        csrr    a5, gidx
        sw      a5, 0(a4)
        csrr    a5, gidy
        sw      a5, 4(a4)
        csrr    a5, gidz
        sw      a5, 8(a4)
        sw      a0, 12(a4)
        csrr    a5, pds
        sw      a5, 16(a4)
        slli    a6, a1, 2
        li      a7, {:#x}
        add     a7, a7, a6              # a7 = local[wid]
        lw      a5, 0(a7)
        sw      a5, 20(a4)              # what was there before this group wrote
        addi    s2, a0, 1
        sw      s2, 0(a7)
        lw      a5, 0(a7)
        sw      a5, 24(a4)
        endprg  x0, x0, x0
)",
                              kOut, kLocal));
}

TEST(EngineDirected, EveryWorkGroupOfTwoAndThreeDimensionalRangesRunsWithItsOwnLocalMemory) {
  const std::array<uint32_t, 3> shapes[] = {{3, 2, 1}, {2, 2, 2}};
  for (const auto& shape : shapes) {
    const ProgramOutcome o = run(group_ids(), 4, 2, shape);
    ASSERT_FALSE(o.result.fault) << o.result.fault->message();
    const uint32_t groups = shape[0] * shape[1] * shape[2];
    EXPECT_EQ(o.result.stats.work_groups, groups);
    for (uint32_t g = 0; g < groups; ++g) {
      for (uint32_t w = 0; w < 2; ++w) {
        const uint32_t at = kOut + (g * 2 + w) * 32;
        EXPECT_EQ(word(o, at), g % shape[0]);
        EXPECT_EQ(word(o, at + 4), (g / shape[0]) % shape[1]);
        EXPECT_EQ(word(o, at + 8), g / (shape[0] * shape[1]));
        EXPECT_EQ(word(o, at + 12), g);
        EXPECT_EQ(word(o, at + 16), 0x90100000u + g * 2 * 4 * 0x100);  // RTL per-group PDS
        EXPECT_EQ(word(o, at + 20), 0u) << "group " << g << " saw another group's local data";
        EXPECT_EQ(word(o, at + 24), g + 1);
      }
    }
  }
}

}  // namespace
}  // namespace ventus::runner
