# matmul (naive): C = A x B, A is M x K, B is K x N, C is M x N, row-major fp32.
# 2-D ND-range: dimension 0 = column j, dimension 1 = row i; any local size.
#
# OpenCL C equivalent:
#   __kernel void matmul(__global const float* A, __global const float* B,
#                        __global float* C, uint M, uint N, uint K) {
#     size_t j = get_global_id(0), i = get_global_id(1);
#     if (i < M && j < N) {
#       float acc = 0.0f;
#       for (uint k = 0; k < K; ++k) acc = fma(A[i * K + k], B[k * N + j], acc);
#       C[i * N + j] = acc;
#     }
#   }
# Argument buffer (ISA.md §7.2): 0 A, 4 B, 8 C, 12 M, 16 N, 20 K.

    .text
    .globl matmul
    .type matmul, @function
matmul:
    lw      a1, 0(a0)               # A
    lw      a2, 4(a0)               # B
    lw      a3, 8(a0)               # C
    lw      a4, 12(a0)              # M
    lw      a5, 16(a0)              # N
    lw      a6, 20(a0)              # K
    csrr    t0, knl                 # metadata buffer (ISA.md §7.1)
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    lw      t3, 28(t0)              # KNL_LC_SIZE_Y
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # local linear id L
    mul     t5, t2, t3
    vmsltu.vx v7, v0, t5            # L < local size
    vremu.vx v1, v0, t2             # local id x = L % LC_X (ISA.md §7.1)
    vdivu.vx v2, v0, t2             # local id y = L / LC_X
    csrr    t5, gidx
    mul     t5, t5, t2
    vadd.vx v1, v1, t5              # j = global id x
    csrr    t6, gidy
    mul     t6, t6, t3
    vadd.vx v2, v2, t6              # i = global id y
    vmsltu.vx v3, v1, a5            # j < N
    vand.vv v7, v7, v3
    vmsltu.vx v3, v2, a4            # i < M
    vand.vv v7, v7, v3
    vmv.v.x v3, zero
.Lpc_guard:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin - .Lpc_guard
    vbeq    v7, v3, .Ljoin          # guarded threads skip everything (ISA.md §2.4)
    vmul.vx v4, v2, a6
    vsll.vi v4, v4, 2
    vadd.vx v4, v4, a1              # &A[i][0]
    vsll.vi v5, v1, 2
    vadd.vx v5, v5, a2              # &B[0][j]
    slli    t5, a5, 2               # row pitch of B in bytes (uniform)
    vmv.v.x v6, zero                # acc = +0.0f
    mv      t6, a6                  # k loop counter: uniform, so a scalar loop
    beqz    t6, .Lstore
.Lloop:
    vlw12.v v8, 0(v4)
    vlw12.v v9, 0(v5)
    vfmacc.vv v6, v8, v9            # acc = fma(a, b, acc), k ascending
    vadd.vi v4, v4, 4
    vadd.vx v5, v5, t5
    addi    t6, t6, -1
    bnez    t6, .Lloop
.Lstore:
    vmul.vx v8, v2, a5
    vadd.vv v8, v8, v1
    vsll.vi v8, v8, 2
    vadd.vx v8, v8, a3              # &C[i][j]
    vsw12.v v6, 0(v8)
.Ljoin:
    join    zero, zero, 0
    ret
