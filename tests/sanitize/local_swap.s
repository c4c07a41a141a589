# Sanitizer test (docs/sanitizers.md): work-item L writes L to s[L] of a __local array, then
# reads s[LS-1-L] (another warp's element when the work-group has two) into out[gid].
# swap_barrier separates the two by a barrier (clean); swap_no_barrier does not (a race on
# local memory). Arguments (ISA.md §7.2): 0 out (int*), 4 s (__local int*).
    .text
    .globl swap_barrier
    .type swap_barrier, @function
swap_barrier:
    lw      a1, 0(a0)               # out
    lw      a2, 4(a0)               # s
    csrr    t0, knl                 # metadata buffer (ISA.md §7.1)
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # local id L
    vsll.vi v1, v0, 2
    vadd.vx v1, v1, a2
    vsw12.v v0, 0(v1)               # s[L] = L
    barrier x0, x0, 1
    j       swap_read

    .globl swap_no_barrier
    .type swap_no_barrier, @function
swap_no_barrier:
    lw      a1, 0(a0)
    lw      a2, 4(a0)
    csrr    t0, knl
    lw      t2, 24(t0)
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4
    vsll.vi v1, v0, 2
    vadd.vx v1, v1, a2
    vsw12.v v0, 0(v1)               # s[L] = L: the planted race's store

# Shared tail: v0 = L, t2 = local size, a1 = out, a2 = s.
swap_read:
    addi    t3, t2, -1
    vrsub.vx v2, v0, t3             # LS - 1 - L
    vsll.vi v2, v2, 2
    vadd.vx v2, v2, a2
    vlw12.v v3, 0(v2)               # s[LS - 1 - L]: the planted race's load
    csrr    t5, gidx
    mul     t5, t5, t2
    vadd.vx v4, v0, t5              # global id
    vsll.vi v4, v4, 2
    vadd.vx v4, v4, a1
    vsw12.v v3, 0(v4)               # out[gid]
    ret
