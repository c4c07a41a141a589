// Fuzz target: the assembler and linker (`ventus as`, `ventus run FILE.s`); an accepted
// program must give a consistent image that the ELF writer can write, a refused one
// well-formed diagnostics (a message, and a position inside the input or the crt0).
#include <algorithm>
#include <cstdlib>

#include "asm/assembler.hpp"
#include "asm/fuzz_seeds.hpp"
#include "elf/elf_writer.hpp"
#include "fuzz_target.hpp"

namespace {

bool well_formed(const ventus::as::Diagnostic& d, std::string_view input, bool crt0) {
  if (d.message.empty()) return false;
  if (d.line == 0) return true;  // a link-level error without a position
  const auto lines = static_cast<size_t>(std::count(input.begin(), input.end(), '\n')) + 1;
  return d.column >= 1 && d.line <= lines + (crt0 ? 100 : 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus;
  as::AssembleOptions options;
  options.crt0 = size % 8 == 0;  // the crt0 now and then: its symbols meet the input's
  // Both ISA profiles (docs/isa-profiles.md): every third input is assembled in v2.03.
  options.profile = size % 3 == 0 ? isa::Profile::V203 : isa::Profile::V202;
  const std::string_view input = fuzz::as_text(data, size);
  const as::AssembleOutput out = as::assemble_text("fuzz.s", input, options);
  if (!out.ok()) {
    for (const as::Diagnostic& d : out.diagnostics)
      if (!well_formed(d, input, options.crt0)) std::abort();
    (void)as::format_diagnostics(out.diagnostics, as::kErrorLimit);
    return 0;
  }
  if (!elf::check_image(out.image).ok()) std::abort();
  return elf::write_elf(out.image).empty() ? 1 : 0;
}

namespace ventus::fuzz {

std::vector<std::string> seeds() {
  return {as::kFuzzSeeds.begin(), as::kFuzzSeeds.end()};
}

std::vector<std::string> tokens() {
  return {"addi",
          " a0",
          ",",
          "(",
          ")",
          " v0",
          "x255",
          "%hi",
          "%pcrel_lo",
          "1b",
          "2f",
          ":",
          ".word ",
          ".zero ",
          ".align ",
          ".equ ",
          "-",
          "<<",
          "+1",
          "*2",
          "/",
          "0",
          "\"",
          "\n",
          ".kernel ",
          "li ",
          "la ",
          "vadd.vv ",
          "join ",
          "csrr ",
          "ld ",
          "pre_m_global_128 ",
          "prefix ",
          "vwadd.wv ",
          "v0.t",
          ".",
          "/*",
          "*/",
          "#",
          ";",
          "999999999999999999999",
          ".include \"x\"",
          ".macro"};
}

}  // namespace ventus::fuzz
