# .bss holds no initialised data.
    .bss
    .word 1
