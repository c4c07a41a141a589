// Executing the instruction after a regpair/pre_m_*/prefix (ISA.md §5.13-§5.16): the engine
// calls exec_modified instead of the row's own function while RegExt::modifier is set.
#pragma once

#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {

// Raises IllegalInstruction naming the prefixed instruction and the rule it breaks; false.
bool illegal_after_prefix(ExecContext& ctx, const Insn& insn, const char* rule);

void exec_memory_prefixed(ExecContext& ctx, const Insn& insn);   // modifiers_memory.cpp
void exec_pair_prefixed(ExecContext& ctx, const Insn& insn);     // modifiers_pair.cpp
void exec_abs_neg_prefixed(ExecContext& ctx, const Insn& insn);  // modifiers_compute.cpp

}  // namespace ventus::functional::semantics
