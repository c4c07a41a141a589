# Example kernel: c[i] = a[i] + b[i] for i < n (fp32). Copy this file to start a kernel.
#
# OpenCL C equivalent:
#   __kernel void vecadd(__global const float* a, __global const float* b,
#                        __global float* c, uint n) {
#     size_t i = get_global_id(0);
#     if (i < n) c[i] = a[i] + b[i];
#   }
#
# How a kernel starts (ISA.md §7): the built-in crt0 that `ventus as` links in front of
# this file sets up the stacks and calls the kernel with a0 = the argument buffer, where
# the host's Kernel::arg(...) values sit one after another (4 bytes per buffer address or
# uint). The kernel returns with `ret`.
#
# One warp runs this code for numt threads at once: scalar registers (x, a0-a7, t0-t6)
# hold values that are the same for every thread, vector registers (v0...) hold one value
# per thread.

    .text
    .globl vecadd                   # the host finds kernels by their global symbol
    .type vecadd, @function
vecadd:
    lw      a1, 0(a0)               # argument 0: address of a
    lw      a2, 4(a0)               # argument 1: address of b
    lw      a3, 8(a0)               # argument 2: address of c
    lw      a4, 12(a0)              # argument 3: n

    # Global id = work-group id * local size + local id (ISA.md §7.1).
    csrr    t0, knl                 # CSR_KNL: the launch's metadata buffer
    lw      t2, 24(t0)              #   word 24: local size in dimension 0
    csrr    t3, gidx                # CSR_GIDX: this work-group's id in dimension 0
    mul     t3, t3, t2
    csrr    t4, tid                 # CSR_TID: id of this warp's first thread
    vid.v   v0                      # v0[k] = k, the thread's lane in the warp
    vadd.vx v0, v0, t4              # local id
    vmsltu.vx v2, v0, t2            # 1 where local id < local size (the last warp may
                                    #   have more lanes than threads left)
    vadd.vx v0, v0, t3              # global id i
    vmsltu.vx v3, v0, a4            # 1 where i < n
    vand.vv v2, v2, v3              # 1 for threads that have an element to add

    # if (v2 != 0) { ... }: a divergent branch. Threads whose v2 is 0 jump to the join
    # label; the others run the body; `join` brings them back together. Before every
    # vector branch, CSR_RPC must hold the address of its join (ISA.md §2.4).
    vmv.v.x v1, zero
.Lhere:
    auipc   t1, 0                   # t1 = address of this instruction
    setrpc  zero, t1, .Ldone - .Lhere
    vbeq    v2, v1, .Ldone
    vsll.vi v0, v0, 2               # byte offset of element i
    vadd.vx v4, v0, a1
    vlw12.v v4, 0(v4)               # per-thread load a[i]
    vadd.vx v5, v0, a2
    vlw12.v v5, 0(v5)               # b[i]
    vfadd.vv v4, v4, v5
    vadd.vx v6, v0, a3
    vsw12.v v4, 0(v6)               # per-thread store c[i]
.Ldone:
    join    zero, zero, 0
    ret
