// int_select: select() on scalars (any non-zero condition picks b) and on int4 (the sign bit
// of each condition component picks b).
__kernel void int_select(__global const int* a, __global const int* b, __global int* out,
                         uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  const int x = a[i], y = b[i];
  out[2 * i] = select(x, y, x & 4);
  const int4 v = select((int4)(x, y, 7, -7), (int4)(y, x, -1, 1), (int4)(x, y, ~x, ~y));
  out[2 * i + 1] = v.x ^ v.y ^ (v.z << 8) ^ (v.w << 16);
}
