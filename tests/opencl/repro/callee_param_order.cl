// Repro: a non-inlined function reads its parameters from the wrong registers (wrong results).
// seq 0 31 > in.txt; ventus run callee_param_order.cl --kernel k --global 32 --local 32
//   --arg buf:in:in.txt:u32 buf:out:out.txt:128:i32
// Expected: out = 1 5 5 5 1 5 5 5 ... Got: 0 1 2 3 0 1 2 3 ...: the caller passes a in v0 and
// n in v1 (ISA.md §2.2), but f compares v0 with 0 and returns v1: the parameter that f uses
// first gets v0. The same swap makes a loop `acc += a * r` over n iterations return a*n.
__attribute__((noinline)) int f(int a, uint n) { return n == 0 ? 1 : a; }

__kernel void k(__global const uint* in, __global int* out) {
  const uint i = get_global_id(0);
  out[i] = f(5, in[i] % 4);
}
