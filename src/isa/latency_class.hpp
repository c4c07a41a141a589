// Latency classes of floating-point rows (the FPU's pipelines differ by operation, TIMING.md
// §7): the table's own knowledge, so no layer above compares mnemonics.
#pragma once

#include <cstdint>

#include "isa/insn_table.hpp"

namespace ventus::isa {

enum class FpLatencyClass : uint8_t { AddMul, Fma, Other, Sqrt };

// For rows of unit Fpu, VFpu, FpuDivSqrt and VFpuDivSqrt; Other for the rest.
FpLatencyClass fp_latency_class(const InsnRow& row);

}  // namespace ventus::isa
