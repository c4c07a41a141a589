# scan: inclusive prefix sum of uint32 (wrap-around) in two kernels; 1-D ND-range, the same
# local size LS for both launches.
#   scan_block: Hillis-Steele scan of each work-group's slice in local memory; writes the
#               slice's scan to out and its total to sums[group].
#   scan_add:   adds the totals of all earlier work-groups to every element of out.
#
# OpenCL C equivalent:
#   __kernel void scan_block(__global const uint* in, __global uint* out,
#                            __global uint* sums, uint n, __local uint* s) {
#     uint L = get_local_id(0), LS = get_local_size(0), i = get_global_id(0);
#     uint v = i < n ? in[i] : 0;
#     s[L] = v;
#     barrier(CLK_LOCAL_MEM_FENCE);
#     for (uint off = 1; off < LS; off *= 2) {
#       uint t = L >= off ? s[L - off] : 0;
#       barrier(CLK_LOCAL_MEM_FENCE);
#       v += t;
#       s[L] = v;
#       barrier(CLK_LOCAL_MEM_FENCE);
#     }
#     if (i < n) out[i] = v;
#     if (L == LS - 1) sums[get_group_id(0)] = v;
#   }
#   __kernel void scan_add(__global uint* out, __global const uint* sums, uint n) {
#     uint g = get_group_id(0), i = get_global_id(0), add = 0;
#     for (uint k = 0; k < g; ++k) add += sums[k];   // uniform: scalar loads
#     if (i < n) out[i] += add;
#   }
# Argument buffers (ISA.md §7.2): scan_block 0 in, 4 out, 8 sums, 12 n, 16 s (local);
# scan_add 0 out, 4 sums, 8 n.

    .text
    .globl scan_block
    .type scan_block, @function
scan_block:
    lw      a1, 0(a0)               # in
    lw      a2, 4(a0)               # out
    lw      a3, 8(a0)               # sums
    lw      a4, 12(a0)              # n
    lw      a5, 16(a0)              # s (local window)
    csrr    t0, knl
    lw      t2, 24(t0)              # LS
    csrr    t3, tid
    vid.v   v0
    vadd.vx v0, v0, t3              # L
    vmsltu.vx v7, v0, t2            # L < LS
    csrr    t5, gidx
    mul     t3, t5, t2
    vadd.vx v1, v0, t3              # i
    vsll.vi v12, v0, 2
    vadd.vx v12, v12, a5            # &s[L]
    vsll.vi v13, v1, 2              # 4i
    vmsltu.vx v8, v1, a4            # i < n (kept for the final store)
    vmv.v.x v3, zero
.Lpc_lane:
    auipc   t1, 0
    setrpc  zero, t1, .Lend - .Lpc_lane
    vbeq    v7, v3, .Lend           # lanes past the work-group do nothing (ISA.md §2.4)
    vmv.v.x v4, zero                # v = 0 past n
.Lpc_load:
    auipc   t1, 0
    setrpc  zero, t1, .Ljl - .Lpc_load
    vbeq    v8, v3, .Ljl
    vadd.vx v9, v13, a1
    vlw12.v v4, 0(v9)               # in[i]
.Ljl:
    join    zero, zero, 0
    vsw12.v v4, 0(v12)
    barrier x0, x0, 1
    li      t4, 1                   # off (uniform)
    bgeu    t4, t2, .Lstore
.Lstep:
    addi    t3, t4, -1
    vmsgtu.vx v9, v0, t3            # L > off - 1, i.e. L >= off
    vmv.v.x v5, zero                # t = 0
    slli    t3, t4, 2
.Lpc_t:
    auipc   t1, 0
    setrpc  zero, t1, .Ljt - .Lpc_t
    vbeq    v9, v3, .Ljt
    vsub.vx v10, v12, t3            # &s[L - off]
    vlw12.v v5, 0(v10)
.Ljt:
    join    zero, zero, 0
    barrier x0, x0, 1               # all reads of this step before any write
    vadd.vv v4, v4, v5
    vsw12.v v4, 0(v12)
    barrier x0, x0, 1
    slli    t4, t4, 1
    bltu    t4, t2, .Lstep
.Lstore:
.Lpc_st:
    auipc   t1, 0
    setrpc  zero, t1, .Ljs - .Lpc_st
    vbeq    v8, v3, .Ljs
    vadd.vx v9, v13, a2
    vsw12.v v4, 0(v9)               # out[i]
.Ljs:
    join    zero, zero, 0
    addi    t3, t2, -1
    vmseq.vx v9, v0, t3             # the last thread holds the slice total
.Lpc_sum:
    auipc   t1, 0
    setrpc  zero, t1, .Ljsum - .Lpc_sum
    vbeq    v9, v3, .Ljsum
    slli    t3, t5, 2
    add     t3, t3, a3              # &sums[group] (uniform)
    vmv.v.x v10, t3
    vsw12.v v4, 0(v10)
.Ljsum:
    join    zero, zero, 0
.Lend:
    join    zero, zero, 0
    ret

    .globl scan_add
    .type scan_add, @function
scan_add:
    lw      a1, 0(a0)               # out
    lw      a2, 4(a0)               # sums
    lw      a3, 8(a0)               # n
    csrr    t0, knl
    lw      t2, 24(t0)              # LS
    csrr    t5, gidx                # g
    li      t4, 0                   # add: a uniform value, so scalar loads and a scalar loop
    mv      t6, a2
    beqz    t5, .Lsum_done
    slli    t3, t5, 2
    add     t3, t3, a2              # &sums[g]
.Lsum:
    lw      t0, 0(t6)
    add     t4, t4, t0
    addi    t6, t6, 4
    bltu    t6, t3, .Lsum
.Lsum_done:
    csrr    t3, tid
    vid.v   v0
    vadd.vx v0, v0, t3              # L
    vmsltu.vx v7, v0, t2            # L < LS
    mul     t3, t5, t2
    vadd.vx v1, v0, t3              # i
    vmsltu.vx v8, v1, a3            # i < n
    vand.vv v7, v7, v8
    vmv.v.x v3, zero
.Lpc_add:
    auipc   t1, 0
    setrpc  zero, t1, .Ljadd - .Lpc_add
    vbeq    v7, v3, .Ljadd
    vsll.vi v9, v1, 2
    vadd.vx v9, v9, a1
    vlw12.v v10, 0(v9)
    vadd.vx v10, v10, t4
    vsw12.v v10, 0(v9)              # out[i] += add
.Ljadd:
    join    zero, zero, 0
    ret
