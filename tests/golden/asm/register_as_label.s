# A register name used as a label.
a0:
    nop
