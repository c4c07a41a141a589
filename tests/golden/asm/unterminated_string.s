# A string without its closing quote.
    .data
    .asciz "abc
