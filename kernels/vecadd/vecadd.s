# vecadd: c[i] = a[i] + b[i] (fp32) for i < n; 1-D ND-range, any local size.
#
# OpenCL C equivalent:
#   __kernel void vecadd(__global const float* a, __global const float* b,
#                        __global float* c, uint n) {
#     size_t i = get_global_id(0);
#     if (i < n) c[i] = a[i] + b[i];
#   }
# Argument buffer (ISA.md §7.2, packed): 0 a, 4 b, 8 c, 12 n.

    .text
    .globl vecadd
    .type vecadd, @function
vecadd:
    lw      a1, 0(a0)               # a   (uniform values live in scalar registers)
    lw      a2, 4(a0)               # b
    lw      a3, 8(a0)               # c
    lw      a4, 12(a0)              # n
    csrr    t0, knl                 # metadata buffer (ISA.md §7.1)
    lw      t2, 24(t0)              # KNL_LC_SIZE_X
    csrr    t3, gidx                # work-group id x
    mul     t3, t3, t2              # first global id of this work-group
    csrr    t4, tid                 # first thread of this warp in the work-group
    vid.v   v0                      # lane index
    vadd.vx v0, v0, t4              # v0 = local linear id L
    vmsltu.vx v2, v0, t2            # L < local size (the last warp may be partly filled)
    vadd.vx v0, v0, t3              # v0 = global id i
    vmsltu.vx v3, v0, a4            # i < n
    vand.vv v2, v2, v3              # v2 = 1 for threads that have work
    vmv.v.x v1, zero
.Lpc_guard:
    auipc   t1, 0                   # CSR_RPC = the join below (ISA.md §2.4)
    setrpc  zero, t1, .Ljoin - .Lpc_guard
    vbeq    v2, v1, .Ljoin          # guarded threads skip the body
    vsll.vi v0, v0, 2               # byte offset
    vadd.vx v4, v0, a1
    vlw12.v v4, 0(v4)               # a[i]
    vadd.vx v5, v0, a2
    vlw12.v v5, 0(v5)               # b[i]
    vfadd.vv v4, v4, v5
    vadd.vx v6, v0, a3
    vsw12.v v4, 0(v6)               # c[i]
.Ljoin:
    join    zero, zero, 0           # reconvergence point
    ret
