// Semantics of the Ventus control rows: vbranches, join, setrpc (§2.4), regext (§5.5),
// endprg (§5.6) and barrier/barriersub (§5.7; the engine implements the waiting).
#include <bit>
#include <cstdint>

#include "functional/exec_context.hpp"
#include "functional/semantics/prefix_state.hpp"
#include "functional/semantics/semantics.hpp"
#include "isa/names.hpp"

namespace ventus::functional::semantics {
namespace {

// The divergent-branch algorithm of ISA.md §2.4 (REF VV_LOOP_BRANCH = RTL branch_join).
template <typename Cond>
void vbranch(ExecContext& ctx, const Insn& insn, Cond cond) {
  WarpState& w = ctx.warp();
  const VReg& vs2 = w.v[ctx.rs2(insn)];
  const VReg& vs1 = w.v[ctx.rs1(insn)];
  const LaneMask lanes = ctx.active_lanes();
  LaneMask taken = 0;
  for (unsigned i = 0; i < kMaxThreads; ++i) {
    taken |= static_cast<LaneMask>(cond(vs2.lane[i], vs1.lane[i])) << i;
  }
  taken &= lanes;
  const LaneMask r_mask = w.mask;
  const LaneMask fall = ~taken & r_mask;
  const uint32_t target = w.pc + static_cast<uint32_t>(insn.imm);
  const uint32_t rpc = w.csr.rpc;
  uint32_t npc = w.pc + 4;
  if (taken == 0) {
    w.mask = r_mask;
  } else if (fall == 0) {
    npc = target;
    w.mask = taken;
  } else {
    w.simt.push_back({rpc, rpc, r_mask});
    if (std::popcount(fall) < std::popcount(taken)) {  // the smaller side runs first
      w.simt.push_back({rpc, target, taken});
      w.mask = fall;
    } else {  // ties: the taken side first
      w.simt.push_back({rpc, w.pc + 4, fall});
      npc = target;
      w.mask = taken;
    }
  }
  ctx.set_next_pc(npc);
}

int32_t s(uint32_t v) {
  return static_cast<int32_t>(v);
}

}  // namespace

void exec_VBEQ(ExecContext& ctx, const Insn& i) {
  vbranch(ctx, i, [](uint32_t a, uint32_t b) { return a == b; });
}
void exec_VBNE(ExecContext& ctx, const Insn& i) {
  vbranch(ctx, i, [](uint32_t a, uint32_t b) { return a != b; });
}
void exec_VBLT(ExecContext& ctx, const Insn& i) {
  vbranch(ctx, i, [](uint32_t a, uint32_t b) { return s(a) < s(b); });
}
void exec_VBGE(ExecContext& ctx, const Insn& i) {
  vbranch(ctx, i, [](uint32_t a, uint32_t b) { return s(a) >= s(b); });
}
void exec_VBLTU(ExecContext& ctx, const Insn& i) {
  vbranch(ctx, i, [](uint32_t a, uint32_t b) { return a < b; });
}
void exec_VBGEU(ExecContext& ctx, const Insn& i) {
  vbranch(ctx, i, [](uint32_t a, uint32_t b) { return a >= b; });
}

// Pops only when this join is the top entry's reconvergence point; else a no-op (§5.2).
void exec_JOIN(ExecContext& ctx, const Insn&) {
  WarpState& w = ctx.warp();
  if (w.simt.empty() || w.simt.back().r_pc != w.pc) return;
  const SimtEntry top = w.simt.back();
  w.simt.pop_back();
  w.mask = top.else_mask;
  ctx.set_next_pc(top.else_pc);
}

void exec_SETRPC(ExecContext& ctx, const Insn& i) {
  const uint32_t value = ctx.x(ctx.rs1(i)) + static_cast<uint32_t>(i.imm);
  ctx.warp().csr.rpc = value;
  ctx.set_x(ctx.rd(i), value);
  ctx.note_csr_write(isa::csr::kRpc, value);
}

// The prefix applies to the next executed instruction only (§5.5); the engine clears it
// after that instruction retires.
void exec_REGEXT(ExecContext& ctx, const Insn& i) {
  arm_regext(ctx.warp().ext, i.word);
}
void exec_REGEXTI(ExecContext& ctx, const Insn& i) {
  arm_regexti(ctx.warp().ext, i.word);
}

// §5.6: endprg must run without divergence. REF does not check, so --ref-compat just ends.
void exec_ENDPRG(ExecContext& ctx, const Insn&) {
  const WarpState& w = ctx.warp();
  if (ctx.mode() == Mode::Default && (w.mask != w.full_mask || !w.simt.empty())) {
    ctx.raise(TrapKind::DivergentEndprg, 0,
              "endprg executed with a partial thread mask or a non-empty SIMT stack");
    return;
  }
  ctx.signal(WarpEvent::Endprg);
}
void exec_BARRIER(ExecContext& ctx, const Insn&) {
  ctx.signal(WarpEvent::Barrier);
}
// A sub-group is a warp here, so a sub-group barrier orders nothing (REF: empty, §5.7).
void exec_BARRIERSUB(ExecContext& ctx, const Insn&) {
  ctx.signal(WarpEvent::BarrierSub);
}

}  // namespace ventus::functional::semantics
