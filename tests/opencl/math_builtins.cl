// math_builtins: exp, log, pow, sin, cos and sqrt, one input array each, for a check against
// the host's libm with the OpenCL 1.2 §7.4 ulp bounds.
__kernel void math_builtins(__global const float* ex, __global const float* lg,
                            __global const float* tr, __global const float* px,
                            __global const float* py, __global const float* sq,
                            __global float* out, uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  out[0 * n + i] = exp(ex[i]);
  out[1 * n + i] = log(lg[i]);
  out[2 * n + i] = pow(px[i], py[i]);
  out[3 * n + i] = sin(tr[i]);
  out[4 * n + i] = cos(tr[i]);
  out[5 * n + i] = sqrt(sq[i]);
}
