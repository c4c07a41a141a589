# count_down: every warp counts its argument (u32) down to zero, then ends: a run as long as
# the argument asks, for the progress-line test (tests/progress/progress_check.py).
    .text
    .globl count_down
    .type count_down, @function
count_down:
    lw      t0, 0(a0)               # the count
.Lloop:
    addi    t0, t0, -1
    bne     t0, zero, .Lloop
    ret
