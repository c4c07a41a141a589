// divergence: nested if/else inside loops whose trip counts differ per thread.
__kernel void divergence(__global const int* in, __global int* out, int n) {
  int gid = get_global_id(0);
  if (gid < n) {
    int x = in[gid], acc = gid;
    for (int i = 0; i < (x & 7); i++) {
      if ((x + i) & 1) {
        if (i % 3 == 0) acc += x * i; else acc -= i;
      } else {
        for (int j = 0; j < (i & 3); j++) acc = acc * 3 + j;
      }
    }
    out[gid] = acc;
  }
}
