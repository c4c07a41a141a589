// Directed engine tests: SIMT divergence, barriers with ended warps, regext, division edge
// cases, every reachable trap kind with its message, multi-work-group ND-ranges.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "isa/names.hpp"
#include "runner/program_runner.hpp"

namespace ventus::runner {
namespace {

using functional::Mode;
using functional::TrapKind;
constexpr uint32_t kOut = 0x90000000u;
constexpr uint32_t kLocal = 0x70000800u;

ProgramBuilder start() {
  ProgramBuilder p;
  p.op("addi", {5, 0, 32}).op("vsetvli", {5, 5, 0xd0});  // vl = numt, as start.S does
  return p;
}

ProgramOutcome run(const ProgramBuilder& p, uint32_t numt, uint32_t numw,
                   std::array<uint32_t, 3> groups = {1, 1, 1}, Mode mode = Mode::Default,
                   uint64_t limit = 1'000'000) {
  EXPECT_EQ(p.error(), "");
  functional::LaunchConfig config;
  config.kernel_name = "directed";
  config.numt = numt;
  config.numw = numw;
  config.num_groups = groups;
  config.pds_base = 0x90100000u;
  config.pds_size = 0x100;
  functional::EngineOptions options;
  options.mode = mode;
  options.max_warp_instructions = limit;
  return run_program(p, config, options, {{kOut, 0x10000, "out"}});
}

uint32_t word(const ProgramOutcome& o, uint32_t addr) {
  return o.memory.store().read32(addr);
}

// endprg, then what start.S does after it: tohost = 1 (ends --ref-compat runs, ISA.md §7.3).
void finish(ProgramBuilder& p) {
  p.op("endprg", {}).op("addi", {8, 0, 1}).li(9, 0x80001000u).op("sw", {8, 0, 9});
}

// Stores v`reg` of every thread to kOut + 4 * (tid + i) + offset.
void store_vector(ProgramBuilder& p, unsigned reg, uint32_t offset = 0) {
  p.op("csrrs", {7, isa::csr::kTid, 0}).op("vid.v", {20, 1}).op("vadd.vx", {20, 20, 7, 1});
  p.op("vsll.vi", {20, 20, 2, 1}).li(8, kOut + offset).op("vadd.vx", {20, 20, 8, 1});
  p.op("vsw12.v", {reg, 0, 20});
}

// if (i < 4) { if (i & 1) acc += 10; else acc += 20; } else acc += 100;  three times.
ProgramBuilder nested_divergence() {
  ProgramBuilder p = start();
  p.op("vid.v", {1, 1}).op("vmv.v.x", {10, 0}).op("addi", {7, 0, 4}).op("vmv.v.x", {7, 7});
  p.op("addi", {9, 0, 100}).op("addi", {11, 0, 20}).op("addi", {12, 0, 10});
  p.op("addi", {13, 0, 3});
  const uint32_t loop = p.pc();
  const uint32_t rpc1 = p.pc();
  p.op("auipc", {6, 0}).op("setrpc", {0, 6, 0});
  const uint32_t br1 = p.pc();
  p.op("vblt", {1, 7, 0}).op("vadd.vx", {10, 10, 9, 1});
  const uint32_t jump1 = p.pc();
  p.op("jal", {0, 0});
  const uint32_t then1 = p.pc();
  p.op("vand.vi", {2, 1, 1, 1}).op("vmv.v.x", {3, 0});
  const uint32_t rpc2 = p.pc();
  p.op("auipc", {6, 0}).op("setrpc", {0, 6, 0});
  const uint32_t br2 = p.pc();
  p.op("vbne", {2, 3, 0}).op("vadd.vx", {10, 10, 11, 1});
  const uint32_t jump2 = p.pc();
  p.op("jal", {0, 0});
  const uint32_t odd = p.pc();
  p.op("vadd.vx", {10, 10, 12, 1});
  const uint32_t join2 = p.pc();
  p.op("join", {0, 0, 0});
  const uint32_t jump3 = p.pc();
  p.op("jal", {0, 0});
  const uint32_t join1 = p.pc();
  p.op("join", {0, 0, 0});
  p.patch(rpc1 + 4, "setrpc", {0, 6, int64_t{join1} - rpc1});
  p.patch(br1, "vblt", {1, 7, int64_t{then1} - br1});
  p.patch(jump1, "jal", {0, int64_t{join1} - jump1});
  p.patch(rpc2 + 4, "setrpc", {0, 6, int64_t{join2} - rpc2});
  p.patch(br2, "vbne", {2, 3, int64_t{odd} - br2});
  p.patch(jump2, "jal", {0, int64_t{join2} - jump2});
  p.patch(jump3, "jal", {0, int64_t{join1} - jump3});
  p.op("addi", {13, 13, -1}).op("bne", {13, 0, p.to(loop)});
  store_vector(p, 10);
  finish(p);
  return p;
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
ProgramBuilder barrier_after_end() {
  ProgramBuilder p = start();
  p.op("csrrs", {7, isa::csr::kWid, 0}).op("bne", {7, 0, 8}).op("endprg", {});
  p.op("slli", {8, 7, 2}).li(9, kLocal).op("add", {10, 8, 9}).op("addi", {11, 7, 1});
  p.op("sw", {11, 0, 10}).op("barrier", {1});
  p.op("lw", {12, 4, 9}).op("lw", {13, 8, 9}).op("add", {12, 12, 13}).op("lw", {13, 12, 9});
  p.op("add", {12, 12, 13}).li(14, kOut).op("add", {14, 14, 8}).op("sw", {12, 0, 14});
  finish(p);
  return p;
}

TEST(EngineDirected, BarrierCountsEndedWarpsAsArrivedInBothModes) {
  for (Mode mode : {Mode::Default, Mode::RefCompat}) {
    const ProgramOutcome o = run(barrier_after_end(), 4, 4, {1, 1, 1}, mode);
    ASSERT_FALSE(o.result.fault) << o.result.fault->message();
    for (uint32_t w = 1; w < 4; ++w) EXPECT_EQ(word(o, kOut + 4 * w), 2u + 3u + 4u) << w;
  }
}

TEST(EngineDirected, RegextExtendsScalarAndVectorRegisterIndicesForOneInstruction) {
  ProgramBuilder p = start();
  p.li(5, 1234).op("regext", {0, 0, 1}).op("addi", {1, 5, 0});  // x33 = 1234
  p.op("addi", {1, 0, 7});                                      // x1 = 7: prefix consumed
  p.op("regext", {0, 0, 8}).op("addi", {14, 1, 0});             // x14 = x33
  p.li(15, kOut).op("sw", {14, 0, 15}).op("sw", {1, 4, 15});
  p.op("regext", {0, 0, 1}).op("vmv.v.x", {0, 5});         // v32 = 1234
  p.op("regext", {0, 0, 64}).op("vadd.vx", {3, 0, 0, 1});  // v3 = v32 + 0
  store_vector(p, 3, 0x100);
  p.op("endprg", {});
  const ProgramOutcome o = run(p, 4, 1);
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  EXPECT_EQ(word(o, kOut), 1234u);
  EXPECT_EQ(word(o, kOut + 4), 7u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(word(o, kOut + 0x100 + 4 * i), 1234u);
}

TEST(EngineDirected, DivisionByZeroAndOverflowFollowRiscV) {
  ProgramBuilder p = start();
  p.li(5, 0x80000000u).op("addi", {6, 0, -1}).li(7, 77).li(15, kOut);
  p.op("div", {10, 5, 6}).op("sw", {10, 0, 15}).op("rem", {10, 5, 6}).op("sw", {10, 4, 15});
  p.op("div", {10, 7, 0}).op("sw", {10, 8, 15}).op("rem", {10, 7, 0}).op("sw", {10, 12, 15});
  p.op("divu", {10, 7, 0}).op("sw", {10, 16, 15}).op("remu", {10, 7, 0}).op("sw", {10, 20, 15});
  p.op("endprg", {});
  const ProgramOutcome o = run(p, 4, 1);
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  const uint32_t expected[] = {0x80000000u, 0, 0xffffffffu, 77, 0xffffffffu, 77};
  for (uint32_t k = 0; k < 6; ++k) EXPECT_EQ(word(o, kOut + 4 * k), expected[k]) << k;
}

struct TrapCase {
  const char* name;
  ProgramBuilder program;
  TrapKind kind;
  const char* detail;
};

std::vector<TrapCase> trap_cases() {
  std::vector<TrapCase> cases;
  ProgramBuilder illegal = start();
  illegal.op("addi", {0, 0, 0});
  const_cast<std::vector<uint32_t>&>(illegal.words()).push_back(0xffffffffu);
  cases.push_back({"illegal", illegal, TrapKind::IllegalInstruction, "illegal instruction"});
  ProgramBuilder misaligned = start();
  misaligned.li(6, kOut + 2).op("lw", {7, 0, 6});
  cases.push_back({"misaligned", misaligned, TrapKind::MisalignedAccess, "0x90000002"});
  ProgramBuilder unmapped = start();
  unmapped.li(6, 0xa0000000u).op("sw", {0, 0, 6});
  cases.push_back({"unmapped", unmapped, TrapKind::AccessFault, "0xa0000000"});
  ProgramBuilder divergent = start();
  divergent.op("vid.v", {1, 1}).op("vmv.v.x", {2, 0}).op("vbne", {1, 2, 8}).op("endprg", {});
  divergent.op("endprg", {});
  cases.push_back({"divergent endprg", divergent, TrapKind::DivergentEndprg, "partial"});
  ProgramBuilder forever = start();
  forever.op("jal", {0, 0});
  cases.push_back({"limit", forever, TrapKind::InstructionLimit, "1000 warp-instructions"});
  ProgramBuilder ecall = start();
  ecall.op("ecall", {});
  cases.push_back({"ecall", ecall, TrapKind::Unsupported, "ecall"});
  return cases;
}

TEST(EngineDirected, EveryTrapStopsTheLaunchWithAMessageNamingWhereItHappened) {
  for (const TrapCase& c : trap_cases()) {
    SCOPED_TRACE(c.name);
    const ProgramOutcome o = run(c.program, 4, 2, {1, 1, 1}, Mode::Default, 1000);
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
  ProgramBuilder p = start();
  const uint32_t handler_slot = p.pc();
  p.op("auipc", {6, 0}).op("addi", {6, 6, 0}).op("csrrw", {0, 0x305, 6});
  p.li(7, 0x6ffffff0u).op("sw", {0, 0, 7});  // below REF's flat memory: store access fault
  const uint32_t handler = p.pc();
  p.patch(handler_slot + 4, "addi", {6, 6, int64_t{handler} - handler_slot});
  p.op("addi", {8, 0, 1}).li(9, 0x80001000u).op("sw", {8, 0, 9});  // tohost = 1: the end
  const ProgramOutcome o = run(p, 4, 1, {1, 1, 1}, Mode::RefCompat);
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  EXPECT_EQ(o.result.stats.ref_traps, 1u);
  ASSERT_TRUE(o.result.ref_trap);
  EXPECT_EQ(o.result.ref_trap->kind, TrapKind::AccessFault);
}

// Each group records its ids, CSR_PDS and what it finds in its local memory before writing.
ProgramBuilder group_ids() {
  ProgramBuilder p = start();
  p.op("csrrs", {10, isa::csr::kWgid, 0}).op("csrrs", {11, isa::csr::kWid, 0});
  p.op("csrrs", {12, isa::csr::kNumw, 0}).op("mul", {13, 10, 12}).op("add", {13, 13, 11});
  p.op("slli", {13, 13, 5}).li(14, kOut).op("add", {14, 14, 13});  // 8 words per warp
  p.op("csrrs", {15, isa::csr::kGidx, 0}).op("sw", {15, 0, 14});
  p.op("csrrs", {15, isa::csr::kGidy, 0}).op("sw", {15, 4, 14});
  p.op("csrrs", {15, isa::csr::kGidz, 0}).op("sw", {15, 8, 14});
  p.op("sw", {10, 12, 14}).op("csrrs", {15, isa::csr::kPds, 0}).op("sw", {15, 16, 14});
  p.op("slli", {16, 11, 2}).li(17, kLocal).op("add", {17, 17, 16});
  p.op("lw", {15, 0, 17}).op("sw", {15, 20, 14}).op("addi", {18, 10, 1}).op("sw", {18, 0, 17});
  p.op("lw", {15, 0, 17}).op("sw", {15, 24, 14}).op("endprg", {});
  return p;
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
