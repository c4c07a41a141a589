# addi takes a signed 12-bit immediate.
    addi a0, a0, 5000
