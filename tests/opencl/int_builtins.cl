// int_builtins: integer built-ins and narrow types (wrap-around, signed division, shifts).
// Each work-item writes K words at out[i * K].
#define K 26

__kernel void int_builtins(__global const int* a, __global const int* b, __global int* out,
                           uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  const int x = a[i], y = b[i];
  const uint ux = (uint)x, uy = (uint)y;
  __global int* o = out + i * K;
  o[0] = min(x, y);
  o[1] = (int)max(ux, uy);
  o[2] = clamp(x, -1000, 1000);
  o[3] = (int)abs(x);
  // 12-bit and 16-bit factors: the products fit the 24-bit multiply exactly.
  o[4] = mad24(x >> 20, y >> 20, x);
  o[5] = mul24(x >> 16, y >> 17);
  o[6] = (int)rotate(ux, uy);
  o[7] = rotate(x, 5);
  o[8] = (int)popcount(ux);
  o[9] = (int)clz(ux);
  o[10] = hadd(x, y);
  // uchar and short arithmetic wraps at 8 and 16 bits.
  const uchar ua = (uchar)x, ub = (uchar)y;
  o[11] = (uchar)(ua + ub);
  o[12] = (uchar)(ua * ub);
  o[13] = (uchar)(ua - ub);
  o[14] = ua > ub;
  const short sa = (short)x;
  short sb = (short)y;
  o[15] = (short)(sa + sb);
  o[16] = (short)(sa * sb);
  // Signed division truncates toward zero; the remainder takes the dividend's sign.
  if (sb == 0) sb = 3;
  o[17] = (short)(sa / sb);
  o[18] = (short)(sa % sb);
  const char ca = (char)x;
  char cb = (char)(y >> 8);
  if (cb == 0) cb = -5;
  o[19] = (char)(ca / cb);
  o[20] = (char)(ca % cb);
  // Arithmetic right shifts of negative narrow values keep the sign; left shifts wrap.
  o[21] = (char)(ca >> (uy % 8));
  o[22] = (char)(ca << (uy % 8));
  o[23] = (short)(sa >> (uy % 16));
  o[24] = (ushort)sa >> (uy % 16);
  // OpenCL masks the shift count to the operand's width (5 bits for int).
  o[25] = x >> uy;
}
