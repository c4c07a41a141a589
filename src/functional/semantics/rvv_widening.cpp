// Profile v2.03 RVV integer widening rows (ISA.md §5.18): the destination element of lane i
// is the pair {v[vd+1][i] : v[vd][i]} (vd even); .vv/.vx widen 32-bit sources as RVV does,
// .wv/.wx compute 64 = 64 op 64 with vs2 and vs1 pairs (a project rule that differs from RVV).
#include <bit>
#include <cstdint>

#include "functional/semantics/pairs.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

enum class Ext : uint8_t { Zero, Sign };

uint64_t extend(uint32_t v, Ext e) {
  return e == Ext::Sign ? static_cast<uint64_t>(int64_t{static_cast<int32_t>(v)}) : v;
}

// The second source of lane i: vs1 (.vv), its pair (.wv) or the scalar rs1 (.vx, .wx).
enum class Src : uint8_t { Vector, VectorPair, Scalar };

// vd pair = op(a, b, old vd pair) for the active lanes; `a` is vs2 (widened with `ea`, or the
// vs2 pair when `wide_a`), `b` the second source widened with `eb`.
template <class Op>
void widen(ExecContext& ctx, const Insn& insn, bool wide_a, Ext ea, Src src, Ext eb, Op op) {
  const unsigned vd = ctx.rd(insn), vs2 = ctx.rs2(insn), rs1 = ctx.rs1(insn);
  if (!pairs::even_or_trap(ctx, vd, "vd")) return;
  if (wide_a && !pairs::even_or_trap(ctx, vs2, "vs2")) return;
  if (src == Src::VectorPair && !pairs::even_or_trap(ctx, rs1, "vs1")) return;
  const uint32_t scalar = src == Src::Scalar ? ctx.x(rs1) : 0;
  VReg& lo = ctx.v(vd);
  VReg& hi = ctx.v(vd + 1);
  for (LaneMask m = ctx.active_lanes(); m != 0; m &= m - 1) {
    const auto i = static_cast<unsigned>(std::countr_zero(m));
    const uint64_t a = wide_a ? pairs::join(ctx.v(vs2 + 1).lane[i], ctx.v(vs2).lane[i])
                              : extend(ctx.v(vs2).lane[i], ea);
    uint64_t b = extend(scalar, eb);
    if (src == Src::Vector) b = extend(ctx.v(rs1).lane[i], eb);
    if (src == Src::VectorPair) b = pairs::join(ctx.v(rs1 + 1).lane[i], ctx.v(rs1).lane[i]);
    const uint64_t r = op(a, b, pairs::join(hi.lane[i], lo.lane[i]));
    lo.lane[i] = static_cast<uint32_t>(r);
    hi.lane[i] = static_cast<uint32_t>(r >> 32);
  }
  ctx.wrote_v(vd);
  ctx.wrote_v(vd + 1);
}

uint64_t add(uint64_t a, uint64_t b, uint64_t) {
  return a + b;
}
uint64_t sub(uint64_t a, uint64_t b, uint64_t) {
  return a - b;
}
uint64_t mul(uint64_t a, uint64_t b, uint64_t) {
  return a * b;  // the low 64 bits of the product of two 64-bit-extended 32-bit values
}
uint64_t macc(uint64_t a, uint64_t b, uint64_t acc) {
  return acc + a * b;
}

constexpr Ext U = Ext::Zero;
constexpr Ext S = Ext::Sign;
constexpr Src V = Src::Vector;
constexpr Src VP = Src::VectorPair;
constexpr Src X = Src::Scalar;

}  // namespace

// 2·SEW = SEW op SEW (RVV widening): a = vs2, b = vs1 or x[rs1].
void exec_VWADDU_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, V, U, add);
}
void exec_VWADDU_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, X, U, add);
}
void exec_VWADD_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, V, S, add);
}
void exec_VWADD_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, X, S, add);
}
void exec_VWSUBU_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, V, U, sub);
}
void exec_VWSUBU_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, X, U, sub);
}
void exec_VWSUB_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, V, S, sub);
}
void exec_VWSUB_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, X, S, sub);
}
// 64 = 64 op 64 (§5.18): vs2 and vs1 pairs; .wx extends x[rs1] by the instruction's sign.
void exec_VWADDU_WV(ExecContext& c, const Insn& i) {
  widen(c, i, true, U, VP, U, add);
}
void exec_VWADDU_WX(ExecContext& c, const Insn& i) {
  widen(c, i, true, U, X, U, add);
}
void exec_VWADD_WV(ExecContext& c, const Insn& i) {
  widen(c, i, true, S, VP, S, add);
}
void exec_VWADD_WX(ExecContext& c, const Insn& i) {
  widen(c, i, true, S, X, S, add);
}
void exec_VWSUBU_WV(ExecContext& c, const Insn& i) {
  widen(c, i, true, U, VP, U, sub);
}
void exec_VWSUBU_WX(ExecContext& c, const Insn& i) {
  widen(c, i, true, U, X, U, sub);
}
void exec_VWSUB_WV(ExecContext& c, const Insn& i) {
  widen(c, i, true, S, VP, S, sub);
}
void exec_VWSUB_WX(ExecContext& c, const Insn& i) {
  widen(c, i, true, S, X, S, sub);
}
// Products: vwmulsu = signed vs2 × unsigned vs1/rs1.
void exec_VWMULU_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, V, U, mul);
}
void exec_VWMULU_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, X, U, mul);
}
void exec_VWMULSU_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, V, U, mul);
}
void exec_VWMULSU_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, X, U, mul);
}
void exec_VWMUL_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, V, S, mul);
}
void exec_VWMUL_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, X, S, mul);
}
// vd pair += vs1/rs1 × vs2: vwmaccsu = signed vs1/rs1 × unsigned vs2, vwmaccus = unsigned rs1
// × signed vs2 (RVV).
void exec_VWMACCU_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, V, U, macc);
}
void exec_VWMACCU_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, X, U, macc);
}
void exec_VWMACC_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, V, S, macc);
}
void exec_VWMACC_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, X, S, macc);
}
void exec_VWMACCSU_VV(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, V, S, macc);
}
void exec_VWMACCSU_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, U, X, S, macc);
}
void exec_VWMACCUS_VX(ExecContext& c, const Insn& i) {
  widen(c, i, false, S, X, U, macc);
}

}  // namespace ventus::functional::semantics
