// transpose: out (N x M) = transpose of in (M x N) through a T x T tile in local memory.
__kernel void transpose(__global const uint* in, __global uint* out, uint M, uint N,
                        __local uint* tile) {
  uint T = get_local_size(0), lx = get_local_id(0), ly = get_local_id(1);
  uint bx = get_group_id(0) * T, by = get_group_id(1) * T;
  if (by + ly < M && bx + lx < N) tile[ly * T + lx] = in[(by + ly) * N + bx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (bx + ly < N && by + lx < M) out[(bx + ly) * M + by + lx] = tile[lx * T + ly];
}
