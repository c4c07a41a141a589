# An instruction after an odd number of data bytes.
    .byte 1
    nop
