// exec_modified: the instruction after a prefix that changes its meaning (§5.13-§5.16), and
// the ABS/NEG source modifiers of prefix/prefixi (§5.16).
#include <fmt/format.h>

#include <array>
#include <bit>
#include <cstdint>

#include "functional/semantics/modifiers.hpp"
#include "isa/disassembler.hpp"

namespace ventus::functional::semantics {
namespace {

using isa::OperandKind;

// Source k of an FP row (k = 0, 1, 2: rs1/vs1, rs2/vs2, rs3): its register and file.
struct FpSource {
  unsigned reg = 0;
  bool vector = false;
  bool present = false;
};

FpSource fp_source(const ExecContext& ctx, const Insn& insn, unsigned k) {
  static constexpr std::array<std::array<OperandKind, 2>, 3> kKinds = {{
      {OperandKind::Frs1, OperandKind::Vs1},
      {OperandKind::Frs2, OperandKind::Vs2},
      {OperandKind::Frs3, OperandKind::Vs3},
  }};
  const unsigned regs[3] = {ctx.rs1(insn), ctx.rs2(insn), ctx.rs3(insn)};
  if (insn.row->operand_index(kKinds[k][0])) return {regs[k], false, true};
  if (insn.row->operand_index(kKinds[k][1])) return {regs[k], true, true};
  return {};
}

// |x| first, then negation: only the sign bit changes (a NaN keeps its payload, no flag).
uint32_t modify(uint32_t bits, bool abs, bool neg) {
  if (abs) bits &= 0x7FFFFFFFu;
  if (neg) bits ^= 0x80000000u;
  return bits;
}

// A source register as it was before the modifiers, put back after the operation: the
// prefix changes what the instruction reads, not the register file.
struct Saved {
  FpSource src;
  uint32_t scalar = 0;
  VReg vector{};
};

void restore(ExecContext& ctx, const Insn& insn, const Saved& s) {
  const bool is_destination =
      s.src.reg == ctx.rd(insn) &&
      insn.row->operand_index(s.src.vector ? OperandKind::Vd : OperandKind::Frd);
  if (!s.src.vector) {
    if (!is_destination) ctx.warp().x[s.src.reg] = s.scalar;
    return;
  }
  // A vector destination keeps what the instruction wrote on its lanes, the rest is restored.
  const LaneMask keep = is_destination ? ctx.active_lanes() : 0u;
  VReg& v = ctx.v(s.src.reg);
  for (unsigned i = 0; i < kMaxThreads; ++i) {
    if ((keep >> i & 1u) == 0) v.lane[i] = s.vector.lane[i];
  }
}

}  // namespace

bool illegal_after_prefix(ExecContext& ctx, const Insn& insn, const char* rule) {
  ctx.raise(TrapKind::IllegalInstruction, 0,
            fmt::format("'{}' cannot follow this prefix: {}",
                        isa::disassemble_for_message(insn.word, ctx.warp().pc, isa::Profile::V203),
                        rule));
  return false;
}

void exec_abs_neg_prefixed(ExecContext& ctx, const Insn& insn) {
  const RegExt ext = ctx.warp().ext;
  const isa::InsnRow& row = *insn.row;
  if (!row.has(isa::flag::kFloat) || row.has(isa::flag::kLoad | isa::flag::kStore)) {
    illegal_after_prefix(ctx, insn, "ABS/NEG apply to floating-point sources only (ISA.md §5.16)");
    return;
  }
  std::array<Saved, 3> saved{};
  unsigned count = 0;
  for (unsigned k = 0; k < 3; ++k) {
    const bool abs = (ext.abs >> k & 1u) != 0, neg = (ext.neg >> k & 1u) != 0;
    if (!abs && !neg) continue;
    const FpSource src = fp_source(ctx, insn, k);
    if (!src.present) {
      illegal_after_prefix(ctx, insn, "ABS/NEG name a source the instruction does not have");
      return;
    }
    Saved& s = saved[count++];
    s.src = src;
    if (!src.vector) {
      s.scalar = ctx.warp().x[src.reg];
      if (src.reg != 0) ctx.warp().x[src.reg] = modify(s.scalar, abs, neg);
      continue;
    }
    s.vector = ctx.v(src.reg);
    for (uint32_t& lane : ctx.v(src.reg).lane) lane = modify(lane, abs, neg);
  }
  exec_own_row(ctx, insn);
  // Restored in reverse order, so a register named twice gets its original value back.
  while (count > 0) restore(ctx, insn, saved[--count]);
}

void exec_modified(ExecContext& ctx, const Insn& insn) {
  if (insn.row == nullptr) return exec_illegal(ctx, insn);
  const uint8_t modifier = ctx.warp().ext.modifier;
  if ((modifier & kModifierMemory) != 0) return exec_memory_prefixed(ctx, insn);
  if ((modifier & (kModifierPair | kModifierEvenPair)) != 0) return exec_pair_prefixed(ctx, insn);
  exec_abs_neg_prefixed(ctx, insn);
}

}  // namespace ventus::functional::semantics
