// ExecutedInstr: what one warp-instruction did, for observers (commit log, cycle model, traces).
#pragma once

#include <cstdint>
#include <vector>

#include "functional/warp_state.hpp"

namespace ventus::functional {

// DESIGN.md §2.2: built only when someone observes; the fast path builds nothing.
struct RegWrite {
  enum class Kind : uint8_t { X, F, Csr, V } kind;
  uint16_t index;  // register or CSR number
  uint32_t value;  // X/F/Csr value (V: see vector_values)
};

struct MemAccess {
  uint32_t addr;
  uint32_t value;  // stored value (writes)
  uint8_t size;    // bytes
  bool is_write;
};

struct ExecutedInstr {
  unsigned warp = 0;  // warp id in the work-group (REF hart)
  uint32_t pc = 0;
  uint32_t word = 0;
  LaneMask mask_before = 0;
  LaneMask mask_after = 0;
  std::vector<RegWrite> writes;     // in execution order
  std::vector<VReg> vector_values;  // value of each V write (parallel to V entries)
  std::vector<MemAccess> mem;       // in execution order, ascending lanes
  bool vector_header = false;       // REF prints " e32 m1 lN" (passed require_vector)
  bool simt_dump = false;           // REF prints the SIMT dump (opcode 0x5B)
  uint32_t stk_npc = 0;
  std::vector<SimtEntry> simt_stack;  // after the instruction, bottom first
  uint32_t vl = 0, vtype = 0;

  void clear() {
    writes.clear();
    vector_values.clear();
    mem.clear();
    simt_stack.clear();
    vector_header = simt_dump = false;
  }
};

}  // namespace ventus::functional
