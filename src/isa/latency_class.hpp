// Latency classes of floating-point rows (the FPU's pipelines differ by operation, TIMING.md
// §7): the table's own knowledge, so no layer above compares mnemonics.
#pragma once

#include <cstdint>
#include <optional>

#include "isa/insn_table.hpp"

namespace ventus::isa {

enum class FpLatencyClass : uint8_t { AddMul, Fma, Other, Sqrt };

// For rows of unit Fpu, VFpu, FpuDivSqrt and VFpuDivSqrt; Other for the rest.
FpLatencyClass fp_latency_class(const InsnRow& row);

// An integer division row (units Div and VDiv), whose divider time depends on its operands
// (TIMING.md §7): the dividend is rs1 (scalar rows) or vs2, the divisor rs2, vs1 or, for
// the .vx forms, the scalar rs1.
struct IntDivisionForm {
  bool is_signed = false;
  bool vector = false;
  bool scalar_divisor = false;
};
std::optional<IntDivisionForm> int_division_form(const InsnRow& row);

}  // namespace ventus::isa
