// int_div.v's states per lane (IDLE, PRE, COMPUTE per quotient bit, RECOVERY, FINISH) and
// sfu_exe.v's lane groups, turned into cycles.
#include "timing/sfu_divider.hpp"

#include <algorithm>
#include <bit>

#include "timing/unit_class.hpp"

namespace ventus::timing {
namespace {

using functional::RegFile;
using functional::RegRef;

uint32_t magnitude(uint32_t value, bool is_signed) {
  return is_signed && (value >> 31) != 0 ? ~value + 1 : value;
}

// The record's source in `file` whose low five index bits are the instruction field `field`
// (the rest is the regext extension), other than `not_this` when another one matches.
const RegRef* source_of(const functional::TimingRecord& r, RegFile file, uint32_t field,
                        const RegRef* not_this) {
  const RegRef* found = nullptr;
  for (unsigned k = 0; k < r.source_count; ++k) {
    const RegRef& s = r.sources[k];
    if (s.file != file || (s.index & 31u) != field) continue;
    if (&s != not_this) return &s;
    found = &s;
  }
  return found;
}

uint32_t value_of(const functional::WarpState& warp, const RegRef* reg, unsigned lane) {
  if (reg == nullptr) return 0;
  return reg->file == RegFile::Vector ? warp.v[reg->index].lane[lane] : warp.x[reg->index];
}

}  // namespace

uint32_t int_div_lane_cycles(uint32_t dividend, uint32_t divisor, bool is_signed,
                             const UnitParams& p) {
  const bool overflow = is_signed && dividend == 0x80000000u && divisor == 0xffffffffu;
  if (divisor == 0 || overflow) return p.sfu_int_div_special_cycles;
  const uint32_t a = magnitude(dividend, is_signed);
  const uint32_t d = magnitude(divisor, is_signed);
  if (a < d) return p.sfu_int_div_small_cycles;
  const auto quotient_bits = static_cast<uint32_t>(std::countl_zero(d) - std::countl_zero(a) + 1);
  return p.sfu_int_div_base_cycles + quotient_bits;
}

LaneDivCycles int_div_cycles_by_lane(const isa::IntDivisionForm& form,
                                     const functional::TimingRecord& r,
                                     const functional::WarpState& warp, const UnitParams& p) {
  // Scalar rows: rs1 / rs2; vector rows: vs2 / vs1, or vs2 / rs1 for the .vx forms.
  const uint32_t rs1_field = (r.word >> 15) & 31u;
  const uint32_t rs2_field = (r.word >> 20) & 31u;
  const RegFile file = form.vector ? RegFile::Vector : RegFile::Scalar;
  const RegRef* dividend = source_of(r, file, form.vector ? rs2_field : rs1_field, nullptr);
  const RegFile divisor_file = form.scalar_divisor ? RegFile::Scalar : RegFile::Vector;
  const RegRef* divisor = source_of(r, divisor_file, form.vector ? rs1_field : rs2_field, dividend);
  LaneDivCycles cycles{};
  const unsigned lanes = form.vector ? functional::kMaxThreads : 1u;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    cycles[lane] = int_div_lane_cycles(value_of(warp, dividend, lane),
                                       value_of(warp, divisor, lane), form.is_signed, p);
  }
  return cycles;
}

uint32_t int_division_latency(const isa::IntDivisionForm& form, const LaneDivCycles& lanes,
                              functional::LaneMask active, unsigned lanes_per_group,
                              const UnitParams& p) {
  if (!form.vector) return p.sfu_overhead_cycles + lanes[0];
  const unsigned width = std::max(1u, lanes_per_group);
  uint32_t cycles = p.sfu_overhead_cycles;
  for (uint32_t groups = active_lane_groups(active, width, p.sfu_lane_groups); groups != 0;
       groups &= groups - 1) {
    const unsigned first = static_cast<unsigned>(std::countr_zero(groups)) * width;
    const unsigned end = std::min(first + width, functional::kMaxThreads);
    cycles += *std::max_element(lanes.begin() + first, lanes.begin() + end);
  }
  return cycles;
}

}  // namespace ventus::timing
