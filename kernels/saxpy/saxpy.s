# saxpy: y[i] = a * x[i] + y[i] (fp32, one fused multiply-add) for i < n; 1-D ND-range.
#
# OpenCL C equivalent:
#   __kernel void saxpy(__global const float* x, __global float* y, float a, uint n) {
#     size_t i = get_global_id(0);
#     if (i < n) y[i] = fma(a, x[i], y[i]);
#   }
# Argument buffer (ISA.md §7.2, packed): 0 x, 4 y, 8 a (float bits), 12 n.

    .text
    .globl saxpy
    .type saxpy, @function
saxpy:
    lw      a1, 0(a0)               # x
    lw      a2, 4(a0)               # y
    lw      a3, 8(a0)               # a: a uniform float stays in a scalar register (Zfinx)
    lw      a4, 12(a0)              # n
    csrr    t0, knl                 # metadata buffer (ISA.md §7.1)
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    csrr    t3, gidx
    mul     t3, t3, t2              # first global id of this work-group
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # local linear id L
    vmsltu.vx v2, v0, t2            # L < local size
    vadd.vx v0, v0, t3              # global id i
    vmsltu.vx v3, v0, a4            # i < n
    vand.vv v2, v2, v3
    vmv.v.x v1, zero
.Lpc_guard:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin - .Lpc_guard
    vbeq    v2, v1, .Ljoin          # guarded threads skip the body (ISA.md §2.4)
    vsll.vi v0, v0, 2
    vadd.vx v4, v0, a1
    vlw12.v v4, 0(v4)               # x[i]
    vadd.vx v5, v0, a2
    vlw12.v v6, 0(v5)               # y[i]
    vfmacc.vf v6, a3, v4            # y[i] += a * x[i], rounded once
    vsw12.v v6, 0(v5)
.Ljoin:
    join    zero, zero, 0
    ret
