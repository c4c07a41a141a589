// Dispatch table from InsnId to semantics function, generated from the instruction table.
#include <fmt/format.h>

#include <array>

#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {

void exec_illegal(ExecContext& ctx, const Insn& insn) {
  ctx.raise(TrapKind::IllegalInstruction, 0,
            fmt::format("illegal instruction 0x{:08x}", insn.word));
}

ExecFn exec_function(isa::InsnId id) {
  static constexpr std::array<ExecFn, isa::kInsnCount> kTable = {
#define VENTUS_INSN(id, mnemonic, pattern, syntax, ref_syntax, unit, flags) &exec_##id,
#include "isa/defs/all.def"
#undef VENTUS_INSN
  };
  const auto index = static_cast<size_t>(id);
  return index < kTable.size() ? kTable[index] : &exec_illegal;
}

}  // namespace ventus::functional::semantics
