// Sanitizer test (docs/sanitizers.md): a barrier inside a divergent branch, a work-group
// whose upper warps return before the barrier the others wait at, and their fixed twin.
__kernel void barrier_divergent(__global int* out) {
  uint L = get_local_id(0);
  if (L < 4) barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = (int)L;
}

__kernel void return_early(__global int* out, __local int* s) {
  uint L = get_local_id(0);
  if (L >= 8) return;
  s[L] = (int)L;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[7 - L];
}

__kernel void barrier_uniform(__global int* out, __local int* s) {
  uint L = get_local_id(0);
  if (L < 8) s[L] = (int)L;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (L < 8) out[get_global_id(0)] = s[7 - L];
}
