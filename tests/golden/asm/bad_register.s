# Register numbers stop at x255.
    lw a0, 0(x300)
