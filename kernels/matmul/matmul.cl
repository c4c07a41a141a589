// matmul (naive): C = A x B, A is M x K, B is K x N, C is M x N, row-major fp32.
// 2-D ND-range: dimension 0 = column j, dimension 1 = row i; any local size.
__kernel void matmul(__global const float* A, __global const float* B, __global float* C,
                     uint M, uint N, uint K) {
  size_t j = get_global_id(0), i = get_global_id(1);
  if (i < M && j < N) {
    float acc = 0.0f;
    for (uint k = 0; k < K; ++k) acc = fma(A[i * K + k], B[k * N + j], acc);
    C[i * N + j] = acc;
  }
}
