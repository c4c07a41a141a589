// printf_loop: printf inside a loop that runs a different number of times per work-item,
// under a further divergent condition.
__kernel void printf_loop(__global const float* x, uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  const float v = x[i];
  for (uint j = 0; j < i % 4; ++j) {
    if (v > 0.0f) printf("loop %u.%u %g\n", i, j, v + (float)j);
  }
}
