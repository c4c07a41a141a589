// row_search: per-work-item search of one matrix row with continue, break and early return.
// found[row] = column of the first `key` among the non-negative entries; -2 - c when the
// running sum of the non-negative entries passed `limit` at column c first; -1 when the row
// ended. seen[row] counts the non-negative entries looked at.
__kernel void row_search(__global const int* m, uint rows, uint cols, int key, int limit,
                         __global int* found, __global int* seen) {
  const uint row = get_global_id(0);
  if (row >= rows) return;
  int sum = 0, looked = 0;
  for (uint c = 0; c < cols; ++c) {
    const int v = m[row * cols + c];
    if (v < 0) continue;
    ++looked;
    if (v == key) {
      found[row] = (int)c;
      seen[row] = looked;
      return;
    }
    sum += v;
    if (sum > limit) {
      found[row] = -2 - (int)c;
      seen[row] = looked;
      break;
    }
  }
  if (sum <= limit) {
    found[row] = -1;
    seen[row] = looked;
  }
}
