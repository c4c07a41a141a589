// TimingRecord: what a cycle model needs of one executed warp-instruction, in fixed-size
// storage the caller owns (no allocation, DESIGN.md §2.3).
#pragma once

#include <array>
#include <cstdint>

#include "functional/reg_operands.hpp"
#include "functional/warp_state.hpp"
#include "isa/insn_table.hpp"

namespace ventus::functional {

// Where a memory access goes (ISA.md §8): the local window, the work-group's private
// memory (CSR_PDS range), or global memory.
enum class MemSpace : uint8_t { None, Global, Local, Private };

// How the instruction changed the SIMT stack (ISA.md §2.4).
enum class SimtOp : uint8_t { None, Push, Pop };

// The registers read and written (RegOperands, effective after regext: x0 is listed as a
// source, the collector reads its bank, but never as the destination), and the rest.
struct TimingRecord : RegOperands {
  const isa::InsnRow* row = nullptr;
  uint32_t pc = 0;
  uint32_t word = 0;
  uint32_t next_pc = 0;
  // Lanes that executed: SIMT mask, and for vector rows i < vl and v0 when masked.
  LaneMask active = 0;
  // Memory: one address per accessing lane (lanes in ascending order; a scalar access is
  // one address in lane 0's slot), the access size and the address space of the first
  // access (spaces per lane: mem_space_mask bit per MemSpace).
  MemOp mem_op = MemOp::None;
  MemSpace mem_space = MemSpace::None;
  uint8_t mem_space_mask = 0;  // bit (1 << MemSpace) for every space touched
  uint8_t access_bytes = 0;
  uint8_t address_count = 0;
  LaneMask address_lanes = 0;  // lanes whose address is in lane_address
  std::array<uint32_t, kMaxThreads> lane_address{};
  // SIMT stack effect and depth after the instruction.
  SimtOp simt_op = SimtOp::None;
  uint8_t simt_entries = 0;  // entries pushed (a divergent vbranch pushes two)
  uint8_t simt_depth = 0;
  // A regpair or a prefix with pair = 1 made it compute on 64-bit register pairs (ISA.md
  // §5.13, §5.16): the cycle model gives it the sm.units.pair_* latency.
  bool pair_prefixed = false;
  // The cache hint of a pre_m_* prefix on this access (w[18:15], ISA.md §5.15), recorded
  // for models; the LSU and L1 here do not act on it (no manual defines its values).
  uint8_t cache_hint = 0;

  void clear_dynamic() {
    source_count = 0;
    destination = {};
    mem_op = MemOp::None;
    mem_space = MemSpace::None;
    mem_space_mask = 0;
    access_bytes = 0;
    address_count = 0;
    address_lanes = 0;
    simt_op = SimtOp::None;
    simt_entries = 0;
  }
};

}  // namespace ventus::functional
