// `ventus as`: exit status, output file, standard input and diagnostics of the command itself.
#include <gtest/gtest.h>

#include "cli_harness.hpp"
#include "elf/elf_reader.hpp"

namespace {

using ventus::testing::ToolSandbox;

constexpr std::string_view kGoodKernel = R"(
  .text
  .globl add_one
  .type add_one, @function
add_one:
  lw t0, 0(a0)        # first argument: buffer address
  vid.v v1
  vsll.vi v1, v1, 2
  vadd.vx v1, v1, t0
  vlw12.v v2, 0(v1)
  vadd.vi v2, v2, 1
  vsw12.v v2, 0(v1)
  ret
)";

TEST(AsmCli, AssemblesAFileIntoAnElfWithTheKernelSymbol) {
  ToolSandbox box(VENTUS_TOOL, "ventus_asm_cli");
  box.write_text("k.s", kGoodKernel);
  const auto r = box.run("as k.s -o k.elf");
  ASSERT_EQ(r.exit_status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto elf = ventus::elf::read_elf_file((box.dir() / "k.elf").string());
  ASSERT_TRUE(elf.ok()) << elf.error().message;
  const auto* symbol = elf->find_symbol("add_one");
  ASSERT_NE(symbol, nullptr);
  EXPECT_EQ(symbol->value, 0x800000a8u);  // right after the standard crt0 (ISA.md §7.3)
}

TEST(AsmCli, ReadsStandardInputWhenTheFileIsADash) {
  ToolSandbox box(VENTUS_TOOL, "ventus_asm_cli");
  const auto r = box.run("as - -o k.elf --no-crt0", kGoodKernel);
  ASSERT_EQ(r.exit_status, 0) << r.err;
  const auto elf = ventus::elf::read_elf_file((box.dir() / "k.elf").string());
  ASSERT_TRUE(elf.ok()) << elf.error().message;
  EXPECT_EQ(elf->find_symbol("add_one")->value, 0x80000000u);  // no crt0 in front
}

TEST(AsmCli, ErrorsNameFileLineAndColumnAndFailWithoutWritingOutput) {
  ToolSandbox box(VENTUS_TOOL, "ventus_asm_cli");
  box.write_text("bad.s", "  addi t0, t0, 5000\n  vaddd.vv v1, v2, v3\n");
  const auto r = box.run("as bad.s -o bad.elf");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("bad.s:1:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[-2048, 2047]"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bad.s:2:"), std::string::npos) << r.err;  // every error, not the first
  EXPECT_NE(r.err.find("vadd.vv"), std::string::npos) << r.err;   // nearest-name suggestion
  EXPECT_FALSE(std::filesystem::exists(box.dir() / "bad.elf"));
}

TEST(AsmCli, AWrongFileStopsListingAfterTwentyErrors) {
  ToolSandbox box(VENTUS_TOOL, "ventus_asm_cli");
  std::string text;
  for (int i = 0; i < 30; ++i) text += "not an instruction " + std::to_string(i) + "\n";
  box.write_text("junk.s", text);
  const auto r = box.run("as junk.s -o junk.elf");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("junk.s:20:"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("junk.s:21:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("10 more error(s) not shown"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("30 error(s)"), std::string::npos) << r.err;
}

TEST(AsmCli, MissingInputFileIsOneClearError) {
  ToolSandbox box(VENTUS_TOOL, "ventus_asm_cli");
  const auto r = box.run("as nowhere.s -o x.elf");
  EXPECT_NE(r.exit_status, 0);
  EXPECT_NE(r.err.find("nowhere.s"), std::string::npos) << r.err;
}

}  // namespace
