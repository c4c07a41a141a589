// Register allocation: liveness over the machine CFG and linear scan with lifetime holes.
#pragma once

#include "cc/mir.hpp"
#include "common/result.hpp"

namespace ventus::cc {

// Physical registers the allocator hands out, and the calling convention around them.
struct RegisterUse {
  uint32_t max_scalar = 0;  // highest x register used + 1 (sgpr usage)
  uint32_t max_vector = 0;  // highest v register used + 1 (vgpr usage)
  std::vector<int32_t> callee_saved_scalars;  // that a non-kernel function must preserve
  std::vector<int32_t> callee_saved_vectors;
};

// Assigns a physical register to every virtual register of `f` and rewrites the operands
// (MOperand::reg becomes the register number of its class); copies between equal registers
// disappear. Values live across a call get callee-saved registers (x8, x9, x18-x27,
// v32-v47); the scalar values one side of a vbranch needs stay untouched by the other side.
// There is no spilling: a function that needs more registers than the 63 scalar and 256
// vector ones is refused with a message naming it.
Result<RegisterUse> allocate_registers(MFunction& f);

}  // namespace ventus::cc
