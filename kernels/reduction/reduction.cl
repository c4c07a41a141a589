// reduction: per-work-group sum of an fp32 array by a tree in local memory (LS a power of 2).
__kernel void reduction(__global const float* x, __global float* partial, uint n,
                        __local float* s) {
  uint L = get_local_id(0), LS = get_local_size(0), i = get_global_id(0);
  s[L] = i < n ? x[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = LS / 2; stride > 0; stride /= 2) {
    if (L < stride) s[L] = s[L] + s[L + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (L == 0) partial[get_group_id(0)] = s[0];
}
