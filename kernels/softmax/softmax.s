# softmax: one work-group per row; max and sum by tree reductions in local memory.
#
#   kernel void softmax(global const float* in, global float* out, int n, local float* s)
#     row = get_group_id(0); lid = get_local_id(0); L = get_local_size(0) (a power of two)
#     base = row * n
#     float m = -inf;  for (j = lid; j < n; j += L) m = fmax(m, in[base+j]);
#     s[lid] = m; barrier;  for (h = L/2; h > 0; h /= 2) { if (lid < h) s[lid] = fmax(s[lid], s[lid+h]); barrier; }
#     m = s[0]; barrier;
#     float e = 0;  for (j = lid; j < n; j += L) { v = exp(in[base+j] - m); out[base+j] = v; e += v; }
#     s[lid] = e; barrier;  (same tree with +)  e = s[0];
#     for (j = lid; j < n; j += L) out[base+j] = out[base+j] / e;
#
# exp is vfexp (ISA.md §5.8). Every barrier is reached by every warp outside any divergent
# region (barrier is a warp instruction, §5.7). Lanes of a partially filled last warp
# (lid >= L) start their strided loops at j = lid + n, so they never iterate, and never
# touch s[]. The loops have per-thread trip counts: the loop test is a vbranch with the
# exit join shared by the entry test and the backward branch (§2.4).
  .text
  .globl softmax
  .type softmax, @function
softmax:
  addi sp, sp, 4            # scalar stack frame (grows upward, ISA.md §7.4)
  sw ra, -4(sp)
  lw t0, 0(a0)              # in
  lw t2, 4(a0)              # out
  lw s0, 8(a0)              # n
  lw s1, 12(a0)             # s (local memory)
  csrr a3, knl
  lw s2, 24(a3)             # L = KNL_LC_SIZE_X
  csrr a5, gidx
  mul a5, a5, s0
  slli a5, a5, 2
  add t0, t0, a5            # &in[base]
  add t2, t2, a5            # &out[base]
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6        # lid
  vmsltu.vx v2, v1, s2      # real lane
  vrsub.vi v3, v2, 1
  vmul.vx v3, v3, s0
  vadd.vv v20, v1, v3       # first j: lid, or lid + n for lanes past the work-group
  vmv.v.x v4, zero
  vmv.v.x v21, s0           # n
  vsll.vi v22, v1, 2
  vadd.vx v22, v22, s1      # &s[lid]
  # --- phase 1: per-thread maximum
  lui t4, 1046528           # 0xff800000 = -inf
  vmv.v.x v8, t4
  vadd.vx v10, v20, zero
.Lpcrel_sm0:
  auipc t1, 0
  setrpc zero, t1, .Lsm_max_exit - .Lpcrel_sm0
  vbge v10, v21, .Lsm_max_exit
.Lsm_max_loop:
  vsll.vi v11, v10, 2
  vadd.vx v11, v11, t0
  vlw12.v v12, 0(v11)
  vfmax.vv v8, v8, v12
  vadd.vx v10, v10, s2
.Lpcrel_sm1:
  auipc t1, 0
  setrpc zero, t1, .Lsm_max_exit - .Lpcrel_sm1
  vblt v10, v21, .Lsm_max_loop
.Lsm_max_exit:
  join zero, zero, 0
  li a1, 0                  # reduction kind: 0 = max
  jal .Lsm_reduce
  vmv.v.x v9, a0            # row maximum
  # --- phase 2: exponentials and per-thread sums
  vmv.v.x v8, zero
  vadd.vx v10, v20, zero
.Lpcrel_sm2:
  auipc t1, 0
  setrpc zero, t1, .Lsm_exp_exit - .Lpcrel_sm2
  vbge v10, v21, .Lsm_exp_exit
.Lsm_exp_loop:
  vsll.vi v11, v10, 2
  vadd.vx v13, v11, t0
  vlw12.v v12, 0(v13)
  vfsub.vv v12, v12, v9
  vfexp v12, v12
  vadd.vx v13, v11, t2
  vsw12.v v12, 0(v13)
  vfadd.vv v8, v8, v12
  vadd.vx v10, v10, s2
.Lpcrel_sm3:
  auipc t1, 0
  setrpc zero, t1, .Lsm_exp_exit - .Lpcrel_sm3
  vblt v10, v21, .Lsm_exp_loop
.Lsm_exp_exit:
  join zero, zero, 0
  li a1, 1                  # reduction kind: 1 = sum
  jal .Lsm_reduce
  vmv.v.x v9, a0            # row sum
  # --- phase 3: normalise
  vadd.vx v10, v20, zero
.Lpcrel_sm4:
  auipc t1, 0
  setrpc zero, t1, .Lsm_div_exit - .Lpcrel_sm4
  vbge v10, v21, .Lsm_div_exit
.Lsm_div_loop:
  vsll.vi v11, v10, 2
  vadd.vx v11, v11, t2
  vlw12.v v12, 0(v11)
  vfdiv.vv v12, v12, v9
  vsw12.v v12, 0(v11)
  vadd.vx v10, v10, s2
.Lpcrel_sm5:
  auipc t1, 0
  setrpc zero, t1, .Lsm_div_exit - .Lpcrel_sm5
  vblt v10, v21, .Lsm_div_loop
.Lsm_div_exit:
  join zero, zero, 0
  lw ra, -4(sp)
  addi sp, sp, -4
  ret

# Tree reduction of v8 over the work-group through s[] (a1 = 0: fmax, 1: fadd); returns
# s[0] in a0 and leaves s[] free again (trailing barrier). Uses v2, v4, v22, s1, s2.
.Lsm_reduce:
.Lpcrel_sr0:
  auipc t1, 0
  setrpc zero, t1, .Lsr_store_end - .Lpcrel_sr0
  vbeq v2, v4, .Lsr_store_end
  vsw12.v v8, 0(v22)        # s[lid] = value
.Lsr_store_end:
  join zero, zero, 0
  barrier x0, x0, 1
  srli t4, s2, 1            # h = L / 2
  beqz t4, .Lsr_done
.Lsr_level:
  vmsltu.vx v5, v1, t4      # lid < h
.Lpcrel_sr1:
  auipc t1, 0
  setrpc zero, t1, .Lsr_level_end - .Lpcrel_sr1
  vbeq v5, v4, .Lsr_level_end
  slli t5, t4, 2
  vlw12.v v6, 0(v22)
  vadd.vx v7, v22, t5
  vlw12.v v7, 0(v7)         # s[lid + h]
  beqz a1, .Lsr_max
  vfadd.vv v6, v6, v7
  j .Lsr_write
.Lsr_max:
  vfmax.vv v6, v6, v7
.Lsr_write:
  vsw12.v v6, 0(v22)
.Lsr_level_end:
  join zero, zero, 0
  barrier x0, x0, 1
  srli t4, t4, 1
  bnez t4, .Lsr_level
.Lsr_done:
  lw a0, 0(s1)              # s[0], uniform
  barrier x0, x0, 1
  ret
