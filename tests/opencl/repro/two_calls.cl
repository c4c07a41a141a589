// Repro: a call, then a second call under a divergent condition, exhausts the registers.
// Expected: compiles. Got: "error: 'k' needs more vector registers than the device has (no
// spilling yet ...)". Either call alone compiles.
__attribute__((noinline)) int f(int a) { return a + 1; }
__kernel void k(__global const int* in, __global int* out) {
  const uint i = get_global_id(0);
  int v = f(in[i]);
  if (v & 4) v += f(v);
  out[i] = v;
}
