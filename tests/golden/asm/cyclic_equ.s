# Two constants defined in terms of each other.
    .equ A, B
    .equ B, A
    li a0, A
