// Selection of the LLVM intrinsics that the middle end and the device library produce.
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Intrinsics.h>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {
namespace {

using isa::InsnId;
constexpr InsnId kNone = InsnId::kInvalid;

struct TwoOperandRows {
  InsnId scalar, vv, vx;
};

std::optional<TwoOperandRows> two_operand_rows(llvm::Intrinsic::ID id) {
  switch (id) {
    case llvm::Intrinsic::smin: return TwoOperandRows{kNone, InsnId::VMIN_VV, InsnId::VMIN_VX};
    case llvm::Intrinsic::smax: return TwoOperandRows{kNone, InsnId::VMAX_VV, InsnId::VMAX_VX};
    case llvm::Intrinsic::umin: return TwoOperandRows{kNone, InsnId::VMINU_VV, InsnId::VMINU_VX};
    case llvm::Intrinsic::umax: return TwoOperandRows{kNone, InsnId::VMAXU_VV, InsnId::VMAXU_VX};
    case llvm::Intrinsic::minnum: return TwoOperandRows{InsnId::FMIN_S, InsnId::VFMIN_VV, InsnId::VFMIN_VF};
    case llvm::Intrinsic::maxnum: return TwoOperandRows{InsnId::FMAX_S, InsnId::VFMAX_VV, InsnId::VFMAX_VF};
    case llvm::Intrinsic::copysign: return TwoOperandRows{InsnId::FSGNJ_S, InsnId::VFSGNJ_VV, kNone};
    default: return std::nullopt;
  }
}

bool ignored(llvm::Intrinsic::ID id) {
  switch (id) {
    case llvm::Intrinsic::lifetime_start:
    case llvm::Intrinsic::lifetime_end:
    case llvm::Intrinsic::assume:
    case llvm::Intrinsic::experimental_noalias_scope_decl:
    case llvm::Intrinsic::donothing:
    case llvm::Intrinsic::sideeffect:
    case llvm::Intrinsic::dbg_declare:
    case llvm::Intrinsic::dbg_value:
    case llvm::Intrinsic::dbg_label:
      return true;
    default: return false;
  }
}

}  // namespace

// Scalar integer min/max: no Zbb, so a compare and the select idiom (isel_arith.cpp).
static void scalar_min_max(Selector& s, llvm::Intrinsic::ID id, const llvm::Value* a,
                           const llvm::Value* b, uint32_t d) {
  const bool sgn = id == llvm::Intrinsic::smin || id == llvm::Intrinsic::smax;
  const bool min = id == llvm::Intrinsic::smin || id == llvm::Intrinsic::umin;
  const uint32_t ra = s.reg(a), rb = s.reg(b);
  const uint32_t c = s.new_reg(RegClass::Scalar), m = s.new_reg(RegClass::Scalar);
  const uint32_t t = s.new_reg(RegClass::Scalar), u = s.new_reg(RegClass::Scalar);
  // c = (a < b) picks a for min, b for max.
  s.emit(sgn ? InsnId::SLT : InsnId::SLTU, {MOperand::def_reg(c), MOperand::use_reg(min ? ra : rb),
                                            MOperand::use_reg(min ? rb : ra)});
  s.emit(InsnId::SUB, {MOperand::def_reg(m), s.zero(), MOperand::use_reg(c)});
  s.emit(InsnId::XOR, {MOperand::def_reg(t), MOperand::use_reg(ra), MOperand::use_reg(rb)});
  s.emit(InsnId::AND, {MOperand::def_reg(u), MOperand::use_reg(t), MOperand::use_reg(m)});
  s.emit(InsnId::XOR, {MOperand::def_reg(d), MOperand::use_reg(u), MOperand::use_reg(rb)});
}

static Status fused_multiply_add(Selector& s, const llvm::CallBase& call, uint32_t d) {
  const llvm::Value* a = call.getArgOperand(0);
  const llvm::Value* b = call.getArgOperand(1);
  const llvm::Value* c = call.getArgOperand(2);
  if (!s.is_vector(&call)) {
    s.emit(InsnId::FMADD_S, {MOperand::def_reg(d), MOperand::use_reg(s.reg(a)),
                             MOperand::use_reg(s.reg(b)), MOperand::use_reg(s.reg(c))});
    return ok_status();
  }
  // vfmacc: vd = vs1 * vs2 + vd, so vd starts as c (tied; the copy disappears when c dies).
  s.emit_copy(d, s.vector(c));
  if (!s.is_vector(a) || !s.is_vector(b)) {
    const llvm::Value* sc = s.is_vector(a) ? b : a;
    const llvm::Value* vc = s.is_vector(a) ? a : b;
    s.emit(InsnId::VFMACC_VF, {MOperand::tied_reg(d), MOperand::use_reg(s.reg(sc)),
                               MOperand::use_reg(s.vector(vc))});
  } else {
    s.emit(InsnId::VFMACC_VV, {MOperand::tied_reg(d), MOperand::use_reg(s.reg(a)),
                               MOperand::use_reg(s.reg(b))});
  }
  return ok_status();
}

// fshl(a, b, n) = (a << n) | (b >> 1 >> (31 - n)), n taken mod 32 (rotates: a == b).
static void funnel_shift_left(Selector& s, const llvm::CallBase& call, uint32_t d) {
  const bool vec = s.is_vector(&call);
  const RegClass cls = vec ? RegClass::Vector : RegClass::Scalar;
  const uint32_t a = s.to_class(s.reg(call.getArgOperand(0)), cls);
  const uint32_t b = s.to_class(s.reg(call.getArgOperand(1)), cls);
  const uint32_t n = s.to_class(s.reg(call.getArgOperand(2)), cls);
  const uint32_t k = s.new_reg(cls), hi = s.new_reg(cls), half = s.new_reg(cls);
  const uint32_t rest = s.new_reg(cls), lo = s.new_reg(cls);
  auto op = [&](InsnId sr, InsnId vr, uint32_t dst, MOperand x, MOperand y) {
    s.emit(vec ? vr : sr, {MOperand::def_reg(dst), x, y});
  };
  const MOperand mask31 = vec ? MOperand::use_reg(s.constant_scalar(31)) : MOperand::immediate(31);
  op(InsnId::ANDI, InsnId::VAND_VX, k, MOperand::use_reg(n), mask31);
  op(InsnId::SLL, InsnId::VSLL_VV, hi, MOperand::use_reg(a), MOperand::use_reg(k));
  op(InsnId::SRLI, InsnId::VSRL_VI, half, MOperand::use_reg(b), MOperand::immediate(1));
  op(InsnId::XORI, InsnId::VXOR_VX, rest, MOperand::use_reg(k), mask31);
  op(InsnId::SRL, InsnId::VSRL_VV, lo, MOperand::use_reg(half), MOperand::use_reg(rest));
  op(InsnId::OR, InsnId::VOR_VV, d, MOperand::use_reg(hi), MOperand::use_reg(lo));
}

Status Selector::select_intrinsic(const llvm::CallBase& call) {
  const llvm::Intrinsic::ID id = call.getIntrinsicID();
  if (ignored(id)) return ok_status();
  const bool vec = is_vector(&call);
  if (auto rows = two_operand_rows(id)) {
    const llvm::Value* a = call.getArgOperand(0);
    const llvm::Value* b = call.getArgOperand(1);
    const uint32_t d = result(call);
    if (!vec) {
      if (rows->scalar == kNone) {
        scalar_min_max(*this, id, a, b, d);
      } else {
        emit(rows->scalar, {MOperand::def_reg(d), MOperand::use_reg(reg(a)), MOperand::use_reg(reg(b))});
      }
      return ok_status();
    }
    if (!is_vector(a)) std::swap(a, b);
    if (!is_vector(b) && rows->vx != kNone) {
      emit(rows->vx, {MOperand::def_reg(d), MOperand::use_reg(reg(a)), MOperand::use_reg(reg(b))});
    } else {
      emit(rows->vv, {MOperand::def_reg(d), MOperand::use_reg(vector(a)), MOperand::use_reg(vector(b))});
    }
    return ok_status();
  }
  switch (id) {
    case llvm::Intrinsic::fma:
    case llvm::Intrinsic::fmuladd:
      return fused_multiply_add(*this, call, result(call));
    case llvm::Intrinsic::sqrt:
    case llvm::Intrinsic::fabs: {
      const uint32_t x = reg(call.getArgOperand(0));
      const bool sqrt = id == llvm::Intrinsic::sqrt;
      if (vec) {
        emit(sqrt ? InsnId::VFSQRT_V : InsnId::VFSGNJX_VV,
             sqrt ? std::vector<MOperand>{MOperand::def_reg(result(call)), MOperand::use_reg(x)}
                  : std::vector<MOperand>{MOperand::def_reg(result(call)), MOperand::use_reg(x),
                                          MOperand::use_reg(x)});
      } else {
        emit(sqrt ? InsnId::FSQRT_S : InsnId::FSGNJX_S,
             sqrt ? std::vector<MOperand>{MOperand::def_reg(result(call)), MOperand::use_reg(x)}
                  : std::vector<MOperand>{MOperand::def_reg(result(call)), MOperand::use_reg(x),
                                          MOperand::use_reg(x)});
      }
      return ok_status();
    }
    case llvm::Intrinsic::abs: {
      const uint32_t x = reg(call.getArgOperand(0));
      const uint32_t d = result(call);
      if (vec) {
        const uint32_t n = new_reg(RegClass::Vector);
        emit(InsnId::VRSUB_VI, {MOperand::def_reg(n), MOperand::use_reg(x), MOperand::immediate(0)});
        emit(InsnId::VMAX_VV, {MOperand::def_reg(d), MOperand::use_reg(x), MOperand::use_reg(n)});
      } else {
        const uint32_t sgn = new_reg(RegClass::Scalar), t = new_reg(RegClass::Scalar);
        emit(InsnId::SRAI, {MOperand::def_reg(sgn), MOperand::use_reg(x), MOperand::immediate(31)});
        emit(InsnId::XOR, {MOperand::def_reg(t), MOperand::use_reg(x), MOperand::use_reg(sgn)});
        emit(InsnId::SUB, {MOperand::def_reg(d), MOperand::use_reg(t), MOperand::use_reg(sgn)});
      }
      return ok_status();
    }
    case llvm::Intrinsic::fshl:
      if (call.getType()->getIntegerBitWidth() != 32) break;
      funnel_shift_left(*this, call, result(call));
      return ok_status();
    default: break;
  }
  return unsupported(call, fmt::format("the intrinsic '{}'",
                                       call.getCalledFunction()->getName().str()));
}

}  // namespace ventus::cc
