// saxpy: y[i] = a * x[i] + y[i] (one fused multiply-add) for i < n; 1-D ND-range.
__kernel void saxpy(__global const float* x, __global float* y, float a, uint n) {
  size_t i = get_global_id(0);
  if (i < n) y[i] = fma(a, x[i], y[i]);
}
