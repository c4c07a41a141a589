# sumsq64 for ISA profile v2.03 (docs/isa-profiles.md): out[i] = sum over k < K of
# x[k][i]^2 as a 64-bit unsigned integer (modulo 2^64) for i < n, x row-major K x n words.
# The pair instructions do the 64-bit work: vwmulu.vv writes the 64-bit square into the
# pair {v11 : v10}, a `prefix` with pair = 1 makes vadd.vv add pairs, and pre_m_global_64
# stores a pair in one access. sumsq64_v202.s is the same algorithm in 32-bit instructions
# (vmul/vmulhu for the square, a compare for the carry, two stores).
#
# OpenCL C equivalent:
#   __kernel void sumsq64(__global const uint* x, __global ulong* out, uint n, uint K) {
#     size_t i = get_global_id(0);
#     if (i >= n) return;
#     ulong sum = 0;
#     for (uint k = 0; k < K; ++k) sum += (ulong)x[k * n + i] * x[k * n + i];
#     out[i] = sum;
#   }
# Argument buffer (ISA.md §7.2): 0 x, 4 out (8 bytes per item, low word first), 8 n, 12 K.
# Assemble with `ventus as --isa v2.03`.

    .text
    .globl sumsq64
    .type sumsq64, @function
sumsq64:
    lw      a1, 0(a0)               # x
    lw      a2, 4(a0)               # out
    lw      a3, 8(a0)               # n
    lw      a4, 12(a0)              # K
    csrr    t0, knl
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    csrr    t3, gidx
    mul     t3, t3, t2
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # local linear id
    vmsltu.vx v2, v0, t2            # inside the work-group
    vadd.vx v0, v0, t3              # global id i
    vmsltu.vx v3, v0, a3            # i < n
    vand.vv v2, v2, v3
    vmv.v.x v1, zero
.Lpc:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin - .Lpc
    vbeq    v2, v1, .Ljoin
    vsll.vi v4, v0, 2
    vadd.vx v4, v4, a1              # &x[0][i]
    slli    t5, a3, 2               # a row of x in bytes
    vmv.v.x v12, zero
    vmv.v.x v13, zero               # sum {v13 : v12} = 0
    mv      t6, a4                  # rows left (uniform)
    beqz    t6, .Ldone
.Lloop:
    vlw12.v v8, 0(v4)               # x[k][i]
    vwmulu.vv v10, v8, v8           # {v11 : v10} = x * x, 64 bits
    prefix  0, 1, 0, 0              # pair = 1: 64-bit register pairs
    vadd.vv v12, v12, v10           # {v13 : v12} += {v11 : v10}
    vadd.vx v4, v4, t5
    addi    t6, t6, -1
    bnez    t6, .Lloop
.Ldone:
    vsll.vi v5, v0, 3
    vadd.vx v5, v5, a2
    pre_m_global_64 0, 0, 0
    vsw12.v v12, 0(v5)              # out[i] = {v13 : v12}, low word at the lower address
.Ljoin:
    join    zero, zero, 0
    ret
