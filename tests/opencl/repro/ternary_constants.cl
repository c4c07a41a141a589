// Repro: a conditional with two constant arms on a divergent condition is refused.
// Expected: compiles. Got: "3:12: error: 64-bit integer (long) is not supported on this device"
// (clang's unoptimised IR holds a dead `zext i1 ... to i64`, and check_supported runs on it).
__kernel void k(__global const uint* in, __global int* out) {
  const uint i = get_global_id(0);
  out[i] = (in[i] & 2) ? 5 : 1;
}
