# A block comment that is never closed would silently hide the rest of the file.
    nop
    /* the end of this comment is missing
    addi a0, a0, 1
