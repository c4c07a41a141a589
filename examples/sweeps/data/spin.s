# spin: a kernel that never ends (a scalar loop without exit), for the time limit of a sweep
# point (examples/sweeps/limits.toml). It takes no arguments.
    .text
    .globl spin
    .type spin, @function
spin:
    li      t0, 0
.Lloop:
    addi    t0, t0, 1
    j       .Lloop
