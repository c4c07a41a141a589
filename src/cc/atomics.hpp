// IR rewrite of atomics into one-lane-at-a-time loops (docs/opencl.md "Atomics").
#pragma once

namespace llvm {
class Function;
}

namespace ventus::cc {

// The Ventus AMOs are scalar (RV32A, ISA.md §4.1): each work-item's atomic must run alone.
// Every atomicrmw/cmpxchg becomes a loop in which the highest active lane (vmv.x.s, ISA.md
// §4.2) performs its operation with uniform operands and leaves, until no lane is left.
void expand_atomics(llvm::Function& f);

}  // namespace ventus::cc
