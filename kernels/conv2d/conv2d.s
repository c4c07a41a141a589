# conv2d: 2-D convolution of a float image with a K x K mask (K odd), zero padding.
#
#   kernel void conv2d(global const float* in, global const float* mask, global float* out,
#                      int width, int height, int k)
#     x = get_global_id(0); y = get_global_id(1)            // 2-D ND-range
#     if (x < width && y < height) {
#       float acc = 0; r = k / 2;
#       for (i = 0; i < k; i++)
#         for (j = 0; j < k; j++) {
#           yy = y + i - r; xx = x + j - r;
#           if ((unsigned)yy < height && (unsigned)xx < width)   // divergent at the borders
#             acc = fma(in[yy*width + xx], mask[i*k + j], acc);
#         }
#       out[y*width + x] = acc;
#     }
#
# The taps are accumulated in a fixed order with one rounding each (vfmacc.vf), so the CPU
# reference uses std::fma in the same order and the results compare exactly. Loop
# counters and the mask value are uniform (scalar registers); the border test is a
# divergent branch per tap with its own join (ISA.md §2.4).
  .text
  .globl conv2d
  .type conv2d, @function
conv2d:
  lw t0, 0(a0)              # in
  lw t2, 4(a0)              # mask
  lw t3, 8(a0)              # out
  lw s0, 12(a0)             # width
  lw s1, 16(a0)             # height
  lw s2, 20(a0)             # k
  csrr a3, knl
  lw a4, 24(a3)             # KNL_LC_SIZE_X
  lw a1, 28(a3)             # KNL_LC_SIZE_Y
  mul a2, a4, a1
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6        # local linear id
  vmsltu.vx v2, v1, a2
  vremu.vx v10, v1, a4
  vdivu.vx v11, v1, a4
  csrr a5, gidx
  mul a5, a5, a4
  vadd.vx v10, v10, a5      # x
  csrr a5, gidy
  mul a5, a5, a1
  vadd.vx v11, v11, a5      # y
  vmslt.vx v3, v10, s0
  vand.vv v2, v2, v3
  vmslt.vx v3, v11, s1
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
.Lpcrel_cv0:
  auipc t1, 0
  setrpc zero, t1, .Lcv_end - .Lpcrel_cv0
  vbeq v2, v4, .Lcv_end
  vmv.v.x v8, zero          # acc = +0.0
  srai s3, s2, 1            # r
  li s4, 0                  # i
  mv s6, t2                 # &mask[i*k + j]
.Lcv_rows:
  sub t4, s4, s3
  vadd.vx v12, v11, t4      # yy
  vmsltu.vx v13, v12, s1
  vmul.vx v12, v12, s0      # yy * width
  li s5, 0                  # j
.Lcv_cols:
  sub t4, s5, s3
  vadd.vx v14, v10, t4      # xx
  vmsltu.vx v15, v14, s0
  vand.vv v15, v15, v13     # tap inside the image
.Lpcrel_cv1:
  auipc t1, 0
  setrpc zero, t1, .Lcv_tap_end - .Lpcrel_cv1
  vbeq v15, v4, .Lcv_tap_end
  vadd.vv v14, v14, v12
  vsll.vi v14, v14, 2
  vadd.vx v14, v14, t0
  vlw12.v v16, 0(v14)
  lw t5, 0(s6)              # mask value (uniform)
  vfmacc.vf v8, t5, v16     # acc = fma(mask, in, acc)
.Lcv_tap_end:
  join zero, zero, 0
  addi s6, s6, 4
  addi s5, s5, 1
  blt s5, s2, .Lcv_cols
  addi s4, s4, 1
  blt s4, s2, .Lcv_rows
  vmul.vx v5, v11, s0
  vadd.vv v5, v5, v10
  vsll.vi v5, v5, 2
  vadd.vx v5, v5, t3
  vsw12.v v8, 0(v5)
.Lcv_end:
  join zero, zero, 0
  ret
