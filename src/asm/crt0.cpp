// The built-in crt0: the reference start.S of ISA.md §7.3 written as assembly source.
#include "asm/assembler.hpp"

namespace ventus::as {

// Produces the same words as the reference listings' _start ... spike_end (0x80000000 -
// 0x800000a4). The addresses of .bss, BUFFER_ADDR/BUFFER_SIZE, tohost and
// __global_pointer$ are symbols resolved after layout, never constants (ISA.md §7.8).
std::string_view crt0_source() {
  return R"(# crt0: per-warp start-up code run before every kernel (ISA.md §7.3).
    .text
    .globl _start
    .type _start, @function
_start:
    la      gp, __global_pointer$
    li      t4, 32
    vsetvli t4, t4, e32, m1, ta, ma     # vl = numt
    lui     t4, 2
    csrrs   t4, mstatus, t4             # mstatus.FS = 1
    li      t4, 0
    csrr    t1, wid
    csrr    t2, lds
    li      t3, 1024
    mul     t1, t1, t3
    add     sp, t1, t2                  # sp = LDS + WID * 1 KiB
    li      tp, 0                       # private stack offset
    la      a0, __bss_start
    la      a2, __bss_end
    beq     a0, a2, .Ltmp0
.Ltmp1:
    sw      zero, 0(a0)                 # clear .bss word by word
    addi    a0, a0, 4
    bltu    a0, a2, .Ltmp1
.Ltmp0:
    csrr    t0, knl
    lw      t1, 0(t0)                   # KNL_ENTRY
    lw      a0, 4(t0)                   # KNL_ARG_BASE
    lw      t2, 48(t0)                  # KNL_PRINT_ADDR
    lw      t3, 52(t0)                  # KNL_PRINT_SIZE
    la      t4, BUFFER_ADDR
    la      t5, BUFFER_SIZE
    sw      t2, 0(t4)
    sw      t3, 0(t5)
    la      t6, spike_end
    csrw    mtvec, t6                   # any trap ends the simulation
    jalr    t1                          # call the kernel
    endprg  x0, x0, x0
    j       spike_end
spike_end:
    li      t1, 1
    la      t0, tohost
    sw      t1, 0(t0)                   # tohost = 1: HTIF exit

    .section .tohost, "aw", @progbits
    .p2align 6
    .globl tohost
tohost:
    .word 0, 0
    .p2align 6
    .globl fromhost
fromhost:
    .word 0, 0

    .data
    .globl BUFFER_ADDR
    .globl BUFFER_SIZE
BUFFER_ADDR:
    .word 0
BUFFER_SIZE:
    .word 0
    .text
)";
}

}  // namespace ventus::as
