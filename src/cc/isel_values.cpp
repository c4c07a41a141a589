// Selector: values to registers, constants, broadcasts, function-wide values and emission.
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {

using isa::InsnId;

bool Selector::is_vector(const llvm::Value* v) const {
  return div_.divergent(v);
}

std::optional<int64_t> Selector::constant_int(const llvm::Value* v) const {
  // Narrow integers are held zero-extended (i1 true is 1, not -1: `xor i1 %c, true`).
  if (const auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) {
    return c->getBitWidth() < 32 ? static_cast<int64_t>(c->getZExtValue()) : c->getSExtValue();
  }
  if (llvm::isa<llvm::ConstantPointerNull>(v)) return 0;
  return std::nullopt;
}

void Selector::emit(InsnId row, std::vector<MOperand> ops) {
  MInstr m;
  m.kind = MKind::Row;
  m.row = row;
  m.ops = std::move(ops);
  m.line = line_;
  sink_->push_back(std::move(m));
}

void Selector::emit_copy(uint32_t dst, uint32_t src) {
  MInstr m;
  m.kind = MKind::Copy;
  m.ops = {MOperand::def_reg(dst), MOperand::use_reg(src)};
  m.line = line_;
  sink_->push_back(std::move(m));
}

void Selector::emit_asm(std::string text, std::vector<MOperand> ops) {
  MInstr m;
  m.kind = MKind::Asm;
  m.text = std::move(text);
  m.ops = std::move(ops);
  m.line = line_;
  sink_->push_back(std::move(m));
}

uint32_t Selector::constant_scalar(int64_t value) {
  const uint32_t r = new_reg(RegClass::Scalar);
  emit_asm("li %0, " + std::to_string(static_cast<int32_t>(value)), {MOperand::def_reg(r)});
  return r;
}

uint32_t Selector::broadcast(uint32_t scalar_reg) {
  const uint32_t r = new_reg(RegClass::Vector);
  emit(InsnId::VMV_V_X, {MOperand::def_reg(r), MOperand::use_reg(scalar_reg)});
  return r;
}

uint32_t Selector::to_class(uint32_t r, RegClass cls) {
  if (out_.regs[r].cls == cls) return r;
  if (cls == RegClass::Vector) return broadcast(r);
  return r;  // a vector is never narrowed to a scalar here (ISA.md §4.2: vmv.x.s)
}

uint32_t Selector::entry_value(const std::string& key, RegClass cls,
                               const std::function<void(uint32_t)>& compute) {
  if (auto it = entry_values_.find(key); it != entry_values_.end()) return it->second;
  const uint32_t r = new_reg(cls);
  std::vector<MInstr>* saved = sink_;
  const uint32_t saved_line = line_;
  sink_ = &entry_code_;
  line_ = 0;
  compute(r);
  sink_ = saved;
  line_ = saved_line;
  entry_values_[key] = r;
  return r;
}

uint32_t Selector::zero_vector() {
  return entry_value("zero-vector", RegClass::Vector, [&](uint32_t r) {
    emit(InsnId::VMV_V_X, {MOperand::def_reg(r), zero()});
  });
}

// The bits of a scalar constant (integers, floats, null), if v is one.
static std::optional<int64_t> constant_bits(const llvm::Value* v) {
  if (const auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) {
    // narrow integers are held zero-extended (docs/opencl.md)
    return c->getBitWidth() < 32 ? static_cast<int64_t>(c->getZExtValue()) : c->getSExtValue();
  }
  if (const auto* f = llvm::dyn_cast<llvm::ConstantFP>(v)) {
    return static_cast<int32_t>(f->getValueAPF().bitcastToAPInt().getZExtValue());
  }
  if (llvm::isa<llvm::ConstantPointerNull, llvm::UndefValue>(v)) return 0;
  return std::nullopt;
}

std::optional<int64_t> Selector::constant_bits_of(const llvm::Value* v) const {
  if (llvm::isa<llvm::UndefValue>(v)) return std::nullopt;
  return constant_bits(v);
}

void Selector::materialize_constant(uint32_t dst, int64_t bits) {
  if (out_.regs[dst].cls == RegClass::Scalar) {
    if (bits == 0) {
      emit_copy(dst, kNoReg);
    } else {
      emit_asm("li %0, " + std::to_string(static_cast<int32_t>(bits)), {MOperand::def_reg(dst)});
    }
  } else if (bits >= -16 && bits <= 15) {
    emit(InsnId::VMV_V_I, {MOperand::def_reg(dst), MOperand::immediate(bits)});
  } else {
    emit(InsnId::VMV_V_X, {MOperand::def_reg(dst), MOperand::use_reg(constant_scalar(bits))});
  }
}

Operand Selector::operand(const llvm::Value* v) {
  if (auto it = values_.find(v); it != values_.end()) return it->second;
  if (auto bits = constant_bits(v)) {
    // Constants are materialised where they are used (no function-wide register).
    return Operand{*bits == 0 ? kNoReg : constant_scalar(*bits), 0};
  }
  if (const auto* g = llvm::dyn_cast<llvm::GlobalVariable>(v)) return global_address(*g);
  if (const auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(v)) {
    // A constant GEP or cast of a global: its address plus the constant offset.
    if (ce->getOpcode() == llvm::Instruction::GetElementPtr) {
      const auto* base = llvm::cast<llvm::GlobalVariable>(ce->getOperand(0));
      llvm::APInt offset(32, 0);
      llvm::cast<llvm::GEPOperator>(ce)->accumulateConstantOffset(
          f_.getParent()->getDataLayout(), offset);
      Operand op = global_address(*base);
      op.offset += offset.getSExtValue();
      return op;
    }
    if (ce->isCast()) return operand(ce->getOperand(0));
  }
  // An instruction or argument not defined yet (a phi, or a use before its block in layout):
  // its register, defined where the value is.
  const uint32_t r = new_reg(is_vector(v) ? RegClass::Vector : RegClass::Scalar);
  values_[v] = Operand{r, 0};
  return values_[v];
}

uint32_t Selector::reg(const llvm::Value* v) {
  Operand op = operand(v);
  if (op.reg == kNoReg && op.offset == 0) {
    // zero: x0 for scalars; vectors need a register of zeros
    if (is_vector(v)) return zero_vector();
    const uint32_t r = new_reg(RegClass::Scalar);
    emit_copy(r, kNoReg);
    return r;
  }
  if (op.offset == 0) return op.reg;
  const bool vec = op.reg != kNoReg && out_.regs[op.reg].cls == RegClass::Vector;
  const uint32_t r = new_reg(vec ? RegClass::Vector : RegClass::Scalar);
  const MOperand base = op.reg == kNoReg ? zero() : MOperand::use_reg(op.reg);
  if (vec && op.offset >= -2048 && op.offset < 2048) {
    const uint32_t k = constant_scalar(op.offset);
    emit(InsnId::VADD_VX, {MOperand::def_reg(r), base, MOperand::use_reg(k)});
  } else if (!vec && op.offset >= -2048 && op.offset < 2048) {
    emit(InsnId::ADDI, {MOperand::def_reg(r), base, MOperand::immediate(op.offset)});
  } else {
    const uint32_t k = constant_scalar(op.offset);
    emit(vec ? InsnId::VADD_VX : InsnId::ADD, {MOperand::def_reg(r), base, MOperand::use_reg(k)});
  }
  return r;
}

uint32_t Selector::scalar(const llvm::Value* v) {
  return reg(v);
}

MOperand Selector::scalar_use(const llvm::Value* v) {
  if (auto bits = constant_bits(v); bits && *bits == 0) return zero();
  return MOperand::use_reg(scalar(v));
}

uint32_t Selector::vector(const llvm::Value* v) {
  const uint32_t r = reg(v);
  return to_class(r, RegClass::Vector);
}

uint32_t Selector::result(const llvm::Instruction& inst) {
  if (auto it = values_.find(&inst); it != values_.end() && it->second.offset == 0 &&
                                      it->second.reg != kNoReg) {
    return it->second.reg;  // referenced before (a use earlier in layout, or a phi)
  }
  const uint32_t r = new_reg(is_vector(&inst) ? RegClass::Vector : RegClass::Scalar);
  values_[&inst] = Operand{r, 0};
  return r;
}

}  // namespace ventus::cc
