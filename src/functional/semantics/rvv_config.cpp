// vsetvli / vsetivli / vsetvl: standard RVV set_vl with VLEN = 32·numt, ELEN = 32 (ISA.md §2.3).
#include <cstdint>

#include "common/bits.hpp"
#include "functional/exec_context.hpp"
#include "functional/semantics/semantics.hpp"
#include "isa/names.hpp"

namespace ventus::functional::semantics {
namespace {

inline constexpr uint32_t kElenBits = 32;
inline constexpr uint32_t kVill = 0x80000000u;  // vtype.vill for XLEN = 32

// VLMAX = VLEN / SEW · LMUL, or 0 when the vtype is unsupported (vill), as Spike's set_vl:
// LMUL outside [1/8, 8] (vlmul = 4 is reserved), SEW > min(LMUL, 1)·ELEN, or reserved bits.
uint32_t vlmax_of(uint32_t vtype, unsigned numt) {
  if ((vtype >> 8) != 0) return 0;
  const uint32_t sew = 8u << bits(vtype, 5, 3);
  const int32_t vlmul = sign_extend(bits(vtype, 2, 0), 3);
  if (vlmul == -4) return 0;
  const uint32_t lmul_num = vlmul >= 0 ? 1u << vlmul : 1u;
  const uint32_t lmul_den = vlmul >= 0 ? 1u : 1u << -vlmul;
  if (sew * lmul_den > kElenBits * (lmul_num < lmul_den ? lmul_num : lmul_den)) return 0;
  const uint32_t vlen = 32u * numt;
  return vlen * lmul_num / (sew * lmul_den);
}

// rd/rs1 are the effective (regext-extended) indices; avl is the requested length.
// rs1_is_x0 selects the RVV special cases (keep vl / set VLMAX).
void set_vl(ExecContext& ctx, unsigned rd, bool rs1_is_x0, uint32_t avl, uint32_t vtype) {
  WarpState& warp = ctx.warp();
  const uint32_t vlmax = vlmax_of(vtype, warp.numt);
  warp.vtype = vlmax == 0 ? kVill : vtype;
  if (vlmax == 0) {
    warp.vl = 0;
  } else if (!rs1_is_x0) {
    warp.vl = avl < vlmax ? avl : vlmax;
  } else if (rd != 0) {
    warp.vl = vlmax;
  } else {
    warp.vl = warp.vl < vlmax ? warp.vl : vlmax;
  }
  // vstart = 0 and mstatus.VS = dirty are the engine's (it logs c8_vstart and c768_mstatus).
  ctx.set_x(rd, warp.vl);
  ctx.note_csr_write(isa::csr::kVl, warp.vl);
  ctx.note_csr_write(isa::csr::kVtype, warp.vtype);
}

uint32_t zimm(const Insn& insn, unsigned width) {
  return bits(insn.word, 20 + width - 1, 20);
}

}  // namespace

void exec_VSETVLI(ExecContext& ctx, const Insn& insn) {
  const unsigned rs1 = ctx.rs1(insn);
  set_vl(ctx, ctx.rd(insn), rs1 == 0, ctx.x(rs1), zimm(insn, 11));
}

// vsetivli: the AVL is the 5-bit immediate in the rs1 field, never the x0 special case.
void exec_VSETIVLI(ExecContext& ctx, const Insn& insn) {
  set_vl(ctx, ctx.rd(insn), false, insn.rs1, zimm(insn, 10));
}

void exec_VSETVL(ExecContext& ctx, const Insn& insn) {
  const unsigned rs1 = ctx.rs1(insn);
  set_vl(ctx, ctx.rd(insn), rs1 == 0, ctx.x(rs1), ctx.x(ctx.rs2(insn)));
}

}  // namespace ventus::functional::semantics
