// TEMPORARY while the semantics are being written: weak stubs that raise Unsupported.
// Each real definition in semantics/*.cpp overrides its stub; this file is deleted once every
// row has a definition, after which a missing semantics function is a link error again.
#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {

#define VENTUS_INSN(id, mnemonic, pattern, syntax, ref_syntax, unit, flags)          \
  __attribute__((weak)) void exec_##id(ExecContext& ctx, const Insn&) {              \
    ctx.raise(TrapKind::Unsupported, 0, "semantics not implemented yet: " mnemonic); \
  }
#include "isa/defs/all.def"
#undef VENTUS_INSN

}  // namespace ventus::functional::semantics
