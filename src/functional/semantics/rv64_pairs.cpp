// Profile v2.03 RV64I/RV64A rows on register pairs (ISA.md §5.17): *W arithmetic is
// 64 = 64 op 64 on even pairs; ld/sd/lr.d/sc.d/amo*.d move 32-bit data at a 64-bit address.
#include <cstdint>

#include "functional/semantics/pairs.hpp"
#include "functional/semantics/semantics.hpp"

namespace ventus::functional::semantics {
namespace {

int64_t s64(uint64_t v) {
  return static_cast<int64_t>(v);
}

// rd = op(rs1, rs2) on pairs.
template <class Op>
void pair_rr(ExecContext& ctx, const Insn& insn, Op op) {
  const unsigned rd = ctx.rd(insn), rs1 = ctx.rs1(insn), rs2 = ctx.rs2(insn);
  if (!pairs::even_or_trap(ctx, rd, "rd") || !pairs::even_or_trap(ctx, rs1, "rs1") ||
      !pairs::even_or_trap(ctx, rs2, "rs2")) {
    return;
  }
  pairs::set_x(ctx, rd, op(pairs::x(ctx, rs1), pairs::x(ctx, rs2)));
}

// rd = op(rs1, imm) on pairs; the immediate is sext(imm12) or the 6-bit shamt.
template <class Op>
void pair_ri(ExecContext& ctx, const Insn& insn, Op op) {
  const unsigned rd = ctx.rd(insn), rs1 = ctx.rs1(insn);
  if (!pairs::even_or_trap(ctx, rd, "rd") || !pairs::even_or_trap(ctx, rs1, "rs1")) return;
  pairs::set_x(ctx, rd, op(pairs::x(ctx, rs1), static_cast<uint64_t>(int64_t{insn.imm})));
}

// The 64-bit address {x[rs1+1] : x[rs1]} + sext(imm): false (and a trap) when rs1 is odd or
// the address lies above 4 GiB.
bool pair_address(ExecContext& ctx, const Insn& insn, int32_t offset, uint32_t& addr) {
  const unsigned rs1 = ctx.rs1(insn);
  if (!pairs::even_or_trap(ctx, rs1, "rs1")) return false;
  return pairs::address_or_trap(ctx, pairs::x(ctx, rs1) + static_cast<uint64_t>(int64_t{offset}),
                                addr);
}

// t = M[addr]; M[addr] = op(t, x[rs2]); x[rd] = t (rv32a.cpp's rule at a 64-bit address).
template <class Op>
void amo(ExecContext& ctx, const Insn& insn, Op op) {
  uint32_t addr = 0, old = 0;
  if (!pair_address(ctx, insn, 0, addr) || !ctx.load<uint32_t>(addr, old)) return;
  if (!ctx.store<uint32_t>(addr, op(old, ctx.x(ctx.rs2(insn))))) return;
  ctx.set_x(ctx.rd(insn), old);
}

int32_t s32(uint32_t v) {
  return static_cast<int32_t>(v);
}

}  // namespace

void exec_ADDIW(ExecContext& c, const Insn& i) {
  pair_ri(c, i, [](uint64_t a, uint64_t b) { return a + b; });
}
void exec_SLLIW(ExecContext& c, const Insn& i) {
  pair_ri(c, i, [](uint64_t a, uint64_t b) { return a << (b & 63); });
}
void exec_SRLIW(ExecContext& c, const Insn& i) {
  pair_ri(c, i, [](uint64_t a, uint64_t b) { return a >> (b & 63); });
}
void exec_SRAIW(ExecContext& c, const Insn& i) {
  pair_ri(c, i, [](uint64_t a, uint64_t b) { return static_cast<uint64_t>(s64(a) >> (b & 63)); });
}
void exec_ADDW(ExecContext& c, const Insn& i) {
  pair_rr(c, i, [](uint64_t a, uint64_t b) { return a + b; });
}
void exec_SUBW(ExecContext& c, const Insn& i) {
  pair_rr(c, i, [](uint64_t a, uint64_t b) { return a - b; });
}
// Shift amount: rs2[5:0] (the low word of the rs2 pair).
void exec_SLLW(ExecContext& c, const Insn& i) {
  pair_rr(c, i, [](uint64_t a, uint64_t b) { return a << (b & 63); });
}
void exec_SRLW(ExecContext& c, const Insn& i) {
  pair_rr(c, i, [](uint64_t a, uint64_t b) { return a >> (b & 63); });
}
void exec_SRAW(ExecContext& c, const Insn& i) {
  pair_rr(c, i, [](uint64_t a, uint64_t b) { return static_cast<uint64_t>(s64(a) >> (b & 63)); });
}

void exec_LD(ExecContext& ctx, const Insn& insn) {
  uint32_t addr = 0, value = 0;
  if (pair_address(ctx, insn, insn.imm, addr) && ctx.load<uint32_t>(addr, value)) {
    ctx.set_x(ctx.rd(insn), value);
  }
}
void exec_SD(ExecContext& ctx, const Insn& insn) {
  uint32_t addr = 0;
  if (pair_address(ctx, insn, insn.imm, addr)) ctx.store<uint32_t>(addr, ctx.x(ctx.rs2(insn)));
}
void exec_LR_D(ExecContext& ctx, const Insn& insn) {
  uint32_t addr = 0, value = 0;
  if (pair_address(ctx, insn, 0, addr) && ctx.load<uint32_t>(addr, value)) {
    ctx.set_x(ctx.rd(insn), value);
  }
}
// Always succeeds, as sc.w (rv32a.cpp).
void exec_SC_D(ExecContext& ctx, const Insn& insn) {
  uint32_t addr = 0;
  if (pair_address(ctx, insn, 0, addr) && ctx.store<uint32_t>(addr, ctx.x(ctx.rs2(insn)))) {
    ctx.set_x(ctx.rd(insn), 0);
  }
}
void exec_AMOSWAP_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t, uint32_t b) { return b; });
}
void exec_AMOADD_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a + b; });
}
void exec_AMOXOR_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a ^ b; });
}
void exec_AMOAND_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a & b; });
}
void exec_AMOOR_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a | b; });
}
void exec_AMOMIN_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return s32(a) < s32(b) ? a : b; });
}
void exec_AMOMAX_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return s32(a) > s32(b) ? a : b; });
}
void exec_AMOMINU_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a < b ? a : b; });
}
void exec_AMOMAXU_D(ExecContext& c, const Insn& i) {
  amo(c, i, [](uint32_t a, uint32_t b) { return a > b ? a : b; });
}

}  // namespace ventus::functional::semantics
