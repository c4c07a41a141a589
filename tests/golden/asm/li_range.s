# li takes a 32-bit value.
    li a0, 0x100000000
