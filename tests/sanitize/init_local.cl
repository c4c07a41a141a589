// Sanitizer test (docs/sanitizers.md): work-items read a __local array that only half of
// them wrote (uninitialised reads), or that all of them wrote before the barrier (clean).
__kernel void read_unwritten(__global int* out, __local int* s) {
  uint L = get_local_id(0);
  if (L < get_local_size(0) / 2) s[L] = (int)L;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[get_local_size(0) - 1 - L];
}

__kernel void read_written(__global int* out, __local int* s) {
  uint L = get_local_id(0);
  s[L] = (int)L;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = s[get_local_size(0) - 1 - L];
}
