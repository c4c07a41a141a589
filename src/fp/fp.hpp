// Umbrella header of the fp layer: bit-exact RISC-V F-extension binary32 arithmetic as
// pure functions on raw 32-bit register values (Zfinx, ISA.md §2), plus vfexp (§5.8).
#pragma once

#include <cstdint>

#include "fp/arith.hpp"
#include "fp/compare.hpp"
#include "fp/convert.hpp"
#include "fp/fma.hpp"
#include "fp/types.hpp"

namespace ventus::fp {

// vfexp (ISA.md §5.8): exactly what REF does, i.e. the host libm `exp` applied to the
// operand converted to double, then rounded to float in the current host rounding mode
// (the default, round-to-nearest). No fflags are produced and NaNs are NOT
// canonicalised (a NaN input comes back quieted with its payload, as on REF's host).
// Results are only as portable as the host libm (glibc's exp is deterministic).
uint32_t fexp(uint32_t a);

}  // namespace ventus::fp
