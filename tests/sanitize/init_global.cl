// Sanitizer test (docs/sanitizers.md): out[i] += x[i] reads out before anything wrote it when
// the host gave out no data (`--arg buf:out`: an uninitialised read of global memory); with
// the host's data in it (`buf:inout`) the same kernel is clean.
__kernel void accumulate(__global const uint* x, __global uint* out) {
  size_t i = get_global_id(0);
  out[i] = out[i] + x[i];
}
