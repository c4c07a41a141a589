// kFuzzSeeds: valid assembly covering the syntax (directives, relocations, vector and SIMT
// instructions, comments, the regext prefix, symbols): where the assembler's fuzzers start
// (the fuzz/asm target and its libFuzzer build).
#pragma once

#include <array>
#include <string_view>

namespace ventus::as {

inline constexpr std::array<std::string_view, 6> kFuzzSeeds = {
    "    .kernel k\nk:\n    addi sp, sp, 16\n    vmv.v.x v32, tp\n    vlw12.v v1, 4(v2)\n"
    "    setrpc zero, t1, 8\n    vbeq v0, v1, 1f\n    vadd.vx v1, v34, t0\n1:  join v0, v0, 2f\n"
    "2:  li a0, 0x12345678\n    la a1, d\n    call f\n    ret\nf:  tail k\n"
    "    .data\nd:  .word 1, 2, k\n    .half 3\n    .byte 4\n    .asciz \"x\\n\"\n",
    "    .equ N, 4 * (3 + 1)\n    .text\nl:  .Lhi: auipc a0, %pcrel_hi(x)\n"
    "    addi a0, a0, %pcrel_lo(.Lhi)\n    lui a1, %hi(x)\n    lw a1, %lo(x)(a1)\n"
    "    csrr t0, knl\n    csrrs t4, mstatus, t4\n    vsetvli t4, t4, e32, m1, ta, ma\n"
    "    .p2align 4\n    .section .rodata\nx:  .float 1.5, -2\n    .bss\n    .zero N\n",
    "    fmadd.s a0, a1, a2, a3, rne\n    vfadd.vv v1, v2, v3, v0.t\n    amoadd.w.aq a0, a1, (a2)\n"
    "    fence rw, w\n    bgt a0, a1, . + 8\n    blez a0, .\n    vnot.v v1, v2\n    endprg x0, x0, "
    "x0\n",
    "/* block\n comment */ nop // c\n# hash\n    regext zero, zero, 9 ; mv a0, a1\n",
    "",
    "    .globl g\n    .type g, @function\ng:  j g\n    .size g, . - g\n    .set s, g + 4\n",
};

}  // namespace ventus::as
