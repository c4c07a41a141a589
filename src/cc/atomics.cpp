// expand_atomics: the lane loop around every atomic (see atomics.hpp).
#include "cc/atomics.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include "cc/isel_builtins.hpp"

namespace ventus::cc {
namespace {

llvm::FunctionCallee lane_function(llvm::Module& m, const char* name, llvm::Type* ret,
                                   llvm::ArrayRef<llvm::Type*> params) {
  auto callee = m.getOrInsertFunction(name, llvm::FunctionType::get(ret, params, false));
  if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
    f->addFnAttr(llvm::Attribute::Convergent);
    f->addFnAttr(llvm::Attribute::NoUnwind);
  }
  return callee;
}

// One lane's copy of `v` (pointers through ptrtoint: vmv.x.s reads 32-bit elements).
llvm::Value* read_lane(llvm::IRBuilder<>& b, llvm::FunctionCallee read, llvm::Value* v) {
  llvm::Type* i32 = b.getInt32Ty();
  if (v->getType()->isPointerTy()) {
    llvm::Value* bits = b.CreateCall(read, {b.CreatePtrToInt(v, i32)});
    return b.CreateIntToPtr(bits, v->getType());
  }
  if (v->getType()->isFloatTy()) {
    return b.CreateBitCast(b.CreateCall(read, {b.CreateBitCast(v, i32)}), v->getType());
  }
  return b.CreateCall(read, {v});
}

void expand(llvm::Instruction* atomic) {
  llvm::Module& m = *atomic->getModule();
  llvm::LLVMContext& ctx = m.getContext();
  llvm::Type* i32 = llvm::Type::getInt32Ty(ctx);
  auto lane_index = lane_function(m, kLaneIndex, i32, {});
  auto read = lane_function(m, kReadLane, i32, {i32});
  llvm::BasicBlock* before = atomic->getParent();
  llvm::BasicBlock* after = llvm::SplitBlock(before, atomic->getNextNode());
  llvm::Function* f = before->getParent();
  auto* loop = llvm::BasicBlock::Create(ctx, "atomic.loop", f, after);
  auto* one = llvm::BasicBlock::Create(ctx, "atomic.lane", f, after);
  auto* latch = llvm::BasicBlock::Create(ctx, "atomic.next", f, after);
  before->getTerminator()->setSuccessor(0, loop);
  llvm::IRBuilder<> b(loop);
  llvm::Value* lane = b.CreateCall(lane_index, {});
  llvm::Value* leader = b.CreateCall(read, {lane});
  b.CreateCondBr(b.CreateICmpEQ(lane, leader), one, latch);
  b.SetInsertPoint(one);
  auto* cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(atomic);
  llvm::Value* expected = cas != nullptr ? cas->getCompareOperand() : nullptr;
  atomic->removeFromParent();
  atomic->insertInto(one, one->end());
  for (unsigned k = 0; k < atomic->getNumOperands(); ++k) {
    llvm::Value* op = atomic->getOperand(k);
    if (llvm::isa<llvm::Constant>(op)) continue;
    b.SetInsertPoint(atomic);
    atomic->setOperand(k, read_lane(b, read, op));
  }
  b.SetInsertPoint(one);
  // cmpxchg's {old, success}: the loop carries old; success is computed per lane after it.
  llvm::Value* value = cas != nullptr ? b.CreateExtractValue(atomic, 0) : atomic;
  b.CreateBr(latch);
  b.SetInsertPoint(latch);
  llvm::PHINode* result = b.CreatePHI(value->getType(), 2);
  llvm::PHINode* done = b.CreatePHI(b.getInt1Ty(), 2);
  result->addIncoming(value, one);
  result->addIncoming(llvm::PoisonValue::get(value->getType()), loop);
  done->addIncoming(b.getTrue(), one);
  done->addIncoming(b.getFalse(), loop);
  b.CreateCondBr(done, after, loop);
  // LCSSA: the value leaves the loop through a phi in the exit block.
  b.SetInsertPoint(&after->front());
  llvm::PHINode* out = b.CreatePHI(value->getType(), 1);
  out->addIncoming(result, latch);
  if (cas != nullptr) {
    std::vector<llvm::ExtractValueInst*> parts;
    for (llvm::User* u : cas->users()) {
      if (auto* ev = llvm::dyn_cast<llvm::ExtractValueInst>(u); ev != nullptr && ev != value) parts.push_back(ev);
    }
    b.SetInsertPoint(after->getFirstNonPHI());
    for (llvm::ExtractValueInst* ev : parts) {
      ev->replaceAllUsesWith(ev->getIndices()[0] == 0 ? static_cast<llvm::Value*>(out)
                                                      : b.CreateICmpEQ(out, expected));
      ev->eraseFromParent();
    }
    return;
  }
  atomic->replaceUsesWithIf(out, [&](llvm::Use& u) {
    auto* user = llvm::dyn_cast<llvm::Instruction>(u.getUser());
    return user != result && user != out && (user == nullptr || user->getParent() != one);
  });
}

}  // namespace

void expand_atomics(llvm::Function& f) {
  std::vector<llvm::Instruction*> atomics;
  for (llvm::BasicBlock& b : f) {
    for (llvm::Instruction& inst : b) {
      if (llvm::isa<llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst>(inst)) atomics.push_back(&inst);
    }
  }
  for (llvm::Instruction* a : atomics) expand(a);
}

}  // namespace ventus::cc
