// Guest faults as values (DESIGN.md §2.7): what stopped a warp, with enough to report it.
#pragma once

#include <cstdint>
#include <string>

namespace ventus::functional {

enum class TrapKind : uint8_t {
  None,
  IllegalInstruction,  // unknown word or an instruction this profile rejects
  Unsupported,         // decoded but not executable here (ecall, ebreak, mret, wfi, ...)
  MisalignedAccess,
  AccessFault,      // outside every mapped buffer
  DivergentEndprg,  // endprg with a partial SIMT mask or a non-empty stack (§5.6)
  BarrierDeadlock,  // no warp of the work-group can make progress
  InstructionLimit,
  NoProgress,  // the cycle model issued nothing for too long, not for a barrier (a livelock)
};

const char* trap_kind_name(TrapKind kind);

// The detail of an InstructionLimit fault, the same on every engine: the warp-instructions
// executed when the launch stopped (the limit, or on the cycle model, which checks it once a
// cycle, the count it reached).
std::string instruction_limit_detail(uint64_t executed);

struct Trap {
  TrapKind kind = TrapKind::None;
  uint32_t addr = 0;   // faulting data address, where meaningful
  std::string detail;  // e.g. the memory map's description of the fault
  explicit operator bool() const { return kind != TrapKind::None; }
};

}  // namespace ventus::functional
