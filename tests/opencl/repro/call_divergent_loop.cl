// Repro: a call inside a loop whose trip count differs per work-item exhausts the registers.
// Expected: compiles. Got: "error: 'k' needs more vector registers than the device has (no
// spilling yet ...)". The same with printf in such a loop (tests/opencl/printf_loop.cl).
__attribute__((noinline)) int inc(int a) { return a + 1; }
__kernel void k(__global const uint* trips, __global int* out) {
  const uint i = get_global_id(0);
  int v = 0;
  for (uint j = 0; j < trips[i]; ++j) v = inc(v);
  out[i] = v;
}
