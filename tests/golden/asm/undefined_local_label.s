# A backward reference with no earlier numeric label.
    j 1b
1:
    nop
