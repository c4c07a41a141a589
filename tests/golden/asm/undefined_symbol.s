# Jump to a label that is never defined.
    j nowhere
