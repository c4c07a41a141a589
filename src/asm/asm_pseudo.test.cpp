// Pseudo-instructions, alternative forms, expressions, regext prefixes, crt0 and layout:
// encodings below are derived by hand from the RISC-V/Ventus formats (ISA.md §4, §5.5, §7).
#include <gtest/gtest.h>

#include <filesystem>

#include "asm/asm_test_util.hpp"
#include "elf/elf_reader.hpp"

namespace ventus::as {
namespace {

using Words = std::vector<uint32_t>;

Words assemble_ok(std::string_view text) {
  std::string errors;
  Words words = test::text_words(text, errors);
  EXPECT_TRUE(errors.empty()) << errors;
  return words;
}

TEST(AsmPseudo, LiSmallLargeAndNegative) {
  EXPECT_EQ(assemble_ok("li a0, 5"), (Words{0x00500513}));
  EXPECT_EQ(assemble_ok("li a0, -1"), (Words{0xfff00513}));
  EXPECT_EQ(assemble_ok("li a0, 0xffffffff"), (Words{0xfff00513}));
  EXPECT_EQ(assemble_ok("li a0, 0x12345678"), (Words{0x12345537, 0x67850513}));
  EXPECT_EQ(assemble_ok("li a0, 0x12345800"), (Words{0x12346537, 0x80050513}));  // lo = -2048
  EXPECT_EQ(assemble_ok("li a0, -2049"), (Words{0xfffff537, 0x7ff50513}));
  EXPECT_EQ(assemble_ok("li a0, 0x1000"), (Words{0x00001537}));  // low part 0: lui only
  EXPECT_EQ(assemble_ok(".equ BIG, 0x12345678\nli a0, BIG"), (Words{0x12345537, 0x67850513}));
  // A value defined later takes the two-instruction form, resolved after layout.
  EXPECT_EQ(assemble_ok("li a0, LATER\n.equ LATER, 5"), (Words{0x00000537, 0x00550513}));
}

TEST(AsmPseudo, AddressesCallsAndReturns) {
  EXPECT_EQ(assemble_ok("la a0, t\nnop\nnop\nnop\nt: nop"),
            (Words{0x00000517, 0x01450513, 0x13, 0x13, 0x13, 0x13}));
  EXPECT_EQ(assemble_ok("lla a0, t\nnop\nnop\nnop\nt: nop"),
            (Words{0x00000517, 0x01450513, 0x13, 0x13, 0x13, 0x13}));
  EXPECT_EQ(assemble_ok("call f\nf: ret"), (Words{0x00000097, 0x008080e7, 0x00008067}));
  EXPECT_EQ(assemble_ok("tail f\nf: ret"), (Words{0x00000317, 0x00830067, 0x00008067}));
  EXPECT_EQ(assemble_ok("jr a0\nj 1f\n1: nop"), (Words{0x00050067, 0x0040006f, 0x13}));
  EXPECT_EQ(assemble_ok("1: j 1b"), (Words{0x0000006f}));
}

TEST(AsmPseudo, BranchPseudos) {
  const auto branch = [](const char* insn) {
    return assemble_ok(std::string(insn) + "\nnop\nL: nop")[0];
  };
  EXPECT_EQ(branch("bgt a0, a1, L"), 0x00a5c463u);   // blt a1, a0
  EXPECT_EQ(branch("ble a0, a1, L"), 0x00a5d463u);   // bge a1, a0
  EXPECT_EQ(branch("bgtu a0, a1, L"), 0x00a5e463u);  // bltu a1, a0
  EXPECT_EQ(branch("bleu a0, a1, L"), 0x00a5f463u);  // bgeu a1, a0
  EXPECT_EQ(branch("beqz a0, L"), 0x00050463u);
  EXPECT_EQ(branch("bnez a0, L"), 0x00051463u);
  EXPECT_EQ(branch("blez a0, L"), 0x00a05463u);  // bge zero, a0
  EXPECT_EQ(branch("bgtz a0, L"), 0x00a04463u);  // blt zero, a0
}

TEST(AsmPseudo, CsrPseudos) {
  EXPECT_EQ(assemble_ok("csrr a0, tid"), (Words{0x80002573}));
  EXPECT_EQ(assemble_ok("csrr a0, 0x800"), (Words{0x80002573}));
  EXPECT_EQ(assemble_ok("csrw mtvec, t6"), (Words{0x305f9073}));
  EXPECT_EQ(assemble_ok("csrsi mstatus, 8"), (Words{0x30046073}));
  EXPECT_EQ(assemble_ok("csrc mstatus, a0"), (Words{0x30053073}));
}

TEST(AsmPseudo, ScalarAliases) {
  EXPECT_EQ(assemble_ok("nop\nmv a0, a1\nnot a0, a1\nneg a0, a1\nseqz a0, a1\nsnez a0, a1\nret"),
            (Words{0x13, 0x00058513, 0xfff5c513, 0x40b00533, 0x0015b513, 0x00b03533, 0x8067}));
}

TEST(AsmPseudo, FloatAndVectorPseudos) {
  EXPECT_EQ(assemble_ok("fmv.s a0, a1\nfabs.s a0, a1\nfneg.s a0, a1"),
            (Words{0x20b58553, 0x20b5a553, 0x20b59553}));
  EXPECT_EQ(assemble_ok("vnot.v v1, v2"), (Words{0x2e2fb0d7}));  // vxor.vi v1, v2, -1
  EXPECT_EQ(assemble_ok("vneg.v v1, v2"), (Words{0x0e2040d7}));  // vrsub.vx v1, v2, zero
  EXPECT_EQ(assemble_ok("vmv.v.v v1, v2"), (Words{0x5e0100d7}));
}

TEST(AsmRegext, RegistersAbove31GetThePrefix) {
  // Same words as the reference listings: "regext zero, zero, 1; vmv.v.x v0, tp" (§7.4).
  EXPECT_EQ(assemble_ok("vmv.v.x v32, tp"), (Words{0x0010200b, 0x5e024057}));
  EXPECT_EQ(assemble_ok("regext zero, zero, 1\nvmv.v.x v0, tp"), (Words{0x0010200b, 0x5e024057}));
  // vs2 = v34 -> rs2 prefix 1 at position 2: immediate 64.
  EXPECT_EQ(assemble_ok("vadd.vx v1, v34, t0"), (Words{0x0400200b, 0x0222c0d7}));
  // x33 as rd and rs1: 1 | 1 << 3 = 9.
  EXPECT_EQ(assemble_ok("addi x33, x33, 1"), (Words{0x0090200b, 0x00108093}));
}

TEST(AsmForms, AlternativeAndRelocationForms) {
  EXPECT_EQ(assemble_ok("join v0, v0, L\nnop\nL: nop"),
            assemble_ok("join zero, zero, 8\nnop\nnop"));
  EXPECT_EQ(assemble_ok("vlw12.v v1, v2, 4"), assemble_ok("vlw12.v v1, 4(v2)"));
  EXPECT_EQ(assemble_ok("lw a0, (a1)"), assemble_ok("lw a0, 0(a1)"));
  EXPECT_EQ(assemble_ok("lui a0, %hi(0x12345678)\naddi a0, a0, %lo(0x12345678)"),
            (Words{0x12345537, 0x67850513}));
  EXPECT_EQ(assemble_ok(".Lhi: auipc a0, %pcrel_hi(t)\naddi a0, a0, %pcrel_lo(.Lhi)\nt: nop"),
            (Words{0x00000517, 0x00850513, 0x13}));
  EXPECT_EQ(assemble_ok("addi a0, a0, (1 << 4) + 3 * 2 - ~0 // comment\n/* block */"),
            (Words{0x01750513}));
  EXPECT_EQ(assemble_ok("amoadd.w.aqrl a0, a1, (a2)"), (Words{0x06b6252f}));
}

std::filesystem::path reference_elf() {
  return std::filesystem::path(VENTUS_REFERENCE_DIR) / "cases" / "vecadd-4w16t" / "object.riscv";
}

TEST(AsmCrt0, SameWordsAsTheReferenceStart) {
  if (!std::filesystem::exists(reference_elf())) GTEST_SKIP() << "reference ELF not found";
  auto ref = elf::read_elf_file(reference_elf().string());
  ASSERT_TRUE(ref.ok()) << ref.error().message;
  const AssembleOutput out = assemble_text("k.s", ".kernel k\nk: ret\n");
  ASSERT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
  const auto& text = out.image.sections.at(0);
  ASSERT_EQ(text.name, ".text");
  const auto ref_text = ref->find_section(".text")->bytes;
  ASSERT_GE(text.bytes.size(), 0xa8u);
  EXPECT_TRUE(std::equal(ref_text.begin(), ref_text.begin() + 0xa8, text.bytes.begin()));
  const auto value_of = [&](const char* name) {
    for (const auto& s : out.image.symbols) {
      if (s.name == name) return s.value;
    }
    return 0u;
  };
  EXPECT_EQ(value_of("k"), 0x800000a8u);  // first kernel right after crt0, as in §7.3
  EXPECT_EQ(value_of("tohost"), 0x80001000u);
  EXPECT_EQ(value_of("fromhost"), 0x80001040u);
  EXPECT_EQ(value_of("BUFFER_ADDR"), 0x80003000u);
  EXPECT_EQ(value_of("BUFFER_SIZE"), 0x80003004u);
  EXPECT_EQ(value_of("__global_pointer$"), 0x80003808u);
}

TEST(AsmLayout, LongTextMovesLaterSectionsAndCrt0Follows) {
  const AssembleOutput out = assemble_text("k.s", "k: .space 0x1800\n.data\nd: .word k\n");
  ASSERT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
  uint32_t tohost_addr = 0, data_addr = 0;
  for (const auto& s : out.image.sections) {
    if (s.name == ".tohost") tohost_addr = s.addr;
    if (s.name == ".data") data_addr = s.addr;
  }
  EXPECT_EQ(tohost_addr, 0x80002000u);  // .text ends at 0x800018a8 -> next 4 KiB boundary
  EXPECT_EQ(data_addr, 0x80003000u);
  const auto& text = out.image.sections.at(0).bytes;
  const auto word_at = [&](size_t off) {
    return uint32_t{text[off]} | uint32_t{text[off + 1]} << 8 | uint32_t{text[off + 2]} << 16 |
           uint32_t{text[off + 3]} << 24;
  };
  EXPECT_EQ(word_at(0x9c), 0x00002297u);  // la t0, tohost: auipc t0, 2
  EXPECT_EQ(word_at(0xa0), 0xf6428293u);  //               addi t0, t0, -156
}

TEST(AsmLink, SeveralFilesShareGlobals) {
  const SourceFile files[] = {{"a.s", ".globl main\nmain: call f\n"},
                              {"b.s", ".globl f\nf: ret\n"}};
  AssembleOptions options;
  options.crt0 = false;
  const AssembleOutput out = assemble(files, options);
  ASSERT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
  const SourceFile hidden[] = {{"a.s", "call f\n"}, {"b.s", "f: ret\n"}};
  const AssembleOutput bad = assemble(hidden, options);
  ASSERT_EQ(bad.diagnostics.size(), 1u);
  EXPECT_NE(bad.diagnostics[0].message.find("does not declare it .globl"), std::string::npos);
}

}  // namespace
}  // namespace ventus::as
