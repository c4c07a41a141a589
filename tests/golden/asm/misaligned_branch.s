# A branch to the middle of an instruction.
    beq a0, a1, target + 2
    nop
target:
    nop
