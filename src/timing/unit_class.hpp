// UnitClass: which execution unit of the SM takes a row (issue.v routing, TIMING.md §7), its
// latency and its writeback priority (writeback.v).
#pragma once

#include <cstdint>

#include "functional/timing_record.hpp"
#include "isa/insn_table.hpp"
#include "timing/params.hpp"

namespace ventus::timing {

enum class UnitClass : uint8_t { Alu, VAlu, Csr, Mul, Fpu, Sfu, Lsu, WarpControl, Count };

UnitClass unit_class_of(const isa::InsnRow& row);

// The SFU's lane groups (`lanes_per_group` lanes each, `groups` of them) with an active lane,
// one bit per group: the groups it processes one after another.
uint32_t active_lane_groups(functional::LaneMask active, unsigned lanes_per_group, unsigned groups);

// ISSUE -> result for every unit but the LSU (memory) and warp control; the SFU takes its
// lane groups with an active lane one after another (`lanes_per_group` lanes each). A row
// on register pairs, or `pair_prefixed` (TimingRecord), takes the sm.units.pair_* latency.
uint32_t unit_latency(const isa::InsnRow& row, const UnitParams& params,
                      functional::LaneMask active, unsigned lanes_per_group,
                      bool pair_prefixed = false);

// Writeback order (lower wins): scalar sALU > FPU > LSU > CSR > SFU > MUL, vector vALU > FPU
// > LSU > SFU > MUL.
unsigned writeback_priority(UnitClass unit, functional::RegFile file);

const char* unit_class_name(UnitClass unit);

}  // namespace ventus::timing
