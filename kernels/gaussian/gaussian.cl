// gaussian: Gaussian elimination (Rodinia), one Fan1 + one Fan2 launch per pivot column t.
__kernel void Fan1(__global float* m, __global float* a, __global float* b, int size, int t) {
  int gid = get_global_id(0);
  if (gid < size - 1 - t) m[size * (gid + t + 1) + t] = a[size * (gid + t + 1) + t] / a[size * t + t];
}

__kernel void Fan2(__global float* m, __global float* a, __global float* b, int size, int t) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x < size - 1 - t && y < size - t) {
    a[size * (x + 1 + t) + y + t] =
        fma(-m[size * (x + 1 + t) + t], a[size * t + y + t], a[size * (x + 1 + t) + y + t]);
    if (y == 0) b[x + 1 + t] = fma(-m[size * (x + 1 + t) + t], b[t], b[x + 1 + t]);
  }
}
