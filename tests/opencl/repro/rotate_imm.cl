// Repro: rotate() on uint is an internal compiler error.
// Expected: compiles. Got: "internal compiler error: the generated assembly does not assemble:
// immediate 31 is out of range for 'vand.vi': expected a value in [-16, 15]" (and vxor.vi 31).
__kernel void k(__global const uint* a, __global const uint* b, __global uint* out) {
  const uint i = get_global_id(0);
  out[i] = rotate(a[i], b[i]);
}
