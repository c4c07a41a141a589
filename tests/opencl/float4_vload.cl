// float4_vload: vload4/vstore4 through float pointers at offsets that are not 16-byte aligned.
__kernel void float4_vload(__global const float* a, __global float* out, uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  const float4 v = vload4(i, a + 1);
  vstore4(v.wzyx * 2.0f - vload4(i, a), i, out + 3);
}
