// Cold paths of the execution context (trap construction) and trap-kind names.
#include "functional/exec_context.hpp"

#include <fmt/format.h>

namespace ventus::functional {

Trap misaligned_trap(uint32_t addr, size_t size) {
  return Trap{TrapKind::MisalignedAccess, addr,
              fmt::format("misaligned {}-byte access at 0x{:08x}", size, addr)};
}

std::string instruction_limit_detail(uint64_t executed) {
  return fmt::format(
      "{} warp-instructions executed (raise it with --max-instructions or "
      "run.max_warp_instructions)",
      executed);
}

const char* trap_kind_name(TrapKind kind) {
  switch (kind) {
    case TrapKind::None:
      return "none";
    case TrapKind::IllegalInstruction:
      return "illegal instruction";
    case TrapKind::Unsupported:
      return "unsupported instruction";
    case TrapKind::MisalignedAccess:
      return "misaligned access";
    case TrapKind::AccessFault:
      return "access fault";
    case TrapKind::DivergentEndprg:
      return "endprg while divergent";
    case TrapKind::BarrierDeadlock:
      return "barrier deadlock";
    case TrapKind::InstructionLimit:
      return "instruction limit reached";
    case TrapKind::NoProgress:
      return "no progress";
  }
  return "unknown";
}

}  // namespace ventus::functional
