// Selection of calls: intrinsics, the back end's built-ins, printf through the device
// library's vt_printf (docs/printf.md), and real calls of noinline functions with the Ventus
// calling convention (arguments and result in v0.., ISA.md §2.2, CODEGEN.md §7.3).
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <fmt/format.h>

#include "cc/isel.hpp"
#include "cc/isel_builtins.hpp"

namespace ventus::cc {
namespace {

constexpr unsigned kArgumentRegisters = 32;  // v0..v31
constexpr unsigned kPrintfArguments = 8;     // v0..v7 (docs/printf.md)

}  // namespace

// A register that must be the physical register `number` of its class at this point.
static uint32_t fixed_reg(Selector& s, RegClass cls, int32_t number) {
  const uint32_t r = s.new_reg(cls);
  s.out_.regs[r].fixed = number;
  return r;
}

static void emit_call(Selector& s, const std::string& callee, std::vector<MOperand> ops) {
  MInstr m;
  m.kind = MKind::Call;
  m.text = callee;
  m.ops = std::move(ops);
  m.line = s.line_;
  s.sink_->push_back(std::move(m));
  s.out_.has_calls = true;
}

Status Selector::select_call(const llvm::CallBase& call) {
  const llvm::Function* callee = call.getCalledFunction();
  if (callee == nullptr) return unsupported(call, "a call through a function pointer");
  if (callee->isIntrinsic()) return select_intrinsic(call);
  if (callee->isDeclaration()) {
    if (is_backend_builtin(callee->getName())) return select_builtin(call);
    return unsupported(call, fmt::format("the function '{}'", demangled_name(callee->getName())));
  }
  return select_user_call(call);
}

Status Selector::select_user_call(const llvm::CallBase& call) {
  if (call.arg_size() > kArgumentRegisters) {
    return unsupported(call, "a call with more than 32 arguments");
  }
  std::vector<MOperand> ops;
  for (unsigned k = 0; k < call.arg_size(); ++k) {
    const uint32_t arg = fixed_reg(*this, RegClass::Vector, static_cast<int32_t>(k));
    emit_copy(arg, vector(call.getArgOperand(k)));
    ops.push_back(MOperand::use_reg(arg));
  }
  uint32_t ret = kNoReg;
  if (!call.getType()->isVoidTy()) {
    ret = fixed_reg(*this, RegClass::Vector, 0);
    ops.push_back(MOperand::def_reg(ret));
  }
  emit_call(*this, call.getCalledFunction()->getName().str(), std::move(ops));
  if (ret != kNoReg) emit_copy(result(call), ret);
  return ok_status();
}

Status Selector::select_printf(const llvm::CallBase& call) {
  if (call.arg_size() - 1 > kPrintfArguments) {
    return unsupported(call, "printf with more than 8 arguments");
  }
  const uint32_t format = fixed_reg(*this, RegClass::Scalar, 10);  // a0
  emit_copy(format, reg(call.getArgOperand(0)));
  const uint32_t count = fixed_reg(*this, RegClass::Scalar, 11);   // a1
  emit_asm(fmt::format("li %0, {}", call.arg_size() - 1), {MOperand::def_reg(count)});
  std::vector<MOperand> ops{MOperand::use_reg(format), MOperand::use_reg(count)};
  for (unsigned k = 1; k < call.arg_size(); ++k) {
    const llvm::Value* arg = call.getArgOperand(k);
    // C promotes float arguments of a variadic call to double; vt_printf takes the float.
    if (const auto* ext = llvm::dyn_cast<llvm::FPExtInst>(arg)) arg = ext->getOperand(0);
    if (const auto* c = llvm::dyn_cast<llvm::ConstantFP>(arg); c != nullptr && c->getType()->isDoubleTy()) {
      bool lost = false;
      llvm::APFloat f = c->getValueAPF();
      f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &lost);
      arg = llvm::ConstantFP::get(call.getContext(), f);
    }
    const uint32_t v = fixed_reg(*this, RegClass::Vector, static_cast<int32_t>(k - 1));
    emit_copy(v, vector(arg));
    ops.push_back(MOperand::use_reg(v));
  }
  emit_call(*this, "vt_printf", std::move(ops));
  if (!call.use_empty()) emit_copy(result(call), kNoReg);  // printf returns 0
  return ok_status();
}

}  // namespace ventus::cc
