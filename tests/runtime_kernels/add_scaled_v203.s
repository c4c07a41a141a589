# add_scaled for ISA profile v2.03 (docs/isa-profiles.md): the same c[i] = a[i] * k + b[i] as
# add_scaled.s, with a pre_m_global_32 prefix on a load and a widening vwmul.vx into the pair
# {v9 : v8}. Argument buffer: 0 a, 4 b, 8 c, 12 k. Assemble with `ventus as --isa v2.03`.
    .text
    .globl add_scaled
    .type add_scaled, @function
add_scaled:
    lw      a1, 0(a0)               # a
    lw      a2, 4(a0)               # b
    lw      a3, 8(a0)               # c
    lw      a4, 12(a0)              # k
    csrr    t0, knl                 # metadata buffer (ISA.md §7.1)
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    csrr    t3, gidx
    mul     t3, t3, t2              # first global id of the work-group
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # local linear id L
    vmsltu.vx v2, v0, t2            # L < local size (last warp may be partly filled)
    vadd.vx v0, v0, t3              # global id
    vmv.v.x v1, zero
.Lguard:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin - .Lguard
    vbeq    v2, v1, .Ljoin
    vsll.vi v0, v0, 2
    vadd.vx v4, v0, a1
    pre_m_global_32 0, 0, 0
    vlw12.v v4, 0(v4)               # a[i] (v2.03 memory prefix: global space, GDS = 0)
    vadd.vx v5, v0, a2
    vlw12.v v5, 0(v5)               # b[i]
    vwmul.vx v8, v4, a4             # v2.03: 64-bit products in {v9 : v8}
    vadd.vv v4, v8, v5
    vadd.vx v6, v0, a3
    vsw12.v v4, 0(v6)               # c[i]
.Ljoin:
    join    zero, zero, 0
    ret
