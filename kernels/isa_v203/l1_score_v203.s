# l1_score for ISA profile v2.03 (docs/isa-profiles.md): out[i] = s * (-|a[i] - b[i]|) + c[i]
# (fp32, one fused multiply-add) for i < n. One `prefix` with ABS and NEG on the second
# source makes the vfmacc.vf read -|d| directly; l1_score_v202.s computes the same with a
# separate vfsgnjx (|d|) and vfsgnjn (-|d|). (ISA.md §5.16: |x| first, then the negation;
# both only change the sign bit, so the two versions agree bit for bit.)
#
# OpenCL C equivalent:
#   __kernel void l1_score(__global const float* a, __global const float* b,
#                          __global const float* c, __global float* out, uint n, float s) {
#     size_t i = get_global_id(0);
#     if (i < n) out[i] = fma(s, -fabs(a[i] - b[i]), c[i]);
#   }
# Argument buffer (ISA.md §7.2): 0 a, 4 b, 8 c, 12 out, 16 n, 20 s (float bits).
# Assemble with `ventus as --isa v2.03`.

    .text
    .globl l1_score
    .type l1_score, @function
l1_score:
    lw      a1, 0(a0)               # a
    lw      a2, 4(a0)               # b
    lw      a3, 8(a0)               # c
    lw      a4, 12(a0)              # out
    lw      a5, 16(a0)              # n
    lw      a6, 20(a0)              # s: a uniform float stays in a scalar register (Zfinx)
    csrr    t0, knl
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    csrr    t3, gidx
    mul     t3, t3, t2
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # local linear id
    vmsltu.vx v2, v0, t2            # inside the work-group
    vadd.vx v0, v0, t3              # global id i
    vmsltu.vx v3, v0, a5            # i < n
    vand.vv v2, v2, v3
    vmv.v.x v1, zero
.Lpc:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin - .Lpc
    vbeq    v2, v1, .Ljoin
    vsll.vi v0, v0, 2
    vadd.vx v4, v0, a1
    vlw12.v v4, 0(v4)               # a[i]
    vadd.vx v5, v0, a2
    vlw12.v v5, 0(v5)               # b[i]
    vadd.vx v6, v0, a3
    vlw12.v v6, 0(v6)               # c[i]
    vfsub.vv v4, v4, v5             # d = a[i] - b[i]
    prefix  0, 0, 2, 2              # ABS and NEG on source 2 (vs2 = d)
    vfmacc.vf v6, a6, v4            # c[i] + s * (-|d|), rounded once
    vadd.vx v7, v0, a4
    vsw12.v v6, 0(v7)               # out[i]
.Ljoin:
    join    zero, zero, 0
    ret
