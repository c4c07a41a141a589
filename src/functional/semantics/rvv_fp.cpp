// RVV single-precision rows (ISA.md §4.2): arithmetic, FMA, min/max, sign, compares, converts,
// moves.
#include <cstdint>

#include "fp/fp.hpp"
#include "functional/semantics/lane_loops.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

using fp::FpResult;
using fp::RoundingMode;

// vd[i] = op(vs2[i], b[i], rm) with b = vs1 or the f register rs1 (Zfinx: an x register).
template <class B, class Op>
void fp_binary(ExecContext& ctx, const Insn& insn, B b, Op op) {
  const lane::Vec a = lane::vs2(ctx, insn);
  lane::fp_lanes(ctx, insn, [&](unsigned i, RoundingMode rm) { return op(a[i], b[i], rm); });
}

// Multiply-add: vd[i] = op(vs1[i] | f[rs1], vs2[i], vd[i], rm); the accumulator is vd (§5.5).
template <class A, class Op>
void fp_ternary(ExecContext& ctx, const Insn& insn, A a, Op op) {
  const lane::Vec b = lane::vs2(ctx, insn);
  const VReg& d = ctx.v(ctx.rd(insn));
  lane::fp_lanes(ctx, insn,
                 [&](unsigned i, RoundingMode rm) { return op(a[i], b[i], d.lane[i], rm); });
}

template <class Op>
void fp_unary(ExecContext& ctx, const Insn& insn, Op op) {
  const lane::Vec a = lane::vs2(ctx, insn);
  lane::fp_lanes(ctx, insn, [&](unsigned i, RoundingMode rm) { return op(a[i], rm); });
}

FpResult exact(uint32_t value) {
  return {value, 0};
}

constexpr auto kAdd = [](uint32_t a, uint32_t b, RoundingMode rm) { return fp::add(a, b, rm); };
constexpr auto kSub = [](uint32_t a, uint32_t b, RoundingMode rm) { return fp::sub(a, b, rm); };
constexpr auto kRsub = [](uint32_t a, uint32_t b, RoundingMode rm) { return fp::sub(b, a, rm); };
constexpr auto kMul = [](uint32_t a, uint32_t b, RoundingMode rm) { return fp::mul(a, b, rm); };
constexpr auto kDiv = [](uint32_t a, uint32_t b, RoundingMode rm) { return fp::div(a, b, rm); };
constexpr auto kRdiv = [](uint32_t a, uint32_t b, RoundingMode rm) { return fp::div(b, a, rm); };
constexpr auto kMin = [](uint32_t a, uint32_t b, RoundingMode) { return fp::fmin(a, b); };
constexpr auto kMax = [](uint32_t a, uint32_t b, RoundingMode) { return fp::fmax(a, b); };
constexpr auto kSgnj = [](uint32_t a, uint32_t b, RoundingMode) { return exact(fp::fsgnj(a, b)); };
constexpr auto kSgnjn = [](uint32_t a, uint32_t b, RoundingMode) {
  return exact(fp::fsgnjn(a, b));
};
constexpr auto kSgnjx = [](uint32_t a, uint32_t b, RoundingMode) {
  return exact(fp::fsgnjx(a, b));
};
// Compares write a whole 0/1 element (C18); vmfne is quiet like vmfeq.
constexpr auto kEq = [](uint32_t a, uint32_t b, RoundingMode) { return fp::feq(a, b); };
constexpr auto kNe = [](uint32_t a, uint32_t b, RoundingMode) {
  const FpResult r = fp::feq(a, b);
  return FpResult{r.value ^ 1u, r.flags};
};
constexpr auto kLt = [](uint32_t a, uint32_t b, RoundingMode) { return fp::flt(a, b); };
constexpr auto kLe = [](uint32_t a, uint32_t b, RoundingMode) { return fp::fle(a, b); };
constexpr auto kGt = [](uint32_t a, uint32_t b, RoundingMode) { return fp::flt(b, a); };
constexpr auto kGe = [](uint32_t a, uint32_t b, RoundingMode) { return fp::fle(b, a); };

// FMA forms on (a = vs1 | rs1, b = vs2, d = vd): the *acc rows multiply a*b and add d, the
// *add/*sub rows multiply a*d and add b (RVV). kFn is one of the four fused fp forms.
template <auto kFn, bool kAccumulate>
constexpr auto kFma = [](uint32_t a, uint32_t b, uint32_t d, RoundingMode rm) {
  return kAccumulate ? kFn(a, b, d, rm) : kFn(a, d, b, rm);
};

}  // namespace

#define VENTUS_VFV(ID, OP)                                  \
  void exec_##ID##_VV(ExecContext& ctx, const Insn& insn) { \
    fp_binary(ctx, insn, lane::vs1(ctx, insn), OP);         \
  }
#define VENTUS_VFF(ID, OP)                                  \
  void exec_##ID##_VF(ExecContext& ctx, const Insn& insn) { \
    fp_binary(ctx, insn, lane::xs1(ctx, insn), OP);         \
  }
#define VENTUS_VFV_VFF(ID, OP) VENTUS_VFV(ID, OP) VENTUS_VFF(ID, OP)
#define VENTUS_VFMA(ID, OP)                                 \
  void exec_##ID##_VV(ExecContext& ctx, const Insn& insn) { \
    fp_ternary(ctx, insn, lane::vs1(ctx, insn), OP);        \
  }                                                         \
  void exec_##ID##_VF(ExecContext& ctx, const Insn& insn) { \
    fp_ternary(ctx, insn, lane::xs1(ctx, insn), OP);        \
  }

VENTUS_VFV_VFF(VFADD, kAdd)
VENTUS_VFV_VFF(VFSUB, kSub)
VENTUS_VFF(VFRSUB, kRsub)
VENTUS_VFV_VFF(VFMUL, kMul)
VENTUS_VFV_VFF(VFDIV, kDiv)
VENTUS_VFF(VFRDIV, kRdiv)
VENTUS_VFV_VFF(VFMIN, kMin)
VENTUS_VFV_VFF(VFMAX, kMax)
VENTUS_VFV_VFF(VFSGNJ, kSgnj)
VENTUS_VFV_VFF(VFSGNJN, kSgnjn)
VENTUS_VFV_VFF(VFSGNJX, kSgnjx)
VENTUS_VFV_VFF(VMFEQ, kEq)
VENTUS_VFV_VFF(VMFNE, kNe)
VENTUS_VFV_VFF(VMFLT, kLt)
VENTUS_VFV_VFF(VMFLE, kLe)
VENTUS_VFF(VMFGT, kGt)
VENTUS_VFF(VMFGE, kGe)
VENTUS_VFMA(VFMACC, (kFma<fp::fmadd, true>))
VENTUS_VFMA(VFNMACC, (kFma<fp::fnmadd, true>))
VENTUS_VFMA(VFMSAC, (kFma<fp::fmsub, true>))
VENTUS_VFMA(VFNMSAC, (kFma<fp::fnmsub, true>))
VENTUS_VFMA(VFMADD, (kFma<fp::fmadd, false>))
VENTUS_VFMA(VFNMADD, (kFma<fp::fnmadd, false>))
VENTUS_VFMA(VFMSUB, (kFma<fp::fmsub, false>))
VENTUS_VFMA(VFNMSUB, (kFma<fp::fnmsub, false>))

void exec_VFCVT_XU_F_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, fp::fcvt_wu_s);
}
void exec_VFCVT_X_F_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, fp::fcvt_w_s);
}
void exec_VFCVT_F_XU_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, fp::fcvt_s_wu);
}
void exec_VFCVT_F_X_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, fp::fcvt_s_w);
}
void exec_VFCVT_RTZ_XU_F_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, [](uint32_t a, RoundingMode) { return fp::fcvt_wu_s(a, RoundingMode::kRtz); });
}
void exec_VFCVT_RTZ_X_F_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, [](uint32_t a, RoundingMode) { return fp::fcvt_w_s(a, RoundingMode::kRtz); });
}
void exec_VFSQRT_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, fp::sqrt);
}
void exec_VFCLASS_V(ExecContext& c, const Insn& i) {
  fp_unary(c, i, [](uint32_t a, RoundingMode) { return exact(fp::fclass(a)); });
}

// vfmv.f.s: f[rd] = vs2[0] (standard RVV, independent of the masks).
void exec_VFMV_F_S(ExecContext& ctx, const Insn& insn) {
  if (!dynamic_rounding_mode(ctx)) return;
  ctx.set_f(ctx.rd(insn), ctx.v(ctx.rs2(insn)).lane[0]);
}

void exec_VFMV_V_F(ExecContext& ctx, const Insn& insn) {
  if (!dynamic_rounding_mode(ctx)) return;
  const uint32_t value = ctx.x(ctx.rs1(insn));
  lane::fill(ctx, insn, [=](unsigned) { return value; });
}

// vfmv.s.f (conflict C16): the default mode broadcasts like vfmv.v.f (RTL, and kmeans relies
// on it); REF writes element 0 only, whenever vl > 0, regardless of the SIMT mask.
void exec_VFMV_S_F(ExecContext& ctx, const Insn& insn) {
  if (ctx.mode() != Mode::RefCompat) return exec_VFMV_V_F(ctx, insn);
  if (!dynamic_rounding_mode(ctx)) return;
  if (ctx.warp().vl == 0) return;
  const unsigned vd = ctx.rd(insn);
  ctx.v(vd).lane[0] = ctx.x(ctx.rs1(insn));
  ctx.wrote_v(vd);
}

// vfmerge.vfm: vd[i] = v0 bit i ? f[rs1] : vs2[i] on the active lanes (v0 is the selector).
void exec_VFMERGE_VFM(ExecContext& ctx, const Insn& insn) {
  if (!dynamic_rounding_mode(ctx)) return;
  const uint32_t value = ctx.x(ctx.rs1(insn));
  const lane::Vec other = lane::vs2(ctx, insn);
  const LaneMask select = lane::v0_bits(ctx);
  lane::fill(ctx, insn, [&](unsigned i) { return ((select >> i) & 1u) != 0 ? value : other[i]; });
}

}  // namespace ventus::functional::semantics
