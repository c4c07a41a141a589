// Disassembler unit tests, both styles: every §5.0 custom instruction and every operand kind.
// Expected text comes from ISA.md §5.0/§5.x/§10.1 (tables and examples), the reference
// listings and commit logs (quoted with their pc and word), and, for standard RISC-V words,
// the LLVM conventions as printed by llvm-mc 14 (`llvm-mc --disassemble -triple=riscv32
// -mattr=+v,+zfinx,+a,+m`), with pc-relative targets made absolute as llvm-objdump does.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "isa/disassembler.hpp"

namespace ventus::isa {
namespace {

constexpr uint32_t kPc = 0x80001000;

struct Case {
  uint32_t word;
  uint32_t pc;
  const char* llvm;  // nullptr: not asserted in this style
  const char* ref;
};

void check(const Case& c) {
  if (c.llvm != nullptr) {
    EXPECT_EQ(disassemble(c.word, c.pc, DisasmStyle::Llvm), c.llvm) << std::hex << c.word;
  }
  if (c.ref != nullptr) {
    EXPECT_EQ(disassemble(c.word, c.pc, DisasmStyle::Ref), c.ref) << std::hex << c.word;
  }
}

// Names addresses like a listing's labels.
class FixedSymbols : public SymbolLookup {
 public:
  std::optional<std::string> symbolize(uint32_t address) const override {
    auto it = labels_.upper_bound(address);
    if (it == labels_.begin()) return std::nullopt;
    --it;
    if (it->first == address) return it->second;
    char buf[32];
    std::snprintf(buf, sizeof buf, "+0x%x", address - it->first);
    return it->second + buf;
  }

 private:
  std::map<uint32_t, std::string> labels_ = {
      {0x80000150, ".LBB0_4"}, {0x80000160, ".LBB0_6"}, {0x80000108, "_Z13get_global_idj"}};
};

TEST(DisassemblerCustom, VectorBranches) {
  // §5.1 example: 02100c5b at 0x80000164 = vbeq v1, v0, 0x8000019c; REF form from §5.0.
  check({0x02100c5b, 0x80000164, "vbeq\tv1, v0, 0x8000019c", "vbeq    v1, v0, pc + 56"});
  // Commit log: 0x80000144 (0x00009e5b) vbne v0, v1, pc + 28.
  check({0x00009e5b, 0x80000144, "vbne\tv0, v1, 0x80000160", "vbne    v0, v1, pc + 28"});
  // Commit log: 0x8000035c (0x0000c65b) vblt v0, v1, pc + 12.
  check({0x0000c65b, 0x8000035c, "vblt\tv0, v1, 0x80000368", "vblt    v0, v1, pc + 12"});
  // Commit log: 0x800000e8 (0x0400de5b) vbge v0, v1, pc + 92.
  check({0x0400de5b, 0x800000e8, "vbge\tv0, v1, 0x80000144", "vbge    v0, v1, pc + 92"});
  // Backward and maximal offsets (13-bit signed, §5.1): -8 and +4094.
  check({0xfe316cdb, kPc, "vbltu\tv3, v2, 0x80000ff8", "vbltu   v3, v2, pc - 8"});
  check({0x7fff7fdb, kPc, "vbgeu\tv31, v30, 0x80001ffe", "vbgeu   v31, v30, pc + 4094"});
}

TEST(DisassemblerCustom, VectorBranchTargetsWithSymbols) {
  const FixedSymbols symbols;
  // Listing: 80000120: 5b 88 00 02  vbeq v0, v1, 0x80000150 <.LBB0_4>
  EXPECT_EQ(disassemble(0x0200885b, 0x80000120, DisasmStyle::Llvm, &symbols),
            "vbeq\tv0, v1, 0x80000150 <.LBB0_4>");
  // Listing: 80000144: 5b 9e 00 00  vbne v0, v1, 0x80000160 <.LBB0_6>
  EXPECT_EQ(disassemble(0x00009e5b, 0x80000144, DisasmStyle::Llvm, &symbols),
            "vbne\tv0, v1, 0x80000160 <.LBB0_6>");
  // Inside a label: llvm-objdump's "<name+0xN>".
  EXPECT_EQ(disassemble(0x0000c65b, 0x8000015c, DisasmStyle::Llvm, &symbols),
            "vblt\tv0, v1, 0x80000168 <.LBB0_6+0x8>");
  // REF never prints symbols (§10.1).
  EXPECT_EQ(disassemble(0x0200885b, 0x80000120, DisasmStyle::Ref, &symbols),
            "vbeq    v0, v1, pc + 48");
}

TEST(DisassemblerCustom, JoinAndSetrpc) {
  // §5.0: join = 0x0000205B, "join zero, zero, 0" / "join    v0, v0, pc + 0".
  check({0x0000205b, 0x80000164, "join\tzero, zero, 0", "join    v0, v0, pc + 0"});
  // Listing "setrpc zero, t1, 76" (0x04c3305b); log 0x800000e4 (0x0643305b) setrpc x0, x6, 100.
  check({0x04c3305b, 0x8000011c, "setrpc\tzero, t1, 76", "setrpc  x0, x6, 76"});
  check({0x0643305b, 0x800000e4, "setrpc\tzero, t1, 100", "setrpc  x0, x6, 100"});
  // imm12 is signed (§5.3: x[rs1] + sext(imm12)).
  check({0x8003305b, kPc, "setrpc\tzero, t1, -2048", "setrpc  x0, x6, -2048"});
}

TEST(DisassemblerCustom, Vadd12AndVsub12PrintTheImmediateUnsigned) {
  // §5.0 REF example "vadd12.vi v7, v6, 72"; §5.4: LLVM prints uimm12 unsigned (0..4095).
  check({0x0483038b, kPc, "vadd12.vi\tv7, v6, 72", "vadd12.vi v7, v6, 72"});
  check({0xfff3038b, kPc, "vadd12.vi\tv7, v6, 4095", nullptr});
  check({0x00f1108b, kPc, "vsub12.vi\tv1, v2, 15", "vsub12.vi v1, v2, 15"});
}

TEST(DisassemblerCustom, RegextAndRegextiFields) {
  // Listing "regext zero, zero, 1" (0x0010200b); log "regext  x0, x0,  0 0 0 1 " (§5.0).
  check({0x0010200b, kPc, "regext\tzero, zero, 1", "regext  x0, x0,  0 0 0 1 "});
  // Listing "regext zero, zero, 64" = vs2 prefix 1 (§5.5): REF fields r3 r2 r1 rd.
  check({0x0400200b, kPc, "regext\tzero, zero, 64", "regext  x0, x0,  0 1 0 0 "});
  check({0xfff0200b, kPc, "regext\tzero, zero, 4095", "regext  x0, x0,  7 7 7 7 "});
  // REGEXTI imm12 = imm6<<6 | r2<<3 | rd (§5.5): 5<<6 | 2<<3 | 1 = 337; REF "i6 r2 rd".
  check({0x1510300b, kPc, "regexti\tzero, zero, 337", "regexti x0, x0,  5 2 1 "});
}

TEST(DisassemblerCustom, EndprgAndBarriers) {
  check({0x0000400b, kPc, "endprg\tx0, x0, x0", "endprg  x0, x0, x0"});  // §5.6, listing, log
  // §5.7: "barrier x0, x0, 1" = 0x0400C00B (listing and log); uimm5 up to 31.
  check({0x0400c00b, kPc, "barrier\tx0, x0, 1", "barrier x0, x0, 1"});
  check({0x040fc00b, kPc, "barrier\tx0, x0, 31", "barrier x0, x0, 31"});
  check({0x0601400b, kPc, "barriersub\tx0, x0, 2", "barriersub x0, x0, 2"});
}

TEST(DisassemblerCustom, TensorAndSfu) {
  // §5.0: vm=1 base 0x0E00400B, REF "vftta.vv v3, v2, v1" (standard VV form).
  check({0x0e20c18b, kPc, "vftta.vv\tv3, v2, v1", "vftta.vv v3, v2, v1"});
  check({0x0c20c18b, kPc, "vftta.vv\tv3, v2, v1, v0.t", "vftta.vv v3, v2, v1, v0.t"});
  // §5.0: vfexp (vm=1 base 0x0A00600B) prints "vfexp vd, vs2" in LLVM; REF's disassembler
  // has no vfexp, so commit logs show "unknown".
  check({0x0a20608b, kPc, "vfexp\tv1, v2", "unknown"});
}

TEST(DisassemblerCustom, Vlx12AndVsx12) {
  // §5.0 REF examples "vlb12.v v2, v1, 0" etc.; LLVM uses "imm(vs1)".
  check({0x0000817b, kPc, "vlb12.v\tv2, 0(v1)", "vlb12.v v2, v1, 0"});
  check({0x800211fb, kPc, "vlh12.v\tv3, -2048(v4)", "vlh12.v v3, v4, -2048"});
  check({0x0000a0fb, kPc, "vlw12.v\tv1, 0(v1)", "vlw12.v v1, v1, 0"});  // listing and log
  check({0x7ff342fb, kPc, "vlbu12.v\tv5, 2047(v6)", "vlbu12.v v5, v6, 2047"});
  check({0xfff453fb, kPc, "vlhu12.v\tv7, -1(v8)", "vlhu12.v v7, v8, -1"});
  check({0x0020f07b, kPc, "vsb12.v\tv2, 0(v1)", "vsb12.v v2, v1, 0"});
  check({0x7e20fffb, kPc, "vsb12.v\tv2, 2047(v1)", "vsb12.v v2, v1, 2047"});
  check({0x0020b07b, kPc, "vsh12.v\tv2, 0(v1)", "vsh12.v v2, v1, 0"});
  check({0x0010607b, kPc, "vsw12.v\tv1, 0(v0)", "vsw12.v v1, v0, 0"});  // listing and log
  check({0xfe956ffb, kPc, "vsw12.v\tv9, -1(v10)", "vsw12.v v9, v10, -1"});
}

TEST(DisassemblerCustom, PrivateLoadsAndStoresPrintAnXBaseInRef) {
  // Log 0x8000015c (0x7fc020ab) "vlw.v   v1, x0, -4"; §5.0 LLVM "vlw.v v1, -4(v0)".
  check({0x7fc020ab, kPc, "vlw.v\tv1, -4(v0)", "vlw.v   v1, x0, -4"});
  // Log 0x800000d0 (0xfe102e2b) "vsw.v   v1, x0, -4"; §5.0 LLVM "vsw.v v1, -4(v0)".
  check({0xfe102e2b, kPc, "vsw.v\tv1, -4(v0)", "vsw.v   v1, x0, -4"});
  // 11-bit signed offsets at both extremes (§5.11).
  check({0x400100ab, kPc, "vlb.v\tv1, -1024(v2)", "vlb.v   v1, x2, -1024"});
  check({0x3ff211ab, kPc, "vlh.v\tv3, 1023(v4)", "vlh.v   v3, x4, 1023"});
  check({0x000042ab, kPc, "vlbu.v\tv5, 0(v0)", "vlbu.v  v5, x0, 0"});
  check({0x7fe3d32b, kPc, "vlhu.v\tv6, -2(v7)", "vlhu.v  v6, x7, -2"});
  check({0xbe110fab, kPc, "vsb.v\tv1, 1023(v2)", "vsb.v   v1, x2, 1023"});
  check({0xc032102b, kPc, "vsh.v\tv3, -1024(v4)", "vsh.v   v3, x4, -1024"});
}

TEST(DisassemblerOperands, ScalarRegistersAndImmediates) {
  check({0x409382b3, kPc, "sub\tt0, t2, s1", "sub     x5, x7, x9"});  // log 0x800001b4
  check({0x80000513, kPc, "li\ta0, -2048", "li      x10, -2048"});
  check({0x7ff00513, kPc, "li\ta0, 2047", "li      x10, 2047"});
  check({0xfff58513, kPc, "addi\ta0, a1, -1", "addi    x10, x11, -1"});
  check({0xfff44293, kPc, "not\tt0, s0", "not     x5, x8"});  // listing and log 0x800000d4
  check({0x41f5d513, kPc, "srai\ta0, a1, 31", "srai    x10, x11, 31"});
  check({0x80012503, kPc, "lw\ta0, -2048(sp)", "lw      x10, -2048(x2)"});
  check({0x7eb12fa3, kPc, "sw\ta1, 2047(sp)", "sw      x11, 2047(x2)"});
  check({0x0182a283, 0x100c, "lw\tt0, 24(t0)", "lw      x5, 24(x5)"});  // boot ROM, log
}

TEST(DisassemblerOperands, UpperImmediatesAreDecimalInLlvmAndHexInRef) {
  check({0x00002eb7, kPc, "lui\tt4, 2", "lui     x29, 0x2"});  // listing; log 0x80000010
  check({0xfffff537, kPc, "lui\ta0, 1048575", "lui     x10, 0xfffff"});
  check({0x00000297, 0x1000, "auipc\tt0, 0", "auipc   x5, 0x0"});  // boot ROM, log
  check({0x80000297, kPc, "auipc\tt0, 524288", "auipc   x5, 0x80000"});
}

TEST(DisassemblerOperands, BranchAndJumpTargets) {
  // Log 0x80000044 (0x00c50863) beq x10, x12, pc + 16; listing beq a0, a2, 0x80000054.
  check({0x00c50863, 0x80000044, "beq\ta0, a2, 0x80000054", "beq     x10, x12, pc + 16"});
  check({0xfec56ce3, 0x80000050, "bltu\ta0, a2, 0x80000048", "bltu    x10, x12, pc - 8"});
  check({0x7ec50fe3, kPc, "beq\ta0, a2, 0x80001ffe", "beq     x10, x12, pc + 4094"});
  check({0x80c51063, kPc, "bne\ta0, a2, 0x80000000", "bne     x10, x12, pc - 4096"});
  // Log: jal pc + 0x1d8 (0x800000c8), jal pc - 0x90 (0x800002b0), j pc + 0x4 (0x80000094).
  check({0x1d8000ef, 0x800000c8, "jal\t0x800002a0", "jal     pc + 0x1d8"});
  check({0xf71ff0ef, 0x800002b0, "jal\t0x80000220", "jal     pc - 0x90"});
  check({0x0040006f, 0x80000094, "j\t0x80000098", "j       pc + 0x4"});
  check({0x010002ef, kPc, "jal\tt0, 0x80001010", "jal     x5, pc + 0x10"});
  check({0x7ffff06f, kPc, "j\t0x80100ffe", "j       pc + 0xffffe"});
  check({0x800000ef, kPc, "jal\t0x7ff01000", "jal     pc - 0x100000"});
  const FixedSymbols symbols;  // listing: jal 0x80000108 <_Z13get_global_idj>
  EXPECT_EQ(disassemble(0x03c000ef, 0x800000cc, DisasmStyle::Llvm, &symbols),
            "jal\t0x80000108 <_Z13get_global_idj>");
  check({0x000300e7, 0x8000008c, "jalr\tt1", "jalr    x6"});  // listing and log
  check({0x00008067, 0x80000104, "ret", "ret"});              // listing and log
}

TEST(DisassemblerOperands, Csrs) {
  // Listing "csrrs t4, mstatus, t4" / log "csrrs   x29, mstatus, x29".
  check({0x300eaef3, kPc, "csrrs\tt4, mstatus, t4", "csrrs   x29, mstatus, x29"});
  // Ventus CSRs: LLVM prints the number (listing "csrr t1, 2053"), REF the name (§3, log).
  check({0x80502373, kPc, "csrr\tt1, 2053", "csrr    x6, wid"});
  check({0x80302573, kPc, "csrr\ta0, 2051", "csrr    x10, knl"});
  check({0x305f9073, kPc, "csrw\tmtvec, t6", "csrw    mtvec, x31"});         // listing and log
  check({0xf1402573, 0x1008, "csrr\ta0, mhartid", "csrr    x10, mhartid"});  // boot ROM, log
  check({0x7c0022f3, kPc, "csrr\tt0, 1984", nullptr});  // a CSR nobody names (0x7c0)
  check({0x002fd073, kPc, "fsrmi\t31", nullptr});       // csrrwi zero, frm, 31 (llvm-mc)
}

TEST(DisassemblerOperands, FloatRegistersAndRoundingModes) {
  // Zfinx (§2.1): LLVM prints x registers; REF prints FP ABI names (§10.1) and no rm.
  check({0x00c59553, kPc, "fadd.s\ta0, a1, a2, rtz", "fadd.s  fa0, fa1, fa2"});
  check({0x00c5f553, kPc, "fadd.s\ta0, a1, a2", "fadd.s  fa0, fa1, fa2"});  // rm = dyn
  check({0x68c58543, kPc, "fmadd.s\ta0, a1, a2, a3, rne", nullptr});
  check({0xc0059553, kPc, "fcvt.w.s\ta0, a1, rtz", nullptr});
}

TEST(DisassemblerOperands, VectorMasksAndVtype) {
  check({0x00110157, kPc, "vadd.vv\tv2, v1, v2, v0.t", "vadd.vv v2, v1, v2, v0.t"});
  check({0x02110157, kPc, "vadd.vv\tv2, v1, v2", "vadd.vv v2, v1, v2"});
  check({0x00056087, kPc, "vle32.v\tv1, (a0), v0.t", nullptr});
  check({0x0200b057, kPc, "vadd.vi\tv0, v0, 1", "vadd.vi v0, v0, 1"});  // log 0x800000fc
  check({0x96013057, kPc, "vsll.vi\tv0, v0, 2", "vsll.vi v0, v0, 2"});  // listing and log
  check({0x5e024057, kPc, "vmv.v.x\tv0, tp", "vmv.v.x v0, x4"});        // log 0x800000b4
  // Listing "vsetvli t4, t4, e32, m1, ta, ma", log "vsetvli x29, x29, e32, m1, ta, ma".
  check({0x0d0efed7, kPc, "vsetvli\tt4, t4, e32, m1, ta, ma", "vsetvli x29, x29, e32, m1, ta, ma"});
  check({0x0075f557, kPc, "vsetvli\ta0, a1, e8, mf2, tu, mu", nullptr});
  check({0xccbff557, kPc, "vsetivli\ta0, 31, e16, m8, ta, ma", nullptr});
}

TEST(DisassemblerOperands, FenceSetsAndAtomicSuffixes) {
  check({0x0130000f, kPc, "fence\tw, rw", nullptr});
  check({0x0840000f, kPc, "fence\ti, o", nullptr});
  check({0x0ff0000f, kPc, "fence", nullptr});
  check({0x0000100f, kPc, "fence.i", "fence.i"});
  check({0x1405a52f, kPc, "lr.w.aq\ta0, (a1)", "lr.w.aq x10, (x11)"});
  check({0x1ac5a52f, kPc, "sc.w.rl\ta0, a2, (a1)", "sc.w.rl x10, x12, (x11)"});
  check({0x0ec5a52f, kPc, "amoswap.w.aqrl\ta0, a2, (a1)", "amoswap.w.aqrl x10, x12, (x11)"});
  check({0x00c5a52f, kPc, "amoadd.w\ta0, a2, (a1)", "amoadd.w x10, x12, (x11)"});
}

}  // namespace
}  // namespace ventus::isa

namespace ventus::isa {
namespace {

TEST(Disassembler, MessageFormIsOneLineWithSpaces) {
  // 0xfe512a23 at 0x8000016c is `sw t0, -12(sp)` (gaussian Fan2, the reference trap).
  EXPECT_EQ(disassemble_for_message(0xfe512a23, 0x8000016c), "sw t0, -12(sp)");
  EXPECT_EQ(disassemble_for_message(0x00008067, 0), "ret");
}

}  // namespace
}  // namespace ventus::isa
