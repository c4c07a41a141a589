// printf_divergent: printf with integer and float arguments on the two sides of divergent
// branches (and on neither side for a third of the work-items).
__kernel void printf_divergent(__global const float* x, uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  const float v = x[i];
  if (i % 3 == 0) {
    printf("item %u group %u: x=%f neg=%d\n", i, (uint)get_group_id(0), v, -(int)i);
  } else if (i % 3 == 1) {
    printf("odd path %d %.3e %x\n", (int)i * 7, v * 2.0f, i);
  }
}
