# add_scaled: c[i] = a[i] * k + b[i] (32-bit integers), i = get_global_id(0) < local-size guard.
# Test kernel of the runtime (tests/runtime_*): argument buffer (ISA.md §7.2, packed):
#   0 a (int*), 4 b (int*), 8 c (int*), 12 k (int by value).
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
    vlw12.v v4, 0(v4)               # a[i]
    vadd.vx v5, v0, a2
    vlw12.v v5, 0(v5)               # b[i]
    vmul.vx v4, v4, a4
    vadd.vv v4, v4, v5
    vadd.vx v6, v0, a3
    vsw12.v v4, 0(v6)               # c[i]
.Ljoin:
    join    zero, zero, 0
    ret
