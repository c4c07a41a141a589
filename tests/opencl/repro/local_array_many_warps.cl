// Repro: a statically sized __local array lies past the LDS the runtime maps.
// ventus run local_array_many_warps.cl --kernel k --global 32 --local 32 --memcheck strict
//   --set sm.threads_per_warp=8 --arg buf:out:out.txt:128:u32
// Expected: out[i] = 3 * ((i + 1) % 32). Got: "access fault: write of address 0x70001000 ...
// nearest is 'lds' [0x70000000, 0x70001000)": the array sits at CSR_LDS + numw * 1 KiB, past
// the region mapped for 4 warps' stacks (1 or 2 warps fit only by the 4 KiB rounding).
__kernel void k(__global uint* out) {
  __local uint tile[64];
  const uint l = get_local_id(0);
  tile[l] = l * 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(l + 1) % get_local_size(0)];
}
