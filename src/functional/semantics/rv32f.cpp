// Scalar single-precision F rows on the shared x/f register file (Zfinx, ISA.md §2.1, §4.1, C27).
#include <cstdint>

#include "fp/fp.hpp"
#include "functional/semantics/fp_rounding.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

using fp::FpResult;
using fp::RoundingMode;

enum class Dest : uint8_t { F, X };  // REF logs f-destination writes as f registers (§10.2)

void write(ExecContext& ctx, const Insn& insn, Dest dest, const FpResult& r) {
  accrue_fflags(ctx, r.flags);
  if (dest == Dest::F) {
    ctx.set_f(ctx.rd(insn), r.value);
  } else {
    ctx.set_x(ctx.rd(insn), r.value);
  }
}

uint32_t rs1v(const ExecContext& ctx, const Insn& insn) {
  return ctx.x(ctx.rs1(insn));
}
uint32_t rs2v(const ExecContext& ctx, const Insn& insn) {
  return ctx.x(ctx.rs2(insn));
}
uint32_t rs3v(const ExecContext& ctx, const Insn& insn) {
  return ctx.x(ctx.rs3(insn));
}

// Rows with an rm field: op(rs1, rs2, rs3, rm).
template <class Op>
void rounded(ExecContext& ctx, const Insn& insn, Dest dest, Op op) {
  const auto rm = rounding_mode(ctx, insn.rm);
  if (!rm) return;
  write(ctx, insn, dest, op(rs1v(ctx, insn), rs2v(ctx, insn), rs3v(ctx, insn), *rm));
}

// Rows without an rm field: op(rs1, rs2).
template <class Op>
void unrounded(ExecContext& ctx, const Insn& insn, Dest dest, Op op) {
  write(ctx, insn, dest, op(rs1v(ctx, insn), rs2v(ctx, insn)));
}

FpResult exact(uint32_t value) {
  return {value, 0};
}

}  // namespace

void exec_FLW(ExecContext& ctx, const Insn& insn) {
  uint32_t value = 0;
  if (ctx.load<uint32_t>(rs1v(ctx, insn) + static_cast<uint32_t>(insn.imm), value)) {
    ctx.set_f(ctx.rd(insn), value);
  }
}

void exec_FSW(ExecContext& ctx, const Insn& insn) {
  ctx.store<uint32_t>(rs1v(ctx, insn) + static_cast<uint32_t>(insn.imm), rs2v(ctx, insn));
}

#define VENTUS_FMA(ID, FN)                                                                        \
  void exec_##ID(ExecContext& ctx, const Insn& insn) {                                            \
    rounded(ctx, insn, Dest::F,                                                                   \
            [](uint32_t a, uint32_t b, uint32_t c, RoundingMode rm) { return FN(a, b, c, rm); }); \
  }
#define VENTUS_FARITH(ID, FN)                                                                \
  void exec_##ID(ExecContext& ctx, const Insn& insn) {                                       \
    rounded(ctx, insn, Dest::F,                                                              \
            [](uint32_t a, uint32_t b, uint32_t, RoundingMode rm) { return FN(a, b, rm); }); \
  }

VENTUS_FMA(FMADD_S, fp::fmadd)
VENTUS_FMA(FMSUB_S, fp::fmsub)
VENTUS_FMA(FNMSUB_S, fp::fnmsub)
VENTUS_FMA(FNMADD_S, fp::fnmadd)
VENTUS_FARITH(FADD_S, fp::add)
VENTUS_FARITH(FSUB_S, fp::sub)
VENTUS_FARITH(FMUL_S, fp::mul)
VENTUS_FARITH(FDIV_S, fp::div)

#define VENTUS_FUNARY(ID, DEST, FN)                                                     \
  void exec_##ID(ExecContext& ctx, const Insn& insn) {                                  \
    rounded(ctx, insn, Dest::DEST,                                                      \
            [](uint32_t a, uint32_t, uint32_t, RoundingMode rm) { return FN(a, rm); }); \
  }

VENTUS_FUNARY(FSQRT_S, F, fp::sqrt)
VENTUS_FUNARY(FCVT_W_S, X, fp::fcvt_w_s)
VENTUS_FUNARY(FCVT_WU_S, X, fp::fcvt_wu_s)
VENTUS_FUNARY(FCVT_S_W, F, fp::fcvt_s_w)
VENTUS_FUNARY(FCVT_S_WU, F, fp::fcvt_s_wu)

void exec_FSGNJ_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::F, [](uint32_t a, uint32_t b) { return exact(fp::fsgnj(a, b)); });
}
void exec_FSGNJN_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::F, [](uint32_t a, uint32_t b) { return exact(fp::fsgnjn(a, b)); });
}
void exec_FSGNJX_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::F, [](uint32_t a, uint32_t b) { return exact(fp::fsgnjx(a, b)); });
}
void exec_FMIN_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::F, fp::fmin);
}
void exec_FMAX_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::F, fp::fmax);
}
void exec_FEQ_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::X, fp::feq);
}
void exec_FLT_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::X, fp::flt);
}
void exec_FLE_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::X, fp::fle);
}
void exec_FCLASS_S(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::X, [](uint32_t a, uint32_t) { return exact(fp::fclass(a)); });
}
// Moves are bit copies between the aliased views (no flags, no NaN canonicalisation).
void exec_FMV_X_W(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::X, [](uint32_t a, uint32_t) { return exact(a); });
}
void exec_FMV_W_X(ExecContext& c, const Insn& i) {
  unrounded(c, i, Dest::F, [](uint32_t a, uint32_t) { return exact(a); });
}

}  // namespace ventus::functional::semantics
