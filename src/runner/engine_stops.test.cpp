// Directed engine tests of launches that stop or end early: megabyte-apart stacks with
// memcheck, a hang stopped by the instruction limit (the message names the warps), and the
// --ref-compat end of a work-group at a tohost store.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "runner/engine_test_support.hpp"

namespace ventus::runner {
namespace {

using namespace engine_test;

// Issue 12: some crt0 builds give warp w the stack CSR_LDS + w x 1 MiB (a doubled mul);
// warp 1's stack is then 1 MiB above the work-group's local allocation. The RTL and REF run
// it (flat memory); with memcheck = report each work-group keeps those bytes in its own
// local memory, reports them and runs on; strict faults.
elf::ElfImage megabyte_stacks() {
  return assemble(R"(
        csrr    t0, lds
        csrr    t1, wid
        li      t2, 0x100000
        mul     t1, t1, t2
        add     sp, t0, t1
        addi    sp, sp, 1024            # sp = lds + wid * 1 MiB + 1 KiB (the doubled mul)
        csrr    t3, wgid
        addi    t3, t3, 7
        sw      t3, -16(sp)             # like crt0's sw ra, -16(sp)
        lw      t4, -16(sp)
        csrr    t5, wid
        csrr    t6, wgid
        slli    t6, t6, 3
        add     t5, t5, t6              # slot = wgid * 8 + wid
        slli    t5, t5, 2
        li      s0, 0x90000000
        add     s0, s0, t5
        sw      t4, 0(s0)
)" + std::string(kFinish));
}

TEST(EngineDirected, MegabyteApartStacksRunPerWorkGroupAndAreReported) {
  functional::LaunchConfig config;
  config.kernel_name = "stacks";
  config.numt = 4;
  config.numw = 2;
  config.num_groups = {2, 1, 1};
  functional::EngineOptions options;
  options.memcheck = functional::Memcheck::Report;
  const ProgramOutcome o = run_program(megabyte_stacks(), config, options, {{kOut, 0x1000, "out"}});
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  for (uint32_t group = 0; group < 2; ++group) {
    for (uint32_t warp = 0; warp < 2; ++warp) {
      EXPECT_EQ(word(o, kOut + 4 * (group * 8 + warp)), group + 7) << group << "/" << warp;
    }
  }
  // Warp 1 of each group stored and loaded at lds + 1 MiB + 1008, outside the allocation;
  // warp 0's stack is inside it.
  ASSERT_EQ(o.result.memcheck.size(), 2u);
  EXPECT_TRUE(o.result.memcheck[0].is_write);
  EXPECT_FALSE(o.result.memcheck[1].is_write);
  for (const functional::MemcheckEntry& e : o.result.memcheck) {
    EXPECT_EQ(e.count, 2u);  // one scalar access per work-group
    EXPECT_EQ(e.first_addr, 0x70000000u + 0x100000u + 1008);
    EXPECT_EQ(e.warp, 1u);
    EXPECT_EQ(e.group, 0u);
    EXPECT_EQ(e.lane, -1);
  }
  options.memcheck = functional::Memcheck::Strict;
  const ProgramOutcome strict =
      run_program(megabyte_stacks(), config, options, {{kOut, 0x1000, "out"}});
  ASSERT_TRUE(strict.result.fault);
  EXPECT_EQ(strict.result.fault->kind, TrapKind::AccessFault);
  EXPECT_EQ(strict.result.fault->warp, 1u);
}

// Issue 13 item 5: warps 0 and 1 wait at a barrier, warp 2 has ended and warp 3 spins
// forever; the stop names the spinning warp with its pc and the warps at the barrier.
TEST(EngineDirected, AStoppedHangNamesTheRunningWarpsAndTheBarrierWaiters) {
  const elf::ElfImage image = assemble(R"(
        csrr    t2, wid
        li      t3, 2
        beq     t2, t3, .Lend
        li      t3, 3
        beq     t2, t3, .Lspin
        barrier x0, x0, 1
.Lend:
        endprg  x0, x0, x0
.Lspin:
        j       .Lspin
)");
  for (Mode mode : {Mode::Default, Mode::RefCompat}) {
    SCOPED_TRACE(mode == Mode::Default ? "default" : "ref-compat");
    const ProgramOutcome o = run(image, 4, 4, {1, 1, 1}, mode, 1000);
    ASSERT_TRUE(o.result.fault);
    EXPECT_EQ(o.result.fault->kind, TrapKind::InstructionLimit);
    const std::string message = o.result.fault->message();
    const std::regex want(
        "1000 warp-instructions executed \\(raise it with --max-instructions or "
        "run.max_warp_instructions\\) \\(warps still running: warp 3 at pc 0x[0-9a-f]{8}; "
        "waiting at a barrier: warp 0 at pc 0x[0-9a-f]{8}, warp 1 at pc 0x[0-9a-f]{8}\\)$");
    EXPECT_TRUE(std::regex_search(message, want)) << message;
  }
}

// Issue 13 item 11: in --ref-compat a store to tohost ends the work-group as in REF; the
// result says so, naming the warp and pc, so the stores that never happen are explained.
TEST(EngineDirected, RefCompatTohostStoreEndsTheGroupAndSaysWhere) {
  const elf::ElfImage image = assemble(R"(
        csrr    t2, wid
        bnez    t2, .Lspin
        li      t1, 0x80001000
        li      t3, 1
        sw      t3, 0(t1)
.Lspin:
        j       .Lspin
)");
  const ProgramOutcome o = run(image, 4, 2, {1, 1, 1}, Mode::RefCompat, 100000);
  ASSERT_FALSE(o.result.fault) << o.result.fault->message();
  ASSERT_TRUE(o.result.tohost_end);
  const std::regex want(
      "kernel 'directed': work-group 0 \\(0, 0, 0\\) ended when warp 0 stored to tohost "
      "\\(0x80001000\\) at pc 0x[0-9a-f]{8}: 2 warp\\(s\\) that had not reached endprg were "
      "stopped there, as REF stops");
  EXPECT_TRUE(std::regex_match(*o.result.tohost_end, want)) << *o.result.tohost_end;
  // start.S's own store after every warp ended is the normal end of a run: no note.
  const ProgramOutcome plain = run(assemble(kFinish), 4, 2, {1, 1, 1}, Mode::RefCompat);
  ASSERT_FALSE(plain.result.fault) << plain.result.fault->message();
  EXPECT_FALSE(plain.result.tohost_end);
}

}  // namespace
}  // namespace ventus::runner
