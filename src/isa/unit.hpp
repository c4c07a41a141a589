// Functional-unit classes and instruction flags carried by every table row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ventus::isa {

// The unit that executes an instruction (used by the cycle model and for statistics).
enum class Unit : uint8_t {
  Alu,
  Mul,
  Div,
  Branch,
  Jump,
  Csr,
  Lsu,
  Atomic,
  Fence,
  System,
  Fpu,
  FpuDivSqrt,
  VAlu,
  VMul,
  VDiv,
  VFpu,
  VFpuDivSqrt,
  VLsu,
  VConfig,
  Simt,
  Barrier,
  Prefix,
  Control,
  Tensor,
  Sfu,
};
inline constexpr size_t kUnitCount = static_cast<size_t>(Unit::Sfu) + 1;

std::string_view unit_name(Unit unit);

// Row flags: properties other layers ask for instead of comparing mnemonics (DESIGN.md §2.1).
namespace flag {
inline constexpr uint32_t kWritesRd = 1u << 0;    // writes the scalar register rd
inline constexpr uint32_t kVector = 1u << 1;      // operates per lane under the SIMT mask
inline constexpr uint32_t kCondBranch = 1u << 2;  // scalar conditional branch
inline constexpr uint32_t kVBranch = 1u << 3;     // divergent vector branch (§5.1)
inline constexpr uint32_t kJump = 1u << 4;        // jal / jalr
inline constexpr uint32_t kLoad = 1u << 5;
inline constexpr uint32_t kStore = 1u << 6;
inline constexpr uint32_t kAtomic = 1u << 7;
inline constexpr uint32_t kFence = 1u << 8;
inline constexpr uint32_t kTrap = 1u << 9;  // ecall/ebreak/mret/wfi: trap in the simulator
inline constexpr uint32_t kCsrAccess = 1u << 10;
inline constexpr uint32_t kFloat = 1u << 11;        // uses frm/fflags
inline constexpr uint32_t kPrivate = 1u << 12;      // private-memory address formula (§5.11)
inline constexpr uint32_t kPrefix = 1u << 13;       // regext/regexti (§5.5)
inline constexpr uint32_t kBarrier = 1u << 14;      // barrier/barriersub (§5.7)
inline constexpr uint32_t kEndProgram = 1u << 15;   // endprg (§5.6)
inline constexpr uint32_t kJoin = 1u << 16;         // join (§5.2)
inline constexpr uint32_t kSetRpc = 1u << 17;       // setrpc (§5.3)
inline constexpr uint32_t kAqRl = 1u << 18;         // mnemonic carries .aq/.rl/.aqrl suffix
inline constexpr uint32_t kNoRefDisasm = 1u << 19;  // REF's disassembler lacks it: "unknown" (§5.0)
// Profile v2.03 / S0 additions (ISA.md §5.13-§5.18).
inline constexpr uint32_t kPairPrefix = 1u << 20;     // regpair/regpairi (§5.13)
inline constexpr uint32_t kMemPrefix = 1u << 21;      // pre_m_* (§5.15)
inline constexpr uint32_t kComputePrefix = 1u << 22;  // prefix/prefixi (§5.16)
inline constexpr uint32_t kPairAddress = 1u << 23;    // base address is a register pair (§5.14)
inline constexpr uint32_t kPairOperands = 1u << 24;   // 64-bit values in register pairs
}  // namespace flag

}  // namespace ventus::isa
