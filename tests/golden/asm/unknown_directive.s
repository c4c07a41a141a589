# A typo in a directive.
    .wrod 1
