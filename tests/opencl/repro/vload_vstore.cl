// Repro: vload4/vstore4 (OpenCL 1.2 §6.12.7) are missing.
// Expected: compiles. Got: "error: the built-in or function 'vload4(unsigned int, float const
// AS1*)' is not supported (docs/opencl.md)" (likewise vstore4).
__kernel void k(__global const float* a, __global float* out) {
  const uint i = get_global_id(0);
  vstore4(vload4(i, a) * 2.0f, i, out);
}
