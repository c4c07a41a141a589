// `ventus as -g`'s line table read back (elf::read_line_table): each instruction's row names
// its source line, FILE:LINE resolves as GDB resolves it, and damaged tables never crash.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "asm/assembler.hpp"
#include "elf/elf_reader.hpp"
#include "elf/elf_writer.hpp"
#include "elf/line_table.hpp"

namespace ventus::as {
namespace {

// Lines 5, 8 and 9 hold the three instructions; 6 is empty and 7 a comment.
constexpr const char* kSource =
    ".text\n.globl k\n.type k, @function\nk:\n    addi a0, a0, 1\n\n    # two more\n"
    "    addi a1, a1, 2\n    add a2, a0, a1\n";

std::vector<uint8_t> assembled_with_lines() {
  AssembleOptions options;
  options.crt0 = false;
  options.line_info = true;
  const AssembleOutput out = assemble_text("dir/k.s", kSource, options);
  EXPECT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
  return elf::write_elf(out.image);
}

TEST(AsmLineTable, EachInstructionsRowNamesItsLine) {
  const auto bytes = assembled_with_lines();
  auto elf = elf::read_elf(bytes, "k.elf");
  ASSERT_TRUE(elf.ok()) << elf.error().message;
  const elf::Symbol* k = elf->find_symbol("k");
  ASSERT_NE(k, nullptr);
  auto rows = elf::read_line_table(*elf);
  ASSERT_TRUE(rows.ok()) << rows.error().message;
  ASSERT_EQ(rows->size(), 3u);
  const uint32_t lines[] = {5, 8, 9};
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_EQ((*rows)[i].address, k->value + 4 * i);
    EXPECT_EQ((*rows)[i].line, lines[i]);
    EXPECT_EQ((*rows)[i].file, "dir/k.s");
  }
  // A line without code resolves to the next one with code, as GDB places a breakpoint.
  EXPECT_EQ(elf::line_address(*rows, "k.s", 6), k->value + 4);
  EXPECT_EQ(elf::line_address(*rows, "dir/k.s", 9), k->value + 8);
  EXPECT_EQ(elf::line_address(*rows, "k.s", 10), std::nullopt);
  EXPECT_EQ(elf::line_address(*rows, "other.s", 5), std::nullopt);
}

TEST(AsmLineTable, AnElfWithoutATableHasNoRows) {
  const AssembleOutput out = assemble_text("k.s", kSource, AssembleOptions{});
  const auto bytes = elf::write_elf(out.image);
  auto elf = elf::read_elf(bytes, "k.elf");
  ASSERT_TRUE(elf.ok());
  auto rows = elf::read_line_table(*elf);
  ASSERT_TRUE(rows.ok());
  EXPECT_TRUE(rows->empty());
}

// Every byte of the table set to 0x00, 0x7f and 0xff in turn: rows or an error naming an
// offset, never a crash or a read past the section (the asan preset and fuzz/elf check that).
TEST(AsmLineTable, DamagedTablesGiveRowsOrAnError) {
  const auto good = assembled_with_lines();
  auto elf = elf::read_elf(good, "k.elf");
  ASSERT_TRUE(elf.ok());
  const elf::Section* section = elf->find_section(".debug_line");
  ASSERT_NE(section, nullptr);
  const size_t start = section->offset;
  size_t errors = 0;
  ASSERT_LE(start + section->size, good.size());
  for (size_t i = 0; i < section->size; ++i) {
    for (const uint8_t value : std::initializer_list<uint8_t>{0x00, 0x7f, 0xff}) {
      std::vector<uint8_t> bytes = good;
      bytes[start + i] = value;
      auto damaged = elf::read_elf(bytes, "damaged.elf");
      ASSERT_TRUE(damaged.ok());
      auto rows = elf::read_line_table(*damaged);
      if (!rows) {
        ++errors;
        EXPECT_NE(rows.error().message.find(".debug_line"), std::string::npos);
      }
    }
  }
  EXPECT_GT(errors, 0u);  // the header's damage is seen
}

}  // namespace
}  // namespace ventus::as
