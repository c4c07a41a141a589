# Sanitizer test (docs/sanitizers.md): out[L] = L + v3 for work-item L. read_unwritten_vreg
# adds v3, which no instruction of the warp wrote (init: an uninitialised register, the kind
# of bug a compiler makes); read_written_vreg sets v3 first (clean). Arguments (ISA.md §7.2):
# 0 out (int*).
    .text
    .globl read_written_vreg
    .type read_written_vreg, @function
read_written_vreg:
    vmv.v.i v3, 1
    j       vreg_body

    .globl read_unwritten_vreg
    .type read_unwritten_vreg, @function
read_unwritten_vreg:
    nop

# Shared tail: v3 is the addend.
vreg_body:
    lw      a1, 0(a0)               # out
    csrr    t4, tid
    vid.v   v0
    vadd.vx v0, v0, t4              # local id L
    vadd.vv v2, v0, v3              # L + v3: the planted read
    vsll.vi v1, v0, 2
    vadd.vx v1, v1, a1
    vsw12.v v2, 0(v1)               # out[L]
    ret
