// Fuzz target: the assembler and linker (`ventus as`, `ventus run FILE.s`); an accepted
// program must give a consistent image that the ELF writer can write.
#include <cstdlib>

#include "asm/assembler.hpp"
#include "asm/fuzz_seeds.hpp"
#include "elf/elf_writer.hpp"
#include "fuzz_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ventus;
  as::AssembleOptions options;
  options.crt0 = size % 8 == 0;  // the crt0 now and then: its symbols meet the input's
  const as::AssembleOutput out = as::assemble_text("fuzz.s", fuzz::as_text(data, size), options);
  if (!out.ok()) {
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
