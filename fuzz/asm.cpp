// Fuzz target: the assembler and linker (`ventus as`, `ventus run FILE.s`); an accepted
// program must give a consistent image that the ELF writer can write.
#include <cstdlib>

#include "asm/assembler.hpp"
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
  return {
      "    .kernel k\nk:\n    addi sp, sp, 16\n    vmv.v.x v32, tp\n    vlw12.v v1, 4(v2)\n"
      "    setrpc zero, t1, 8\n    vbeq v0, v1, 1f\n    vadd.vx v1, v34, t0\n1:  join v0, v0, 2f\n"
      "2:  li a0, 0x12345678\n    la a1, d\n    call f\n    ret\nf:  tail k\n"
      "    .data\nd:  .word 1, 2, k\n    .half 3\n    .byte 4\n    .asciz \"x\\n\"\n",
      "    .equ N, 4 * (3 + 1)\n    .text\nl:  .Lhi: auipc a0, %pcrel_hi(x)\n"
      "    addi a0, a0, %pcrel_lo(.Lhi)\n    lui a1, %hi(x)\n    lw a1, %lo(x)(a1)\n"
      "    csrr t0, knl\n    vsetvli t4, t4, e32, m1, ta, ma\n"
      "    .p2align 4\n    .section .rodata\nx:  .float 1.5, -2\n    .bss\n    .zero N\n",
      "/* block\n comment */ nop // c\n# hash\n    regext zero, zero, 9 ; mv a0, a1\n",
      "    .globl g\n    .type g, @function\ng:  j g\n    .size g, . - g\n    .set s, g + 4\n",
  };
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
