// UnitClass: routing by the row's unit, latencies and writeback priorities.
#include "timing/unit_class.hpp"

#include <bit>

#include "isa/latency_class.hpp"

namespace ventus::timing {

using isa::Unit;

UnitClass unit_class_of(const isa::InsnRow& row) {
  switch (row.unit) {
    case Unit::Mul:
    case Unit::VMul:
      return UnitClass::Mul;
    case Unit::Div:
    case Unit::VDiv:
    case Unit::FpuDivSqrt:
    case Unit::VFpuDivSqrt:
    case Unit::Sfu:
    case Unit::Tensor:
      return UnitClass::Sfu;
    case Unit::Csr:
    case Unit::VConfig:
    case Unit::Fence:
      return UnitClass::Csr;
    case Unit::Lsu:
    case Unit::Atomic:
    case Unit::VLsu:
      return UnitClass::Lsu;
    case Unit::Fpu:
    case Unit::VFpu:
      return UnitClass::Fpu;
    case Unit::VAlu:
      return UnitClass::VAlu;
    case Unit::Simt:  // vbranch and join compare in the vALU; setrpc is scalar
      return row.has(isa::flag::kVBranch | isa::flag::kJoin) ? UnitClass::VAlu : UnitClass::Alu;
    case Unit::Barrier:
    case Unit::Control:
      return UnitClass::WarpControl;
    default:
      return UnitClass::Alu;
  }
}

uint32_t active_lane_groups(functional::LaneMask active, unsigned lanes_per_group,
                            unsigned groups) {
  const unsigned width = lanes_per_group == 0 ? 1 : lanes_per_group;
  uint32_t with_lanes = 0;
  for (unsigned g = 0; g < groups && g < 32 && g * width < functional::kMaxThreads; ++g) {
    const uint64_t group_mask = ((uint64_t{1} << width) - 1) << (g * width);
    if ((active & group_mask) != 0) with_lanes |= 1u << g;
  }
  return with_lanes;
}

uint32_t unit_latency(const isa::InsnRow& row, const UnitParams& p, functional::LaneMask active,
                      unsigned lanes_per_group, bool pair_prefixed) {
  const bool pair = pair_prefixed || row.has(isa::flag::kPairOperands);
  switch (unit_class_of(row)) {
    case UnitClass::Alu:
      return pair ? p.pair_alu_cycles : p.alu_cycles;
    case UnitClass::VAlu:
      return pair ? p.pair_valu_cycles : p.valu_cycles;
    case UnitClass::Csr:
      return p.csr_cycles;
    case UnitClass::Mul:
      return pair ? p.pair_mul_cycles : p.mul_cycles;
    case UnitClass::Fpu:
      switch (isa::fp_latency_class(row)) {
        case isa::FpLatencyClass::AddMul:
          return p.fpu_add_cycles;
        case isa::FpLatencyClass::Fma:
          return p.fpu_fma_cycles;
        default:
          return p.fpu_other_cycles;
      }
    case UnitClass::Sfu: {
      const functional::LaneMask lanes = row.has(isa::flag::kVector) ? active : 1u;
      const auto groups = static_cast<uint32_t>(
          std::popcount(active_lane_groups(lanes, lanes_per_group, p.sfu_lane_groups)));
      const bool sqrt = isa::fp_latency_class(row) == isa::FpLatencyClass::Sqrt;
      return p.sfu_overhead_cycles +
             groups * (sqrt ? p.sfu_sqrt_cycles_per_group : p.sfu_fdiv_cycles_per_group);
    }
    default:
      return 1;
  }
}

unsigned writeback_priority(UnitClass unit, functional::RegFile file) {
  const bool vector = file == functional::RegFile::Vector;
  switch (unit) {
    case UnitClass::Alu:
    case UnitClass::VAlu:
      return 0;
    case UnitClass::Fpu:
      return 1;
    case UnitClass::Lsu:
      return 2;
    case UnitClass::Csr:
      return vector ? 2 : 3;
    case UnitClass::Sfu:
      return vector ? 3 : 4;
    case UnitClass::Mul:
      return vector ? 4 : 5;
    default:
      return 6;
  }
}

const char* unit_class_name(UnitClass unit) {
  static constexpr const char* kNames[] = {"alu", "valu", "csr", "mul",
                                           "fpu", "sfu",  "lsu", "warp_control"};
  return kNames[static_cast<unsigned>(unit)];
}

}  // namespace ventus::timing
