// Rotated loops whose exit test reads the induction value from before its update: LLVM turns
// `for (s = n / 2; s > 0; s /= 2)` into a test of the old s (> 1) after s /= 2, so the test
// reads the loop phi at the end of the iteration, where the phi's copy is also emitted.
__kernel void halvings(__global uint* out, uint n, uint count) {
  uint i = get_global_id(0);
  if (i >= count) return;
  uint steps = 0, last = 0;
  for (uint s = n / 2; s > 0; s /= 2) {  // uniform: a scalar branch with a fused compare
    ++steps;
    last = s;
  }
  uint divergent_steps = 0;
  for (uint s = (n + i) / 2; s > 0; s /= 2) ++divergent_steps;  // a vbranch per lane
  out[2 * i] = steps * 1000 + last;
  out[2 * i + 1] = divergent_steps;
}
