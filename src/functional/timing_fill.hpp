// Filling a TimingRecord around one step: registers and memory kind before execution,
// lanes, addresses and SIMT effect after it (timing_record.hpp).
#pragma once

#include <cstddef>

#include "functional/insn.hpp"
#include "functional/timing_record.hpp"
#include "functional/warp_state.hpp"

namespace ventus::functional {

// The registers `insn` reads and writes with the prefix `ext` applied (§5.5).
RegOperands register_operands(const Insn& insn, const RegExt& ext);
// The registers as `warp` executes `insn`: the predecoded ones unless a prefix is active (a
// stale one was cleared at retirement).
inline RegOperands effective_operands(const Insn& insn, const WarpState& warp) {
  return warp.ext.active ? register_operands(insn, warp.ext) : insn.operands;
}
// The memory operation of a row (none, load, store or atomic).
MemOp mem_op_of(const isa::InsnRow& row);

// Row, pc, word, the effective source and destination registers (regext applied, §5.5)
// and the memory operation; clears the dynamic fields.
void fill_timing_before(TimingRecord& record, const WarpState& warp, const Insn& insn);

// Next pc, executing lanes, which lanes the recorded addresses belong to, SIMT push/pop.
void fill_timing_after(TimingRecord& record, const WarpState& warp, LaneMask lanes,
                       size_t simt_depth_before);

}  // namespace ventus::functional
