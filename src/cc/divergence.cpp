// Divergence: seeds, data propagation with a work list, and sync dependence at join points.
#include "cc/divergence.hpp"

#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

#include "cc/isel_builtins.hpp"

namespace ventus::cc {
namespace {

bool is_kernel(const llvm::Function& f) {
  return f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL;
}

bool is_source(const llvm::Instruction& inst) {
  if (llvm::isa<llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst, llvm::AllocaInst>(inst)) return true;
  if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
    return load->getPointerAddressSpace() == 0;  // private memory differs per work-item
  }
  if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
    const llvm::Function* callee = call->getCalledFunction();
    if (callee == nullptr || inst.getType()->isVoidTy()) return false;
    if (!callee->isDeclaration()) return true;  // a real call returns in v0 (ISA.md §7.3)
    return builtin_divergence(callee->getName()) == BuiltinDivergence::Divergent;
  }
  return false;
}

// Values whose result is uniform whatever their operands (reading one lane, ISA.md §4.2).
bool always_uniform(const llvm::Value* v) {
  const auto* call = llvm::dyn_cast<llvm::CallBase>(v);
  if (call == nullptr || call->getCalledFunction() == nullptr) return false;
  return builtin_divergence(call->getCalledFunction()->getName()) == BuiltinDivergence::Uniform;
}

}  // namespace

std::vector<std::unordered_set<const llvm::BasicBlock*>> branch_sides(
    const llvm::BasicBlock* branch, const llvm::BasicBlock* stop) {
  std::vector<std::unordered_set<const llvm::BasicBlock*>> sides;
  for (const llvm::BasicBlock* succ : llvm::successors(branch)) {
    std::unordered_set<const llvm::BasicBlock*> seen;
    std::vector<const llvm::BasicBlock*> todo{succ};
    while (!todo.empty()) {
      const llvm::BasicBlock* b = todo.back();
      todo.pop_back();
      if (b == stop || !seen.insert(b).second) continue;
      for (const llvm::BasicBlock* s : llvm::successors(b)) todo.push_back(s);
    }
    sides.push_back(std::move(seen));
  }
  return sides;
}

Divergence::Divergence(const llvm::Function& f, const llvm::PostDominatorTree& pdt)
    : dt_(const_cast<llvm::Function&>(f)), loops_(dt_) {
  seed(f);
  propagate(pdt);
}

void Divergence::mark(const llvm::Value* v) {
  if (always_uniform(v)) return;
  if (divergent_.insert(v).second) work_.push_back(v);
}

void Divergence::seed(const llvm::Function& f) {
  if (!is_kernel(f)) {
    for (const llvm::Argument& a : f.args()) mark(&a);
  }
  for (const llvm::Instruction& inst : llvm::instructions(f)) {
    if (is_source(inst)) mark(&inst);
  }
}

// A phi is divergent when the branch's sides meet at its block (or the block is the
// post-dominator itself) and its incoming values are not all one value.
void Divergence::mark_join_phis(const llvm::BasicBlock* branch,
                                const llvm::PostDominatorTree& pdt) {
  const llvm::DomTreeNode* node = pdt.getNode(branch);
  const llvm::BasicBlock* stop =
      node != nullptr && node->getIDom() != nullptr ? node->getIDom()->getBlock() : nullptr;
  const auto sides = branch_sides(branch, stop);
  std::unordered_map<const llvm::BasicBlock*, unsigned> reached;
  for (const auto& side : sides) {
    for (const llvm::BasicBlock* b : side) ++reached[b];
  }
  // A phi of one value computed before the branch is that value for every lane; one computed
  // inside the region (an LCSSA phi of a loop that lanes leave in different iterations) holds
  // each lane's value of its own last iteration.
  auto mark_phis = [&](const llvm::BasicBlock* b) {
    for (const llvm::PHINode& phi : b->phis()) {
      if (phi.hasConstantOrUndefValue()) {
        const llvm::Value* v = phi.getIncomingValue(0);
        const auto* inst = llvm::dyn_cast<llvm::Instruction>(v);
        const llvm::Loop* loop = loops_.getLoopFor(branch);
        const bool before = inst == nullptr ||
                            (inst->getParent() != branch && dt_.dominates(inst->getParent(), branch) &&
                             (loop == nullptr || !loop->contains(inst->getParent())));
        if (before) continue;
      }
      mark(&phi);
    }
  };
  for (const auto& [block, count] : reached) {
    if (count > 1) mark_phis(block);
  }
  if (stop != nullptr) mark_phis(stop);
}

void Divergence::propagate(const llvm::PostDominatorTree& pdt) {
  while (!work_.empty()) {
    const llvm::Value* v = work_.back();
    work_.pop_back();
    for (const llvm::User* user : v->users()) {
      const auto* inst = llvm::dyn_cast<llvm::Instruction>(user);
      if (inst == nullptr) continue;
      if (const auto* br = llvm::dyn_cast<llvm::BranchInst>(inst)) {
        if (br->isConditional() && branches_.insert(br->getParent()).second) {
          mark_join_phis(br->getParent(), pdt);
        }
        continue;
      }
      if (!inst->getType()->isVoidTy()) mark(inst);
    }
  }
}

}  // namespace ventus::cc
