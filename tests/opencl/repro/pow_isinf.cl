// Repro: pow (and sin, cos) of the device library call isinf, which the back end lacks.
// Expected: compiles. Got: "error: the function 'isinf(float)' is not supported by the Ventus
// back end" (lib/builtins.cl uses isinf/isnan in pow, sin, cos; a user's isinf or isnan gets
// "the built-in or function 'isinf(float)' is not supported").
__kernel void k(__global const float* x, __global const float* y, __global float* out) {
  const uint i = get_global_id(0);
  out[i] = pow(x[i], y[i]) + sin(x[i]) + cos(y[i]);
}
