# private_spill: a per-thread private array and callee-saved vector spills through the
# private stack (vsw.v / vlw.v relative to v32 = broadcast(tp), ISA.md §5.11, §7.4).
#
#   static uint mix(uint v) { v ^= v << 5; return v + (v >> 3); }   // clobbers v1, v2
#   kernel void private_spill(global const uint* in, global uint* out, int n)
#     gid = get_global_id(0)
#     if (gid < n) {
#       uint x = in[gid]; uint p[16]; uint s = 0;
#       for (k = 0; k < 16; k++) p[k] = x * (k + 1) + k;
#       for (k = 0; k < 16; k++) s += mix(p[(x + 5*k) & 15]) * (k + 1);   // per-thread index
#       out[gid] = s;
#     }
#
# Frame (private stack, grows upward): tp += 72; p[0..15] at tp-72 .. tp-12, the
# callee-saved v34 at tp-8 and v33 at tp-4 — x and s live in v34/v33 across the calls to
# mix, as the compiler keeps values in callee-saved registers and saves those in the
# prologue. The loop counter and ra live on the scalar stack / callee-saved s registers.
  .text
  .globl private_spill
  .type private_spill, @function
private_spill:
  addi sp, sp, 16
  sw ra, -4(sp)
  sw s2, -8(sp)
  sw s3, -12(sp)
  addi tp, tp, 72
  vmv.v.x v32, tp           # regext-prefixed broadcast of the private stack pointer
  vsw.v v33, -4(v32)        # callee-saved vector registers -> private stack
  vsw.v v34, -8(v32)
  lw t0, 0(a0)              # in
  lw s3, 4(a0)              # out (kept across calls)
  lw t3, 8(a0)              # n
  csrr a3, knl
  lw a4, 24(a3)             # KNL_LC_SIZE_X
  csrr a5, gidx
  mul a5, a5, a4
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6
  vmsltu.vx v2, v1, a4
  vadd.vx v35, v1, a5       # global id (callee-saved register, but not live across calls)
  vmslt.vx v3, v35, t3
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
.Lpcrel_ps0:
  auipc t1, 0
  setrpc zero, t1, .Lps_end - .Lpcrel_ps0
  vbeq v2, v4, .Lps_end
  vsll.vi v5, v35, 2
  vadd.vx v5, v5, t0
  vlw12.v v34, 0(v5)        # x
  vmv.v.x v33, zero         # s
  li s2, 0                  # k: p[k] = x * (k + 1) + k
.Lps_fill:
  addi t4, s2, 1
  vmul.vx v6, v34, t4
  vadd.vx v6, v6, s2
  slli t5, s2, 2
  vmv.v.x v7, t5
  vadd.vv v7, v7, v32       # private address of p[k], uniform offset
  vsw.v v6, -72(v7)
  addi s2, s2, 1
  li t4, 16
  blt s2, t4, .Lps_fill
  li s2, 0
.Lps_sum:
  li t4, 5
  mul t4, t4, s2
  vadd.vx v6, v34, t4
  vand.vi v6, v6, 15        # per-thread index (x + 5k) & 15
  vsll.vi v6, v6, 2
  vadd.vv v6, v6, v32
  vlw.v v0, -72(v6)         # p[index]: per-thread private address
  jal mix
  addi t4, s2, 1
  vmul.vx v0, v0, t4
  vadd.vv v33, v33, v0
  addi s2, s2, 1
  li t4, 16
  blt s2, t4, .Lps_sum
  vsll.vi v5, v35, 2
  vadd.vx v5, v5, s3
  vsw12.v v33, 0(v5)
.Lps_end:
  join zero, zero, 0
  vlw.v v34, -8(v32)        # restore the callee-saved registers
  vlw.v v33, -4(v32)
  addi tp, tp, -72
  lw s3, -12(sp)
  lw s2, -8(sp)
  lw ra, -4(sp)
  addi sp, sp, -16
  ret

  .type mix, @function
mix:                        # v0 = mix(v0); clobbers v1, v2 (caller-saved)
  vsll.vi v1, v0, 5
  vxor.vv v0, v0, v1
  vsrl.vi v2, v0, 3
  vadd.vv v0, v0, v2
  ret
