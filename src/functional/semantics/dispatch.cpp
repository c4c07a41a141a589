// Dispatch table from InsnId to semantics function, generated from the instruction table
// (compiled once per record policy).
#include <fmt/format.h>

#include <array>

#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {

void exec_illegal(ExecContext& ctx, const Insn& insn) {
  ctx.raise(TrapKind::IllegalInstruction, 0,
            fmt::format("illegal instruction 0x{:08x}", insn.word));
}

ExecFn<VENTUS_EXEC_POLICY> illegal_function(VENTUS_EXEC_POLICY) {
  return &exec_illegal;
}

namespace {
// An instruction after a prefix word: the one place that tests the modifier, so the rest of
// the program pays nothing for the prefixes (DESIGN.md §2.4).
void exec_after_prefix(ExecContext& ctx, const Insn& insn) {
  if (ctx.warp().ext.modifier != 0) return exec_modified(ctx, insn);
  exec_own_row(ctx, insn);
}
}  // namespace

ExecFn<VENTUS_EXEC_POLICY> after_prefix_function(VENTUS_EXEC_POLICY) {
  return &exec_after_prefix;
}

void exec_own_row(ExecContext& ctx, const Insn& insn) {
  exec_function(insn.row->id, VENTUS_EXEC_POLICY{})(ctx, insn);
}

ExecFn<VENTUS_EXEC_POLICY> exec_function(isa::InsnId id, VENTUS_EXEC_POLICY) {
  static constexpr std::array<ExecFn<VENTUS_EXEC_POLICY>, isa::kInsnCount> kTable = {
#define VENTUS_INSN(id, mnemonic, pattern, syntax, ref_syntax, unit, flags) &exec_##id,
#include "isa/defs/all.def"
#undef VENTUS_INSN
  };
  const auto index = static_cast<size_t>(id);
  return index < kTable.size() ? kTable[index] : &exec_illegal;
}

}  // namespace ventus::functional::semantics
