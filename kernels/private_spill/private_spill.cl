// private_spill: a per-thread private array indexed by a per-thread value, and a helper
// function that stays a real call (noinline), so values live across it.
__attribute__((noinline)) uint mix(uint v) {
  v ^= v << 5;
  return v + (v >> 3);
}

__kernel void private_spill(__global const uint* in, __global uint* out, int n) {
  int gid = get_global_id(0);
  if (gid < n) {
    uint x = in[gid], p[16], s = 0;
    for (int k = 0; k < 16; k++) p[k] = x * (k + 1) + k;
    for (int k = 0; k < 16; k++) s += mix(p[(x + 5 * k) & 15]) * (k + 1);
    out[gid] = s;
  }
}
