// `ventus objdump -d` of an assembled file with crt0 shows the same crt0 instructions as the
// reference listings' _start ... spike_end (addresses, bytes, text and branch-target names).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "asm/assembler.hpp"
#include "elf/elf_reader.hpp"
#include "objdump/objdump.hpp"

namespace ventus::as {
namespace {

// Instruction lines ("80000000: 97 41 00 00  \tauipc\tgp, 4") below 0x800000a8.
std::vector<std::string> crt0_lines(std::istream& in) {
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (line.size() > 10 && line[8] == ':' && line.compare(0, 6, "800000") == 0 &&
        line.compare(0, 8, "800000a8") < 0) {
      out.push_back(line);
    }
  }
  return out;
}

TEST(AsmObjdump, Crt0ListingMatchesTheReference) {
  const auto dump =
      std::filesystem::path(VENTUS_REFERENCE_DIR) / "cases" / "vecadd-4w16t" / "object.dump";
  if (!std::filesystem::exists(dump)) GTEST_SKIP() << "reference listing not found: " << dump;
  const AssembleOutput out = assemble_text("k.s", ".kernel k\nk: ret\n");
  ASSERT_TRUE(out.ok()) << format_diagnostics(out.diagnostics);
  auto file = elf::read_elf(elf::write_elf(out.image), "k.elf");
  ASSERT_TRUE(file.ok()) << file.error().message;
  std::istringstream mine(objdump::disassemble_file(*file, "k.elf"));
  std::ifstream ref(dump);
  const auto expected = crt0_lines(ref);
  ASSERT_EQ(expected.size(), 42u);
  EXPECT_EQ(crt0_lines(mine), expected);
}

}  // namespace
}  // namespace ventus::as
