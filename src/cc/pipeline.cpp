// The middle end: load and link the modules, then LLVM's pass pipeline and the CFG shaping.
#include "cc/pipeline.hpp"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/ADCE.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/Scalarizer.h>
#include <llvm/Transforms/Utils/FixIrreducible.h>
#include <llvm/Transforms/Utils/LCSSA.h>
#include <llvm/Transforms/Utils/LowerMemIntrinsics.h>
#include <llvm/Transforms/Utils/LowerSwitch.h>
#include <llvm/Transforms/Utils/UnifyFunctionExitNodes.h>

#include <set>
#include <span>

#include <fmt/format.h>

#include "cc/checks.hpp"

namespace ventus::cc {

std::span<const unsigned char> builtins_bitcode();  // generated from lib/builtins.cl

IrModule::IrModule() : context(std::make_unique<llvm::LLVMContext>()) {}
IrModule::~IrModule() = default;
IrModule::IrModule(IrModule&&) noexcept = default;
IrModule& IrModule::operator=(IrModule&&) noexcept = default;

namespace {

Result<std::unique_ptr<llvm::Module>> parse(std::string_view bytes, const std::string& name,
                                            llvm::LLVMContext& context) {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(bytes.data(), bytes.size()),
                                                 name, false);
  auto module = llvm::parseBitcodeFile(buffer->getMemBufferRef(), context);
  if (!module) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << module.takeError();
    return Error{fmt::format("{}: cannot read the front end's bitcode: {}", name, message)};
  }
  return std::move(module.get());
}

// Every function that is not a kernel is inlined unless the source says noinline; the
// device library's functions are internal so that unused ones disappear.
void set_inlining(llvm::Module& module, const std::set<std::string>& library) {
  for (llvm::Function& f : module) {
    if (f.isDeclaration() || f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL) continue;
    if (library.count(f.getName().str()) != 0 || !f.hasFnAttribute(llvm::Attribute::NoInline)) {
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
    }
    if (!f.hasFnAttribute(llvm::Attribute::NoInline)) {
      f.addFnAttr(llvm::Attribute::AlwaysInline);
    }
  }
}

// memcpy/memset/memmove (private array initialisers, struct copies) become plain loops.
void expand_memory_intrinsics(llvm::Function& f) {
  std::vector<llvm::MemIntrinsic*> calls;
  for (llvm::Instruction& inst : llvm::instructions(f)) {
    if (auto* mi = llvm::dyn_cast<llvm::MemIntrinsic>(&inst)) calls.push_back(mi);
  }
  const llvm::TargetTransformInfo tti(f.getParent()->getDataLayout());
  for (llvm::MemIntrinsic* mi : calls) {
    if (auto* cpy = llvm::dyn_cast<llvm::MemCpyInst>(mi)) {
      llvm::expandMemCpyAsLoop(cpy, tti);
    } else if (auto* set = llvm::dyn_cast<llvm::MemSetInst>(mi)) {
      llvm::expandMemSetAsLoop(set);
    } else if (auto* move = llvm::dyn_cast<llvm::MemMoveInst>(mi)) {
      llvm::expandMemMoveAsLoop(move);
    } else {
      continue;
    }
    mi->eraseFromParent();
  }
}

// `unreachable` becomes a return, so every path ends at the single return block and every
// vbranch has a real immediate post-dominator (CODEGEN.md §4.1 step 4).
void unreachable_to_return(llvm::Function& f) {
  std::vector<llvm::UnreachableInst*> ends;
  for (llvm::BasicBlock& b : f) {
    if (auto* u = llvm::dyn_cast<llvm::UnreachableInst>(b.getTerminator())) ends.push_back(u);
  }
  for (llvm::UnreachableInst* u : ends) {
    llvm::IRBuilder<> builder(u);
    if (f.getReturnType()->isVoidTy()) {
      builder.CreateRetVoid();
    } else {
      builder.CreateRet(llvm::PoisonValue::get(f.getReturnType()));
    }
    u->eraseFromParent();
  }
}

llvm::OptimizationLevel level_of(unsigned opt_level) {
  switch (opt_level) {
    case 0: return llvm::OptimizationLevel::O0;
    case 1: return llvm::OptimizationLevel::O1;
    case 3: return llvm::OptimizationLevel::O3;
    default: return llvm::OptimizationLevel::O2;
  }
}

void hoist_invariant_address_parts(llvm::Function& f);

struct Managers {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
};

// The shaping passes after the -O pipeline (pipeline.hpp).
llvm::FunctionPassManager shaping_passes() {
  llvm::FunctionPassManager fpm;
  llvm::ScalarizerPass scalarize;
  scalarize.setScalarizeLoadStore(true);
  scalarize.setScalarizeVariableInsertExtract(true);
  fpm.addPass(std::move(scalarize));
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::ADCEPass());
  fpm.addPass(llvm::LowerSwitchPass());
  fpm.addPass(llvm::UnifyFunctionExitNodesPass());
  fpm.addPass(llvm::FixIrreduciblePass());
  fpm.addPass(llvm::LCSSAPass());
  return fpm;
}

}  // namespace

Result<IrModule> load_module(std::string_view bitcode, const std::string& source_name) {
  IrModule ir;
  auto user = parse(bitcode, source_name, *ir.context);
  if (!user) return user.error();
  const auto lib_bytes = builtins_bitcode();
  auto lib = parse(std::string_view(reinterpret_cast<const char*>(lib_bytes.data()),
                                    lib_bytes.size()),
                   "<ventus builtins>", *ir.context);
  if (!lib) return lib.error();
  std::set<std::string> library;
  for (const llvm::Function& f : **lib) {
    if (!f.isDeclaration()) library.insert(f.getName().str());
  }
  (*user)->setDataLayout((*lib)->getDataLayout());
  if (llvm::Linker::linkModules(**user, std::move(lib.value()),
                                llvm::Linker::Flags::LinkOnlyNeeded)) {
    return Error{fmt::format("{}: cannot link the device library", source_name)};
  }
  ir.module = std::move(user.value());
  if (auto ok = check_supported(*ir.module, source_name, library); !ok) return ok.error();
  set_inlining(*ir.module, library);
  return ir;
}

// Loops whose exit value has a closed form would be replaced by it, computed in integers
// wider than 32 bits (i33 for a sum of i). The back end holds 32 bits: keep the loops.
static void keep_exit_values_in_32_bits() {
  auto& options = llvm::cl::getRegisteredOptions();
  if (auto it = options.find("replexitval"); it != options.end()) {
    it->second->addOccurrence(0, "replexitval", "never");
  }
}

// A wider integer after the middle end would be computed in 32 bits: refuse it instead.
static Status check_integer_widths(const llvm::Module& module, const std::string& source_name) {
  for (const llvm::Function& f : module) {
    for (const llvm::Instruction& inst : llvm::instructions(f)) {
      if (llvm::isa<llvm::IntrinsicInst>(inst)) continue;
      const llvm::Type* t = inst.getType();
      for (const llvm::Value* op : inst.operands()) {
        if (!llvm::isa<llvm::Constant>(op) && op->getType()->isIntegerTy() &&
            op->getType()->getIntegerBitWidth() > t->getScalarSizeInBits()) {
          t = op->getType();
        }
      }
      if (!t->isIntegerTy() || t->getIntegerBitWidth() <= 32) continue;
      if (t->getIntegerBitWidth() == 64) {
        return Error{fmt::format("{}: error: 64-bit integer (long) arithmetic is not supported "
                                 "on this device",
                                 source_location(inst, source_name))};
      }
      return Error{fmt::format("{}: error: the optimiser made a {}-bit integer operation of this "
                               "code, which the back end cannot compile (try -O0)",
                               source_location(inst, source_name), t->getIntegerBitWidth())};
    }
  }
  return ok_status();
}

Status run_middle_end(IrModule& ir, unsigned opt_level, const std::string& source_name) {
  keep_exit_values_in_32_bits();
  Managers m;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = false;  // vector types are scalarised; one lane = one work-item
  tuning.SLPVectorization = false;
  llvm::PassBuilder builder(nullptr, tuning);
  builder.registerModuleAnalyses(m.mam);
  builder.registerCGSCCAnalyses(m.cgam);
  builder.registerFunctionAnalyses(m.fam);
  builder.registerLoopAnalyses(m.lam);
  builder.crossRegisterProxies(m.lam, m.fam, m.cgam, m.mam);
  llvm::ModulePassManager mpm;
  if (opt_level == 0) {
    mpm.addPass(llvm::AlwaysInlinerPass());
    mpm.addPass(llvm::createModuleToFunctionPassAdaptor(llvm::SROAPass(llvm::SROAOptions::ModifyCFG)));
  } else {
    mpm = builder.buildPerModuleDefaultPipeline(level_of(opt_level));
  }
  mpm.addPass(llvm::GlobalDCEPass());
  mpm.run(*ir.module, m.mam);
  for (llvm::Function& f : *ir.module) {
    if (f.isDeclaration()) continue;
    expand_memory_intrinsics(f);
    unreachable_to_return(f);
    if (opt_level > 0) hoist_invariant_address_parts(f);
  }
  llvm::ModulePassManager shape;
  shape.addPass(llvm::createModuleToFunctionPassAdaptor(shaping_passes()));
  shape.run(*ir.module, m.mam);
  if (auto ok = check_integer_widths(*ir.module, source_name); !ok) return ok;
  std::string broken;
  llvm::raw_string_ostream os(broken);
  if (llvm::verifyModule(*ir.module, &os)) {
    return Error{fmt::format("{}: internal compiler error: the optimised module is invalid: {}",
                             source_name, broken)};
  }
  return ok_status();
}

namespace {

// p[a + b] with a loop-invariant and b not becomes (p + a)[b], with p + a computed once in
// the preheader: the per-iteration address is then one scaled add (llc's loop strength
// reduction needs a target's cost model, which Debian's LLVM has no Ventus entry for).
void hoist_invariant_address_parts(llvm::Function& f) {
  llvm::DominatorTree dt(f);
  llvm::LoopInfo loops(dt);
  std::vector<llvm::GetElementPtrInst*> geps;
  for (llvm::Instruction& inst : llvm::instructions(f)) {
    if (auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&inst); gep && gep->getNumIndices() == 1) {
      geps.push_back(gep);
    }
  }
  for (llvm::GetElementPtrInst* gep : geps) {
    llvm::Loop* loop = loops.getLoopFor(gep->getParent());
    auto* add = llvm::dyn_cast<llvm::BinaryOperator>(gep->getOperand(1));
    if (loop == nullptr || loop->getLoopPreheader() == nullptr || add == nullptr ||
        add->getOpcode() != llvm::Instruction::Add || !loop->isLoopInvariant(gep->getPointerOperand())) {
      continue;
    }
    for (unsigned k = 0; k < 2; ++k) {
      llvm::Value* inv = add->getOperand(k);
      llvm::Value* var = add->getOperand(1 - k);
      if (!loop->isLoopInvariant(inv) || loop->isLoopInvariant(var)) continue;
      llvm::IRBuilder<> pre(loop->getLoopPreheader()->getTerminator());
      llvm::Value* base = pre.CreateGEP(gep->getSourceElementType(), gep->getPointerOperand(), inv);
      llvm::IRBuilder<> here(gep);
      gep->replaceAllUsesWith(here.CreateGEP(gep->getSourceElementType(), base, var));
      gep->eraseFromParent();
      break;
    }
  }
}

}  // namespace

std::string module_text(const IrModule& ir) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ir.module->print(os, nullptr);
  return text;
}

}  // namespace ventus::cc
