// vecadd: c[i] = a[i] + b[i] (fp32) for i < n; 1-D ND-range, any local size.
__kernel void vecadd(__global const float* a, __global const float* b, __global float* c,
                     uint n) {
  size_t i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}
