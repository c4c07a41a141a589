// matadd as the Ventus toolchain's test case computes it (reference case matadd-4w4t:
// 2-D, C = A + B, the row length from get_global_size), for comparing instruction counts.
__kernel void matadd(__global float* A, __global float* B, __global float* C) {
  int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);
  C[y * w + x] = A[y * w + x] + B[y * w + x];
}
