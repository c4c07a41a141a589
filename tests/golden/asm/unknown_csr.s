# A misspelt CSR name.
    csrr a0, mcycl
