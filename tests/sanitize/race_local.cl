// Sanitizer test (docs/sanitizers.md): a work-group sum in __local memory, once without the
// barrier between the tree's steps (a race on local memory) and once with it (clean). Work-
// groups of LS = 16 work-items (a constant trip count: ventus cc ran a loop from
// get_local_size(0) / 2 one step short when this was written).
#define LS 16u
__kernel void reduce_no_barrier(__global const int* x, __global int* out, __local int* s) {
  uint L = get_local_id(0);
  s[L] = x[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = LS / 2; stride > 0; stride /= 2) {
    if (L < stride) s[L] = s[L] + s[L + stride];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (L == 0) out[get_group_id(0)] = s[0];
}

__kernel void reduce_barrier(__global const int* x, __global int* out, __local int* s) {
  uint L = get_local_id(0);
  s[L] = x[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = LS / 2; stride > 0; stride /= 2) {
    if (L < stride) s[L] = s[L] + s[L + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (L == 0) out[get_group_id(0)] = s[0];
}
