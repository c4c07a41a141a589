// RV32A scalar atomics (ISA.md §4.1): lr.w/sc.w and amo*.w, executed once per warp.
#include <cstdint>

#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

int32_t s(uint32_t v) {
  return static_cast<int32_t>(v);
}

// t = M[x[rs1]]; M[x[rs1]] = op(t, x[rs2]); x[rd] = t. A functional warp-instruction is atomic
// with respect to every other warp, so aq/rl need nothing here.
template <class Op>
void amo(ExecContext& ctx, const Insn& insn, Op op) {
  const uint32_t addr = ctx.x(ctx.rs1(insn));
  uint32_t old = 0;
  if (!ctx.load<uint32_t>(addr, old)) return;
  if (!ctx.store<uint32_t>(addr, op(old, ctx.x(ctx.rs2(insn))))) return;
  ctx.set_x(ctx.rd(insn), old);
}

}  // namespace

void exec_LR_W(ExecContext& ctx, const Insn& insn) {
  uint32_t value = 0;
  if (ctx.load<uint32_t>(ctx.x(ctx.rs1(insn)), value)) ctx.set_x(ctx.rd(insn), value);
}

// sc.w always succeeds (rd = 0): WarpState keeps no reservation yet, and with one warp-
// instruction at a time an lr/sc pair can only fail if another warp stored in between.
// TODO(engine): add a reservation address to WarpState so that case fails like REF.
void exec_SC_W(ExecContext& ctx, const Insn& insn) {
  if (ctx.store<uint32_t>(ctx.x(ctx.rs1(insn)), ctx.x(ctx.rs2(insn)))) ctx.set_x(ctx.rd(insn), 0);
}

void exec_AMOSWAP_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t, uint32_t b) { return b; });
}
void exec_AMOADD_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a + b; });
}
void exec_AMOXOR_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a ^ b; });
}
void exec_AMOAND_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a & b; });
}
void exec_AMOOR_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a | b; });
}
void exec_AMOMIN_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return s(a) < s(b) ? a : b; });
}
void exec_AMOMAX_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return s(a) > s(b) ? a : b; });
}
void exec_AMOMINU_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a < b ? a : b; });
}
void exec_AMOMAXU_W(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a > b ? a : b; });
}

}  // namespace ventus::functional::semantics
