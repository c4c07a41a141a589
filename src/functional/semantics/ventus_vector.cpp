// Ventus custom vector rows: vadd12/vsub12 (§5.4), vfexp (§5.8), vftta (§5.9), vlx12/vsx12 (§5.10).
#include <cstdint>

#include "common/bits.hpp"
#include "fp/fp.hpp"
#include "functional/semantics/lane_loops.hpp"
#include "functional/semantics/lane_memory.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

// REF and RTL sign-extend the 12-bit immediate although LLVM prints it unsigned (C5).
uint32_t imm12(const Insn& insn) {
  return static_cast<uint32_t>(sign_extend(static_cast<uint32_t>(insn.imm), 12));
}

// Per-thread address vs1[i] + sext(imm12), wrapping at 32 bits (REF: 64-bit sum, §5.10).
template <class E>
void load12(ExecContext& ctx, const Insn& insn) {
  const VReg& base = ctx.v(ctx.rs1(insn));
  const uint32_t offset = static_cast<uint32_t>(insn.imm);
  lane::load<E>(ctx, ctx.active_lanes(), ctx.rd(insn),
                [&](unsigned i) { return base.lane[i] + offset; });
}

// Stores: data vs2 (bits 24:20), base vs1.
template <class E>
void store12(ExecContext& ctx, const Insn& insn) {
  const VReg& base = ctx.v(ctx.rs1(insn));
  const uint32_t offset = static_cast<uint32_t>(insn.imm);
  lane::store<E>(ctx, ctx.active_lanes(), ctx.v(ctx.rs2(insn)),
                 [&](unsigned i) { return base.lane[i] + offset; });
}

// Element `index` of register `reg` as REF's elt() sees it: past the register's numt
// elements the index runs on into the following registers.
uint32_t& element(ExecContext& ctx, unsigned reg, unsigned index) {
  const unsigned numt = ctx.warp().numt;
  return ctx.v((reg + index / numt) % kRegCount).lane[index % numt];
}

}  // namespace

void exec_VADD12_VI(ExecContext& ctx, const Insn& insn) {
  lane::binary(ctx, insn, lane::vs1(ctx, insn), lane::Splat{imm12(insn)},
               [](uint32_t a, uint32_t b) { return a + b; });
}
void exec_VSUB12_VI(ExecContext& ctx, const Insn& insn) {
  lane::binary(ctx, insn, lane::vs1(ctx, insn), lane::Splat{imm12(insn)},
               [](uint32_t a, uint32_t b) { return a - b; });
}

// vfexp: REF's host-libm exp, no fflags, no rounding-mode check (§5.8).
void exec_VFEXP(ExecContext& ctx, const Insn& insn) {
  const unsigned vd = ctx.rd(insn);
  const VReg& src = ctx.v(ctx.rs2(insn));
  VReg& d = ctx.v(vd);
  lane::for_active(ctx.active_lanes(), [&](unsigned i) {
    d.lane[i] = fp::fexp(src.lane[i]);
    return true;
  });
  ctx.wrote_v(vd);
}

// vftta.vv: REF's placeholder (§5.9, open question Q5), reproduced in both modes because no
// other definition exists. Lanes are processed in order and update vd in place, exactly like
// REF, including its cross-register element indexing; the upper half gets the raw bits i + 7.
// REF passes no flags to fflags and rounds with the current frm (RNE if frm is invalid).
void exec_VFTTA_VV(ExecContext& ctx, const Insn& insn) {
  const unsigned vd = ctx.rd(insn), vs1 = ctx.rs1(insn), vs2 = ctx.rs2(insn);
  const unsigned vl = ctx.warp().vl;
  const auto rm = fp::resolve_rounding_mode(7, ctx.warp().frm).value_or(fp::RoundingMode::kRne);
  lane::for_active(ctx.active_lanes(), [&](unsigned i) {
    if (i >= vl / 2) {
      ctx.v(vd).lane[i] = i + 7;
      return true;
    }
    for (unsigned j = 0; j < vl / 4; ++j) {
      const uint32_t a = element(ctx, vs1, ((i >> 2) << 3) + j);
      const uint32_t b = element(ctx, vs2, ((i & 3) << 3) + j);
      ctx.v(vd).lane[i] = fp::fmadd(a, b, ctx.v(vd).lane[i], rm).value;
    }
    return true;
  });
  ctx.wrote_v(vd);
}

void exec_VLB12_V(ExecContext& c, const Insn& i) {
  load12<lane::B>(c, i);
}
void exec_VLH12_V(ExecContext& c, const Insn& i) {
  load12<lane::H>(c, i);
}
void exec_VLW12_V(ExecContext& c, const Insn& i) {
  load12<lane::W>(c, i);
}
void exec_VLBU12_V(ExecContext& c, const Insn& i) {
  load12<lane::Bu>(c, i);
}
void exec_VLHU12_V(ExecContext& c, const Insn& i) {
  load12<lane::Hu>(c, i);
}
void exec_VSB12_V(ExecContext& c, const Insn& i) {
  store12<lane::B>(c, i);
}
void exec_VSH12_V(ExecContext& c, const Insn& i) {
  store12<lane::H>(c, i);
}
void exec_VSW12_V(ExecContext& c, const Insn& i) {
  store12<lane::W>(c, i);
}

}  // namespace ventus::functional::semantics
