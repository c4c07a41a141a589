// Selection of atomics whose operands one lane supplies (after expand_atomics): scalar AMOs
// and an lr/sc loop for compare-and-swap (RV32A, ISA.md §4.1).
#include <llvm/IR/Instructions.h>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {
namespace {

using isa::InsnId;

std::optional<InsnId> amo_row(llvm::AtomicRMWInst::BinOp op) {
  using B = llvm::AtomicRMWInst::BinOp;
  switch (op) {
    case B::Xchg: return InsnId::AMOSWAP_W;
    case B::Add:
    case B::Sub: return InsnId::AMOADD_W;
    case B::And: return InsnId::AMOAND_W;
    case B::Or: return InsnId::AMOOR_W;
    case B::Xor: return InsnId::AMOXOR_W;
    case B::Max: return InsnId::AMOMAX_W;
    case B::Min: return InsnId::AMOMIN_W;
    case B::UMax: return InsnId::AMOMAXU_W;
    case B::UMin: return InsnId::AMOMINU_W;
    default: return std::nullopt;
  }
}

}  // namespace

Status Selector::select_atomic(const llvm::Instruction& inst) {
  if (const auto* rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&inst)) {
    const auto row = amo_row(rmw->getOperation());
    if (!row || !rmw->getType()->isIntegerTy(32)) {
      return unsupported(inst, "this atomic operation");
    }
    uint32_t value = scalar(rmw->getValOperand());
    if (rmw->getOperation() == llvm::AtomicRMWInst::Sub) {
      const uint32_t neg = new_reg(RegClass::Scalar);
      emit(InsnId::SUB, {MOperand::def_reg(neg), zero(), MOperand::use_reg(value)});
      value = neg;
    }
    const uint32_t address = scalar(rmw->getPointerOperand());
    const uint32_t old = new_reg(RegClass::Scalar);
    emit(*row, {MOperand::def_reg(old), MOperand::use_reg(value), MOperand::use_reg(address)});
    emit_copy(result(inst), old);
    return ok_status();
  }
  const auto& cas = llvm::cast<llvm::AtomicCmpXchgInst>(inst);
  const uint32_t address = scalar(cas.getPointerOperand());
  const uint32_t expected = scalar(cas.getCompareOperand());
  const uint32_t desired = scalar(cas.getNewValOperand());
  const uint32_t old = new_reg(RegClass::Scalar), flag = new_reg(RegClass::Scalar);
  emit_asm("1: lr.w %0, (%1)\n\tbne %0, %2, 2f\n\tsc.w %3, %4, (%1)\n\tbnez %3, 1b\n2:",
           {MOperand::def_reg(old), MOperand::use_reg(address), MOperand::use_reg(expected),
            MOperand::def_reg(flag), MOperand::use_reg(desired)});
  // The {old, success} pair: each extractvalue of it gets its part (isel.cpp).
  for (const llvm::User* user : cas.users()) {
    const auto* part = llvm::dyn_cast<llvm::ExtractValueInst>(user);
    if (part == nullptr || part->getNumIndices() != 1) {
      return unsupported(inst, "this use of a compare-and-swap result");
    }
    const uint32_t d = new_reg(is_vector(part) ? RegClass::Vector : RegClass::Scalar);
    if (part->getIndices()[0] == 0) {
      emit_copy(d, old);
    } else {
      const uint32_t diff = new_reg(RegClass::Scalar), same = new_reg(RegClass::Scalar);
      emit(InsnId::XOR, {MOperand::def_reg(diff), MOperand::use_reg(old), MOperand::use_reg(expected)});
      emit(InsnId::SLTIU, {MOperand::def_reg(same), MOperand::use_reg(diff), MOperand::immediate(1)});
      emit_copy(d, same);
    }
    bind(part, Operand{d, 0});
  }
  return ok_status();
}

}  // namespace ventus::cc
