// Register pairs and 64-bit addresses of profiles v2.02/v2.03 (ISA.md §5.13-§5.18): the
// checks that raise the traps ISA.md names, shared by every pair row and prefix.
#pragma once

#include <fmt/format.h>

#include <cstdint>

#include "functional/exec_context.hpp"

namespace ventus::functional::semantics::pairs {

// A pair {R[n+1] : R[n]} needs an even n (§5.14, §5.17); an odd one is an illegal instruction.
inline bool even_or_trap(ExecContext& ctx, unsigned reg, const char* operand) {
  if ((reg & 1u) == 0 && reg + 1 < kRegCount) return true;
  ctx.raise(TrapKind::IllegalInstruction, 0,
            fmt::format("{} register {} is odd: a register pair needs an even register "
                        "(ISA.md §5.13-§5.18)",
                        operand, reg));
  return false;
}

inline uint64_t join(uint32_t high, uint32_t low) {
  return (uint64_t{high} << 32) | low;
}

// The 64-bit value of the scalar pair {x[n+1] : x[n]} (x0 reads 0 as always).
inline uint64_t x(const ExecContext& ctx, unsigned n) {
  return join(ctx.x(n + 1), ctx.x(n));
}
inline void set_x(ExecContext& ctx, unsigned n, uint64_t value) {
  ctx.set_x(n, static_cast<uint32_t>(value));
  ctx.set_x(n + 1, static_cast<uint32_t>(value >> 32));
}

// Every memory map here is 32-bit: an address whose high word is not zero is an access
// fault (§5.14). False (and the trap) then; else `out` is the 32-bit address.
inline bool address_or_trap(ExecContext& ctx, uint64_t address, uint32_t& out) {
  out = static_cast<uint32_t>(address);
  if ((address >> 32) == 0) return true;
  ctx.raise(TrapKind::AccessFault, out,
            fmt::format("64-bit address 0x{:016x} is above 4 GiB (ISA.md §5.14)", address));
  return false;
}

}  // namespace ventus::functional::semantics::pairs

namespace ventus::functional::semantics {

// The private-memory address of per-thread address `a` for lane `lane` (§5.11, REF = RTL,
// conflict C6: private_byte_address of work-group thread TID + lane).
inline uint32_t private_address(const WarpCsrs& csr, uint32_t a, unsigned lane) {
  return private_byte_address(csr.pds, csr.numw * csr.numt, csr.tid + lane, a);
}

}  // namespace ventus::functional::semantics
