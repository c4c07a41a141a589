// Repro: the OpenCL 1.2 overloads clamp(floatn, float, float), fmin/fmax(floatn, float) are
// missing. Expected: compiles. Got: "error: the built-in or function 'clamp(float vector[4],
// float, float)' is not supported (docs/opencl.md)" (likewise 'fmax(float vector[4], float)').
__kernel void k(__global const float4* a, __global float4* out) {
  const uint i = get_global_id(0);
  out[i] = clamp(a[i], -1.0f, 2.0f) + fmax(a[i], 0.0f);
}
