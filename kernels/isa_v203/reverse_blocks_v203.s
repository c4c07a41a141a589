# reverse_blocks for ISA profile v2.03 (docs/isa-profiles.md): every work-item moves one
# 16-byte block with one pre_m_global_128 load into v8..v11, parks it in a local tile with
# one pre_m_local_128 store, and after a barrier writes the block of its mirror work-item
# (T - 1 - L) back to global memory: the blocks of each work-group come out reversed.
# reverse_blocks_v202.s is the same algorithm with four 32-bit accesses per block.
# The global size is a multiple of the local size T (no tail work-items).
#
# OpenCL C equivalent (uint4 = 16 bytes):
#   __kernel void reverse_blocks(__global const uint4* in, __global uint4* out,
#                                __local uint4* tile) {
#     uint T = get_local_size(0), L = get_local_id(0);
#     tile[L] = in[get_global_id(0)];
#     barrier(CLK_LOCAL_MEM_FENCE);
#     out[get_global_id(0)] = tile[T - 1 - L];
#   }
# Argument buffer (ISA.md §7.2): 0 in, 4 out, 8 tile (local, 16 * T bytes).
# Assemble with `ventus as --isa v2.03`.

    .text
    .globl reverse_blocks
    .type reverse_blocks, @function
reverse_blocks:
    lw      a1, 0(a0)               # in
    lw      a2, 4(a0)               # out
    lw      a5, 8(a0)               # tile (an address in the local window)
    csrr    t5, lds
    sub     a5, a5, t5              # pre_m_local_* add CSR_LDS themselves (ISA.md §5.15)
    csrr    t0, knl
    lw      t2, 24(t0)              # T
    addi    t6, t2, -1              # T - 1
    csrr    t3, gidx
    mul     t3, t3, t2              # first global id of the work-group
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # L
    vmsltu.vx v2, v0, t2            # L < T (the last warp may be partly filled)
    vmv.v.x v1, zero
    vadd.vx v3, v0, t3
    vsll.vi v3, v3, 4               # 16 * global id
.Lpc_in:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin_in - .Lpc_in
    vbeq    v2, v1, .Ljoin_in
    vadd.vx v4, v3, a1
    pre_m_global_128 0, 0, 0
    vlw12.v v8, 0(v4)               # v8..v11 = in[global id] (CSR_GDS = 0)
    vsll.vi v5, v0, 4
    vadd.vx v5, v5, a5
    pre_m_local_128 0, 0, 0
    vsw12.v v8, 0(v5)               # tile[L] = v8..v11
.Ljoin_in:
    join    zero, zero, 0
    barrier x0, x0, 1
.Lpc_out:
    auipc   t1, 0
    setrpc  zero, t1, .Ljoin_out - .Lpc_out
    vbeq    v2, v1, .Ljoin_out
    vrsub.vx v6, v0, t6             # T - 1 - L
    vsll.vi v6, v6, 4
    vadd.vx v6, v6, a5
    pre_m_local_128 0, 0, 0
    vlw12.v v8, 0(v6)               # v8..v11 = tile[T - 1 - L]
    vadd.vx v7, v3, a2
    pre_m_global_128 0, 0, 0
    vsw12.v v8, 0(v7)               # out[global id]
.Ljoin_out:
    join    zero, zero, 0
    ret
