# spin: a kernel that never ends (the debugger tests interrupt it with Ctrl-C).
    .text
    .globl spin
    .type spin, @function
spin:
    addi    t0, t0, 1
    j       spin
