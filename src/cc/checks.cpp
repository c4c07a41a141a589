// check_supported: the constructs docs/opencl.md lists as unsupported, refused with a location.
#include "cc/checks.hpp"

#include <llvm/Analysis/CallGraph.h>
#include <llvm/ADT/SCCIterator.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <fmt/format.h>

#include "cc/isel_builtins.hpp"

namespace ventus::cc {
namespace {

std::string where(const llvm::DebugLoc& loc, const std::string& source_name) {
  if (!loc) return source_name;
  return fmt::format("{}:{}:{}", source_name, loc.getLine(), loc.getCol());
}

// The name of a type the device cannot hold, or empty.
std::string unsupported_type(llvm::Type* type) {
  if (type->isDoubleTy()) return "double";
  if (type->isHalfTy()) return "half arithmetic";
  // 64-bit integers are checked after the middle end (pipeline.cpp): clang's unoptimised IR
  // has dead i64 casts and i64 vector indices that no instruction will compute.
  if (type->isTargetExtTy() || (type->isStructTy() && llvm::cast<llvm::StructType>(type)->hasName() &&
                                llvm::cast<llvm::StructType>(type)->getName().startswith("opencl."))) {
    return "image, sampler or event";
  }
  if (auto* vec = llvm::dyn_cast<llvm::VectorType>(type)) return unsupported_type(vec->getElementType());
  if (auto* arr = llvm::dyn_cast<llvm::ArrayType>(type)) return unsupported_type(arr->getElementType());
  return {};
}

std::string type_problem(const llvm::Instruction& inst) {
  if (llvm::isa<llvm::IntrinsicInst>(inst)) return {};  // lifetime markers take an i64 size
  if (std::string t = unsupported_type(inst.getType()); !t.empty()) return t;
  for (const llvm::Value* op : inst.operands()) {
    if (std::string t = unsupported_type(op->getType()); !t.empty()) return t;
  }
  if (const auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst)) {
    return unsupported_type(alloca->getAllocatedType());
  }
  return {};
}

std::string call_problem(const llvm::CallBase& call) {
  const llvm::Function* callee = call.getCalledFunction();
  if (callee == nullptr) return "a call through a function pointer is not supported";
  if (callee->getCallingConv() == llvm::CallingConv::SPIR_KERNEL) {
    return fmt::format("calling the kernel '{}' from device code is not supported",
                       callee->getName().str());
  }
  if (!callee->isDeclaration() || callee->isIntrinsic()) return {};
  if (is_backend_builtin(callee->getName())) return {};
  return fmt::format("the built-in or function '{}' is not supported (docs/opencl.md)",
                     demangled_name(callee->getName()));
}

Status check_recursion(const llvm::Module& module, const std::string& source_name) {
  llvm::CallGraph graph(const_cast<llvm::Module&>(module));
  for (auto scc = llvm::scc_begin(&graph); !scc.isAtEnd(); ++scc) {
    const auto& nodes = *scc;
    const llvm::Function* f = nodes.front()->getFunction();
    if (f == nullptr) continue;
    bool self_call = false;
    for (const auto& record : *nodes.front()) self_call |= record.second->getFunction() == f;
    if (nodes.size() > 1 || self_call) {
      return Error{fmt::format("{}: error: recursion is not supported ('{}' calls itself)",
                               source_location(*f, source_name), f->getName().str())};
    }
  }
  return ok_status();
}

}  // namespace

std::string source_location(const llvm::Instruction& inst, const std::string& source_name) {
  // Instructions that the middle end made have no line: their function's line instead.
  if (!inst.getDebugLoc() && inst.getFunction() != nullptr) {
    return source_location(*inst.getFunction(), source_name);
  }
  return where(inst.getDebugLoc(), source_name);
}

std::string source_location(const llvm::Function& function, const std::string& source_name) {
  if (const llvm::DISubprogram* sp = function.getSubprogram()) {
    return fmt::format("{}:{}", source_name, sp->getLine());
  }
  return fmt::format("{}:1", source_name);  // no line tables (the device library)
}

// printf's variadic float arguments are promoted to double by C's rules; they are passed as
// floats (docs/printf.md), so that one use of double is accepted.
bool is_printf_argument(const llvm::Instruction& inst) {
  if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
    return call->getCalledFunction() != nullptr && call->getCalledFunction()->getName() == "printf";
  }
  if (!llvm::isa<llvm::FPExtInst>(inst)) return false;
  for (const llvm::User* user : inst.users()) {
    if (!is_printf_argument(*llvm::cast<llvm::Instruction>(user))) return false;
  }
  return true;
}

Status check_supported(const llvm::Module& module, const std::string& source_name,
                       const std::set<std::string>& library_functions) {
  for (const llvm::Function& f : module) {
    if (f.isDeclaration() || library_functions.count(f.getName().str()) != 0) continue;
    for (const llvm::Argument& a : f.args()) {
      if (std::string t = unsupported_type(a.getType()); !t.empty()) {
        return Error{fmt::format("{}: error: '{}' has a parameter of type {}, which this device "
                                 "does not support",
                                 source_location(f, source_name), f.getName().str(), t)};
      }
    }
    // The first use with a source line names the problem (allocas and the copies clang
    // makes of parameters have none); a problem with no line at all is still refused.
    std::string unplaced;
    for (const llvm::Instruction& inst : llvm::instructions(f)) {
      if (std::string t = is_printf_argument(inst) ? "" : type_problem(inst); !t.empty()) {
        const std::string message = fmt::format("{}: error: {} is not supported on this device",
                                                source_location(inst, source_name), t);
        if (inst.getDebugLoc()) return Error{message};
        if (unplaced.empty()) unplaced = message;
      }
      if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
        if (std::string p = call_problem(*call); !p.empty()) {
          return Error{fmt::format("{}: error: {}", source_location(inst, source_name), p)};
        }
      }
    }
    if (!unplaced.empty()) return Error{unplaced};
  }
  return check_recursion(module, source_name);
}

}  // namespace ventus::cc
