# ret takes no operands.
    ret a0
