// atomics: global and local atomics whose returned old values have a deterministic meaning.
// state[0]: atomic_inc counter (tickets are 0..n-1); state[1]/[2]: atomic_min/max (initial
// INT_MAX/INT_MIN: exactly one work-item sees the initial value); state[3]: atomic_xchg slot
// (the olds and the final value are 0..n); state[4]: sum by an atomic_cmpxchg retry loop.
// owner[k]: the one work-item whose atomic_cmpxchg(-1 -> id) won bucket k = i % nbuckets.
__kernel void atomics(__global const int* data, uint n, uint nbuckets, __global int* state,
                      __global int* owner, __global int* olds, __global int* group_minmax) {
  __local int lmin, lmax;
  const uint i = get_global_id(0), lid = get_local_id(0);
  if (lid == 0) {
    lmin = 0x7fffffff;
    lmax = -0x7fffffff - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n) {
    const int v = data[i];
    olds[5 * i + 0] = (int)atomic_inc((__global uint*)&state[0]);
    olds[5 * i + 1] = atomic_min(&state[1], v);
    olds[5 * i + 2] = atomic_max(&state[2], v);
    olds[5 * i + 3] = atomic_xchg(&state[3], (int)i + 1);
    olds[5 * i + 4] = atomic_cmpxchg(&owner[i % nbuckets], -1, (int)i);
    int seen = state[4], prev;
    while ((prev = atomic_cmpxchg(&state[4], seen, seen + v)) != seen) seen = prev;
    atomic_min(&lmin, v);
    atomic_max(&lmax, v);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    group_minmax[2 * get_group_id(0)] = lmin;
    group_minmax[2 * get_group_id(0) + 1] = lmax;
  }
}
