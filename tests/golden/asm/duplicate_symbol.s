# The same label twice.
loop:
    nop
loop:
    j loop
