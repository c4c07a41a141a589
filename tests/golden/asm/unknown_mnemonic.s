# A typo in a mnemonic.
    lwz a0, 0(a1)
