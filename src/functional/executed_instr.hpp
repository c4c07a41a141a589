// ExecutedInstr: what one warp-instruction did, for observers (commit log, cycle model, traces).
#pragma once

#include <cstdint>
#include <vector>

#include "functional/reg_operands.hpp"
#include "functional/warp_state.hpp"
#include "isa/insn_table.hpp"

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
  int8_t lane = -1;  // the lane of a per-lane access; -1: a scalar access (the whole warp)
};

struct ExecutedInstr {
  unsigned warp = 0;      // warp id in the work-group (REF hart)
  uint32_t group = 0;     // linear id of the work-group (several run at once in some schedules)
  uint8_t event = 0;      // the WarpEvent the instruction signalled (exec_context.hpp)
  uint32_t released = 0;  // warps (bit per index) a barrier or endprg released, after it retired
  uint32_t pc = 0;
  uint32_t word = 0;
  LaneMask mask_before = 0;
  LaneMask mask_after = 0;
  std::vector<RegWrite> writes;     // in execution order
  std::vector<VReg> vector_values;  // value of each V write (parallel to V entries)
  std::vector<MemAccess> mem;       // in execution order, ascending lanes
  const isa::InsnRow* row = nullptr;
  // The registers read and written (regext applied, as the cycle model sees them), the lanes
  // the instruction ran (vector rows: SIMT mask, i < vl and v0 when masked; others: the SIMT
  // mask) and whether v0.t masked it (then v0 is read as a bit-packed mask, §2.4).
  RegOperands operands;
  LaneMask lanes = 0;
  bool masked = false;
  uint32_t next_pc = 0;
  // SIMT rows (vbranch, join, setrpc): the stack depth before and the stack after, bottom
  // first; empty for other rows.
  uint32_t simt_depth_before = 0;
  std::vector<SimtEntry> simt_stack;
  uint32_t vl = 0, vtype = 0;

  void clear() {
    writes.clear();
    vector_values.clear();
    mem.clear();
    simt_stack.clear();
  }
};

}  // namespace ventus::functional
