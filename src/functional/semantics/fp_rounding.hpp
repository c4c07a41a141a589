// Rounding-mode resolution and fflags accrual shared by scalar and vector FP semantics.
#pragma once

#include <cstdint>
#include <optional>

#include "fp/types.hpp"
#include "functional/exec_context.hpp"
#include "isa/names.hpp"

namespace ventus::functional::semantics {

// The mode an instruction with an rm field rounds in: rm, or frm when rm = 7 (dynamic).
// Reserved modes (rm 5/6, or frm > 4 when dynamic) raise IllegalInstruction (RISC-V F).
inline std::optional<fp::RoundingMode> rounding_mode(ExecContext& ctx, uint32_t rm_field) {
  const auto rm = fp::resolve_rounding_mode(rm_field, ctx.warp().frm);
  if (!rm) [[unlikely]]
    ctx.raise(TrapKind::IllegalInstruction, 0, "reserved floating-point rounding mode");
  return rm;
}

// Vector FP instructions always round with frm (RVV); REF rejects them when frm > 4.
inline std::optional<fp::RoundingMode> dynamic_rounding_mode(ExecContext& ctx) {
  return rounding_mode(ctx, 7);
}

// ORs `flags` into fflags; REF logs the fflags CSR (c1_fflags, with the accrued value)
// whenever the instruction raised at least one flag (ISA.md §10.2).
inline void accrue_fflags(ExecContext& ctx, uint8_t flags) {
  if (flags == 0) [[likely]]
    return;
  WarpState& warp = ctx.warp();
  warp.fflags |= flags;
  ctx.note_csr_write(isa::csr::kFflags, warp.fflags);
}

}  // namespace ventus::functional::semantics
