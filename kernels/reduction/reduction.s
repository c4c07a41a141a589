# reduction: per-work-group sum of an fp32 array by a tree in local memory; 1-D ND-range,
# the local size LS must be a power of two. partial[g] = sum of x[g*LS .. g*LS+LS-1]
# (elements past n count as 0.0f), added in the tree order below.
#
# OpenCL C equivalent:
#   __kernel void reduction(__global const float* x, __global float* partial, uint n,
#                           __local float* s) {
#     uint L = get_local_id(0), LS = get_local_size(0), i = get_global_id(0);
#     s[L] = i < n ? x[i] : 0.0f;
#     barrier(CLK_LOCAL_MEM_FENCE);
#     for (uint stride = LS / 2; stride > 0; stride /= 2) {
#       if (L < stride) s[L] = s[L] + s[L + stride];
#       barrier(CLK_LOCAL_MEM_FENCE);
#     }
#     if (L == 0) partial[get_group_id(0)] = s[0];
#   }
# Argument buffer (ISA.md §7.2): 0 x, 4 partial, 8 n, 12 s (local, LS floats).

    .text
    .globl reduction
    .type reduction, @function
reduction:
    lw      a1, 0(a0)               # x
    lw      a2, 4(a0)               # partial
    lw      a3, 8(a0)               # n
    lw      a4, 12(a0)              # s (local window)
    csrr    t0, knl
    lw      t2, 24(t0)              # LS = KNL_LC_SIZE_X
    csrr    t3, tid
    vid.v   v0
    vadd.vx v0, v0, t3              # L
    vmsltu.vx v7, v0, t2            # L < LS
    csrr    t5, gidx                # group id (uniform)
    mul     t3, t5, t2
    vadd.vx v1, v0, t3              # i = global id
    vsll.vi v12, v0, 2
    vadd.vx v12, v12, a4            # &s[L]
    vmv.v.x v3, zero
.Lpc_lane:
    auipc   t1, 0
    setrpc  zero, t1, .Lend - .Lpc_lane
    vbeq    v7, v3, .Lend           # lanes past the work-group do nothing (ISA.md §2.4)
    vmsltu.vx v8, v1, a3            # i < n
    vmv.v.x v4, zero                # 0.0f for elements past n
.Lpc_load:
    auipc   t1, 0
    setrpc  zero, t1, .Ljl - .Lpc_load
    vbeq    v8, v3, .Ljl
    vsll.vi v9, v1, 2
    vadd.vx v9, v9, a1
    vlw12.v v4, 0(v9)               # x[i]
.Ljl:
    join    zero, zero, 0
    vsw12.v v4, 0(v12)              # s[L]
    barrier x0, x0, 1
    srli    t4, t2, 1               # stride (uniform)
    beqz    t4, .Lwrite
.Lstep:
    vmsltu.vx v8, v0, t4            # L < stride
    slli    t3, t4, 2
.Lpc_add:
    auipc   t1, 0
    setrpc  zero, t1, .Lja - .Lpc_add
    vbeq    v8, v3, .Lja
    vadd.vx v9, v12, t3             # &s[L + stride]
    vlw12.v v10, 0(v9)
    vlw12.v v11, 0(v12)
    vfadd.vv v11, v11, v10          # s[L] + s[L + stride]
    vsw12.v v11, 0(v12)
.Lja:
    join    zero, zero, 0
    barrier x0, x0, 1
    srli    t4, t4, 1
    bnez    t4, .Lstep
.Lwrite:
    vmseq.vi v8, v0, 0              # thread L == 0 writes the result
.Lpc_out:
    auipc   t1, 0
    setrpc  zero, t1, .Ljo - .Lpc_out
    vbeq    v8, v3, .Ljo
    vlw12.v v10, 0(v12)             # s[0]
    slli    t3, t5, 2
    add     t3, t3, a2              # &partial[group] (uniform)
    vmv.v.x v9, t3
    vsw12.v v10, 0(v9)
.Ljo:
    join    zero, zero, 0
.Lend:
    join    zero, zero, 0
    ret
