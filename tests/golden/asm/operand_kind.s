# A scalar register where vadd.vv needs a vector register.
    vadd.vv v1, a0, v2
