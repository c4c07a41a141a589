# transpose: out (N x M) = transpose of in (M x N), row-major 32-bit words, through a T x T
# tile in local memory so that both the global reads and the global writes go along rows.
# 2-D ND-range with a square work-group: local size (T, T), dimension 0 = column of `in`.
#
# OpenCL C equivalent:
#   __kernel void transpose(__global const uint* in, __global uint* out, uint M, uint N,
#                           __local uint* tile) {
#     uint T = get_local_size(0), lx = get_local_id(0), ly = get_local_id(1);
#     uint bx = get_group_id(0) * T, by = get_group_id(1) * T;
#     if (by + ly < M && bx + lx < N) tile[ly * T + lx] = in[(by + ly) * N + bx + lx];
#     barrier(CLK_LOCAL_MEM_FENCE);
#     if (bx + ly < N && by + lx < M) out[(bx + ly) * M + by + lx] = tile[lx * T + ly];
#   }
# Argument buffer (ISA.md §7.2): 0 in, 4 out, 8 M, 12 N, 16 tile (local, T*T words).

    .text
    .globl transpose
    .type transpose, @function
transpose:
    lw      a1, 0(a0)               # in
    lw      a2, 4(a0)               # out
    lw      a3, 8(a0)               # M (rows of in)
    lw      a4, 12(a0)              # N (columns of in)
    lw      a5, 16(a0)              # tile
    csrr    t0, knl
    lw      t2, 24(t0)              # T
    csrr    t3, tid
    vid.v   v0
    vadd.vx v0, v0, t3              # L = ly * T + lx
    mul     t3, t2, t2
    vmsltu.vx v7, v0, t3            # L < T*T
    vremu.vx v1, v0, t2             # lx
    vdivu.vx v2, v0, t2             # ly
    csrr    t3, gidx
    mul     t3, t3, t2              # bx (uniform)
    csrr    t4, gidy
    mul     t4, t4, t2              # by (uniform)
    vmv.v.x v3, zero
.Lpc_lane:
    auipc   t1, 0
    setrpc  zero, t1, .Lend - .Lpc_lane
    vbeq    v7, v3, .Lend           # lanes past the work-group do nothing (ISA.md §2.4)
    vadd.vx v4, v2, t4              # row = by + ly
    vadd.vx v5, v1, t3              # column = bx + lx
    vmsltu.vx v8, v4, a3
    vmsltu.vx v9, v5, a4
    vand.vv v8, v8, v9
.Lpc_in:
    auipc   t1, 0
    setrpc  zero, t1, .Ljin - .Lpc_in
    vbeq    v8, v3, .Ljin
    vmul.vx v10, v4, a4
    vadd.vv v10, v10, v5
    vsll.vi v10, v10, 2
    vadd.vx v10, v10, a1
    vlw12.v v11, 0(v10)             # in[row][column]
    vsll.vi v12, v0, 2
    vadd.vx v12, v12, a5
    vsw12.v v11, 0(v12)             # tile[ly][lx]
.Ljin:
    join    zero, zero, 0
    barrier x0, x0, 1
    vadd.vx v4, v2, t3              # output row = bx + ly
    vadd.vx v5, v1, t4              # output column = by + lx
    vmsltu.vx v8, v4, a4
    vmsltu.vx v9, v5, a3
    vand.vv v8, v8, v9
.Lpc_out:
    auipc   t1, 0
    setrpc  zero, t1, .Ljout - .Lpc_out
    vbeq    v8, v3, .Ljout
    vmul.vx v12, v1, t2
    vadd.vv v12, v12, v2
    vsll.vi v12, v12, 2
    vadd.vx v12, v12, a5
    vlw12.v v11, 0(v12)             # tile[lx][ly]
    vmul.vx v10, v4, a3
    vadd.vv v10, v10, v5
    vsll.vi v10, v10, 2
    vadd.vx v10, v10, a2
    vsw12.v v11, 0(v10)             # out[row][column]
.Ljout:
    join    zero, zero, 0
.Lend:
    join    zero, zero, 0
    ret
