# nn: Rodinia NearestNeighbor — per record, the float distance to a query point.
#
#   kernel void nn(global const LatLong* locations, global float* distances,
#                  int num_records, float lat, float lng)
#     gid = get_global_id(0)
#     if (gid < num_records) {
#       dlat = lat - locations[gid].lat;  dlng = lng - locations[gid].lng;
#       distances[gid] = sqrt(fma(dlng, dlng, dlat * dlat));   // order fixed: exact check
#     }
#
# Laid out like the Ventus compiler's output: a0 = argument buffer (ISA.md §7.2), uniform
# values in scalar registers, thread ids from CSR_TID + vid.v and the metadata buffer
# (CSR_KNL, §7.1), and one setrpc/vbranch/join region guarding the out-of-range threads
# (§2.4): lanes past the local size (partial last warp) and past num_records.
  .text
  .globl nn
  .type nn, @function
nn:
  lw t0, 0(a0)              # locations (8 bytes per record: lat, lng)
  lw t2, 4(a0)              # distances
  lw t3, 8(a0)              # num_records
  lw a1, 12(a0)             # lat (float bits)
  lw a2, 16(a0)             # lng
  csrr a3, knl
  lw a4, 24(a3)             # KNL_LC_SIZE_X
  csrr a5, gidx
  mul a5, a5, a4            # first global id of this work-group
  csrr a6, tid
  vid.v v1
  vadd.vx v1, v1, a6        # local id
  vmsltu.vx v2, v1, a4      # lane inside the work-group
  vadd.vx v0, v1, a5        # global id
  vmslt.vx v3, v0, t3       # gid < num_records
  vand.vv v2, v2, v3
  vmv.v.x v4, zero
.Lpcrel_nn0:
  auipc t1, 0
  setrpc zero, t1, .Lnn_end - .Lpcrel_nn0
  vbeq v2, v4, .Lnn_end     # guarded lanes skip the body
  vsll.vi v5, v0, 3
  vadd.vx v5, v5, t0
  vlw12.v v6, 0(v5)         # record lat
  vlw12.v v7, 4(v5)         # record lng
  vmv.v.x v8, a1
  vfsub.vv v6, v8, v6       # dlat = lat - record.lat
  vmv.v.x v8, a2
  vfsub.vv v7, v8, v7       # dlng
  vfmul.vv v6, v6, v6       # dlat * dlat
  vfmacc.vv v6, v7, v7      # fma(dlng, dlng, dlat * dlat)
  vfsqrt.v v6, v6
  vsll.vi v5, v0, 2
  vadd.vx v5, v5, t2
  vsw12.v v6, 0(v5)
.Lnn_end:
  join zero, zero, 0
  ret
