// Kernels of the Python module's tests (tests/python): one per kind of data the API carries.
__kernel void vecadd(__global const float* a, __global const float* b, __global float* c,
                     uint n) {
  size_t i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}

// Every integer type ventus cc has (no 64-bit integers) as buffers and values: y = x * k + (i & 3) for i < n.
__kernel void axpy_i32(__global const int* x, __global int* y, int k) {
  size_t i = get_global_id(0);
  y[i] = x[i] * k + (int)(i & 3);
}
__kernel void axpy_u8(__global const uchar* x, __global uchar* y, uchar k) {
  size_t i = get_global_id(0);
  y[i] = (uchar)(x[i] * k + (i & 3));
}
__kernel void axpy_i16(__global const short* x, __global short* y, short k) {
  size_t i = get_global_id(0);
  y[i] = (short)(x[i] * k + (short)(i & 3));
}
__kernel void axpy_u32(__global const uint* x, __global uint* y, uint k) {
  size_t i = get_global_id(0);
  y[i] = x[i] * k + (uint)(i & 3);
}
__kernel void axpy_u16(__global const ushort* x, __global ushort* y, ushort k) {
  size_t i = get_global_id(0);
  y[i] = (ushort)(x[i] * k + (i & 3));
}

// A 2-D ND-range: out[y][x] = 1000 * y + x + 100000 * (local y * local width + local x).
__kernel void grid2d(__global uint* out, uint width) {
  uint x = get_global_id(0), y = get_global_id(1);
  uint local_linear = get_local_id(1) * get_local_size(0) + get_local_id(0);
  out[y * width + x] = 1000 * y + x + 100000 * local_linear;
}

// A __local argument: each work-group's items reversed through local memory.
__kernel void reverse_groups(__global const int* x, __global int* y, __local int* s) {
  uint l = get_local_id(0), size = get_local_size(0);
  s[l] = x[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  y[get_global_id(0)] = s[size - 1 - l];
}

__kernel void hello(__global const int* x) {
  uint i = get_global_id(0);
  printf("item %u: %d\n", i, x[i]);
}
