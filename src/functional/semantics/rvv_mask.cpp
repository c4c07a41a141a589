// RVV compares, carry/merge, moves, vid and mask-register rows (ISA.md §4.2, C18, C19).
#include <bit>
#include <cstdint>

#include "functional/semantics/lane_loops.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

int32_t s(uint32_t v) {
  return static_cast<int32_t>(v);
}
uint32_t b01(bool v) {
  return v ? 1u : 0u;
}

// Ventus compares write a whole 0/1 element per thread (C18), on (vs2[i], vs1[i] | rs1 | imm).
constexpr auto kSeq = [](uint32_t a, uint32_t b) { return b01(a == b); };
constexpr auto kSne = [](uint32_t a, uint32_t b) { return b01(a != b); };
constexpr auto kSltu = [](uint32_t a, uint32_t b) { return b01(a < b); };
constexpr auto kSlt = [](uint32_t a, uint32_t b) { return b01(s(a) < s(b)); };
constexpr auto kSleu = [](uint32_t a, uint32_t b) { return b01(a <= b); };
constexpr auto kSle = [](uint32_t a, uint32_t b) { return b01(s(a) <= s(b)); };
constexpr auto kSgtu = [](uint32_t a, uint32_t b) { return b01(a > b); };
constexpr auto kSgt = [](uint32_t a, uint32_t b) { return b01(s(a) > s(b)); };

// Carry/borrow rows (unmodified RVV in REF): c = bit i of the bit-packed v0 (C19).
constexpr auto kAdc = [](uint32_t a, uint32_t b, uint32_t c) { return a + b + c; };
constexpr auto kSbc = [](uint32_t a, uint32_t b, uint32_t c) { return a - b - c; };
constexpr auto kMerge = [](uint32_t a, uint32_t b, uint32_t c) { return c != 0 ? b : a; };
constexpr auto kCarryOut = [](uint32_t a, uint32_t b, uint32_t c) {
  return static_cast<uint32_t>((uint64_t{a} + b + c) >> 32);
};
constexpr auto kBorrowOut = [](uint32_t a, uint32_t b, uint32_t c) {
  return b01(uint64_t{a} < uint64_t{b} + c);
};

// vd[i] = op(vs2[i], b[i], v0 bit i) on active lanes. `use_v0` = false for vmadc.vv/vmsbc.vv.
template <class B, class Op>
void with_carry(ExecContext& ctx, const Insn& insn, B b, Op op, bool use_v0 = true) {
  const lane::Vec a = lane::vs2(ctx, insn);
  const LaneMask carry = use_v0 ? lane::v0_bits(ctx) : 0u;
  lane::Lanes res;
  for (unsigned i = 0; i < kMaxThreads; ++i) res[i] = op(a[i], b[i], (carry >> i) & 1u);
  lane::commit(ctx, insn, res);
}

// Mask-producing rows write bit i of the bit-packed vd for active i only (RVV layout, C19).
void write_mask_bits(ExecContext& ctx, const Insn& insn, LaneMask bits) {
  const unsigned vd = ctx.rd(insn);
  const LaneMask active = ctx.active_lanes();
  uint32_t& word = ctx.v(vd).lane[0];
  word = (word & ~active) | (bits & active);
  ctx.wrote_v(vd);
}

template <class B, class Op>
void carry_mask(ExecContext& ctx, const Insn& insn, B b, Op op, bool use_v0 = true) {
  const lane::Vec a = lane::vs2(ctx, insn);
  const LaneMask carry = use_v0 ? lane::v0_bits(ctx) : 0u;
  LaneMask bits = 0;
  for (unsigned i = 0; i < kMaxThreads; ++i) bits |= op(a[i], b[i], (carry >> i) & 1u) << i;
  write_mask_bits(ctx, insn, bits);
}

template <class Op>
void mask_logical(ExecContext& ctx, const Insn& insn, Op op) {
  write_mask_bits(ctx, insn, op(ctx.v(ctx.rs2(insn)).lane[0], ctx.v(ctx.rs1(insn)).lane[0]));
}

}  // namespace

VENTUS_VV_VX_VI(VMSEQ, kSeq)
VENTUS_VV_VX_VI(VMSNE, kSne)
VENTUS_VV_VX(VMSLTU, kSltu)
VENTUS_VV_VX(VMSLT, kSlt)
VENTUS_VV_VX_VI(VMSLEU, kSleu)
VENTUS_VV_VX_VI(VMSLE, kSle)
VENTUS_VX(VMSGTU, kSgtu)
VENTUS_VI(VMSGTU, kSgtu)
VENTUS_VX(VMSGT, kSgt)
VENTUS_VI(VMSGT, kSgt)

// Rows whose v0 operand is a carry/selector (the encoding's vm bit is 0, but predecode keeps
// insn.vm = 1 because the row has no vm operand, so v0 does not also mask the lanes).
#define VENTUS_V0_ROWS(HELPER, ID, OP)                       \
  void exec_##ID##_VVM(ExecContext& ctx, const Insn& insn) { \
    HELPER(ctx, insn, lane::vs1(ctx, insn), OP);             \
  }                                                          \
  void exec_##ID##_VXM(ExecContext& ctx, const Insn& insn) { \
    HELPER(ctx, insn, lane::xs1(ctx, insn), OP);             \
  }
#define VENTUS_V0_VIM(HELPER, ID, OP)                        \
  void exec_##ID##_VIM(ExecContext& ctx, const Insn& insn) { \
    HELPER(ctx, insn, lane::imm(ctx, insn), OP);             \
  }

VENTUS_V0_ROWS(with_carry, VADC, kAdc)
VENTUS_V0_VIM(with_carry, VADC, kAdc)
VENTUS_V0_ROWS(with_carry, VSBC, kSbc)
VENTUS_V0_ROWS(with_carry, VMERGE, kMerge)
VENTUS_V0_VIM(with_carry, VMERGE, kMerge)
VENTUS_V0_ROWS(carry_mask, VMADC, kCarryOut)
VENTUS_V0_VIM(carry_mask, VMADC, kCarryOut)
VENTUS_V0_ROWS(carry_mask, VMSBC, kBorrowOut)

void exec_VMADC_VV(ExecContext& ctx, const Insn& insn) {
  carry_mask(ctx, insn, lane::vs1(ctx, insn), kCarryOut, false);
}
void exec_VMADC_VX(ExecContext& ctx, const Insn& insn) {
  carry_mask(ctx, insn, lane::xs1(ctx, insn), kCarryOut, false);
}
void exec_VMADC_VI(ExecContext& ctx, const Insn& insn) {
  carry_mask(ctx, insn, lane::imm(ctx, insn), kCarryOut, false);
}
void exec_VMSBC_VV(ExecContext& ctx, const Insn& insn) {
  carry_mask(ctx, insn, lane::vs1(ctx, insn), kBorrowOut, false);
}
void exec_VMSBC_VX(ExecContext& ctx, const Insn& insn) {
  carry_mask(ctx, insn, lane::xs1(ctx, insn), kBorrowOut, false);
}

// Moves broadcast to the active lanes; vmv.s.x broadcasts too (Ventus rule, §4.2).
void exec_VMV_V_V(ExecContext& ctx, const Insn& insn) {
  const lane::Vec src = lane::vs1(ctx, insn);
  lane::fill(ctx, insn, [&](unsigned i) { return src[i]; });
}
void exec_VMV_V_X(ExecContext& ctx, const Insn& insn) {
  const uint32_t value = ctx.x(ctx.rs1(insn));
  lane::fill(ctx, insn, [=](unsigned) { return value; });
}
void exec_VMV_V_I(ExecContext& ctx, const Insn& insn) {
  const uint32_t value = lane::vi_imm(ctx, insn);
  lane::fill(ctx, insn, [=](unsigned) { return value; });
}
void exec_VMV_S_X(ExecContext& ctx, const Insn& insn) {
  exec_VMV_V_X(ctx, insn);
}

// vmv.x.s: REF loops over the active lanes in ascending order writing x[rd], so the highest
// active element wins (§4.2); no active lane, no write.
void exec_VMV_X_S(ExecContext& ctx, const Insn& insn) {
  const LaneMask active = ctx.active_lanes();
  if (active == 0) return;
  const auto top = static_cast<unsigned>(31 - std::countl_zero(active));
  ctx.set_x(ctx.rd(insn), ctx.v(ctx.rs2(insn)).lane[top]);
}

// vid.v: the element index i (not the thread id; code adds CSR_TID itself).
void exec_VID_V(ExecContext& ctx, const Insn& insn) {
  lane::fill(ctx, insn, [](unsigned i) { return i; });
}

void exec_VCPOP_M(ExecContext& ctx, const Insn& insn) {
  const LaneMask bits = ctx.v(ctx.rs2(insn)).lane[0] & ctx.active_lanes();
  ctx.set_x(ctx.rd(insn), static_cast<uint32_t>(std::popcount(bits)));
}
void exec_VFIRST_M(ExecContext& ctx, const Insn& insn) {
  const LaneMask bits = ctx.v(ctx.rs2(insn)).lane[0] & ctx.active_lanes();
  ctx.set_x(ctx.rd(insn), bits == 0 ? ~0u : static_cast<uint32_t>(std::countr_zero(bits)));
}

// Mask-register logic on (vs2, vs1), bit-packed like REF (never emitted by the compiler).
void exec_VMANDN_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return a & ~b; });
}
void exec_VMAND_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return a & b; });
}
void exec_VMOR_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return a | b; });
}
void exec_VMXOR_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return a ^ b; });
}
void exec_VMORN_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return a | ~b; });
}
void exec_VMNAND_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return ~(a & b); });
}
void exec_VMNOR_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return ~(a | b); });
}
void exec_VMXNOR_MM(ExecContext& c, const Insn& i) {
  mask_logical(c, i, [](uint32_t a, uint32_t b) { return ~(a ^ b); });
}

}  // namespace ventus::functional::semantics
