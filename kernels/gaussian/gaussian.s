# gaussian: Gaussian elimination (Rodinia "gaussian"), one Fan1 + one Fan2 launch per
# pivot column t = 0 .. size-2; the host does the back substitution.
#
#   kernel void Fan1(global float* m, global float* a, global float* b, int size, int t)
#     gid = get_global_id(0)
#     if (gid < size - 1 - t)
#       m[size*(gid+t+1) + t] = a[size*(gid+t+1) + t] / a[size*t + t];
#
#   kernel void Fan2(global float* m, global float* a, global float* b, int size, int t)
#     x = get_global_id(0); y = get_global_id(1)            // 2-D ND-range
#     if (x < size - 1 - t && y < size - t) {
#       a[size*(x+1+t) + y+t] = fma(-m[size*(x+1+t) + t], a[size*t + y+t], a[size*(x+1+t) + y+t]);
#       if (y == 0)
#         b[x+1+t] = fma(-m[size*(x+1+t) + t], b[t], b[x+1+t]);
#     }
#
# The subtraction is a fused multiply-add with a negated product, as the Ventus compiler
# emits it (vxor of the sign bit + vfmadd, see the reference gaussian listing), so the CPU
# reference uses std::fma and the results compare exactly. Work-item ids follow ISA.md
# §7.1: local linear id L = CSR_TID + vid.v, lx = L % LC_X, ly = L / LC_X; lanes with
# L >= LC_X*LC_Y (partial last warp) are guarded like out-of-range ids.
  .text
  .globl Fan1
  .type Fan1, @function
Fan1:
  lw t0, 0(a0)              # m
  lw t2, 4(a0)              # a
  lw s0, 12(a0)             # size
  lw s1, 16(a0)             # t
  csrr a3, knl
  lw a4, 24(a3)             # KNL_LC_SIZE_X
  csrr a5, gidx
  mul a5, a5, a4
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6        # local id
  vmsltu.vx v2, v1, a4
  vadd.vx v0, v1, a5        # global id
  not t3, s1
  add t3, t3, s0            # size - 1 - t
  vmslt.vx v3, v0, t3
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
.Lpcrel_f1:
  auipc t1, 0
  setrpc zero, t1, .Lfan1_end - .Lpcrel_f1
  vbeq v2, v4, .Lfan1_end
  vadd.vx v5, v0, s1
  vadd.vi v5, v5, 1         # row = gid + t + 1
  vmul.vx v5, v5, s0
  vadd.vx v5, v5, s1
  vsll.vi v5, v5, 2         # byte offset of element (row, t)
  vadd.vx v6, v5, t2
  vlw12.v v6, 0(v6)         # a[row][t]
  mul t4, s1, s0
  add t4, t4, s1
  slli t4, t4, 2
  add t4, t4, t2
  lw t4, 0(t4)              # pivot a[t][t] (uniform: scalar load)
  vmv.v.x v7, t4
  vfdiv.vv v6, v6, v7
  vadd.vx v5, v5, t0
  vsw12.v v6, 0(v5)         # m[row][t]
.Lfan1_end:
  join zero, zero, 0
  ret

  .globl Fan2
  .type Fan2, @function
Fan2:
  lw t0, 0(a0)              # m
  lw t2, 4(a0)              # a
  lw a7, 8(a0)              # b
  lw s0, 12(a0)             # size
  lw s1, 16(a0)             # t
  csrr a3, knl
  lw a4, 24(a3)             # KNL_LC_SIZE_X
  lw a1, 28(a3)             # KNL_LC_SIZE_Y
  mul a2, a4, a1            # work-group size
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6        # local linear id L
  vmsltu.vx v2, v1, a2
  vremu.vx v10, v1, a4      # local x
  vdivu.vx v11, v1, a4      # local y
  csrr a5, gidx
  mul a5, a5, a4
  vadd.vx v10, v10, a5      # global x
  csrr a5, gidy
  mul a5, a5, a1
  vadd.vx v11, v11, a5      # global y
  not t3, s1
  add t3, t3, s0            # size - 1 - t
  vmslt.vx v3, v10, t3
  vand.vv v2, v2, v3
  sub t3, s0, s1            # size - t
  vmslt.vx v3, v11, t3
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
  lui s2, 524288            # float sign bit
.Lpcrel_f2a:
  auipc t1, 0
  setrpc zero, t1, .Lfan2_end - .Lpcrel_f2a
  vbeq v2, v4, .Lfan2_end
  vadd.vx v5, v10, s1
  vadd.vi v5, v5, 1         # row = x + 1 + t
  vmul.vx v5, v5, s0        # row * size
  vadd.vx v6, v5, s1
  vsll.vi v6, v6, 2
  vadd.vx v6, v6, t0
  vlw12.v v7, 0(v6)         # m[row][t]
  vxor.vx v7, v7, s2        # -m
  vadd.vx v8, v11, s1       # column y + t
  mul t4, s1, s0
  vadd.vx v9, v8, t4
  vsll.vi v9, v9, 2
  vadd.vx v9, v9, t2
  vlw12.v v9, 0(v9)         # a[t][y+t]
  vadd.vv v12, v5, v8
  vsll.vi v12, v12, 2
  vadd.vx v12, v12, t2
  vlw12.v v13, 0(v12)       # a[row][y+t]
  vfmadd.vv v9, v7, v13     # -m * a[t][y+t] + a[row][y+t]  (one rounding)
  vsw12.v v9, 0(v12)
.Lpcrel_f2b:
  auipc t1, 0
  setrpc zero, t1, .Lfan2_end - .Lpcrel_f2b
  vbne v11, v4, .Lfan2_end  # only the y == 0 threads update b
  slli t4, s1, 2
  add t4, t4, a7
  lw t4, 0(t4)              # b[t]
  vmv.v.x v13, t4
  vadd.vx v14, v10, s1
  vadd.vi v14, v14, 1
  vsll.vi v14, v14, 2
  vadd.vx v14, v14, a7
  vlw12.v v15, 0(v14)       # b[row]
  vfmacc.vv v15, v7, v13    # b[row] + (-m) * b[t]
  vsw12.v v15, 0(v14)
.Lfan2_end:
  join zero, zero, 0
  ret
