// Ventus private-memory loads/stores vlx.v/vsx.v with the word-interleaved address formula (§5.11).
#include <cstdint>

#include "functional/semantics/lane_memory.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

// addr = PDS + (a & ~3)·NT + (a & 3) + 4·(TID + i), a = vs1[i] + sext(imm11), NT = NUMW·NUMT:
// word k of work-group thread T lives at PDS + 4·(k·NT + T) (REF = RTL, conflict C6).
// All arithmetic wraps at 32 bits.
struct PrivateAddress {
  const VReg& base;
  uint32_t offset, pds, threads, tid;

  PrivateAddress(ExecContext& ctx, const Insn& insn)
      : base(ctx.v(ctx.rs1(insn))),
        offset(static_cast<uint32_t>(insn.imm)),
        pds(ctx.warp().csr.pds),
        threads(ctx.warp().csr.numw * ctx.warp().csr.numt),
        tid(ctx.warp().csr.tid) {}

  uint32_t operator()(unsigned i) const {
    return private_byte_address(pds, threads, tid + i, base.lane[i] + offset);
  }
};

template <class E>
void load_private(ExecContext& ctx, const Insn& insn) {
  lane::load<E>(ctx, ctx.active_lanes(), ctx.rd(insn), PrivateAddress(ctx, insn));
}

// Store data is vs2 (bits 24:20); REF prints the base as an x register but reads vs1[i].
template <class E>
void store_private(ExecContext& ctx, const Insn& insn) {
  lane::store<E>(ctx, ctx.active_lanes(), ctx.v(ctx.rs2(insn)), PrivateAddress(ctx, insn));
}

}  // namespace

void exec_VLB_V(ExecContext& c, const Insn& i) {
  load_private<lane::B>(c, i);
}
void exec_VLH_V(ExecContext& c, const Insn& i) {
  load_private<lane::H>(c, i);
}
void exec_VLW_V(ExecContext& c, const Insn& i) {
  load_private<lane::W>(c, i);
}
void exec_VLBU_V(ExecContext& c, const Insn& i) {
  load_private<lane::Bu>(c, i);
}
void exec_VLHU_V(ExecContext& c, const Insn& i) {
  load_private<lane::Hu>(c, i);
}
void exec_VSB_V(ExecContext& c, const Insn& i) {
  store_private<lane::B>(c, i);
}
void exec_VSH_V(ExecContext& c, const Insn& i) {
  store_private<lane::H>(c, i);
}
void exec_VSW_V(ExecContext& c, const Insn& i) {
  store_private<lane::W>(c, i);
}

}  // namespace ventus::functional::semantics
