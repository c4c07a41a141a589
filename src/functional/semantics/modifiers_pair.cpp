// The instruction after regpair/regpairi (§5.13) or a prefix with pair = 1 (§5.16): an
// integer ALU row computed on 64-bit register pairs {R[n+1] : R[n]}.
#include <fmt/format.h>

#include <array>
#include <bit>
#include <cstdint>

#include "functional/semantics/lane_loops.hpp"
#include "functional/semantics/modifiers.hpp"
#include "functional/semantics/pairs.hpp"

namespace ventus::functional::semantics {
namespace {

using isa::InsnId;

enum class Op : uint8_t {
  Add,
  Sub,
  Sll,
  Srl,
  Sra,
  And,
  Or,
  Xor,
  Slt,
  Sltu,
  Min,
  Max,
  Minu,
  Maxu,
  Mul
};
// Scalar register-register / register-immediate; vector .vv / .vx / .vi.
enum class Form : uint8_t { RR, RI, VV, VX, VI };

struct PairRow {
  InsnId id;
  Op op;
  Form form;
};

// The rows whose 64-bit meaning is the obvious one (§5.13): add, sub, shifts, logic,
// compares, min/max, mul low. Any other row after a pair prefix is illegal.
constexpr std::array kPairRows = {
    PairRow{InsnId::ADD, Op::Add, Form::RR},       PairRow{InsnId::SUB, Op::Sub, Form::RR},
    PairRow{InsnId::SLL, Op::Sll, Form::RR},       PairRow{InsnId::SRL, Op::Srl, Form::RR},
    PairRow{InsnId::SRA, Op::Sra, Form::RR},       PairRow{InsnId::AND, Op::And, Form::RR},
    PairRow{InsnId::OR, Op::Or, Form::RR},         PairRow{InsnId::XOR, Op::Xor, Form::RR},
    PairRow{InsnId::SLT, Op::Slt, Form::RR},       PairRow{InsnId::SLTU, Op::Sltu, Form::RR},
    PairRow{InsnId::MUL, Op::Mul, Form::RR},       PairRow{InsnId::ADDI, Op::Add, Form::RI},
    PairRow{InsnId::SLLI, Op::Sll, Form::RI},      PairRow{InsnId::SRLI, Op::Srl, Form::RI},
    PairRow{InsnId::SRAI, Op::Sra, Form::RI},      PairRow{InsnId::ANDI, Op::And, Form::RI},
    PairRow{InsnId::ORI, Op::Or, Form::RI},        PairRow{InsnId::XORI, Op::Xor, Form::RI},
    PairRow{InsnId::SLTI, Op::Slt, Form::RI},      PairRow{InsnId::SLTIU, Op::Sltu, Form::RI},
    PairRow{InsnId::VADD_VV, Op::Add, Form::VV},   PairRow{InsnId::VADD_VX, Op::Add, Form::VX},
    PairRow{InsnId::VADD_VI, Op::Add, Form::VI},   PairRow{InsnId::VSUB_VV, Op::Sub, Form::VV},
    PairRow{InsnId::VSUB_VX, Op::Sub, Form::VX},   PairRow{InsnId::VAND_VV, Op::And, Form::VV},
    PairRow{InsnId::VAND_VX, Op::And, Form::VX},   PairRow{InsnId::VAND_VI, Op::And, Form::VI},
    PairRow{InsnId::VOR_VV, Op::Or, Form::VV},     PairRow{InsnId::VOR_VX, Op::Or, Form::VX},
    PairRow{InsnId::VOR_VI, Op::Or, Form::VI},     PairRow{InsnId::VXOR_VV, Op::Xor, Form::VV},
    PairRow{InsnId::VXOR_VX, Op::Xor, Form::VX},   PairRow{InsnId::VXOR_VI, Op::Xor, Form::VI},
    PairRow{InsnId::VSLL_VV, Op::Sll, Form::VV},   PairRow{InsnId::VSLL_VX, Op::Sll, Form::VX},
    PairRow{InsnId::VSLL_VI, Op::Sll, Form::VI},   PairRow{InsnId::VSRL_VV, Op::Srl, Form::VV},
    PairRow{InsnId::VSRL_VX, Op::Srl, Form::VX},   PairRow{InsnId::VSRL_VI, Op::Srl, Form::VI},
    PairRow{InsnId::VSRA_VV, Op::Sra, Form::VV},   PairRow{InsnId::VSRA_VX, Op::Sra, Form::VX},
    PairRow{InsnId::VSRA_VI, Op::Sra, Form::VI},   PairRow{InsnId::VMIN_VV, Op::Min, Form::VV},
    PairRow{InsnId::VMIN_VX, Op::Min, Form::VX},   PairRow{InsnId::VMAX_VV, Op::Max, Form::VV},
    PairRow{InsnId::VMAX_VX, Op::Max, Form::VX},   PairRow{InsnId::VMINU_VV, Op::Minu, Form::VV},
    PairRow{InsnId::VMINU_VX, Op::Minu, Form::VX}, PairRow{InsnId::VMAXU_VV, Op::Maxu, Form::VV},
    PairRow{InsnId::VMAXU_VX, Op::Maxu, Form::VX}, PairRow{InsnId::VMUL_VV, Op::Mul, Form::VV},
    PairRow{InsnId::VMUL_VX, Op::Mul, Form::VX},
};

const PairRow* find_pair_row(InsnId id) {
  for (const PairRow& r : kPairRows) {
    if (r.id == id) return &r;
  }
  return nullptr;
}

bool is_signed(Op op) {
  return op == Op::Sra || op == Op::Slt || op == Op::Min || op == Op::Max;
}

uint64_t apply(Op op, uint64_t a, uint64_t b) {
  const auto sa = static_cast<int64_t>(a), sb = static_cast<int64_t>(b);
  switch (op) {
    case Op::Add:
      return a + b;
    case Op::Sub:
      return a - b;
    case Op::Sll:
      return a << (b & 63);
    case Op::Srl:
      return a >> (b & 63);
    case Op::Sra:
      return static_cast<uint64_t>(sa >> (b & 63));
    case Op::And:
      return a & b;
    case Op::Or:
      return a | b;
    case Op::Xor:
      return a ^ b;
    case Op::Slt:
      return sa < sb ? 1 : 0;
    case Op::Sltu:
      return a < b ? 1 : 0;
    case Op::Min:
      return sa < sb ? a : b;
    case Op::Max:
      return sa > sb ? a : b;
    case Op::Minu:
      return a < b ? a : b;
    case Op::Maxu:
      return a > b ? a : b;
    case Op::Mul:
      return a * b;
  }
  return 0;
}

// How a register operand is read and written: a pair (even register), or under regpair an
// odd register is a plain 32-bit one (read extended by the operation's signedness).
struct Operand {
  unsigned reg;
  bool pair;
};

bool operand(ExecContext& ctx, unsigned reg, const char* name, Operand& out) {
  const bool even_only = (ctx.warp().ext.modifier & kModifierEvenPair) != 0;
  if (even_only && !pairs::even_or_trap(ctx, reg, name)) return false;
  out = {reg, (reg & 1u) == 0 && reg + 1 < kRegCount};
  return true;
}

uint64_t extend(uint32_t v, bool sign) {  // a plain 32-bit register under regpair
  return sign ? static_cast<uint64_t>(int64_t{static_cast<int32_t>(v)}) : v;
}

uint64_t read_x(const ExecContext& ctx, Operand o, bool sign) {
  return o.pair ? pairs::x(ctx, o.reg) : extend(ctx.x(o.reg), sign);
}
uint64_t read_v(ExecContext& ctx, Operand o, unsigned lane, bool sign) {
  return o.pair ? pairs::join(ctx.v(o.reg + 1).lane[lane], ctx.v(o.reg).lane[lane])
                : extend(ctx.v(o.reg).lane[lane], sign);
}

void scalar(ExecContext& ctx, const Insn& insn, const PairRow& r) {
  Operand d{}, a{}, b{};
  if (!operand(ctx, ctx.rd(insn), "rd", d) || !operand(ctx, ctx.rs1(insn), "rs1", a)) return;
  if (r.form == Form::RR && !operand(ctx, ctx.rs2(insn), "rs2", b)) return;
  const bool sign = is_signed(r.op);
  const uint64_t bv =
      r.form == Form::RR ? read_x(ctx, b, sign) : static_cast<uint64_t>(int64_t{insn.imm});
  const uint64_t value = apply(r.op, read_x(ctx, a, sign), bv);
  if (d.pair) {
    pairs::set_x(ctx, d.reg, value);
  } else {
    ctx.set_x(d.reg, static_cast<uint32_t>(value));
  }
}

void vector(ExecContext& ctx, const Insn& insn, const PairRow& r) {
  Operand d{}, a{}, b{};
  if (!operand(ctx, ctx.rd(insn), "vd", d) || !operand(ctx, ctx.rs2(insn), "vs2", a)) return;
  if (r.form != Form::VI && !operand(ctx, ctx.rs1(insn), r.form == Form::VV ? "vs1" : "rs1", b)) {
    return;
  }
  const bool sign = is_signed(r.op);
  // .vi: the row's immediate as it means it (simm5, or uimm5 for shifts), widened to
  // imm6 ‖ imm5 by a regpairi/prefixi like by regexti (§5.13, §5.16 "as REGEXTI", §5.5).
  const auto imm = static_cast<int32_t>(lane::vi_imm(ctx, insn));
  const uint64_t scalar_b = r.form == Form::VX   ? read_x(ctx, b, sign)
                            : r.form == Form::VI ? static_cast<uint64_t>(int64_t{imm})
                                                 : 0;
  for (LaneMask m = ctx.active_lanes(); m != 0; m &= m - 1) {
    const auto i = static_cast<unsigned>(std::countr_zero(m));
    const uint64_t bv = r.form == Form::VV ? read_v(ctx, b, i, sign) : scalar_b;
    const uint64_t value = apply(r.op, read_v(ctx, a, i, sign), bv);
    ctx.v(d.reg).lane[i] = static_cast<uint32_t>(value);
    if (d.pair) ctx.v(d.reg + 1).lane[i] = static_cast<uint32_t>(value >> 32);
  }
  ctx.wrote_v(d.reg);
  if (d.pair) ctx.wrote_v(d.reg + 1);
}

}  // namespace

void exec_pair_prefixed(ExecContext& ctx, const Insn& insn) {
  const PairRow* r = find_pair_row(insn.row->id);
  if (r == nullptr) {
    illegal_after_prefix(ctx, insn,
                         "a pair prefix applies to the integer ALU rows of ISA.md §5.13 only");
    return;
  }
  if (r->form == Form::RR || r->form == Form::RI) {
    scalar(ctx, insn, *r);
  } else {
    vector(ctx, insn, *r);
  }
}

}  // namespace ventus::functional::semantics
