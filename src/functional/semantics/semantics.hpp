// One semantics function per instruction-table row (DESIGN.md §2.1): a missing one is a link error.
#pragma once

#include "functional/insn.hpp"
#include "isa/insn_id.hpp"

namespace ventus::functional::semantics {

#define VENTUS_INSN(id, mnemonic, pattern, syntax, ref_syntax, unit, flags) \
  void exec_##id(ExecContext& ctx, const Insn& insn);
#include "isa/defs/all.def"
#undef VENTUS_INSN

// Executes an undecodable word: raises IllegalInstruction.
void exec_illegal(ExecContext& ctx, const Insn& insn);

// The semantics function of every row, indexed by InsnId.
ExecFn exec_function(isa::InsnId id);

}  // namespace ventus::functional::semantics
