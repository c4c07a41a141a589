// Selection of integer and floating-point arithmetic, casts and select: scalar rows for
// uniform values, .vv/.vx/.vi rows for divergent ones (CODEGEN.md §3.1 mixing rule).
#include <llvm/IR/Instructions.h>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {
namespace {

using isa::InsnId;
constexpr InsnId kNone = InsnId::kInvalid;

// The rows of one binary operation (kNone where the form does not exist).
struct BinaryRows {
  InsnId scalar, scalar_imm, vv, vx, vi, reverse_vx;
  bool commutative;
  bool unsigned_imm5;  // .vi takes 0..31 (shifts), else -16..15
};

std::optional<BinaryRows> rows_of(unsigned opcode) {
  using I = llvm::Instruction;
  switch (opcode) {
    case I::Add: return BinaryRows{InsnId::ADD, InsnId::ADDI, InsnId::VADD_VV, InsnId::VADD_VX, InsnId::VADD_VI, kNone, true, false};
    case I::Sub: return BinaryRows{InsnId::SUB, kNone, InsnId::VSUB_VV, InsnId::VSUB_VX, kNone, InsnId::VRSUB_VX, false, false};
    case I::Mul: return BinaryRows{InsnId::MUL, kNone, InsnId::VMUL_VV, InsnId::VMUL_VX, kNone, kNone, true, false};
    case I::UDiv: return BinaryRows{InsnId::DIVU, kNone, InsnId::VDIVU_VV, InsnId::VDIVU_VX, kNone, kNone, false, false};
    case I::SDiv: return BinaryRows{InsnId::DIV, kNone, InsnId::VDIV_VV, InsnId::VDIV_VX, kNone, kNone, false, false};
    case I::URem: return BinaryRows{InsnId::REMU, kNone, InsnId::VREMU_VV, InsnId::VREMU_VX, kNone, kNone, false, false};
    case I::SRem: return BinaryRows{InsnId::REM, kNone, InsnId::VREM_VV, InsnId::VREM_VX, kNone, kNone, false, false};
    case I::Shl: return BinaryRows{InsnId::SLL, InsnId::SLLI, InsnId::VSLL_VV, InsnId::VSLL_VX, InsnId::VSLL_VI, kNone, false, true};
    case I::LShr: return BinaryRows{InsnId::SRL, InsnId::SRLI, InsnId::VSRL_VV, InsnId::VSRL_VX, InsnId::VSRL_VI, kNone, false, true};
    case I::AShr: return BinaryRows{InsnId::SRA, InsnId::SRAI, InsnId::VSRA_VV, InsnId::VSRA_VX, InsnId::VSRA_VI, kNone, false, true};
    case I::And: return BinaryRows{InsnId::AND, InsnId::ANDI, InsnId::VAND_VV, InsnId::VAND_VX, InsnId::VAND_VI, kNone, true, false};
    case I::Or: return BinaryRows{InsnId::OR, InsnId::ORI, InsnId::VOR_VV, InsnId::VOR_VX, InsnId::VOR_VI, kNone, true, false};
    case I::Xor: return BinaryRows{InsnId::XOR, InsnId::XORI, InsnId::VXOR_VV, InsnId::VXOR_VX, InsnId::VXOR_VI, kNone, true, false};
    case I::FAdd: return BinaryRows{InsnId::FADD_S, kNone, InsnId::VFADD_VV, InsnId::VFADD_VF, kNone, kNone, true, false};
    case I::FSub: return BinaryRows{InsnId::FSUB_S, kNone, InsnId::VFSUB_VV, InsnId::VFSUB_VF, kNone, InsnId::VFRSUB_VF, false, false};
    case I::FMul: return BinaryRows{InsnId::FMUL_S, kNone, InsnId::VFMUL_VV, InsnId::VFMUL_VF, kNone, kNone, true, false};
    case I::FDiv: return BinaryRows{InsnId::FDIV_S, kNone, InsnId::VFDIV_VV, InsnId::VFDIV_VF, kNone, InsnId::VFRDIV_VF, false, false};
    default: return std::nullopt;
  }
}

bool fits_imm5(int64_t v, bool unsigned_form) {
  return unsigned_form ? (v >= 0 && v <= 31) : (v >= -16 && v <= 15);
}

bool narrow(const llvm::Type* t) {
  return t->isIntegerTy() && t->getIntegerBitWidth() < 32;
}

// Operations whose narrow result may carry bits above the type's width.
bool may_overflow_width(unsigned opcode) {
  using I = llvm::Instruction;
  return opcode == I::Add || opcode == I::Sub || opcode == I::Mul || opcode == I::Shl ||
         opcode == I::SDiv || opcode == I::SRem || opcode == I::AShr;
}

bool signed_operands(unsigned opcode) {
  using I = llvm::Instruction;
  return opcode == I::SDiv || opcode == I::SRem || opcode == I::AShr;
}

}  // namespace

uint32_t Selector::normalize(uint32_t r, const llvm::Type* type, bool is_signed, bool vec) {
  const unsigned width = type->getIntegerBitWidth();
  if (width >= 32) return r;
  const uint32_t out = new_reg(vec ? RegClass::Vector : RegClass::Scalar);
  if (is_signed || width == 16) {
    const uint32_t mid = new_reg(vec ? RegClass::Vector : RegClass::Scalar);
    const int64_t shift = 32 - width;
    emit(vec ? InsnId::VSLL_VI : InsnId::SLLI,
         {MOperand::def_reg(mid), MOperand::use_reg(r), MOperand::immediate(shift)});
    const InsnId right = is_signed ? (vec ? InsnId::VSRA_VI : InsnId::SRAI)
                                   : (vec ? InsnId::VSRL_VI : InsnId::SRLI);
    emit(right, {MOperand::def_reg(out), MOperand::use_reg(mid), MOperand::immediate(shift)});
    return out;
  }
  const int64_t mask = (int64_t{1} << width) - 1;
  if (!vec) {
    emit(InsnId::ANDI, {MOperand::def_reg(out), MOperand::use_reg(r), MOperand::immediate(mask)});
  } else if (mask <= 15) {
    emit(InsnId::VAND_VI, {MOperand::def_reg(out), MOperand::use_reg(r), MOperand::immediate(mask)});
  } else {
    emit(InsnId::VAND_VX, {MOperand::def_reg(out), MOperand::use_reg(r),
                           MOperand::use_reg(constant_scalar(mask))});
  }
  return out;
}

Status Selector::select_binary(const llvm::Instruction& inst) {
  if (inst.getOpcode() == llvm::Instruction::FNeg) {
    const bool vec = is_vector(&inst);
    const uint32_t x = reg(inst.getOperand(0));
    emit(vec ? InsnId::VFSGNJN_VV : InsnId::FSGNJN_S,
         {MOperand::def_reg(result(inst)), MOperand::use_reg(x), MOperand::use_reg(x)});
    return ok_status();
  }
  const auto rows = rows_of(inst.getOpcode());
  if (!rows) return unsupported(inst, fmt::format("the operation '{}'", inst.getOpcodeName()));
  const llvm::Value* a = inst.getOperand(0);
  const llvm::Value* b = inst.getOperand(1);
  const bool vec = is_vector(&inst);
  const bool sign = signed_operands(inst.getOpcode()) && narrow(inst.getType());
  auto fetch = [&](const llvm::Value* v) {
    const uint32_t r = reg(v);
    return sign ? normalize(r, inst.getType(), true, out_.regs[r].cls == RegClass::Vector) : r;
  };
  const bool wrap = narrow(inst.getType()) && may_overflow_width(inst.getOpcode());
  const uint32_t d = wrap ? new_reg(vec ? RegClass::Vector : RegClass::Scalar) : result(inst);
  const auto cb = sign ? std::nullopt : constant_int(b);
  if (!vec) {
    if (rows->scalar_imm != kNone && cb && *cb >= -2048 && *cb < 2048) {
      emit(rows->scalar_imm, {MOperand::def_reg(d), scalar_use(a), MOperand::immediate(*cb)});
    } else if (inst.getOpcode() == llvm::Instruction::Sub && cb && *cb > -2048 && *cb <= 2048) {
      emit(InsnId::ADDI, {MOperand::def_reg(d), scalar_use(a), MOperand::immediate(-*cb)});
    } else {
      emit(rows->scalar, {MOperand::def_reg(d), MOperand::use_reg(fetch(a)), MOperand::use_reg(fetch(b))});
    }
  } else {
    const bool a_vec = is_vector(a), b_vec = is_vector(b);
    const auto ca = sign ? std::nullopt : constant_int(a);
    if (b_vec && !a_vec && rows->commutative) std::swap(a, b);
    const bool av = is_vector(a), bv = is_vector(b);
    const auto cbb = sign ? std::nullopt : constant_int(b);
    if (av && !bv && rows->vi != kNone && cbb && fits_imm5(*cbb, rows->unsigned_imm5)) {
      emit(rows->vi, {MOperand::def_reg(d), MOperand::use_reg(fetch(a)), MOperand::immediate(*cbb)});
    } else if (av && !bv && inst.getOpcode() == llvm::Instruction::Sub && cbb && fits_imm5(-*cbb, false)) {
      emit(InsnId::VADD_VI, {MOperand::def_reg(d), MOperand::use_reg(fetch(a)), MOperand::immediate(-*cbb)});
    } else if (av && !bv) {
      emit(rows->vx, {MOperand::def_reg(d), MOperand::use_reg(fetch(a)), MOperand::use_reg(fetch(b))});
    } else if (!av && bv && rows->reverse_vx != kNone) {
      if (inst.getOpcode() == llvm::Instruction::Sub && ca && fits_imm5(*ca, false)) {
        emit(InsnId::VRSUB_VI, {MOperand::def_reg(d), MOperand::use_reg(fetch(b)), MOperand::immediate(*ca)});
      } else {
        emit(rows->reverse_vx, {MOperand::def_reg(d), MOperand::use_reg(fetch(b)), MOperand::use_reg(fetch(a))});
      }
    } else {
      const uint32_t ra = to_class(fetch(a), RegClass::Vector);
      const uint32_t rb = to_class(fetch(b), RegClass::Vector);
      emit(rows->vv, {MOperand::def_reg(d), MOperand::use_reg(ra), MOperand::use_reg(rb)});
    }
    (void)a_vec;
    (void)b_vec;
  }
  if (wrap) emit_copy(result(inst), normalize(d, inst.getType(), false, vec));
  return ok_status();
}

Status Selector::select_cast(const llvm::Instruction& inst) {
  const llvm::Value* x = inst.getOperand(0);
  const bool vec = is_vector(&inst);
  const auto* from = x->getType();
  switch (inst.getOpcode()) {
    case llvm::Instruction::ZExt:
    case llvm::Instruction::BitCast:
    case llvm::Instruction::PtrToInt:
    case llvm::Instruction::IntToPtr:
    case llvm::Instruction::AddrSpaceCast:
    case llvm::Instruction::FPExt:  // only printf's promoted arguments (checks.cpp)
      bind(&inst, operand(x));  // narrow integers are held zero-extended (docs/opencl.md)
      return ok_status();
    case llvm::Instruction::SExt:
      emit_copy(result(inst), normalize(reg(x), from, true, vec));
      return ok_status();
    case llvm::Instruction::Trunc:
      emit_copy(result(inst), normalize(reg(x), inst.getType(), false, vec));
      return ok_status();
    default: break;
  }
  const bool from_signed_int = inst.getOpcode() == llvm::Instruction::SIToFP;
  uint32_t src = reg(x);
  if (from_signed_int && narrow(from)) src = normalize(src, from, true, vec);
  const char* scalar_form = nullptr;
  InsnId vector_row = kNone;
  switch (inst.getOpcode()) {
    case llvm::Instruction::SIToFP: scalar_form = "fcvt.s.w %0, %1"; vector_row = InsnId::VFCVT_F_X_V; break;
    case llvm::Instruction::UIToFP: scalar_form = "fcvt.s.wu %0, %1"; vector_row = InsnId::VFCVT_F_XU_V; break;
    case llvm::Instruction::FPToSI: scalar_form = "fcvt.w.s %0, %1, rtz"; vector_row = InsnId::VFCVT_RTZ_X_F_V; break;
    case llvm::Instruction::FPToUI: scalar_form = "fcvt.wu.s %0, %1, rtz"; vector_row = InsnId::VFCVT_RTZ_XU_F_V; break;
    default: return unsupported(inst, fmt::format("the conversion '{}'", inst.getOpcodeName()));
  }
  const bool wrap = narrow(inst.getType());
  uint32_t d = wrap ? new_reg(vec ? RegClass::Vector : RegClass::Scalar) : result(inst);
  if (vec) {
    emit(vector_row, {MOperand::def_reg(d), MOperand::use_reg(to_class(src, RegClass::Vector))});
  } else {
    emit_asm(scalar_form, {MOperand::def_reg(d), MOperand::use_reg(src)});
  }
  if (wrap) emit_copy(result(inst), normalize(d, inst.getType(), false, vec));
  return ok_status();
}

// c ? a : b as b ^ ((a ^ b) & -c): no branch, no mask register (CODEGEN.md §9 item 2).
// Selects with a constant arm need fewer instructions: for i1, c ? x : 0 = c & x and
// c ? 1 : x = c | x; otherwise c ? x : 0 = x & -c and c ? 0 : x = x & (c - 1).
bool Selector::select_with_constant(const llvm::SelectInst& sel) {
  const auto a = constant_bits_of(sel.getTrueValue()), b = constant_bits_of(sel.getFalseValue());
  const bool boolean = sel.getType()->isIntegerTy(1);
  const bool vec = is_vector(&sel);
  const llvm::Value* c = sel.getCondition();
  auto binary = [&](InsnId vv, InsnId vx, InsnId s, const llvm::Value* x, uint32_t y) {
    const uint32_t d = result(sel);
    const bool xv = is_vector(x), yv = out_.regs[y].cls == RegClass::Vector;
    if (!vec) {
      emit(s, {MOperand::def_reg(d), scalar_use(x), MOperand::use_reg(y)});
    } else if (xv && yv) {
      emit(vv, {MOperand::def_reg(d), MOperand::use_reg(reg(x)), MOperand::use_reg(y)});
    } else {
      emit(vx, {MOperand::def_reg(d), MOperand::use_reg(xv ? reg(x) : y),
                xv ? MOperand::use_reg(y) : scalar_use(x)});
    }
  };
  if (boolean && b && *b == 0) {
    binary(InsnId::VAND_VV, InsnId::VAND_VX, InsnId::AND, sel.getTrueValue(), reg(c));
  } else if (boolean && a && *a == 1) {
    binary(InsnId::VOR_VV, InsnId::VOR_VX, InsnId::OR, sel.getFalseValue(), reg(c));
  } else if ((b && *b == 0) || (a && *a == 0)) {
    const uint32_t rc = reg(c);
    const bool cv = out_.regs[rc].cls == RegClass::Vector;
    const uint32_t m = new_reg(cv ? RegClass::Vector : RegClass::Scalar);
    if (b && *b == 0) {
      emit(cv ? InsnId::VRSUB_VI : InsnId::SUB,
           cv ? std::vector<MOperand>{MOperand::def_reg(m), MOperand::use_reg(rc), MOperand::immediate(0)}
              : std::vector<MOperand>{MOperand::def_reg(m), zero(), MOperand::use_reg(rc)});
    } else {
      emit(cv ? InsnId::VADD_VI : InsnId::ADDI,
           {MOperand::def_reg(m), MOperand::use_reg(rc), MOperand::immediate(-1)});
    }
    binary(InsnId::VAND_VV, InsnId::VAND_VX, InsnId::AND,
           b && *b == 0 ? sel.getTrueValue() : sel.getFalseValue(), m);
  } else {
    return false;
  }
  return true;
}

Status Selector::select_select(const llvm::Instruction& inst) {
  const auto& sel = llvm::cast<llvm::SelectInst>(inst);
  if (select_with_constant(sel)) return ok_status();
  const bool vec = is_vector(&inst);
  const uint32_t c = reg(sel.getCondition());
  const bool c_vec = out_.regs[c].cls == RegClass::Vector;
  const uint32_t m = new_reg(c_vec ? RegClass::Vector : RegClass::Scalar);
  if (c_vec) {
    emit(InsnId::VRSUB_VI, {MOperand::def_reg(m), MOperand::use_reg(c), MOperand::immediate(0)});
  } else {
    emit(InsnId::SUB, {MOperand::def_reg(m), zero(), MOperand::use_reg(c)});
  }
  const llvm::Value* a = sel.getTrueValue();
  const llvm::Value* b = sel.getFalseValue();
  const bool ab_vec = is_vector(a) || is_vector(b);
  const uint32_t t = new_reg(ab_vec ? RegClass::Vector : RegClass::Scalar);
  if (!ab_vec) {
    emit(InsnId::XOR, {MOperand::def_reg(t), scalar_use(a), scalar_use(b)});
  } else if (is_vector(a) && is_vector(b)) {
    emit(InsnId::VXOR_VV, {MOperand::def_reg(t), MOperand::use_reg(reg(a)), MOperand::use_reg(reg(b))});
  } else {
    const llvm::Value* v = is_vector(a) ? a : b;
    const llvm::Value* s = is_vector(a) ? b : a;
    emit(InsnId::VXOR_VX, {MOperand::def_reg(t), MOperand::use_reg(reg(v)), scalar_use(s)});
  }
  const bool u_vec = c_vec || ab_vec;
  const uint32_t u = new_reg(u_vec ? RegClass::Vector : RegClass::Scalar);
  if (!u_vec) {
    emit(InsnId::AND, {MOperand::def_reg(u), MOperand::use_reg(m), MOperand::use_reg(t)});
  } else if (c_vec && ab_vec) {
    emit(InsnId::VAND_VV, {MOperand::def_reg(u), MOperand::use_reg(m), MOperand::use_reg(t)});
  } else {
    emit(InsnId::VAND_VX, {MOperand::def_reg(u), MOperand::use_reg(c_vec ? m : t),
                           MOperand::use_reg(c_vec ? t : m)});
  }
  const uint32_t d = result(inst);
  if (!vec) {
    emit(InsnId::XOR, {MOperand::def_reg(d), MOperand::use_reg(u), scalar_use(b)});
  } else if (is_vector(b)) {
    emit(InsnId::VXOR_VV, {MOperand::def_reg(d), MOperand::use_reg(u), MOperand::use_reg(reg(b))});
  } else {
    emit(InsnId::VXOR_VX, {MOperand::def_reg(d), MOperand::use_reg(u), scalar_use(b)});
  }
  return ok_status();
}

}  // namespace ventus::cc
