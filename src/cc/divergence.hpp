// Uniformity analysis over LLVM IR: which values differ between the work-items of a warp.
#pragma once

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace llvm {
class PostDominatorTree;
}  // namespace llvm

namespace ventus::cc {

// Divergent ("per work-item", kept in v registers) or uniform (one value for the warp, kept
// in x registers), docs/opencl.md "Uniformity". Sources of divergence: work-item ids, the
// parameters of non-kernel functions (the calling convention passes vectors), results of
// calls, atomics, loads from private memory, allocas (private addresses); then everything
// that depends on a divergent value through data, and the phis at the join points of a
// divergent branch (including the exits of a loop that work-items leave at different
// iterations, as LCSSA phis).
class Divergence {
 public:
  Divergence(const llvm::Function& f, const llvm::PostDominatorTree& pdt);

  bool divergent(const llvm::Value* v) const { return divergent_.count(v) != 0; }
  bool divergent_branch(const llvm::BasicBlock* b) const { return branches_.count(b) != 0; }

 private:
  void seed(const llvm::Function& f);
  void propagate(const llvm::PostDominatorTree& pdt);
  void mark(const llvm::Value* v);
  void mark_join_phis(const llvm::BasicBlock* branch, const llvm::PostDominatorTree& pdt);

  llvm::DominatorTree dt_;
  llvm::LoopInfo loops_;
  std::unordered_set<const llvm::Value*> divergent_;
  std::unordered_set<const llvm::BasicBlock*> branches_;
  std::vector<const llvm::Value*> work_;
};

// Blocks reachable from each successor of `branch` before its immediate post-dominator `stop`
// (which is not included): one set per successor, in successor order.
std::vector<std::unordered_set<const llvm::BasicBlock*>> branch_sides(
    const llvm::BasicBlock* branch, const llvm::BasicBlock* stop);

}  // namespace ventus::cc
