# GNU as directives that are not implemented are named as such, not "corrected".
    .include "other.s"
