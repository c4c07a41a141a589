// One semantics function per instruction-table row (DESIGN.md §2.1): a missing one is a link error.
#pragma once

#include "functional/insn.hpp"
#include "isa/insn_id.hpp"

namespace ventus::functional::semantics {

// The dispatch table of each record policy (dispatch.cpp is compiled once per policy).
ExecFn<NoRecord> exec_function(isa::InsnId id, NoRecord);
ExecFn<TimingPolicy> exec_function(isa::InsnId id, TimingPolicy);
ExecFn<CommitPolicy> exec_function(isa::InsnId id, CommitPolicy);
// The function executing an undecodable word (raises IllegalInstruction).
ExecFn<NoRecord> illegal_function(NoRecord);
ExecFn<TimingPolicy> illegal_function(TimingPolicy);
ExecFn<CommitPolicy> illegal_function(CommitPolicy);
// The function of an instruction that follows a prefix word (regext/regpair/pre_m_*/prefix,
// ISA.md §5.5, §5.13-§5.16): the modified executor while a prefix armed RegExt::modifier,
// else the row's own function. Only these instructions test the modifier (predecode).
ExecFn<NoRecord> after_prefix_function(NoRecord);
ExecFn<TimingPolicy> after_prefix_function(TimingPolicy);
ExecFn<CommitPolicy> after_prefix_function(CommitPolicy);

#ifdef VENTUS_EXEC_POLICY
#define VENTUS_INSN(id, mnemonic, pattern, syntax, ref_syntax, unit, flags) \
  void exec_##id(ExecContext& ctx, const Insn& insn);
#include "isa/defs/all.def"
#undef VENTUS_INSN

// Executes an undecodable word: raises IllegalInstruction.
void exec_illegal(ExecContext& ctx, const Insn& insn);
// Executes `insn` as the armed regpair/pre_m_*/prefix modifies it.
void exec_modified(ExecContext& ctx, const Insn& insn);
// Executes `insn` with its row's own function (the modified executors call it).
void exec_own_row(ExecContext& ctx, const Insn& insn);
#endif

}  // namespace ventus::functional::semantics
