# Kernels of the Python module's tests that fault at a known instruction (ISA.md §7).
    .text
    .globl illegal_third
    .type illegal_third, @function
illegal_third:
    lw      a1, 0(a0)               # entry + 0
    addi    a2, a1, 4               # entry + 4
    .word   0x00000000              # entry + 8: an illegal instruction (all zero bits)
    ret
