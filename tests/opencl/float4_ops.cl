// float4_ops: float4 loads and stores, swizzles, summed products, fmin/fmax/clamp on float4.
// FP_CONTRACT OFF: every product is rounded on its own, so the host reference is exact.
#pragma OPENCL FP_CONTRACT OFF

__kernel void float4_ops(__global const float4* a, __global const float4* b, __global float4* out,
                         __global float* sums, uint n, float lo, float hi) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  const float4 x = a[i], y = b[i];
  const float4 s = x * y.wzyx + (float4)(0.5f, -1.0f, 2.0f, 0.25f);
  const float4 t = clamp(fmin(x, y) - fmax(x.yxwz, y), lo, hi);
  const float4 p = s * x.xxyy;
  out[3 * i] = s.zwxy + t;
  float4 u;
  u.xy = t.yx * (float2)(3.0f, -0.5f);
  u.zw = (float2)(s.w - s.z, x.w);
  out[3 * i + 1] = clamp(u, (float4)(-8.0f, -8.0f, -6.0f, -5.0f), (float4)(8.0f, 7.0f, 6.0f, 5.0f));
  out[3 * i + 2] = fmax(x, (float4)(0.0f)) * 2.0f;
  sums[i] = ((p.x + p.y) + p.z) + p.w;
}
