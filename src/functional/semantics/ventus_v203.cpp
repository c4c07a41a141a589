// Profile v2.03 / S0 custom rows: VLx12D/VSx12D with a 64-bit pair base (§5.14) and the
// prefixes regpair/regpairi (§5.13), pre_m_* (§5.15), prefix/prefixi (§5.16), which arm the
// next instruction's modifiers (modifiers.cpp executes it).
#include <cstdint>

#include "common/bits.hpp"
#include "functional/semantics/lane_memory.hpp"
#include "functional/semantics/pairs.hpp"
#include "functional/semantics/prefix_state.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

// Lane addresses {v[vs1+1][i] : v[vs1][i]} + sext(imm12), checked for every active lane before
// any access (an odd vs1 is illegal, an address above 4 GiB an access fault at that lane).
bool pair_lane_addresses(ExecContext& ctx, const Insn& insn, VReg& out) {
  const unsigned vs1 = ctx.rs1(insn);
  if (!pairs::even_or_trap(ctx, vs1, "vs1")) return false;
  const auto offset = static_cast<uint64_t>(int64_t{insn.imm});
  return lane::for_active(ctx.active_lanes(), [&](unsigned i) {
    const uint64_t a = pairs::join(ctx.v(vs1 + 1).lane[i], ctx.v(vs1).lane[i]) + offset;
    return pairs::address_or_trap(ctx, a, out.lane[i]);
  });
}

template <class E>
void load12d(ExecContext& ctx, const Insn& insn) {
  VReg addr;
  if (!pair_lane_addresses(ctx, insn, addr)) return;
  lane::load<E>(ctx, ctx.active_lanes(), ctx.rd(insn), [&](unsigned i) { return addr.lane[i]; });
}

template <class E>
void store12d(ExecContext& ctx, const Insn& insn) {
  VReg addr;
  if (!pair_lane_addresses(ctx, insn, addr)) return;
  lane::store<E>(ctx, ctx.active_lanes(), ctx.v(ctx.rs2(insn)),
                 [&](unsigned i) { return addr.lane[i]; });
}

// pre_m_*: w[6:5] address space, w[4:3] width, w[18:15] cache hint, w[19] pair base.
void arm_memory_prefix(ExecContext& ctx, const Insn& insn) {
  RegExt& ext = ctx.warp().ext;
  arm_regext(ext, insn.word);
  ext.modifier = kModifierMemory;
  if (bits(insn.word, 19, 19) != 0) ext.modifier |= kModifierPairBase;
  ext.mem_space = static_cast<uint8_t>(bits(insn.word, 6, 5));
  ext.mem_words = static_cast<uint8_t>(bits(insn.word, 4, 3) + 1);
  ext.hint = static_cast<uint8_t>(bits(insn.word, 18, 15));
}

// prefix/prefixi: w[19] pair (even registers only), ABS w[18:16], NEG w[15:13].
void arm_compute_prefix(ExecContext& ctx, const Insn& insn, bool immediate) {
  RegExt& ext = ctx.warp().ext;
  immediate ? arm_regexti(ext, insn.word) : arm_regext(ext, insn.word);
  if (bits(insn.word, 19, 19) != 0) ext.modifier |= kModifierEvenPair;
  ext.abs = static_cast<uint8_t>(bits(insn.word, 18, 16));
  ext.neg = static_cast<uint8_t>(bits(insn.word, 15, 13));
  if ((ext.abs | ext.neg) != 0) ext.modifier |= kModifierAbsNeg;
}

}  // namespace

void exec_VLB12D_V(ExecContext& c, const Insn& i) {
  load12d<lane::B>(c, i);
}
void exec_VLH12D_V(ExecContext& c, const Insn& i) {
  load12d<lane::H>(c, i);
}
void exec_VLW12D_V(ExecContext& c, const Insn& i) {
  load12d<lane::W>(c, i);
}
void exec_VLBU12D_V(ExecContext& c, const Insn& i) {
  load12d<lane::Bu>(c, i);
}
void exec_VLHU12D_V(ExecContext& c, const Insn& i) {
  load12d<lane::Hu>(c, i);
}
void exec_VSB12D_V(ExecContext& c, const Insn& i) {
  store12d<lane::B>(c, i);
}
void exec_VSH12D_V(ExecContext& c, const Insn& i) {
  store12d<lane::H>(c, i);
}
void exec_VSW12D_V(ExecContext& c, const Insn& i) {
  store12d<lane::W>(c, i);
}

// regpair/regpairi: register extension plus "even = pair, odd = plain register" (§5.13).
// REF knows neither: --ref-compat traps them as the unknown words they are there (§5.12).
void exec_REGPAIR(ExecContext& ctx, const Insn& i) {
  if (ctx.mode() == Mode::RefCompat) return exec_illegal(ctx, i);
  arm_regext(ctx.warp().ext, i.word);
  ctx.warp().ext.modifier = kModifierPair;
}
void exec_REGPAIRI(ExecContext& ctx, const Insn& i) {
  if (ctx.mode() == Mode::RefCompat) return exec_illegal(ctx, i);
  arm_regexti(ctx.warp().ext, i.word);
  ctx.warp().ext.modifier = kModifierPair;
}

#define VENTUS_PRE_M(id)                          \
  void exec_##id(ExecContext& c, const Insn& i) { \
    arm_memory_prefix(c, i);                      \
  }
VENTUS_PRE_M(PRE_M_32)
VENTUS_PRE_M(PRE_M_64)
VENTUS_PRE_M(PRE_M_96)
VENTUS_PRE_M(PRE_M_128)
VENTUS_PRE_M(PRE_M_GLOBAL_32)
VENTUS_PRE_M(PRE_M_GLOBAL_64)
VENTUS_PRE_M(PRE_M_GLOBAL_96)
VENTUS_PRE_M(PRE_M_GLOBAL_128)
VENTUS_PRE_M(PRE_M_PRIVATE_32)
VENTUS_PRE_M(PRE_M_PRIVATE_64)
VENTUS_PRE_M(PRE_M_PRIVATE_96)
VENTUS_PRE_M(PRE_M_PRIVATE_128)
VENTUS_PRE_M(PRE_M_LOCAL_32)
VENTUS_PRE_M(PRE_M_LOCAL_64)
VENTUS_PRE_M(PRE_M_LOCAL_96)
VENTUS_PRE_M(PRE_M_LOCAL_128)
#undef VENTUS_PRE_M

void exec_PREFIX(ExecContext& ctx, const Insn& i) {
  arm_compute_prefix(ctx, i, false);
}
void exec_PREFIXI(ExecContext& ctx, const Insn& i) {
  arm_compute_prefix(ctx, i, true);
}

}  // namespace ventus::functional::semantics
