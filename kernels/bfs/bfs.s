# bfs: breadth-first search over a CSR graph (Rodinia BFS_1 / BFS_2), one pair of launches
# per level until no node was updated.
#
#   struct Node { int starting; int no_of_edges; };
#   kernel void BFS_1(global const Node* nodes, global const int* edges, global uchar* mask,
#                     global uchar* updating, global const uchar* visited, global int* cost,
#                     int n)
#     tid = get_global_id(0)
#     if (tid < n && mask[tid]) {
#       mask[tid] = 0;
#       for (i = nodes[tid].starting; i < nodes[tid].starting + nodes[tid].no_of_edges; i++) {
#         id = edges[i];
#         if (!visited[id]) { cost[id] = cost[tid] + 1; updating[id] = 1; }
#       }
#     }
#   kernel void BFS_2(global uchar* mask, global uchar* updating, global uchar* visited,
#                     global uchar* over, int n)
#     tid = get_global_id(0)
#     if (tid < n && updating[tid]) { mask[tid] = 1; visited[tid] = 1; *over = 1; updating[tid] = 0; }
#
# Irregular memory: gathers through edges[], byte flags (vlbu12.v / vsb12.v), scatters to
# cost[id]. Racing writers of cost[id] in one level all write the same value (the level),
# so the result is deterministic. The edge loop has a per-thread trip count (§2.4 loop
# pattern: entry test and backward vblt share the exit join).
  .text
  .globl BFS_1
  .type BFS_1, @function
BFS_1:
  lw t0, 0(a0)              # nodes
  lw t2, 4(a0)              # edges
  lw t3, 8(a0)              # mask
  lw t4, 12(a0)             # updating
  lw t5, 16(a0)             # visited
  lw t6, 20(a0)             # cost
  lw s0, 24(a0)             # n
  csrr a3, knl
  lw a4, 24(a3)
  csrr a5, gidx
  mul a5, a5, a4
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6
  vmsltu.vx v2, v1, a4
  vadd.vx v0, v1, a5        # tid
  vmslt.vx v3, v0, s0
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
.Lpcrel_b1a:
  auipc t1, 0
  setrpc zero, t1, .Lb1_end - .Lpcrel_b1a
  vbeq v2, v4, .Lb1_end     # tid >= n
  vadd.vx v5, v0, t3
  vlbu12.v v6, 0(v5)
.Lpcrel_b1b:
  auipc t1, 0
  setrpc zero, t1, .Lb1_end - .Lpcrel_b1b
  vbeq v6, v4, .Lb1_end     # not in the frontier (shares the join)
  vsb12.v v4, 0(v5)         # mask[tid] = 0
  vsll.vi v7, v0, 3
  vadd.vx v7, v7, t0
  vlw12.v v8, 0(v7)         # i = starting
  vlw12.v v9, 4(v7)
  vadd.vv v9, v9, v8        # end
  vsll.vi v10, v0, 2
  vadd.vx v10, v10, t6
  vlw12.v v10, 0(v10)
  vadd.vi v10, v10, 1       # cost[tid] + 1
  li a1, 1
  vmv.v.x v15, a1
.Lpcrel_b1c:
  auipc t1, 0
  setrpc zero, t1, .Lb1_loop_exit - .Lpcrel_b1c
  vbge v8, v9, .Lb1_loop_exit
.Lb1_loop:
  vsll.vi v11, v8, 2
  vadd.vx v11, v11, t2
  vlw12.v v11, 0(v11)       # id = edges[i]
  vadd.vx v12, v11, t5
  vlbu12.v v12, 0(v12)      # visited[id]
.Lpcrel_b1d:
  auipc t1, 0
  setrpc zero, t1, .Lb1_if_end - .Lpcrel_b1d
  vbne v12, v4, .Lb1_if_end
  vsll.vi v13, v11, 2
  vadd.vx v13, v13, t6
  vsw12.v v10, 0(v13)       # cost[id] = cost[tid] + 1
  vadd.vx v14, v11, t4
  vsb12.v v15, 0(v14)       # updating[id] = 1
.Lb1_if_end:
  join zero, zero, 0
  vadd.vi v8, v8, 1
.Lpcrel_b1e:
  auipc t1, 0
  setrpc zero, t1, .Lb1_loop_exit - .Lpcrel_b1e
  vblt v8, v9, .Lb1_loop
.Lb1_loop_exit:
  join zero, zero, 0
.Lb1_end:
  join zero, zero, 0
  ret

  .globl BFS_2
  .type BFS_2, @function
BFS_2:
  lw t0, 0(a0)              # mask
  lw t2, 4(a0)              # updating
  lw t3, 8(a0)              # visited
  lw t4, 12(a0)             # over
  lw s0, 16(a0)             # n
  csrr a3, knl
  lw a4, 24(a3)
  csrr a5, gidx
  mul a5, a5, a4
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6
  vmsltu.vx v2, v1, a4
  vadd.vx v0, v1, a5
  vmslt.vx v3, v0, s0
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
.Lpcrel_b2a:
  auipc t1, 0
  setrpc zero, t1, .Lb2_end - .Lpcrel_b2a
  vbeq v2, v4, .Lb2_end
  vadd.vx v5, v0, t2
  vlbu12.v v6, 0(v5)
.Lpcrel_b2b:
  auipc t1, 0
  setrpc zero, t1, .Lb2_end - .Lpcrel_b2b
  vbeq v6, v4, .Lb2_end
  li a1, 1
  vmv.v.x v7, a1
  vadd.vx v8, v0, t0
  vsb12.v v7, 0(v8)         # mask[tid] = 1
  vadd.vx v8, v0, t3
  vsb12.v v7, 0(v8)         # visited[tid] = 1
  vmv.v.x v8, t4
  vsb12.v v7, 0(v8)         # *over = 1
  vsb12.v v4, 0(v5)         # updating[tid] = 0
.Lb2_end:
  join zero, zero, 0
  ret
