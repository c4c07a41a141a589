// Repro: a float4 built from a scalar (splat) is refused.
// Expected: compiles. Got: "error: 64-bit integer (long) is not supported on this device"
// (clang's `insertelement <4 x float> poison, float %x, i64 0`: vector indices are i64).
__kernel void k(__global const float4* a, __global float4* out, float lo) {
  const uint i = get_global_id(0);
  out[i] = a[i] + (float4)(lo);
}
