# Several mistakes: every one is reported, in source order.
    addi a0, a0, 4096
    jal missing
    vlw12.v v1, 0(a0)
    sub a0, a1, a2, a3
