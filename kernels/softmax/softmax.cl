// softmax: one work-group per row; max and sum by tree reductions in local memory.
__kernel void softmax(__global const float* in, __global float* out, int n, __local float* s) {
  int row = get_group_id(0), lid = get_local_id(0), L = get_local_size(0);
  int base = row * n;
  float m = -INFINITY;
  for (int j = lid; j < n; j += L) m = fmax(m, in[base + j]);
  s[lid] = m;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int h = L / 2; h > 0; h /= 2) {
    if (lid < h) s[lid] = fmax(s[lid], s[lid + h]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  m = s[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  float e = 0.0f;
  for (int j = lid; j < n; j += L) {
    float v = exp(in[base + j] - m);
    out[base + j] = v;
    e += v;
  }
  s[lid] = e;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int h = L / 2; h > 0; h /= 2) {
    if (lid < h) s[lid] = s[lid] + s[lid + h];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  e = s[0];
  for (int j = lid; j < n; j += L) out[base + j] = out[base + j] / e;
}
