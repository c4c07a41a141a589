// Repro: select() is refused although docs/opencl.md lists it.
// Expected: compiles. Got: "error: the built-in or function 'select(int, int, int)' is not
// supported (docs/opencl.md)".
__kernel void k(__global const int* a, __global int* out) {
  const uint i = get_global_id(0);
  out[i] = select(a[i], 5, a[i + 1]);
}
