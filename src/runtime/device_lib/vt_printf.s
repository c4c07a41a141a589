# vt_printf: the device side of kernel printf (docs/printf.md, ISA.md §7.7).
#
# Call:  a0 = address of a NUL-terminated format string (uniform),
#        a1 = number of arguments (0..8, uniform),
#        v0..v7 = the arguments, one value per thread (integers, pointers, float bits).
#        `call vt_printf` clobbers ra: save it on the scalar stack first.
# Clobbers t0-t6, a1, v8, v9. Every active thread contributes one message.
#
# Record written at this warp's slot of the print buffer (slot = BUFFER_SIZE / numw bytes,
# warp w at BUFFER_ADDR + w * slot), all words little-endian:
#   word 0            format string address
#   word 1            argument count n (clamped to what fits the slot)
#   words 2..         numt words: lane i writes its local linear id (CSR_TID + i); lanes that
#                     are not active leave the host's 0xffffffff
#   then n rows       of numt words: row k, lane i = argument k of thread i
# Then the warp writes 1 to CSR_PRINT; the host drains the slot, refills it with 0xffffffff
# and clears CSR_PRINT before the warp continues.
    .text
    .globl vt_printf
    .type vt_printf, @function
vt_printf:
    la      t0, BUFFER_ADDR
    lw      t1, 0(t0)                   # print buffer address (KNL_PRINT_ADDR)
    la      t0, BUFFER_SIZE
    lw      t2, 0(t0)                   # print buffer size (KNL_PRINT_SIZE)
    beqz    t1, .Lvt_printf_ret         # the host gave no print buffer
    csrr    t3, numw
    divu    t2, t2, t3
    andi    t2, t2, -4                  # slot bytes per warp
    csrr    t4, wid
    mul     t4, t4, t2
    add     t1, t1, t4                  # this warp's slot
    csrr    t5, numt
    srli    t2, t2, 2
    addi    t2, t2, -2                  # words left after the two header words
    divu    t2, t2, t5                  # rows of numt words that fit
    beqz    t2, .Lvt_printf_ret         # not even the lane ids fit
    addi    t2, t2, -1                  # argument rows that fit
    bgeu    t2, a1, .Lvt_printf_fits
    mv      a1, t2
.Lvt_printf_fits:
    li      t6, 8
    bgeu    t6, a1, .Lvt_printf_header
    li      a1, 8
.Lvt_printf_header:
    sw      a0, 0(t1)
    sw      a1, 4(t1)
    addi    t1, t1, 8
    vid.v   v8
    vsll.vi v8, v8, 2
    vadd.vx v8, v8, t1                  # lane i -> its word of the id row
    csrr    t6, tid
    vid.v   v9
    vadd.vx v9, v9, t6                  # local linear id
    vsw12.v v9, 0(v8)
    slli    t5, t5, 2                   # row bytes
    li      t6, 0
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v0, 0(v8)
    li      t6, 1
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v1, 0(v8)
    li      t6, 2
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v2, 0(v8)
    li      t6, 3
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v3, 0(v8)
    li      t6, 4
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v4, 0(v8)
    li      t6, 5
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v5, 0(v8)
    li      t6, 6
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v6, 0(v8)
    li      t6, 7
    beq     a1, t6, .Lvt_printf_done
    vadd.vx v8, v8, t5
    vsw12.v v7, 0(v8)
.Lvt_printf_done:
    li      t6, 1
    csrw    print, t6                   # message complete: the host drains it now
.Lvt_printf_ret:
    ret
