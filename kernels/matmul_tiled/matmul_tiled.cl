// matmul_tiled: C = A x B through T x T tiles in local memory; local size (T, T).
__kernel void matmul_tiled(__global const float* A, __global const float* B,
                           __global float* C, uint M, uint N, uint K,
                           __local float* As, __local float* Bs) {
  uint T = get_local_size(0), lx = get_local_id(0), ly = get_local_id(1);
  uint j = get_global_id(0), i = get_global_id(1);
  float acc = 0.0f;
  for (uint k0 = 0; k0 < K; k0 += T) {
    As[ly * T + lx] = (i < M && k0 + lx < K) ? A[i * K + k0 + lx] : 0.0f;
    Bs[ly * T + lx] = (k0 + ly < K && j < N) ? B[(k0 + ly) * N + j] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint kk = 0; kk < T; ++kk) acc = fma(As[ly * T + kk], Bs[kk * T + lx], acc);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < M && j < N) C[i * N + j] = acc;
}
