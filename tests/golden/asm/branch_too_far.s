# A branch beyond the 13-bit offset range.
    beq a0, a1, far
    .space 8192
far:
    nop
