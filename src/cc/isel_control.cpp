// Selection of control flow: uniform branches as scalar branches, divergent ones as vbranches
// that reconverge at their immediate post-dominator (CODEGEN.md §4.1), phi copies in the
// predecessors, and the function's entry and return.
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {

uint32_t kernel_guard_condition(Selector& s);  // isel_builtins.cpp

namespace {

using isa::InsnId;

}  // namespace

// Emits the branch of block `from` (layout index) to `taken`/`other` on `cond` (0/1 per lane
// or uniform); the fall-through successor needs no jump.
static void emit_conditional(Selector& s, uint32_t from, uint32_t cond, bool divergent,
                             uint32_t on_true, uint32_t on_false, uint32_t join = 0) {
  MInstr m;
  m.kind = MKind::Branch;
  m.divergent = divergent;
  m.targets = {on_true, on_false, join};
  m.ops = {MOperand::use_reg(cond)};
  if (divergent) {
    s.out_.regs[cond].low = true;
    const uint32_t z = s.zero_vector();
    s.out_.regs[z].low = true;
    m.ops.push_back(MOperand::use_reg(z));
  }
  m.line = s.line_;
  s.sink_->push_back(std::move(m));
  (void)from;
}

static void emit_jump(Selector& s, uint32_t to) {
  MInstr m;
  m.kind = MKind::Branch;
  m.targets = {to};
  m.line = s.line_;
  s.sink_->push_back(std::move(m));
}

// The block where the sides of `b`'s divergent branch meet: its immediate post-dominator.
static uint32_t reconvergence_block(Selector& s, const llvm::BasicBlock* b) {
  const llvm::DomTreeNode* node = s.pdt_.getNode(b);
  if (node == nullptr || node->getIDom() == nullptr || node->getIDom()->getBlock() == nullptr) {
    return s.return_block_;  // a single return block post-dominates everything
  }
  return s.block_index(node->getIDom()->getBlock());
}

void Selector::find_fused_compare(const llvm::BasicBlock& b) {
  const auto* br = llvm::dyn_cast<llvm::BranchInst>(b.getTerminator());
  if (br == nullptr || br->isUnconditional() || div_.divergent_branch(&b)) return;
  const auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(br->getCondition());
  if (cmp == nullptr || cmp->getParent() != &b || !cmp->hasOneUse() || is_vector(cmp)) return;
  const llvm::Type* t = cmp->getOperand(0)->getType();
  if (t->isPointerTy() || t->getIntegerBitWidth() == 32) fused_.insert(cmp);
}

// The branch row taking `p` (operands swapped where RISC-V has only the mirror form).
static std::pair<InsnId, bool> branch_row(llvm::CmpInst::Predicate p) {
  using P = llvm::CmpInst::Predicate;
  switch (p) {
    case P::ICMP_EQ: return {InsnId::BEQ, false};
    case P::ICMP_NE: return {InsnId::BNE, false};
    case P::ICMP_SLT: return {InsnId::BLT, false};
    case P::ICMP_SGE: return {InsnId::BGE, false};
    case P::ICMP_ULT: return {InsnId::BLTU, false};
    case P::ICMP_UGE: return {InsnId::BGEU, false};
    case P::ICMP_SGT: return {InsnId::BLT, true};
    case P::ICMP_SLE: return {InsnId::BGE, true};
    case P::ICMP_UGT: return {InsnId::BLTU, true};
    default: return {InsnId::BGEU, true};  // ule
  }
}

Status Selector::select_terminator(const llvm::Instruction& inst) {
  const uint32_t here = block_index(inst.getParent());
  if (const auto* br = llvm::dyn_cast<llvm::BranchInst>(&inst)) {
    if (br->isUnconditional()) {
      emit_jump(*this, block_index(br->getSuccessor(0)));
      return ok_status();
    }
    const uint32_t t = block_index(br->getSuccessor(0)), f = block_index(br->getSuccessor(1));
    const bool divergent = div_.divergent_branch(inst.getParent());
    if (const auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(br->getCondition());
        cmp != nullptr && fused_.count(cmp) != 0) {
      const auto [row, swap] = branch_row(cmp->getPredicate());
      MInstr m;
      m.kind = MKind::Branch;
      m.row = row;
      m.targets = {t, f};
      m.ops = {scalar_use(cmp->getOperand(swap ? 1 : 0)), scalar_use(cmp->getOperand(swap ? 0 : 1))};
      m.text = "fused";
      m.line = line_;
      sink_->push_back(std::move(m));
      return ok_status();
    }
    if (divergent) {
      const uint32_t join = reconvergence_block(*this, inst.getParent());
      out_.blocks[join].needs_join = true;
      ++out_.blocks[join].join_of;
      out_.divergent_regions.emplace_back(here, join);
    }
    uint32_t cond = divergent ? vector(br->getCondition()) : scalar(br->getCondition());
    if (merged_guard_ && here == 1) {
      // Lanes past the work-group take the branch's way to the return block too.
      const uint32_t guard = kernel_guard_condition(*this), merged = new_reg(RegClass::Vector);
      if (f == return_block_) {
        emit(InsnId::VAND_VV, {MOperand::def_reg(merged), MOperand::use_reg(cond), MOperand::use_reg(guard)});
      } else {
        const uint32_t outside = new_reg(RegClass::Vector);
        emit(InsnId::VXOR_VI, {MOperand::def_reg(outside), MOperand::use_reg(guard), MOperand::immediate(1)});
        emit(InsnId::VOR_VV, {MOperand::def_reg(merged), MOperand::use_reg(cond), MOperand::use_reg(outside)});
      }
      cond = merged;
    }
    emit_conditional(*this, here, cond, divergent, t, f,
                     divergent ? out_.divergent_regions.back().second : 0);
    return ok_status();
  }
  if (const auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&inst)) {
    if (ret->getReturnValue() != nullptr) {
      return_value_ = new_reg(RegClass::Vector);
      out_.regs[return_value_].fixed = 0;  // the result in v0 (ISA.md §2.2)
      emit_copy(return_value_, vector(ret->getReturnValue()));
    }
    emit_jump(*this, exit_block_);
    return ok_status();
  }
  return unsupported(inst, fmt::format("the terminator '{}'", inst.getOpcodeName()));
}

// A terminator, or the compare fused into it, that reads a phi of one of its successors reads
// the phi's value before this edge's copies overwrite it: a rotated loop's exit test on the
// value the phi had at the top of the iteration (`stride > 1` of `for (...; stride > 0;
// stride /= 2)`). Such phis are first copied to fresh registers, which the terminator reads.
std::vector<Selector::SavedPhi> Selector::save_phis_read_by(const llvm::Instruction& term) {
  std::vector<const llvm::Value*> reads(term.op_begin(), term.op_end());
  if (const auto* br = llvm::dyn_cast<llvm::BranchInst>(&term); br && br->isConditional()) {
    if (fused_.count(br->getCondition()) != 0) {
      const auto* cmp = llvm::cast<llvm::Instruction>(br->getCondition());
      reads.insert(reads.end(), cmp->op_begin(), cmp->op_end());
    }
  }
  std::vector<SavedPhi> saved;
  for (const llvm::Value* v : reads) {
    const auto* phi = llvm::dyn_cast<llvm::PHINode>(v);
    if (phi == nullptr || !llvm::is_contained(llvm::successors(&term), phi->getParent())) continue;
    const auto same = [phi](const SavedPhi& s) { return s.phi == phi; };
    if (llvm::any_of(saved, same)) continue;
    const Operand held = operand(phi);
    const uint32_t copy = new_reg(out_.regs[held.reg].cls);
    emit_copy(copy, held.reg);
    saved.push_back(SavedPhi{phi, held, copy});
  }
  return saved;
}

// The edge's phi copies, then the terminator reading the saved phis (restored afterwards: the
// successors read the phis' own registers).
Status Selector::select_terminator_after_phi_copies(const llvm::Instruction& term) {
  const std::vector<SavedPhi> saved = save_phis_read_by(term);
  emit_phi_copies(*term.getParent());
  for (const SavedPhi& s : saved) bind(s.phi, Operand{s.copy, s.held.offset});
  Status selected = select(term);
  for (const SavedPhi& s : saved) bind(s.phi, s.held);
  return selected;
}

void Selector::emit_phi_copies(const llvm::BasicBlock& from) {
  for (const llvm::BasicBlock* succ : llvm::successors(&from)) {
    std::vector<std::pair<uint32_t, const llvm::Value*>> copies;
    bool reads_own_phi = false;
    for (const llvm::PHINode& phi : succ->phis()) {
      const llvm::Value* in = phi.getIncomingValueForBlock(&from);
      copies.emplace_back(operand(&phi).reg, in);
      if (const auto* p = llvm::dyn_cast<llvm::PHINode>(in); p != nullptr && p->getParent() == succ) {
        reads_own_phi = true;
      }
    }
    // Phis are parallel copies: when one reads another phi of the same block, read all first.
    std::vector<uint32_t> sources;
    for (auto& [dst, value] : copies) {
      if (constant_bits_of(value)) {
        sources.push_back(kNoReg);  // materialised straight into the phi's register below
        continue;
      }
      uint32_t src = llvm::isa<llvm::UndefValue>(value) ? dst : reg(value);
      if (reads_own_phi && src != dst) {
        const uint32_t t = new_reg(out_.regs[src].cls);
        emit_copy(t, src);
        src = t;
      }
      sources.push_back(src);
    }
    for (size_t k = 0; k < copies.size(); ++k) {
      if (sources[k] == kNoReg) {
        materialize_constant(copies[k].first, *constant_bits_of(copies[k].second));
      } else if (sources[k] != copies[k].first) {
        emit_copy(copies[k].first, sources[k]);
      }
    }
  }
}

void Selector::emit_prologue() {
  line_ = 0;
  if (out_.is_kernel) {
    // a0 holds the argument buffer (ISA.md §7.2); arguments are read as the body needs them.
    MInstr def;
    def.kind = MKind::Asm;
    const uint32_t a0 = new_reg(RegClass::Scalar);
    out_.regs[a0].fixed = 10;
    def.ops = {MOperand::def_reg(a0)};
    incoming_.push_back(def);
    uint32_t offset = 0;
    for (const llvm::Argument& a : f_.args()) {
      const uint32_t size = static_cast<uint32_t>(
          f_.getParent()->getDataLayout().getTypeStoreSize(a.getType()));
      if (!a.use_empty()) {
        const uint32_t r = operand(&a).reg;
        MInstr load;
        load.kind = MKind::Row;
        load.row = size == 1 ? InsnId::LBU : size == 2 ? InsnId::LHU : InsnId::LW;
        load.ops = {MOperand::def_reg(r), MOperand::immediate(offset), MOperand::use_reg(a0)};
        incoming_.push_back(load);
      }
      offset += size;  // packed, no padding (ISA.md §7.2)
    }
  }
  if (out_.private_frame_bytes > 0) {
    emit(InsnId::ADDI, {MOperand::literal("tp"), MOperand::literal("tp"),
                        MOperand::immediate(out_.private_frame_bytes)});
  }
  if (out_.is_kernel && !merged_guard_) {
    out_.blocks[exit_block_].needs_join = true;
    ++out_.blocks[exit_block_].join_of;
    out_.divergent_regions.emplace_back(0, exit_block_);
    out_.blocks[0].succs = {1, exit_block_};
    emit_conditional(*this, 0, kernel_guard_condition(*this), true, 1, exit_block_,
                     exit_block_);
  } else {
    out_.blocks[0].succs = {1};
    emit_jump(*this, 1);
  }
}

bool Selector::can_merge_guard() const {
  const llvm::BasicBlock& entry = f_.getEntryBlock();
  const auto* br = llvm::dyn_cast<llvm::BranchInst>(entry.getTerminator());
  if (br == nullptr || br->isUnconditional() || !div_.divergent_branch(&entry)) return false;
  const bool to_return = block_index(br->getSuccessor(0)) == return_block_ ||
                         block_index(br->getSuccessor(1)) == return_block_;
  if (!to_return) return false;
  // Lanes past the work-group then run the return block too: it must have no effect.
  for (const llvm::BasicBlock& b : f_) {
    if (!llvm::isa<llvm::ReturnInst>(b.getTerminator())) continue;
    if (!b.phis().empty()) return false;
    for (const llvm::Instruction& inst : b) {
      if (inst.mayHaveSideEffects()) return false;
    }
  }
  for (const llvm::Instruction& inst : entry) {
    if (inst.mayHaveSideEffects()) return false;
  }
  return true;
}

void Selector::emit_epilogue() {
  MInstr ret;
  ret.kind = MKind::Asm;
  ret.text = "ret";
  if (return_value_ != kNoReg) ret.ops.push_back(MOperand::use_reg(return_value_));
  if (out_.private_frame_bytes > 0 && !out_.is_kernel) {
    emit(InsnId::ADDI, {MOperand::literal("tp"), MOperand::literal("tp"),
                        MOperand::immediate(-static_cast<int64_t>(out_.private_frame_bytes))});
  }
  ret.line = line_;
  sink_->push_back(std::move(ret));
}

}  // namespace ventus::cc
