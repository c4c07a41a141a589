// Out-of-line trap helpers of ExecContext (cold paths) and trap-kind names.
#include "functional/exec_context.hpp"

#include <fmt/format.h>

namespace ventus::functional {

bool ExecContext::misaligned(uint32_t addr, size_t size) {
  raise(TrapKind::MisalignedAccess, addr,
        fmt::format("misaligned {}-byte access at 0x{:08x}", size, addr));
  return false;
}

bool ExecContext::access_fault(uint32_t addr, const std::string& message) {
  raise(TrapKind::AccessFault, addr, message);
  return false;
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
  }
  return "unknown";
}

}  // namespace ventus::functional
