// scan: inclusive prefix sum of uint32 (wrap-around) in two kernels, same local size LS.
__kernel void scan_block(__global const uint* in, __global uint* out, __global uint* sums,
                         uint n, __local uint* s) {
  uint L = get_local_id(0), LS = get_local_size(0), i = get_global_id(0);
  uint v = i < n ? in[i] : 0;
  s[L] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < LS; off *= 2) {
    uint t = L >= off ? s[L - off] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    v += t;
    s[L] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < n) out[i] = v;
  if (L == LS - 1) sums[get_group_id(0)] = v;
}

__kernel void scan_add(__global uint* out, __global const uint* sums, uint n) {
  uint g = get_group_id(0), i = get_global_id(0), add = 0;
  for (uint k = 0; k < g; ++k) add += sums[k];
  if (i < n) out[i] += add;
}
