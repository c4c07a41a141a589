// The ventus cc device library: OpenCL C built-ins written in OpenCL C, compiled once at build
// time and linked into every program (pipeline.cpp); only the functions a program uses stay.
// Work-item functions, barriers and printf are expanded by the back end (isel_builtins.cpp).
#define OVL __attribute__((overloadable))

// ---- vector forms: apply a scalar built-in per component (the scalarizer flattens them)
#define V1(R, F, T) \
  R##2 OVL F(T##2 x) { return (R##2)(F(x.s0), F(x.s1)); } \
  R##3 OVL F(T##3 x) { return (R##3)(F(x.s0), F(x.s1), F(x.s2)); } \
  R##4 OVL F(T##4 x) { return (R##4)(F(x.s0), F(x.s1), F(x.s2), F(x.s3)); } \
  R##8 OVL F(T##8 x) { return (R##8)(F(x.lo), F(x.hi)); } \
  R##16 OVL F(T##16 x) { return (R##16)(F(x.lo), F(x.hi)); }
#define V2(T, F) \
  T##2 OVL F(T##2 x, T##2 y) { return (T##2)(F(x.s0, y.s0), F(x.s1, y.s1)); } \
  T##3 OVL F(T##3 x, T##3 y) { return (T##3)(F(x.s0, y.s0), F(x.s1, y.s1), F(x.s2, y.s2)); } \
  T##4 OVL F(T##4 x, T##4 y) { return (T##4)(F(x.s0, y.s0), F(x.s1, y.s1), F(x.s2, y.s2), F(x.s3, y.s3)); } \
  T##8 OVL F(T##8 x, T##8 y) { return (T##8)(F(x.lo, y.lo), F(x.hi, y.hi)); } \
  T##16 OVL F(T##16 x, T##16 y) { return (T##16)(F(x.lo, y.lo), F(x.hi, y.hi)); }
#define V3(T, F) \
  T##2 OVL F(T##2 x, T##2 y, T##2 z) { return (T##2)(F(x.s0, y.s0, z.s0), F(x.s1, y.s1, z.s1)); } \
  T##3 OVL F(T##3 x, T##3 y, T##3 z) { return (T##3)(F(x.s0, y.s0, z.s0), F(x.s1, y.s1, z.s1), F(x.s2, y.s2, z.s2)); } \
  T##4 OVL F(T##4 x, T##4 y, T##4 z) { return (T##4)(F(x.s0, y.s0, z.s0), F(x.s1, y.s1, z.s1), F(x.s2, y.s2, z.s2), F(x.s3, y.s3, z.s3)); } \
  T##8 OVL F(T##8 x, T##8 y, T##8 z) { return (T##8)(F(x.lo, y.lo, z.lo), F(x.hi, y.hi, z.hi)); } \
  T##16 OVL F(T##16 x, T##16 y, T##16 z) { return (T##16)(F(x.lo, y.lo, z.lo), F(x.hi, y.hi, z.hi)); }

// ---- single instructions (correctly rounded: within every OpenCL 1.2 §7.4 bound)
float OVL sqrt(float x) { return __builtin_sqrtf(x); }
float OVL fabs(float x) { return __builtin_fabsf(x); }
float OVL fmin(float x, float y) { return __builtin_fminf(x, y); }
float OVL fmax(float x, float y) { return __builtin_fmaxf(x, y); }
float OVL fma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
float OVL mad(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
float OVL copysign(float x, float y) { return __builtin_copysignf(x, y); }
float OVL native_sqrt(float x) { return __builtin_sqrtf(x); }
float OVL native_recip(float x) { return 1.0f / x; }
float OVL native_divide(float x, float y) { return x / y; }
float OVL rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
float OVL native_rsqrt(float x) { return 1.0f / __builtin_sqrtf(x); }
V1(float, sqrt, float) V1(float, fabs, float) V2(float, fmin) V2(float, fmax) V3(float, fma)
V3(float, mad) V2(float, copysign) V1(float, native_sqrt, float) V1(float, rsqrt, float)
V1(float, native_rsqrt, float) V1(float, native_recip, float) V2(float, native_divide)

// ---- rounding to an integral value: |x| >= 2^23 is integral already (and NaN stays NaN)
float OVL trunc(float x) {
  return fabs(x) < 8388608.0f ? copysign((float)(int)x, x) : x;
}
float OVL floor(float x) {
  float t = trunc(x);
  return t > x ? t - 1.0f : t;
}
float OVL ceil(float x) {
  float t = trunc(x);
  return t < x ? copysign(t + 1.0f, x) : t;
}
float OVL round(float x) {
  float t = trunc(x);
  return fabs(x - t) >= 0.5f ? t + copysign(1.0f, x) : t;
}
float OVL rint(float x) {
  float r = round(x);
  return fabs(x - trunc(x)) == 0.5f && fmod(r, 2.0f) != 0.0f ? r - copysign(1.0f, x) : r;
}
float OVL fmod(float x, float y) {
  return x - trunc(x / y) * y;
}
V1(float, trunc, float) V1(float, floor, float) V1(float, ceil, float) V1(float, round, float)
V1(float, rint, float) V2(float, fmod)

// ---- integers
#define INT_MINMAX(T) \
  T OVL min(T a, T b) { return a < b ? a : b; } \
  T OVL max(T a, T b) { return a > b ? a : b; } \
  T OVL clamp(T x, T lo, T hi) { return min(max(x, lo), hi); } \
  V2(T, min) V2(T, max) V3(T, clamp)
INT_MINMAX(int) INT_MINMAX(uint) INT_MINMAX(short) INT_MINMAX(ushort) INT_MINMAX(char) INT_MINMAX(uchar)
uint OVL abs(int x) { return x < 0 ? (uint)-x : (uint)x; }
uint OVL abs(uint x) { return x; }
int OVL mad24(int a, int b, int c) { return a * b + c; }
uint OVL mad24(uint a, uint b, uint c) { return a * b + c; }
int OVL mul24(int a, int b) { return a * b; }
uint OVL mul24(uint a, uint b) { return a * b; }
int OVL mad_sat(int a, int b, int c) { return a * b + c; }
uint OVL rotate(uint v, uint n) { return (v << (n & 31)) | (v >> ((32 - (n & 31)) & 31)); }
int OVL rotate(int v, int n) { return (int)rotate((uint)v, (uint)n); }
uint OVL popcount(uint x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
}
int OVL popcount(int x) { return (int)popcount((uint)x); }
uint OVL clz(uint x) {
  uint n = 0;
  if (x == 0) return 32;
  if ((x & 0xffff0000u) == 0) { n += 16; x <<= 16; }
  if ((x & 0xff000000u) == 0) { n += 8; x <<= 8; }
  if ((x & 0xf0000000u) == 0) { n += 4; x <<= 4; }
  if ((x & 0xc0000000u) == 0) { n += 2; x <<= 2; }
  if ((x & 0x80000000u) == 0) { n += 1; }
  return n;
}
int OVL clz(int x) { return (int)clz((uint)x); }
int OVL hadd(int x, int y) { return (x >> 1) + (y >> 1) + (x & y & 1); }
uint OVL hadd(uint x, uint y) { return (x >> 1) + (y >> 1) + (x & y & 1); }

// ---- common functions on floats
float OVL clamp(float x, float lo, float hi) { return fmin(fmax(x, lo), hi); }
float OVL mix(float x, float y, float a) { return x + (y - x) * a; }
float OVL step(float edge, float x) { return x < edge ? 0.0f : 1.0f; }
float OVL sign(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x == x ? copysign(0.0f, x) : 0.0f; }
float OVL degrees(float r) { return r * 57.295779513082320876798154814105f; }
float OVL radians(float d) { return d * 0.017453292519943295769236907684886f; }
V3(float, clamp) V3(float, mix) V2(float, step) V1(float, sign, float) V1(float, degrees, float)
V1(float, radians, float)

// ---- atomics (32-bit, __global and __local): each work-item's operation runs alone
#define ATOMIC_SPACE(AS, T) \
  T OVL atomic_add(volatile AS T* p, T v) { return __sync_fetch_and_add(p, v); } \
  T OVL atomic_sub(volatile AS T* p, T v) { return __sync_fetch_and_sub(p, v); } \
  T OVL atomic_inc(volatile AS T* p) { return __sync_fetch_and_add(p, (T)1); } \
  T OVL atomic_dec(volatile AS T* p) { return __sync_fetch_and_sub(p, (T)1); } \
  T OVL atomic_xchg(volatile AS T* p, T v) { return __sync_lock_test_and_set(p, v); } \
  T OVL atomic_cmpxchg(volatile AS T* p, T c, T v) { return __sync_val_compare_and_swap(p, c, v); } \
  T OVL atomic_and(volatile AS T* p, T v) { return __sync_fetch_and_and(p, v); } \
  T OVL atomic_or(volatile AS T* p, T v) { return __sync_fetch_and_or(p, v); } \
  T OVL atomic_xor(volatile AS T* p, T v) { return __sync_fetch_and_xor(p, v); } \
  T OVL atom_add(volatile AS T* p, T v) { return atomic_add(p, v); } \
  T OVL atom_sub(volatile AS T* p, T v) { return atomic_sub(p, v); } \
  T OVL atom_inc(volatile AS T* p) { return atomic_inc(p); } \
  T OVL atom_dec(volatile AS T* p) { return atomic_dec(p); } \
  T OVL atom_xchg(volatile AS T* p, T v) { return atomic_xchg(p, v); } \
  T OVL atom_cmpxchg(volatile AS T* p, T c, T v) { return atomic_cmpxchg(p, c, v); } \
  T OVL atom_and(volatile AS T* p, T v) { return atomic_and(p, v); } \
  T OVL atom_or(volatile AS T* p, T v) { return atomic_or(p, v); } \
  T OVL atom_xor(volatile AS T* p, T v) { return atomic_xor(p, v); }
ATOMIC_SPACE(__global, int) ATOMIC_SPACE(__global, uint) ATOMIC_SPACE(__local, int) ATOMIC_SPACE(__local, uint)
int OVL atomic_min(volatile __global int* p, int v) { return __sync_fetch_and_min(p, v); }
int OVL atomic_max(volatile __global int* p, int v) { return __sync_fetch_and_max(p, v); }
uint OVL atomic_min(volatile __global uint* p, uint v) { return __sync_fetch_and_umin(p, v); }
uint OVL atomic_max(volatile __global uint* p, uint v) { return __sync_fetch_and_umax(p, v); }
int OVL atomic_min(volatile __local int* p, int v) { return __sync_fetch_and_min(p, v); }
int OVL atomic_max(volatile __local int* p, int v) { return __sync_fetch_and_max(p, v); }
uint OVL atomic_min(volatile __local uint* p, uint v) { return __sync_fetch_and_umin(p, v); }
uint OVL atomic_max(volatile __local uint* p, uint v) { return __sync_fetch_and_umax(p, v); }
int OVL atom_min(volatile __global int* p, int v) { return atomic_min(p, v); }
int OVL atom_max(volatile __global int* p, int v) { return atomic_max(p, v); }
uint OVL atom_min(volatile __global uint* p, uint v) { return atomic_min(p, v); }
uint OVL atom_max(volatile __global uint* p, uint v) { return atomic_max(p, v); }
int OVL atom_min(volatile __local int* p, int v) { return atomic_min(p, v); }
int OVL atom_max(volatile __local int* p, int v) { return atomic_max(p, v); }
uint OVL atom_min(volatile __local uint* p, uint v) { return atomic_min(p, v); }
uint OVL atom_max(volatile __local uint* p, uint v) { return atomic_max(p, v); }
float OVL atomic_xchg(volatile __global float* p, float v) {
  return as_float(atomic_xchg((volatile __global uint*)p, as_uint(v)));
}
float OVL atomic_xchg(volatile __local float* p, float v) {
  return as_float(atomic_xchg((volatile __local uint*)p, as_uint(v)));
}

// ---- exponentials and logarithms (OpenCL 1.2 §7.4: exp, log <= 3 ulp; pow <= 16 ulp)
// exp is the SFU's vfexp: e^x computed in double and rounded to float (ISA.md §5.8), within
// a half ulp, so inside OpenCL's 3 ulp; the back end selects it for this declaration.
float __ventus_vfexp(float x);
float OVL exp(float x) { return __ventus_vfexp(x); }

float __ventus_log_hi_lo(float x, float* lo);

// log: x = m 2^e with m in [sqrt(1/2), sqrt(2)), f = m - 1, s = f / (2 + f):
// log(1 + f) = 2 atanh(s) = f - s (f - R), R = 2s^2/3 + 2s^4/5 + ... (|s| < 0.172), summed
// with e ln2 as a value and its error (__ventus_log_hi_lo, below).
float OVL log(float x) {
  if (x != x || x < 0.0f) return NAN;
  if (x == 0.0f) return -INFINITY;
  if (x == INFINITY) return x;
  float lo;
  float hi = __ventus_log_hi_lo(x, &lo);
  return hi + lo;
}

// e^(x c) with c = c_hi + c_lo: the product's rounding error (fma) and c_lo make a small
// correction t, and e^(h + t) = e^h (1 + t) to within t^2.
float __ventus_exp_scaled(float x, float c_hi, float c_lo) {
  float h = x * c_hi;
  float t = fma(x, c_hi, -h) + x * c_lo;
  float e = exp(h);
  return isinf(e) || e == 0.0f ? e : fma(e, t, e);
}
float OVL exp2(float x) { return __ventus_exp_scaled(x, 0.6931471824645996f, -1.9046542121259336e-09f); }
float OVL exp10(float x) { return __ventus_exp_scaled(x, 2.3025851249694824f, -3.1975435632602967e-08f); }
float OVL log2(float x) { return log(x) * 1.442695040888963407f; }
float OVL log10(float x) { return log(x) * 0.434294481903251828f; }

// log(x) as hi + lo (about 40 bits) for log and pow: the reduction above, summed exactly.
float __ventus_log_hi_lo(float x, float* lo) {
  int e = 0;
  if (x < 1.17549435e-38f) {
    x *= 33554432.0f;
    e = -25;
  }
  int bits = as_int(x);
  e += (bits >> 23) - 127;
  float m = as_float((bits & 0x007fffff) | 0x3f800000);
  if (m > 1.41421356237f) {
    m *= 0.5f;
    e += 1;
  }
  float f = m - 1.0f;
  float s = f / (2.0f + f);
  float z = s * s;
  float R = z * (0.66666666666666667f +
                 z * (0.4f + z * (0.28571428571428571f + z * (0.22222222222222222f +
                                                              z * 0.18181818181818182f))));
  float tail = -(s * (f - R));              // log(1 + f) = f + tail, f exact, |tail| < |f|
  float lm = f + tail;
  float lm_err = (f - lm) + tail;           // Fast2Sum: lm + lm_err = f + tail exactly
  float a = (float)e * 0.693145751953125f;  // exact: 15 + 8 significant bits
  float hi = a + lm;
  float err = fabs(a) >= fabs(lm) ? (a - hi) + lm : (lm - hi) + a;
  *lo = err + lm_err + (float)e * 1.428606765330187045e-06f;
  return hi;
}

// pow(x, y) = e^(y log x) with log x carried to about 40 bits (C99 F.9.4.4 special cases).
float OVL pow(float x, float y) {
  if (y == 0.0f || x == 1.0f) return 1.0f;
  if (x != x || y != y) return NAN;
  bool y_int = trunc(y) == y;
  bool y_odd = y_int && fabs(y) < 16777216.0f && (((int)y) & 1) != 0;
  float ax = fabs(x);
  if (x == 0.0f) {
    if (y < 0.0f) return y_odd ? copysign(INFINITY, x) : INFINITY;
    return y_odd ? x : 0.0f;
  }
  if (x < 0.0f && !y_int) return NAN;
  if (isinf(ax)) return (y < 0.0f) ? (y_odd ? copysign(0.0f, x) : 0.0f) : (y_odd ? x : INFINITY);
  if (isinf(y)) return (ax == 1.0f) ? 1.0f : ((ax > 1.0f) == (y > 0.0f) ? INFINITY : 0.0f);
  float lo;
  float hi = __ventus_log_hi_lo(ax, &lo);
  float t = y * hi;
  float t_lo = fma(y, hi, -t) + y * lo;
  float e = exp(t);
  float r = isinf(e) || e == 0.0f ? e : fma(e, t_lo, e);
  return as_float(as_uint(r) | (x < 0.0f && y_odd ? 0x80000000u : 0u));
}
float OVL powr(float x, float y) { return x < 0.0f ? NAN : pow(x, y); }
float OVL pown(float x, int n) { return pow(x, (float)n); }

// ---- sine and cosine (<= 4 ulp): x = k pi/2 + r with pi/2 in three parts (Cody and
// Waite), Taylor polynomials on |r| <= pi/4, the quadrant k mod 4 picks sin or cos and sign.
float __ventus_sin_poly(float r) {
  float z = r * r;
  float p = fma(z, 2.7557319223985891e-06f, -1.9841269841269841e-04f);
  p = fma(z, p, 8.3333333333333333e-03f);
  p = fma(z, p, -1.6666666666666667e-01f);
  return fma(r * z, p, r);
}
float __ventus_cos_poly(float r) {
  float z = r * r;
  float p = fma(z, -2.7557319223985891e-07f, 2.4801587301587302e-05f);
  p = fma(z, p, -1.3888888888888889e-03f);
  p = fma(z, p, 4.1666666666666667e-02f);
  p = fma(z, p, -0.5f);
  return fma(z, p, 1.0f);
}
float __ventus_reduce(float x, int* quadrant) {
  float kf = trunc(x * 0.636619772367581343f + (x < 0.0f ? -0.5f : 0.5f));
  *quadrant = (int)kf;
  float r = fma(kf, -1.5703125f, x);
  r = fma(kf, -4.838705062866211e-04f, r);
  return fma(kf, 4.371138828673793e-08f, r);
}
float OVL sin(float x) {
  if (isinf(x) || isnan(x)) return NAN;
  int q;
  float r = __ventus_reduce(x, &q);
  float v = (q & 1) ? __ventus_cos_poly(r) : __ventus_sin_poly(r);
  return (q & 2) ? -v : v;
}
float OVL cos(float x) {
  if (isinf(x) || isnan(x)) return NAN;
  int q;
  float r = __ventus_reduce(x, &q);
  float v = (q & 1) ? __ventus_sin_poly(r) : __ventus_cos_poly(r);
  return ((q + 1) & 2) ? -v : v;
}
float OVL tan(float x) { return sin(x) / cos(x); }

float OVL native_exp(float x) { return exp(x); }
float OVL native_log(float x) { return log(x); }
float OVL native_sin(float x) { return sin(x); }
float OVL native_cos(float x) { return cos(x); }
float OVL native_powr(float x, float y) { return powr(x, y); }
float OVL native_exp2(float x) { return exp2(x); }
float OVL native_log2(float x) { return log2(x); }
float OVL native_tan(float x) { return tan(x); }
V1(float, exp, float) V1(float, log, float) V1(float, exp2, float) V1(float, exp10, float)
V1(float, log2, float) V1(float, log10, float) V2(float, pow) V2(float, powr)
V1(float, sin, float) V1(float, cos, float) V1(float, tan, float) V1(float, native_exp, float)
V1(float, native_log, float) V1(float, native_sin, float) V1(float, native_cos, float)
V2(float, native_powr)

// ---- classification (scalar: 0/1; vectors: 0/-1 per component, OpenCL 1.2 §6.12.6)
int OVL isinf(float x) { return __builtin_isinf(x) ? 1 : 0; }
int OVL isnan(float x) { return x != x ? 1 : 0; }
int OVL isfinite(float x) { return __builtin_isfinite(x) ? 1 : 0; }
int OVL isnormal(float x) { return __builtin_isnormal(x) ? 1 : 0; }
int OVL signbit(float x) { return as_int(x) < 0 ? 1 : 0; }
#define VCLASS(F) \
  int2 OVL F(float2 x) { return (int2)(-F(x.s0), -F(x.s1)); } \
  int3 OVL F(float3 x) { return (int3)(-F(x.s0), -F(x.s1), -F(x.s2)); } \
  int4 OVL F(float4 x) { return (int4)(-F(x.s0), -F(x.s1), -F(x.s2), -F(x.s3)); } \
  int8 OVL F(float8 x) { return (int8)(F(x.lo), F(x.hi)); } \
  int16 OVL F(float16 x) { return (int16)(F(x.lo), F(x.hi)); }
VCLASS(isinf) VCLASS(isnan) VCLASS(isfinite) VCLASS(isnormal) VCLASS(signbit)

// ---- select(a, b, c): scalars c != 0 ? b : a; vectors by the top bit of each c component
#define SELECT_SCALAR(T, C) T OVL select(T a, T b, C c) { return c ? b : a; }
SELECT_SCALAR(int, int) SELECT_SCALAR(int, uint) SELECT_SCALAR(uint, int) SELECT_SCALAR(uint, uint)
SELECT_SCALAR(float, int) SELECT_SCALAR(float, uint) SELECT_SCALAR(char, char) SELECT_SCALAR(uchar, uchar)
SELECT_SCALAR(short, short) SELECT_SCALAR(ushort, ushort)
#define SELECT_VECTOR(T, C, N) \
  T##N OVL select(T##N a, T##N b, C##N c) { return c < (C##N)0 ? b : a; } \
  T##N OVL select(T##N a, T##N b, u##C##N c) { return as_##C##N(c) < (C##N)0 ? b : a; }
SELECT_VECTOR(int, int, 2) SELECT_VECTOR(int, int, 4) SELECT_VECTOR(uint, int, 2)
SELECT_VECTOR(uint, int, 4) SELECT_VECTOR(float, int, 2) SELECT_VECTOR(float, int, 4)
SELECT_VECTOR(int, int, 3) SELECT_VECTOR(uint, int, 3) SELECT_VECTOR(float, int, 3)

// ---- vector and scalar mixes of the common functions
#define MIX_SCALAR(N) \
  float##N OVL clamp(float##N x, float lo, float hi) { return clamp(x, (float##N)lo, (float##N)hi); } \
  float##N OVL fmin(float##N x, float y) { return fmin(x, (float##N)y); } \
  float##N OVL fmax(float##N x, float y) { return fmax(x, (float##N)y); } \
  float##N OVL mix(float##N x, float##N y, float a) { return mix(x, y, (float##N)a); } \
  float##N OVL step(float e, float##N x) { return step((float##N)e, x); } \
  int##N OVL clamp(int##N x, int lo, int hi) { return clamp(x, (int##N)lo, (int##N)hi); } \
  int##N OVL min(int##N x, int y) { return min(x, (int##N)y); } \
  int##N OVL max(int##N x, int y) { return max(x, (int##N)y); } \
  uint##N OVL clamp(uint##N x, uint lo, uint hi) { return clamp(x, (uint##N)lo, (uint##N)hi); } \
  uint##N OVL min(uint##N x, uint y) { return min(x, (uint##N)y); } \
  uint##N OVL max(uint##N x, uint y) { return max(x, (uint##N)y); }
MIX_SCALAR(2) MIX_SCALAR(3) MIX_SCALAR(4) MIX_SCALAR(8) MIX_SCALAR(16)

// ---- vloadn / vstoren: p[offset * n .. offset * n + n - 1], element by element
#define VLOAD_AS(T, N, AS) \
  T##N OVL vload##N(size_t offset, const AS T* p) { \
    T##N v; \
    for (int k = 0; k < N; ++k) ((T*)&v)[k] = p[offset * N + k]; \
    return v; \
  }
#define VSTORE_AS(T, N, AS) \
  void OVL vstore##N(T##N v, size_t offset, AS T* p) { \
    for (int k = 0; k < N; ++k) p[offset * N + k] = ((T*)&v)[k]; \
  }
#define VLOADSTORE(T, N) \
  VLOAD_AS(T, N, __global) VLOAD_AS(T, N, __local) VLOAD_AS(T, N, __constant) \
  VLOAD_AS(T, N, __private) VSTORE_AS(T, N, __global) VSTORE_AS(T, N, __local) \
  VSTORE_AS(T, N, __private)
VLOADSTORE(float, 2) VLOADSTORE(float, 4) VLOADSTORE(int, 2) VLOADSTORE(int, 4)
VLOADSTORE(uint, 2) VLOADSTORE(uint, 4) VLOADSTORE(float, 8) VLOADSTORE(int, 8)
