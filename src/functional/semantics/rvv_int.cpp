// RVV integer arithmetic rows (ISA.md §4.2): add/sub, min/max, logic, shifts, mul/div,
// multiply-add.
#include <cstdint>

#include "functional/semantics/lane_loops.hpp"
#include "functional/semantics/semantics.hpp"
#include "isa/operand.hpp"

namespace ventus::functional::semantics {

namespace lane {

uint32_t regexti_vi_imm(const ExecContext& ctx, const Insn& insn) {
  // The low five bits are the instruction's own imm5 field (bits 19:15 = the rs1 field).
  const uint32_t value = (uint32_t{ctx.warp().ext.imm6} << 5) | insn.rs1;
  if (ctx.mode() == Mode::RefCompat) return value;
  const bool is_unsigned = insn.row != nullptr && insn.row->operand_index(isa::OperandKind::Uimm5);
  return is_unsigned ? value : static_cast<uint32_t>(sign_extend(value, 11));
}

}  // namespace lane

namespace {

int32_t s(uint32_t v) {
  return static_cast<int32_t>(v);
}
uint32_t u(int64_t v) {
  return static_cast<uint32_t>(v);
}

// Element ops; operands are (vs2[i], vs1[i] | rs1 | imm) as RVV orders them.
constexpr auto kAdd = [](uint32_t a, uint32_t b) { return a + b; };
constexpr auto kSub = [](uint32_t a, uint32_t b) { return a - b; };
constexpr auto kRsub = [](uint32_t a, uint32_t b) { return b - a; };
constexpr auto kMinu = [](uint32_t a, uint32_t b) { return a < b ? a : b; };
constexpr auto kMaxu = [](uint32_t a, uint32_t b) { return a > b ? a : b; };
constexpr auto kMin = [](uint32_t a, uint32_t b) { return s(a) < s(b) ? a : b; };
constexpr auto kMax = [](uint32_t a, uint32_t b) { return s(a) > s(b) ? a : b; };
constexpr auto kAnd = [](uint32_t a, uint32_t b) { return a & b; };
constexpr auto kOr = [](uint32_t a, uint32_t b) { return a | b; };
constexpr auto kXor = [](uint32_t a, uint32_t b) { return a ^ b; };
// Shifts use the low log2(SEW) = 5 bits of the amount (RVV).
constexpr auto kSll = [](uint32_t a, uint32_t b) { return a << (b & 31u); };
constexpr auto kSrl = [](uint32_t a, uint32_t b) { return a >> (b & 31u); };
constexpr auto kSra = [](uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(s(a) >> (b & 31u));
};
constexpr auto kMul = [](uint32_t a, uint32_t b) { return a * b; };
constexpr auto kMulh = [](uint32_t a, uint32_t b) { return u((int64_t{s(a)} * s(b)) >> 32); };
constexpr auto kMulhu = [](uint32_t a, uint32_t b) {
  return static_cast<uint32_t>((uint64_t{a} * b) >> 32);
};
// vmulhsu: vs2 signed times vs1/rs1 unsigned.
constexpr auto kMulhsu = [](uint32_t a, uint32_t b) {
  return u((int64_t{s(a)} * int64_t{b}) >> 32);
};

// Division with the RISC-V results for x/0 (all ones; rem = x) and INT_MIN/-1 (INT_MIN; rem 0).
// Written without a per-lane branch: an unusable divisor is replaced by 1 and the result fixed.
constexpr auto kDivu = [](uint32_t a, uint32_t b) {
  const uint32_t q = a / (b == 0 ? 1u : b);
  return b == 0 ? ~0u : q;
};
constexpr auto kRemu = [](uint32_t a, uint32_t b) {
  const uint32_t r = a % (b == 0 ? 1u : b);
  return b == 0 ? a : r;
};
constexpr int32_t safe_divisor(uint32_t a, uint32_t b) {
  const bool overflow = a == 0x80000000u && b == 0xFFFFFFFFu;
  return (b == 0 || overflow) ? 1 : static_cast<int32_t>(b);
}
constexpr auto kDiv = [](uint32_t a, uint32_t b) {
  const auto q = static_cast<uint32_t>(static_cast<int32_t>(a) / safe_divisor(a, b));
  return b == 0 ? ~0u : q;  // overflow: a / 1 = INT_MIN already
};
constexpr auto kRem = [](uint32_t a, uint32_t b) {
  const auto r = static_cast<uint32_t>(static_cast<int32_t>(a) % safe_divisor(a, b));
  return b == 0 ? a : r;  // overflow: a % 1 = 0 already
};

// Multiply-add: (a = vs1[i] | rs1, b = vs2[i], d = vd[i]).
constexpr auto kMacc = [](uint32_t a, uint32_t b, uint32_t d) { return a * b + d; };
constexpr auto kNmsac = [](uint32_t a, uint32_t b, uint32_t d) { return d - a * b; };
constexpr auto kMadd = [](uint32_t a, uint32_t b, uint32_t d) { return a * d + b; };
constexpr auto kNmsub = [](uint32_t a, uint32_t b, uint32_t d) { return b - a * d; };

}  // namespace

VENTUS_VV_VX_VI(VADD, kAdd)
VENTUS_VV_VX(VSUB, kSub)
VENTUS_VX(VRSUB, kRsub)
VENTUS_VI(VRSUB, kRsub)
VENTUS_VV_VX(VMINU, kMinu)
VENTUS_VV_VX(VMIN, kMin)
VENTUS_VV_VX(VMAXU, kMaxu)
VENTUS_VV_VX(VMAX, kMax)
VENTUS_VV_VX_VI(VAND, kAnd)
VENTUS_VV_VX_VI(VOR, kOr)
VENTUS_VV_VX_VI(VXOR, kXor)
VENTUS_VV_VX_VI(VSLL, kSll)
VENTUS_VV_VX_VI(VSRL, kSrl)
VENTUS_VV_VX_VI(VSRA, kSra)
VENTUS_VV_VX(VMUL, kMul)
VENTUS_VV_VX(VMULH, kMulh)
VENTUS_VV_VX(VMULHU, kMulhu)
VENTUS_VV_VX(VMULHSU, kMulhsu)
VENTUS_VV_VX(VDIVU, kDivu)
VENTUS_VV_VX(VDIV, kDiv)
VENTUS_VV_VX(VREMU, kRemu)
VENTUS_VV_VX(VREM, kRem)
VENTUS_MADD(VMACC, kMacc)
VENTUS_MADD(VNMSAC, kNmsac)
VENTUS_MADD(VMADD, kMadd)
VENTUS_MADD(VNMSUB, kNmsub)

}  // namespace ventus::functional::semantics
