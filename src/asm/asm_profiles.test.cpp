// ISA profiles in the assembler and objdump (ISA.md §5.12, docs/isa-profiles.md): every row
// outside the common set round-trips encode -> decode -> disassemble -> assemble in its
// profile, other profiles refuse it, and the ELF records the profile in .riscv.attributes.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "asm/assembler.hpp"
#include "elf/elf_reader.hpp"
#include "elf/riscv_attributes.hpp"
#include "isa/decoder.hpp"
#include "isa/disassembler.hpp"
#include "isa/encoder.hpp"
#include "isa/insn_table.hpp"
#include "objdump/objdump.hpp"

namespace ventus::as {
namespace {

// The single word assembled from `text` in `profile` (no crt0), or 0 with a test failure.
uint32_t assemble_word(const std::string& text, isa::Profile profile) {
  AssembleOptions options;
  options.crt0 = false;
  options.profile = profile;
  const AssembleOutput out = assemble_text("t.s", text + "\n", options);
  EXPECT_TRUE(out.ok()) << text << ": " << format_diagnostics(out.diagnostics);
  for (const elf::ImageSection& s : out.image.sections) {
    if (s.name == ".text" && s.bytes.size() == 4) {
      return s.bytes[0] | (s.bytes[1] << 8) | (s.bytes[2] << 16) | (uint32_t{s.bytes[3]} << 24);
    }
  }
  ADD_FAILURE() << text << ": no single word in .text";
  return 0;
}

// A random legal operand (branch targets are never in these rows' syntax).
int64_t random_operand(isa::OperandKind kind, std::mt19937& rng) {
  const isa::OperandRange range = isa::operand_range(kind);
  return std::uniform_int_distribution<int64_t>(range.min, range.max)(rng);
}

TEST(AsmProfiles, EveryProfileOnlyRowRoundTripsThroughTheAssembler) {
  std::mt19937 rng(46);
  unsigned rows = 0;
  for (const isa::InsnRow& row : isa::insn_table()) {
    if (row.profiles == isa::profile_set::kAll) continue;
    const isa::Profile profile =
        row.in(isa::Profile::V203) ? isa::Profile::V203 : isa::Profile::V202;
    ++rows;
    for (int n = 0; n < 8; ++n) {
      std::vector<int64_t> values;
      for (isa::OperandKind kind : row.operand_kinds()) values.push_back(random_operand(kind, rng));
      const auto word = isa::encode(row, values);
      ASSERT_TRUE(word.ok()) << row.mnemonic;
      const isa::Decoded d = isa::decode(*word, profile);
      ASSERT_EQ(d.row, &row) << row.mnemonic;
      const std::string text = isa::disassemble(d, 0x80000000, isa::DisasmStyle::Llvm, nullptr);
      EXPECT_EQ(assemble_word(text, profile), *word) << text;
    }
  }
  EXPECT_EQ(rows, 2u + 77u);  // regpair, regpairi; the v2.03 rows (table.test.cpp counts them)
}

TEST(AsmProfiles, AnotherProfilesInstructionIsAnErrorNamingItsProfile) {
  AssembleOptions options;
  options.crt0 = false;
  const AssembleOutput v202 = assemble_text("t.s", "ld a0, 0(a2)\n", options);
  ASSERT_EQ(v202.diagnostics.size(), 1u);
  EXPECT_EQ(v202.diagnostics[0].line, 1u);
  EXPECT_NE(v202.diagnostics[0].message.find("not in ISA profile v2.02: it is in profile v2.03"),
            std::string::npos)
      << v202.diagnostics[0].message;
  options.profile = isa::Profile::V203;
  const AssembleOutput v203 = assemble_text("t.s", "regpair zero, zero, 0\n", options);
  ASSERT_EQ(v203.diagnostics.size(), 1u);
  EXPECT_NE(v203.diagnostics[0].message.find("profile v2.02"), std::string::npos);
}

// The arch string names the profile; objdump decodes a v2.03 prefix word (bits 1:0 = 10) as
// one 32-bit instruction only in v2.03.
TEST(AsmProfiles, ElfRecordsTheProfileAndObjdumpDecodesInIt) {
  AssembleOptions options;
  options.crt0 = false;
  options.profile = isa::Profile::V203;
  const AssembleOutput out =
      assemble_text("t.s", ".kernel k\nk:\n\tpre_m_global_32 0, 1, 0\n\tlw a0, 0(a2)\n", options);
  ASSERT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
  auto file = elf::read_elf(elf::write_elf(out.image), "k.elf");
  ASSERT_TRUE(file.ok()) << file.error().message;
  auto arch = elf::arch_attribute(*file);
  ASSERT_TRUE(arch.ok()) << arch.error().message;
  ASSERT_TRUE(arch->has_value());
  EXPECT_TRUE(arch->value().ends_with("_zhinx1p0_xventus2p3")) << arch->value();
  const isa::ProfileChoice from_elf = isa::choose_profile(*arch, std::nullopt, "k.elf");
  EXPECT_EQ(from_elf.profile, isa::Profile::V203);
  EXPECT_FALSE(isa::choose_profile(*arch, isa::Profile::V202, "k.elf").error.empty());
  const std::string listing = objdump::disassembly(*file, {}, isa::Profile::V203);
  EXPECT_NE(listing.find("26 00 08 00  \tpre_m_global_32\t0, 1, 0"), std::string::npos) << listing;
  EXPECT_NE(listing.find("\tlw\ta0, 0(a2)"), std::string::npos) << listing;
  EXPECT_EQ(objdump::disassembly(*file, {}).find("pre_m"), std::string::npos);
}

// The attribute bytes as the psABI lays them out, checked by hand: 'A', length, "riscv\0",
// Tag_File (1), its length, Tag_RISCV_stack_align (4) = 16, Tag_RISCV_arch (5) = "rv32i\0".
TEST(AsmProfiles, AttributeSectionLayout) {
  // Lengths: the subsection 4 + 6 + 14 = 24 bytes, Tag_File's list 1 + 4 + 2 + 1 + 6 = 14.
  const std::vector<uint8_t> expected = {'A', 24, 0, 0, 0,  'r', 'i', 's', 'c', 'v', 0,   1, 14,
                                         0,   0,  0, 4, 16, 5,   'r', 'v', '3', '2', 'i', 0};
  EXPECT_EQ(elf::riscv_attributes("rv32i"), expected);
  auto arch = elf::arch_from_attributes(expected);
  ASSERT_TRUE(arch.ok());
  EXPECT_EQ(arch->value_or(""), "rv32i");
  EXPECT_FALSE(elf::arch_from_attributes(std::vector<uint8_t>{'A', 99, 0, 0, 0}).ok());
  EXPECT_EQ(isa::profile_from_arch("rv32i2p0_xventus2p03").profile, isa::Profile::V203);
  EXPECT_FALSE(isa::profile_from_arch("rv32i2p0_xventus3p0").error.empty());
  EXPECT_FALSE(isa::profile_from_arch("rv32i2p0_m2p0").profile.has_value());
}

// ISA.md §5.5: a register above 31 needs a regext in front of its instruction. Right after
// another prefix that regext would come between the prefix and the instruction it modifies,
// so the assembler refuses it at the instruction's line instead of silently breaking the pair.
TEST(AsmProfiles, ARegisterAbove31RightAfterAPrefixIsRefusedAtItsLine) {
  AssembleOptions options;
  options.crt0 = false;
  options.profile = isa::Profile::V202;
  const AssembleOutput refused =
      assemble_text("t.s", "regpair zero, zero, 0\nadd x40, x2, x4\n", options);
  ASSERT_FALSE(refused.ok());
  const std::string text = format_diagnostics(refused.diagnostics);
  EXPECT_NE(text.find("t.s:2:"), std::string::npos) << text;
  EXPECT_NE(text.find("prefix"), std::string::npos) << text;
  // The same instruction elsewhere, or after a prefix with low registers, assembles.
  EXPECT_TRUE(assemble_text("t.s", "add x40, x2, x4\n", options).ok());
  EXPECT_TRUE(assemble_text("t.s", "regpair zero, zero, 0\nadd x8, x2, x4\n", options).ok());
  EXPECT_TRUE(
      assemble_text("t.s", "regpair zero, zero, 0\nadd x8, x2, x4\nadd x40, x2, x4\n", options)
          .ok());
}

}  // namespace
}  // namespace ventus::as
