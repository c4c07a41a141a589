// private_calls: a private array indexed by divergent values, and non-inlined helpers called
// from divergent code with several arguments (one takes a pointer into the private array).

// Loops a per-work-item number of times, so the callee diverges on its own as well.
__attribute__((noinline)) int blend(int a, int b, uint rounds, float scale, int bias) {
  int acc = bias;
  for (uint r = 0; r < rounds; ++r) acc += (r & 1) ? a - (int)r : b * (int)r;
  return acc + (int)((float)a * scale);
}

// Reads the caller's private array through a pointer at a divergent index.
__attribute__((noinline)) int pick(__private const int* table, uint index, uint len, int sign) {
  return sign * table[index % len] + table[(index + 3) % len];
}

__kernel void private_calls(__global const uint* keys, __global int* out, uint n) {
  const uint i = get_global_id(0);
  if (i >= n) return;
  int table[16];
  for (int j = 0; j < 16; ++j) table[j] = (int)(i * 3) + j * j - 40;
  const uint k = keys[i];
  const uint idx = k % 16;
  table[idx] += 1000;
  table[(k >> 4) % 16] -= (int)idx;
  int acc;
  if (k & 1) {
    acc = blend(table[idx], table[(idx + 5) % 16], k % 7, 1.5f, (int)i);
  } else {
    acc = table[15 - idx] - pick(table, k >> 8, 16, (k & 2) ? -1 : 1);
    if (k & 4) acc += blend(acc, table[k % 11], 3, -0.25f, 7);
  }
  out[2 * i] = acc;
  out[2 * i + 1] = table[(k >> 12) % 16];
}
