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

ExecFn<VENTUS_EXEC_POLICY> modified_function(VENTUS_EXEC_POLICY) {
  return &exec_modified;
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
