# matmul_tiled: C = A x B (A M x K, B K x N, row-major fp32) through T x T tiles in local
# memory. 2-D ND-range with a square work-group: local size (T, T), dimension 0 = column.
#
# OpenCL C equivalent:
#   __kernel void matmul_tiled(__global const float* A, __global const float* B,
#                              __global float* C, uint M, uint N, uint K,
#                              __local float* As, __local float* Bs) {
#     uint T = get_local_size(0), lx = get_local_id(0), ly = get_local_id(1);
#     uint j = get_global_id(0), i = get_global_id(1);
#     float acc = 0.0f;
#     for (uint k0 = 0; k0 < K; k0 += T) {
#       As[ly * T + lx] = (i < M && k0 + lx < K) ? A[i * K + k0 + lx] : 0.0f;
#       Bs[ly * T + lx] = (k0 + ly < K && j < N) ? B[(k0 + ly) * N + j] : 0.0f;
#       barrier(CLK_LOCAL_MEM_FENCE);
#       for (uint kk = 0; kk < T; ++kk) acc = fma(As[ly * T + kk], Bs[kk * T + lx], acc);
#       barrier(CLK_LOCAL_MEM_FENCE);
#     }
#     if (i < M && j < N) C[i * N + j] = acc;
#   }
# Every thread of the work-group takes part in the loads and barriers, also threads whose
# (i, j) lies outside C; only lanes past the work-group (L >= T*T, the unused part of a
# partly filled last warp) skip the whole body.
# Argument buffer (ISA.md §7.2): 0 A, 4 B, 8 C, 12 M, 16 N, 20 K, 24 As, 28 Bs (local).

    .text
    .globl matmul_tiled
    .type matmul_tiled, @function
matmul_tiled:
    lw      a1, 0(a0)               # A
    lw      a2, 4(a0)               # B
    lw      a3, 8(a0)               # C
    lw      a4, 12(a0)              # M
    lw      a5, 16(a0)              # N
    lw      a6, 20(a0)              # K
    lw      a7, 24(a0)              # As (address in the local window, ISA.md §7.5)
    lw      t5, 28(a0)              # Bs
    csrr    t0, knl
    lw      t2, 24(t0)              # T = KNL_LC_SIZE_X (= KNL_LC_SIZE_Y)
    slli    t4, t2, 2               # 4T: byte pitch of a tile row
    csrr    t3, tid
    vid.v   v0
    vadd.vx v0, v0, t3              # local linear id L = ly * T + lx
    mul     t3, t2, t2
    vmsltu.vx v7, v0, t3            # L < T*T
    vremu.vx v1, v0, t2             # lx
    vdivu.vx v2, v0, t2             # ly
    csrr    t3, gidx
    mul     t3, t3, t2
    vadd.vx v10, v1, t3             # j
    csrr    t3, gidy
    mul     t3, t3, t2
    vadd.vx v11, v2, t3             # i
    vsll.vi v12, v0, 2
    vadd.vx v13, v12, t5            # &Bs[L]
    vadd.vx v12, v12, a7            # &As[L]
    vmul.vx v14, v2, t4
    vadd.vx v14, v14, a7            # &As[ly][0]
    vsll.vi v15, v1, 2
    vadd.vx v15, v15, t5            # &Bs[0][lx]
    vmv.v.x v3, zero                # constant 0 for the guards
    vmv.v.x v6, zero                # acc = +0.0f
.Lpc_lane:
    auipc   t1, 0
    setrpc  zero, t1, .Lend - .Lpc_lane
    vbeq    v7, v3, .Lend           # lanes past the work-group do nothing (ISA.md §2.4)
    li      t6, 0                   # k0 (uniform)
    beqz    a6, .Lstore
.Ltile:
    vadd.vx v16, v1, t6             # column of A: k0 + lx
    vmsltu.vx v17, v16, a6
    vmsltu.vx v18, v11, a4
    vand.vv v17, v17, v18           # i < M && k0 + lx < K
    vmv.v.x v20, zero
.Lpc_a:
    auipc   t1, 0
    setrpc  zero, t1, .Lja - .Lpc_a
    vbeq    v17, v3, .Lja
    vmul.vx v19, v11, a6
    vadd.vv v19, v19, v16
    vsll.vi v19, v19, 2
    vadd.vx v19, v19, a1
    vlw12.v v20, 0(v19)             # A[i][k0 + lx]
.Lja:
    join    zero, zero, 0
    vsw12.v v20, 0(v12)             # As[ly][lx]
    vadd.vx v16, v2, t6             # row of B: k0 + ly
    vmsltu.vx v17, v16, a6
    vmsltu.vx v18, v10, a5
    vand.vv v17, v17, v18           # k0 + ly < K && j < N
    vmv.v.x v20, zero
.Lpc_b:
    auipc   t1, 0
    setrpc  zero, t1, .Ljb - .Lpc_b
    vbeq    v17, v3, .Ljb
    vmul.vx v19, v16, a5
    vadd.vv v19, v19, v10
    vsll.vi v19, v19, 2
    vadd.vx v19, v19, a2
    vlw12.v v20, 0(v19)             # B[k0 + ly][j]
.Ljb:
    join    zero, zero, 0
    vsw12.v v20, 0(v13)             # Bs[ly][lx]
    barrier x0, x0, 1               # tile complete (local memory fence)
    vadd.vi v21, v14, 0
    vadd.vi v22, v15, 0
    mv      t3, t2                  # kk counter
.Lkk:
    vlw12.v v8, 0(v21)              # As[ly][kk]
    vlw12.v v9, 0(v22)              # Bs[kk][lx]
    vfmacc.vv v6, v8, v9
    vadd.vi v21, v21, 4
    vadd.vx v22, v22, t4
    addi    t3, t3, -1
    bnez    t3, .Lkk
    barrier x0, x0, 1               # everybody done reading before the next tile overwrites
    add     t6, t6, t2
    bltu    t6, a6, .Ltile
.Lstore:
    vmsltu.vx v17, v10, a5
    vmsltu.vx v18, v11, a4
    vand.vv v17, v17, v18           # i < M && j < N
.Lpc_c:
    auipc   t1, 0
    setrpc  zero, t1, .Ljc - .Lpc_c
    vbeq    v17, v3, .Ljc
    vmul.vx v19, v11, a5
    vadd.vv v19, v19, v10
    vsll.vi v19, v19, 2
    vadd.vx v19, v19, a3
    vsw12.v v6, 0(v19)              # C[i][j]
.Ljc:
    join    zero, zero, 0
.Lend:
    join    zero, zero, 0
    ret
