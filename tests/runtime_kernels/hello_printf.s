# hello_printf: every thread prints its global id and x[global id] with vt_printf
# (docs/printf.md). Argument buffer: 0 x (int*). Threads past the local size (partly filled
# last warp) are guarded off and print nothing.
    .rodata
.Lformat:
    .asciz "hello from group %u, local %u: x = %d\n"

    .text
    .globl hello_printf
    .type hello_printf, @function
hello_printf:
    addi    sp, sp, 4               # scalar stack grows upward (ISA.md §7.4)
    sw      ra, -4(sp)
    lw      a2, 0(a0)               # x
    csrr    t0, knl
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    csrr    t3, gidx
    vmv.v.x v0, t3                  # argument 0: group id
    mul     t3, t3, t2
    csrr    t4, tid
    vid.v   v1
    vadd.vx v1, v1, t4              # argument 1: local id
    vmsltu.vx v4, v1, t2            # L < local size
    vmv.v.x v5, zero
.Lguard:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin - .Lguard
    vbeq    v4, v5, .Ljoin
    vadd.vx v3, v1, t3              # global id
    vsll.vi v3, v3, 2
    vadd.vx v3, v3, a2
    vlw12.v v2, 0(v3)               # argument 2: x[global id]
    la      a0, .Lformat
    li      a1, 3
    call    vt_printf
.Ljoin:
    join    zero, zero, 0
    lw      ra, -4(sp)
    addi    sp, sp, -4
    ret
