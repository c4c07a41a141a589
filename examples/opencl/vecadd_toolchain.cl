// vecadd as the Ventus toolchain's test case computes it (reference case vecadd-4w16t:
// no bounds check, the launch size is exact), for comparing instruction counts.
__kernel void vecadd(__global float* a, __global float* b, __global float* c) {
  int i = get_global_id(0);
  c[i] = a[i] + b[i];
}
