# divergence: nested if/else inside loops whose trip counts differ per thread.
#
#   kernel void divergence(global const int* in, global int* out, int n)
#     gid = get_global_id(0)
#     if (gid < n) {
#       x = in[gid]; acc = gid;
#       for (i = 0; i < (x & 7); i++) {          // thread-dependent trip count
#         if ((x + i) & 1) {
#           if (i % 3 == 0) acc += x * i; else acc -= i;
#         } else {
#           for (j = 0; j < (i & 3); j++) acc = acc * 3 + j;   // nested loop
#         }
#       }
#       out[gid] = acc;                           // 32-bit wrap-around arithmetic
#     }
#
# Every divergent construct is `auipc t1,0; setrpc zero,t1,JOIN-auipc; vbXX` with one join
# at its reconvergence point (ISA.md §2.4). Loops test their condition once before the
# body (vbge to the exit join) and once at the bottom (backward vblt); both share the exit
# join, so threads leaving at different iterations wait there until the last one leaves.
  .text
  .globl divergence
  .type divergence, @function
divergence:
  lw t0, 0(a0)              # in
  lw t2, 4(a0)              # out
  lw t3, 8(a0)              # n
  csrr a3, knl
  lw a4, 24(a3)             # KNL_LC_SIZE_X
  csrr a5, gidx
  mul a5, a5, a4
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6        # local id
  vmsltu.vx v2, v1, a4      # lane inside the work-group
  vadd.vx v0, v1, a5        # global id
  vmslt.vx v3, v0, t3       # gid < n
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
  li t4, 3
.Lpcrel_dv0:
  auipc t1, 0
  setrpc zero, t1, .Ldv_end - .Lpcrel_dv0
  vbeq v2, v4, .Ldv_end
  vsll.vi v5, v0, 2
  vadd.vx v6, v5, t0
  vlw12.v v9, 0(v6)         # x
  vadd.vx v8, v0, zero      # acc = gid
  vmv.v.x v10, zero         # i = 0
  vand.vi v11, v9, 7        # trip count
.Lpcrel_dv1:
  auipc t1, 0
  setrpc zero, t1, .Ldv_loop_exit - .Lpcrel_dv1
  vbge v10, v11, .Ldv_loop_exit
.Ldv_loop:
  vadd.vv v12, v9, v10
  vand.vi v12, v12, 1
.Lpcrel_dv2:
  auipc t1, 0
  setrpc zero, t1, .Ldv_if_join - .Lpcrel_dv2
  vbeq v12, v4, .Ldv_else   # (x + i) even -> else
  vremu.vx v13, v10, t4     # i % 3
.Lpcrel_dv3:
  auipc t1, 0
  setrpc zero, t1, .Ldv_if2_join - .Lpcrel_dv3
  vbne v13, v4, .Ldv_else2
  vmul.vv v14, v9, v10
  vadd.vv v8, v8, v14       # acc += x * i
  j .Ldv_if2_join
.Ldv_else2:
  vsub.vv v8, v8, v10       # acc -= i
.Ldv_if2_join:
  join zero, zero, 0
  j .Ldv_if_join
.Ldv_else:
  vmv.v.x v15, zero         # j = 0
  vand.vi v16, v10, 3       # inner trip count i & 3
.Lpcrel_dv4:
  auipc t1, 0
  setrpc zero, t1, .Ldv_inner_exit - .Lpcrel_dv4
  vbge v15, v16, .Ldv_inner_exit
.Ldv_inner:
  vmul.vx v8, v8, t4
  vadd.vv v8, v8, v15       # acc = acc * 3 + j
  vadd.vi v15, v15, 1
.Lpcrel_dv5:
  auipc t1, 0
  setrpc zero, t1, .Ldv_inner_exit - .Lpcrel_dv5
  vblt v15, v16, .Ldv_inner
.Ldv_inner_exit:
  join zero, zero, 0
.Ldv_if_join:
  join zero, zero, 0
  vadd.vi v10, v10, 1
.Lpcrel_dv6:
  auipc t1, 0
  setrpc zero, t1, .Ldv_loop_exit - .Lpcrel_dv6
  vblt v10, v11, .Ldv_loop
.Ldv_loop_exit:
  join zero, zero, 0
  vadd.vx v5, v5, t2
  vsw12.v v8, 0(v5)
.Ldv_end:
  join zero, zero, 0
  ret
