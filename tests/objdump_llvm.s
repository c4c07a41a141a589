# Standard RV32I only (Debian's llvm-objdump 14 knows no Ventus instruction): functions,
# a local label, data, read-only data, bss and an absolute symbol.
    .text
    .globl first
    .type first, @function
first:
    li      a0, 5
    beq     a0, a1, second
    jal     ra, .Lhelper
    .globl second
    .type second, @function
second:
    add     a0, a0, a1
    bnez    a0, first
.Lhelper:
    lui     a2, 0x12345
    addi    a2, a2, 0x678
    ret
    .data
    .globl table
    .type table, @object
table:
    .word 1, 2, 3, 0x41424344
    .asciz "hello, objdump"
    .section .rodata
    .byte 0x7f, 0x80, 0x20
    .bss
    .zero 64
    .equ LIMIT, 100
