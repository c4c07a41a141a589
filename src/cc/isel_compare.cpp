// Selection of integer and floating-point compares (0/1 per lane, ISA.md §4.2) and of the
// arithmetic intrinsics the middle end produces (min/max, abs, fma, sqrt, fabs, ...).
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {
namespace {

using isa::InsnId;
using P = llvm::CmpInst::Predicate;
constexpr InsnId kNone = InsnId::kInvalid;

bool is_signed_pred(P p) {
  return p == P::ICMP_SLT || p == P::ICMP_SLE || p == P::ICMP_SGT || p == P::ICMP_SGE;
}

// Vector integer compare rows: .vv, .vx, .vi (kNone where RVV has no such form).
struct CompareRows {
  InsnId vv, vx, vi;
};

CompareRows vector_rows(P p) {
  switch (p) {
    case P::ICMP_EQ: return {InsnId::VMSEQ_VV, InsnId::VMSEQ_VX, InsnId::VMSEQ_VI};
    case P::ICMP_NE: return {InsnId::VMSNE_VV, InsnId::VMSNE_VX, InsnId::VMSNE_VI};
    case P::ICMP_SLT: return {InsnId::VMSLT_VV, InsnId::VMSLT_VX, kNone};
    case P::ICMP_ULT: return {InsnId::VMSLTU_VV, InsnId::VMSLTU_VX, kNone};
    case P::ICMP_SLE: return {InsnId::VMSLE_VV, InsnId::VMSLE_VX, InsnId::VMSLE_VI};
    case P::ICMP_ULE: return {InsnId::VMSLEU_VV, InsnId::VMSLEU_VX, InsnId::VMSLEU_VI};
    case P::ICMP_SGT: return {kNone, InsnId::VMSGT_VX, InsnId::VMSGT_VI};
    case P::ICMP_UGT: return {kNone, InsnId::VMSGTU_VX, InsnId::VMSGTU_VI};
    case P::FCMP_OEQ: return {InsnId::VMFEQ_VV, InsnId::VMFEQ_VF, kNone};
    case P::FCMP_UNE: return {InsnId::VMFNE_VV, InsnId::VMFNE_VF, kNone};
    case P::FCMP_OLT: return {InsnId::VMFLT_VV, InsnId::VMFLT_VF, kNone};
    case P::FCMP_OLE: return {InsnId::VMFLE_VV, InsnId::VMFLE_VF, kNone};
    case P::FCMP_OGT: return {kNone, InsnId::VMFGT_VF, kNone};
    case P::FCMP_OGE: return {kNone, InsnId::VMFGE_VF, kNone};
    default: return {kNone, kNone, kNone};
  }
}

}  // namespace

// Emits `d = a PRED b` for one of the predicates vector_rows knows, choosing the form;
// returns false when the predicate needs rewriting (ge/uge/sge.vv, unordered ones).
static bool emit_vector_compare(Selector& s, P p, const llvm::Value* a, const llvm::Value* b,
                                uint32_t d, bool sign_narrow) {
  const CompareRows rows = vector_rows(p);
  auto fetch = [&](const llvm::Value* v) {
    uint32_t r = s.reg(v);
    if (sign_narrow) r = s.normalize(r, v->getType(), true, s.out_.regs[r].cls == RegClass::Vector);
    return r;
  };
  const auto cb = sign_narrow ? std::nullopt : s.constant_int(b);
  if (!s.is_vector(b) && rows.vi != kNone && cb && *cb >= -16 && *cb <= 15) {
    s.emit(rows.vi, {MOperand::def_reg(d), MOperand::use_reg(fetch(a)), MOperand::immediate(*cb)});
    return true;
  }
  if (!s.is_vector(b) && rows.vx != kNone) {
    s.emit(rows.vx, {MOperand::def_reg(d), MOperand::use_reg(s.to_class(fetch(a), RegClass::Vector)),
                     MOperand::use_reg(fetch(b))});
    return true;
  }
  if (rows.vv == kNone) return false;
  s.emit(rows.vv, {MOperand::def_reg(d), MOperand::use_reg(s.to_class(fetch(a), RegClass::Vector)),
                   MOperand::use_reg(s.to_class(fetch(b), RegClass::Vector))});
  return true;
}

// Vector compare for any predicate: operands swapped or the result inverted where needed.
static void vector_compare(Selector& s, P p, const llvm::Value* a, const llvm::Value* b,
                           uint32_t d, bool sign_narrow) {
  if (!s.is_vector(a) && s.is_vector(b)) {
    std::swap(a, b);
    p = llvm::CmpInst::getSwappedPredicate(p);
  }
  if (emit_vector_compare(s, p, a, b, d, sign_narrow)) return;
  const P swapped = llvm::CmpInst::getSwappedPredicate(p);
  if (s.is_vector(b) && emit_vector_compare(s, swapped, b, a, d, sign_narrow)) return;
  // The inverse predicate, then 1 - x (vxor with 1).
  const uint32_t t = s.new_reg(RegClass::Vector);
  const P inverse = llvm::CmpInst::getInversePredicate(p);
  if (!emit_vector_compare(s, inverse, a, b, t, sign_narrow)) {
    emit_vector_compare(s, llvm::CmpInst::getSwappedPredicate(inverse), b, a, t, sign_narrow);
  }
  s.emit(InsnId::VXOR_VI, {MOperand::def_reg(d), MOperand::use_reg(t), MOperand::immediate(1)});
}

// Scalar integer compare into 0/1.
static void scalar_int_compare(Selector& s, P p, const llvm::Value* a, const llvm::Value* b,
                               uint32_t d, bool sign_narrow) {
  auto fetch = [&](const llvm::Value* v) {
    return sign_narrow ? MOperand::use_reg(s.normalize(s.reg(v), v->getType(), true, false))
                       : s.scalar_use(v);
  };
  if (p == P::ICMP_EQ || p == P::ICMP_NE) {
    const auto cb = s.constant_int(b);
    uint32_t diff = kNoReg;
    if (!(cb && *cb == 0)) {
      diff = s.new_reg(RegClass::Scalar);
      s.emit(InsnId::XOR, {MOperand::def_reg(diff), fetch(a), fetch(b)});
    }
    const MOperand x = diff == kNoReg ? fetch(a) : MOperand::use_reg(diff);
    if (p == P::ICMP_EQ) {
      s.emit(InsnId::SLTIU, {MOperand::def_reg(d), x, MOperand::immediate(1)});
    } else {
      s.emit(InsnId::SLTU, {MOperand::def_reg(d), s.zero(), x});
    }
    return;
  }
  const bool sgn = llvm::CmpInst::isSigned(p);
  const InsnId lt = sgn ? InsnId::SLT : InsnId::SLTU;
  const bool swap = p == P::ICMP_SGT || p == P::ICMP_UGT || p == P::ICMP_SLE || p == P::ICMP_ULE;
  const bool invert = p == P::ICMP_SLE || p == P::ICMP_ULE || p == P::ICMP_SGE || p == P::ICMP_UGE;
  const uint32_t t = invert ? s.new_reg(RegClass::Scalar) : d;
  const auto cb = s.constant_int(b);
  if (!swap && cb && *cb >= -2048 && *cb < 2048 && !sign_narrow) {
    s.emit(sgn ? InsnId::SLTI : InsnId::SLTIU, {MOperand::def_reg(t), fetch(a), MOperand::immediate(*cb)});
  } else {
    s.emit(lt, {MOperand::def_reg(t), swap ? fetch(b) : fetch(a), swap ? fetch(a) : fetch(b)});
  }
  if (invert) s.emit(InsnId::XORI, {MOperand::def_reg(d), MOperand::use_reg(t), MOperand::immediate(1)});
}

// Scalar float compare (Zfinx: floats in x registers, ISA.md §2.1).
static void scalar_float_compare(Selector& s, P p, const llvm::Value* a, const llvm::Value* b,
                                 uint32_t d) {
  const bool unordered = llvm::CmpInst::isUnordered(p) && p != P::FCMP_UNO;
  const P q = unordered ? llvm::CmpInst::getInversePredicate(p) : p;  // ordered form
  const uint32_t t = unordered ? s.new_reg(RegClass::Scalar) : d;
  const MOperand ra = MOperand::use_reg(s.reg(a)), rb = MOperand::use_reg(s.reg(b));
  switch (q) {
    case P::FCMP_OEQ: s.emit(InsnId::FEQ_S, {MOperand::def_reg(t), ra, rb}); break;
    case P::FCMP_OLT: s.emit(InsnId::FLT_S, {MOperand::def_reg(t), ra, rb}); break;
    case P::FCMP_OLE: s.emit(InsnId::FLE_S, {MOperand::def_reg(t), ra, rb}); break;
    case P::FCMP_OGT: s.emit(InsnId::FLT_S, {MOperand::def_reg(t), rb, ra}); break;
    case P::FCMP_OGE: s.emit(InsnId::FLE_S, {MOperand::def_reg(t), rb, ra}); break;
    case P::FCMP_ONE:
    case P::FCMP_ORD:
    case P::FCMP_UNO: {
      const uint32_t x = s.new_reg(RegClass::Scalar), y = s.new_reg(RegClass::Scalar);
      const bool one = q == P::FCMP_ONE;
      s.emit(one ? InsnId::FLT_S : InsnId::FEQ_S, {MOperand::def_reg(x), ra, one ? rb : ra});
      s.emit(one ? InsnId::FLT_S : InsnId::FEQ_S, {MOperand::def_reg(y), rb, one ? ra : rb});
      const uint32_t z = q == P::FCMP_UNO ? s.new_reg(RegClass::Scalar) : t;
      s.emit(one ? InsnId::OR : InsnId::AND, {MOperand::def_reg(z), MOperand::use_reg(x), MOperand::use_reg(y)});
      if (q == P::FCMP_UNO) s.emit(InsnId::XORI, {MOperand::def_reg(t), MOperand::use_reg(z), MOperand::immediate(1)});
      break;
    }
    default: s.emit_asm(fmt::format("li %0, {}", q == P::FCMP_TRUE ? 1 : 0), {MOperand::def_reg(t)});
  }
  if (unordered) s.emit(InsnId::XORI, {MOperand::def_reg(d), MOperand::use_reg(t), MOperand::immediate(1)});
}

// ord, uno, one, ueq, true, false on vectors: x == x is false only for NaN, vmfne is true
// for unordered operands (RVV).
void Selector::vector_float_special(llvm::CmpInst::Predicate p, const llvm::Value* a,
                                    const llvm::Value* b, uint32_t d) {
  if (p == P::FCMP_TRUE || p == P::FCMP_FALSE) {
    emit(InsnId::VMV_V_I, {MOperand::def_reg(d), MOperand::immediate(p == P::FCMP_TRUE ? 1 : 0)});
    return;
  }
  const uint32_t va = vector(a), vb = vector(b);
  const bool unordered = p == P::FCMP_UNO || p == P::FCMP_UEQ;
  const uint32_t t = unordered ? new_reg(RegClass::Vector) : d;
  if (p == P::FCMP_ORD || p == P::FCMP_UNO) {
    const uint32_t x = new_reg(RegClass::Vector), y = new_reg(RegClass::Vector);
    emit(InsnId::VMFEQ_VV, {MOperand::def_reg(x), MOperand::use_reg(va), MOperand::use_reg(va)});
    emit(InsnId::VMFEQ_VV, {MOperand::def_reg(y), MOperand::use_reg(vb), MOperand::use_reg(vb)});
    emit(InsnId::VAND_VV, {MOperand::def_reg(t), MOperand::use_reg(x), MOperand::use_reg(y)});
  } else {
    const uint32_t x = new_reg(RegClass::Vector), y = new_reg(RegClass::Vector);
    emit(InsnId::VMFLT_VV, {MOperand::def_reg(x), MOperand::use_reg(va), MOperand::use_reg(vb)});
    emit(InsnId::VMFLT_VV, {MOperand::def_reg(y), MOperand::use_reg(vb), MOperand::use_reg(va)});
    emit(InsnId::VOR_VV, {MOperand::def_reg(t), MOperand::use_reg(x), MOperand::use_reg(y)});
  }
  if (unordered) emit(InsnId::VXOR_VI, {MOperand::def_reg(d), MOperand::use_reg(t), MOperand::immediate(1)});
}

Status Selector::select_compare(const llvm::Instruction& inst) {
  const auto& cmp = llvm::cast<llvm::CmpInst>(inst);
  const P p = cmp.getPredicate();
  const llvm::Value* a = cmp.getOperand(0);
  const llvm::Value* b = cmp.getOperand(1);
  const uint32_t d = result(inst);
  const bool sign_narrow = cmp.isIntPredicate() && is_signed_pred(p) &&
                           a->getType()->getIntegerBitWidth() < 32;
  if (!is_vector(&inst)) {
    if (cmp.isIntPredicate()) {
      scalar_int_compare(*this, p, a, b, d, sign_narrow);
    } else {
      scalar_float_compare(*this, p, a, b, d);
    }
    return ok_status();
  }
  if (cmp.isFPPredicate() && (p == P::FCMP_ONE || p == P::FCMP_ORD || p == P::FCMP_UNO ||
                              p == P::FCMP_UEQ || p == P::FCMP_TRUE || p == P::FCMP_FALSE)) {
    vector_float_special(p, a, b, d);
    return ok_status();
  }
  vector_compare(*this, p, a, b, d, sign_narrow);
  return ok_status();
}

}  // namespace ventus::cc
