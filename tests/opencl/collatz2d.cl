// collatz2d: per-(x, y) Collatz step counts and peaks over uniform rounds (divergent loops).
// The outer loop over rounds is uniform; the while loop runs a different number of times in
// each work-item, and the if/else inside it diverges again within the loop.
__kernel void collatz2d(__global uint* steps, __global uint* peaks, uint width, uint height,
                        uint rounds) {
  const uint x = get_global_id(0), y = get_global_id(1);
  if (x >= width || y >= height) return;
  uint total = 0, peak = 0;
  for (uint r = 0; r < rounds; ++r) {
    uint n = 1 + x + y * width + r * 37;
    while (n != 1) {
      if (n & 1) {
        n = 3 * n + 1;
        if (n > peak) peak = n;
      } else {
        n >>= 1;
      }
      ++total;
    }
  }
  steps[y * width + x] = total;
  peaks[y * width + x] = peak;
}
