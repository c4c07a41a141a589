// The SFU's integer divider (TIMING.md §7, int_div.v): how long a division holds it, from the
// operand values, since the divider iterates once per quotient bit.
#pragma once

#include <array>
#include <cstdint>

#include "functional/timing_record.hpp"
#include "functional/warp_state.hpp"
#include "isa/latency_class.hpp"
#include "timing/params.hpp"

namespace ventus::timing {

// Cycles one lane's division holds its divider, from its acceptance to the next acceptance:
// at once for a zero divisor or signed overflow, after one compare when the dividend's
// magnitude is below the divisor's, else one cycle per quotient bit (the leading-zero
// difference of the magnitudes plus one) on top of the fixed states.
uint32_t int_div_lane_cycles(uint32_t dividend, uint32_t divisor, bool is_signed,
                             const UnitParams& params);

// Each lane's divider cycles, read from the warp's registers before the instruction executes
// (it may overwrite its operands); a scalar row's division is lane 0's.
using LaneDivCycles = std::array<uint32_t, functional::kMaxThreads>;
LaneDivCycles int_div_cycles_by_lane(const isa::IntDivisionForm& form,
                                     const functional::TimingRecord& record,
                                     const functional::WarpState& warp, const UnitParams& params);

struct DivisionTiming {
  isa::IntDivisionForm form;
  LaneDivCycles lanes;
};

// ISSUE -> result of an integer division on the SFU: the lane groups with an active lane one
// after another, each as long as its slowest lane (every divider of a group runs, on active
// and inactive lanes alike).
uint32_t int_division_latency(const isa::IntDivisionForm& form, const LaneDivCycles& lanes,
                              functional::LaneMask active, unsigned lanes_per_group,
                              const UnitParams& params);

}  // namespace ventus::timing
