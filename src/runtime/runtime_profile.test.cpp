// A launch of a v2.03 program names its instructions in that profile everywhere it
// reports them: memcheck lines and the sanitizers' JSON findings (ISA.md §5.12).
#include <gtest/gtest.h>

#include <string>

#include "asm/assembler.hpp"
#include "elf/elf_writer.hpp"
#include "ventus/runtime.hpp"

namespace ventus {
namespace {

// `ld` (RV64 on a register pair, §5.17) exists in v2.03 only: in v2.02 its word is illegal.
// {a3 : a2} = buffer address; the second ld reads 64 bytes past the buffer's end.
constexpr const char* kPairLoads = R"(
    .text
    .globl pair_loads
    .type pair_loads, @function
pair_loads:
    lw      a2, 0(a0)
    li      a3, 0
    ld      a4, 0(a2)
    ld      a5, 64(a2)
    ret
)";

Program v203_program() {
  as::AssembleOptions options;
  options.profile = isa::Profile::V203;
  const as::AssembleOutput out = as::assemble_text("pair_loads.s", kPairLoads, options);
  EXPECT_TRUE(out.ok()) << as::format_diagnostics(out.diagnostics);
  return Program::from_elf_bytes(elf::write_elf(out.image), "pair_loads.s").value();
}

TEST(LaunchProfile, ReportsDisassembleInTheProgramsProfile) {
  Config config;
  config.simulation.sanitize = "memcheck";
  auto device = Device::create(config).value();
  auto kernel = v203_program().kernel("pair_loads").value();
  auto buffer = device->allocate(4).value();
  kernel.arg(buffer);
  NDRange range;
  range.global = {1, 1, 1};
  range.local = {1, 1, 1};
  auto stats = device->launch(kernel, range).value().wait();
  ASSERT_TRUE(stats) << stats.error().message;
  ASSERT_EQ(stats->memcheck.size(), 1u);
  EXPECT_NE(stats->memcheck[0].find("[ld a5, 64(a2)]"), std::string::npos) << stats->memcheck[0];
  EXPECT_NE(stats->sanitize_json.find("ld a5, 64(a2)"), std::string::npos) << stats->sanitize_json;
}

}  // namespace
}  // namespace ventus
