// Sanitizer test (docs/sanitizers.md): a 4-bin histogram of x with atomics (clean) and with a
// plain read-modify-write (races between the work-items that hit one bin).
__kernel void histogram_atomic(__global const uint* x, __global uint* bins) {
  atomic_inc(&bins[x[get_global_id(0)] % 4]);
}

__kernel void histogram_plain(__global const uint* x, __global uint* bins) {
  uint b = x[get_global_id(0)] % 4;
  bins[b] = bins[b] + 1;
}
