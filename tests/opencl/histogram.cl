// histogram: a weighted histogram in a statically sized __local array with local atomics,
// merged into global bins with global atomics after a barrier.
#define NBINS 16

__kernel void histogram(__global const uint* data, uint n, __global uint* bins) {
  __local uint local_bins[NBINS];
  const uint lid = get_local_id(0), ls = get_local_size(0), i = get_global_id(0);
  // The local size may be smaller than NBINS: each work-item clears a strided share.
  for (uint b = lid; b < NBINS; b += ls) local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n) {
    const uint v = data[i];
    if (v & 1)
      atomic_inc(&local_bins[v % NBINS]);
    else
      atomic_add(&local_bins[v % NBINS], 1 + (v >> 8) % 4);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < NBINS; b += ls) {
    if (local_bins[b] != 0) atomic_add(&bins[b], local_bins[b]);
  }
}
