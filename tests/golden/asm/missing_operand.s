# add needs three operands.
    add a0, a1
