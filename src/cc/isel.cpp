// Selector::run and the per-instruction dispatch; the module's data layout (lay_out_module).
#include "cc/isel.hpp"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <unordered_set>

#include <fmt/format.h>

#include "cc/checks.hpp"

namespace ventus::cc {

Selector::Selector(const llvm::Function& f, const Divergence& div,
                   const llvm::PostDominatorTree& pdt, ModuleLayout& layout,
                   const std::string& source_name, MFunction& out)
    : f_(f), div_(div), pdt_(pdt), layout_(layout), source_name_(source_name), out_(out) {}

Status Selector::unsupported(const llvm::Instruction& inst, const std::string& what) const {
  return Error{fmt::format("{}: error: {} is not supported by the Ventus back end",
                           source_location(inst, source_name_), what)};
}

Status Selector::select(const llvm::Instruction& inst) {
  if (fused_.count(&inst) != 0) return ok_status();  // part of the branch (isel_control.cpp)
  if (inst.isBinaryOp() || llvm::isa<llvm::UnaryOperator>(inst)) return select_binary(inst);
  if (llvm::isa<llvm::CmpInst>(inst)) return select_compare(inst);
  if (llvm::isa<llvm::CastInst>(inst)) return select_cast(inst);
  if (llvm::isa<llvm::SelectInst>(inst)) return select_select(inst);
  if (llvm::isa<llvm::GetElementPtrInst>(inst)) return select_gep(inst);
  if (llvm::isa<llvm::LoadInst>(inst)) return select_load(inst);
  if (llvm::isa<llvm::StoreInst>(inst)) return select_store(inst);
  if (llvm::isa<llvm::AllocaInst>(inst)) return select_alloca(inst);
  if (llvm::isa<llvm::AtomicRMWInst, llvm::AtomicCmpXchgInst>(inst)) return select_atomic(inst);
  if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst)) return select_call(*call);
  if (llvm::isa<llvm::PHINode>(inst)) return ok_status();  // copies in the predecessors
  if (inst.isTerminator()) return select_terminator(inst);
  if (llvm::isa<llvm::FreezeInst>(inst)) {
    bind(&inst, operand(inst.getOperand(0)));
    return ok_status();
  }
  if (llvm::isa<llvm::ExtractValueInst>(inst) && values_.count(&inst) != 0) {
    return ok_status();  // a part of cmpxchg's result, bound by select_atomic
  }
  return unsupported(inst, fmt::format("the IR instruction '{}'", inst.getOpcodeName()));
}

// Block order: reverse post-order, visiting a block's successors outside its loop first, so
// that every loop's blocks are contiguous and its exits follow it (the back edge is then
// the only jump of an iteration).
static std::vector<const llvm::BasicBlock*> layout_order(const llvm::Function& f) {
  llvm::DominatorTree dt(const_cast<llvm::Function&>(f));
  llvm::LoopInfo loops(dt);
  std::vector<const llvm::BasicBlock*> post;
  std::unordered_set<const llvm::BasicBlock*> seen;
  std::vector<std::pair<const llvm::BasicBlock*, std::vector<const llvm::BasicBlock*>>> stack;
  auto push = [&](const llvm::BasicBlock* b) {
    seen.insert(b);
    std::vector<const llvm::BasicBlock*> succs;
    const llvm::Loop* loop = loops.getLoopFor(b);
    for (const llvm::BasicBlock* s : llvm::successors(b)) {
      if (loop == nullptr || loop->contains(s)) succs.push_back(s);  // visited last: first in RPO
    }
    for (const llvm::BasicBlock* s : llvm::successors(b)) {
      if (loop != nullptr && !loop->contains(s)) succs.push_back(s);
    }
    stack.emplace_back(b, std::move(succs));
  };
  push(&f.getEntryBlock());
  while (!stack.empty()) {
    auto& [block, succs] = stack.back();
    if (succs.empty()) {
      post.push_back(block);
      stack.pop_back();
      continue;
    }
    const llvm::BasicBlock* next = succs.back();
    succs.pop_back();
    if (seen.count(next) == 0) push(next);
  }
  return {post.rbegin(), post.rend()};
}

Status Selector::run() {
  out_.name = f_.getName().str();
  out_.is_kernel = f_.getCallingConv() == llvm::CallingConv::SPIR_KERNEL;
  out_.blocks.resize(f_.size() + 1);
  out_.blocks[0].label = fmt::format(".L{}_entry", out_.name);
  uint32_t index = 1;
  const auto order = layout_order(f_);
  for (const llvm::BasicBlock* b : order) {
    block_of_[b] = index;
    out_.blocks[index].label = fmt::format(".L{}_{}", out_.name, index);
    if (llvm::isa<llvm::ReturnInst>(b->getTerminator())) return_block_ = index;
    ++index;
  }
  exit_block_ = index;
  out_.blocks.resize(index + 1);  // unreachable blocks have no place
  out_.blocks[exit_block_].label = fmt::format(".L{}_exit", out_.name);
  for (const llvm::BasicBlock* b : order) {
    for (const llvm::BasicBlock* s : llvm::successors(b)) {
      out_.blocks[block_index(b)].succs.push_back(block_index(s));
    }
  }
  out_.blocks[return_block_].succs.push_back(exit_block_);
  merged_guard_ = out_.is_kernel && can_merge_guard();
  if (!out_.is_kernel) {
    // Parameters arrive in v0, v1, ... (ISA.md §2.2): defined on entry in those registers.
    int32_t k = 0;
    for (const llvm::Argument& a : f_.args()) {
      const uint32_t r = new_reg(RegClass::Vector);
      out_.regs[r].fixed = k++;
      MInstr def;
      def.kind = MKind::Asm;
      def.ops = {MOperand::def_reg(r)};
      incoming_.push_back(def);
      bind(&a, Operand{r, 0});
    }
  }
  llvm::ReversePostOrderTraversal<const llvm::Function*> rpo(&f_);
  for (const llvm::BasicBlock* b : rpo) {
    cur_ = &out_.blocks[block_index(b)];
    sink_ = &cur_->instrs;
    scaled_.clear();
    find_fused_compare(*b);
    for (const llvm::Instruction& inst : *b) {
      if (llvm::isa<llvm::DbgInfoIntrinsic>(inst)) continue;
      line_ = inst.getDebugLoc() ? inst.getDebugLoc().getLine() : line_;
      if (inst.isTerminator()) {
        if (auto ok = select_terminator_after_phi_copies(inst); !ok) return ok;
        continue;
      }
      if (auto ok = select(inst); !ok) return ok;
    }
  }
  cur_ = &out_.blocks[exit_block_];
  sink_ = &cur_->instrs;
  line_ = 0;
  emit_epilogue();
  cur_ = &out_.blocks[0];
  sink_ = &cur_->instrs;
  emit_prologue();
  // Block 0: what the caller hands over, the function-wide values, then the prologue's branch.
  std::vector<MInstr> entry = std::move(incoming_);
  entry.insert(entry.end(), entry_code_.begin(), entry_code_.end());
  entry.insert(entry.end(), cur_->instrs.begin(), cur_->instrs.end());
  cur_->instrs = std::move(entry);
  return ok_status();
}

}  // namespace ventus::cc
