// run_semantics: executes one instruction's semantics as the engine does, honouring the
// modifiers a regpair/pre_m_*/prefix armed for it (ISA.md §5.13-§5.16).
#pragma once

#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional {

// The row's own function, or after a prefix that changes the instruction's meaning the
// modified executor (semantics/modifiers_*.cpp). One byte test on the hot path.
template <class Context>
[[gnu::always_inline]] inline void run_semantics(Context& ctx, const Insn& insn) {
  using Policy = typename Context::PolicyType;
  if (ctx.warp().ext.modifier != 0) [[unlikely]] {
    semantics::modified_function(Policy{})(ctx, insn);
  } else {
    insn.template exec<Policy>()(ctx, insn);
  }
}

}  // namespace ventus::functional
