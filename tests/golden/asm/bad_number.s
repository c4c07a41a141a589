# A malformed hexadecimal number.
    li a0, 0x12g
