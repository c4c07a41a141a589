// Instruction selection: one LLVM IR function (after the middle end) into machine IR.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <llvm/IR/InstrTypes.h>

#include "cc/divergence.hpp"
#include "cc/mir.hpp"
#include "common/result.hpp"

namespace llvm {
class BasicBlock;
class CallBase;
class Constant;
class Function;
class GlobalVariable;
class Instruction;
class Module;
class PostDominatorTree;
class SelectInst;
class Type;
class Value;
}  // namespace llvm

namespace ventus::cc {

// Module-wide facts: where static __local variables and __constant data live.
struct ModuleLayout {
  std::map<const llvm::GlobalVariable*, uint32_t> local_offsets;  // from the static base
  uint32_t local_bytes = 0;
  std::map<const llvm::GlobalVariable*, std::string> data_labels;  // .rodata/.data symbols
  std::string data_section;  // assembly of every program-scope variable with contents
};
ModuleLayout lay_out_module(const llvm::Module& module);

// A value as the back end holds it: a register, plus a byte offset for pointers whose
// constant part is folded into the accesses' immediates.
struct Operand {
  uint32_t reg = kNoReg;
  int64_t offset = 0;
};

class Selector {
 public:
  Selector(const llvm::Function& f, const Divergence& div, const llvm::PostDominatorTree& pdt,
           ModuleLayout& layout, const std::string& source_name, MFunction& out);
  Status run();

  // ---- values (isel_values.cpp)
  bool is_vector(const llvm::Value* v) const;
  Operand operand(const llvm::Value* v);         // as held (may carry an offset)
  uint32_t reg(const llvm::Value* v);            // in its own class, offset applied
  uint32_t scalar(const llvm::Value* v);         // a uniform value in an x register
  MOperand scalar_use(const llvm::Value* v);     // same, `zero` for the constant 0
  uint32_t vector(const llvm::Value* v);         // any value in a v register (broadcast)
  uint32_t result(const llvm::Instruction& inst);      // the register that inst defines
  void bind(const llvm::Value* v, Operand op) { values_[v] = op; }
  uint32_t constant_scalar(int64_t value);       // li into a new x register (0: zero)
  std::optional<int64_t> constant_bits_of(const llvm::Value* v) const;  // ints, floats, null
  void materialize_constant(uint32_t dst, int64_t bits);  // li / vmv.v.i / vmv.v.x into dst
  uint32_t broadcast(uint32_t scalar_reg);       // vmv.v.x into a new v register
  uint32_t to_class(uint32_t r, RegClass cls);   // broadcast when a scalar must be a vector
  std::optional<int64_t> constant_int(const llvm::Value* v) const;
  uint32_t zero_vector();                        // function-wide broadcast of 0
  // Function-wide values computed once in the entry block (cached by `key`).
  uint32_t entry_value(const std::string& key, RegClass cls,
                       const std::function<void(uint32_t)>& compute);

  // ---- emission
  void emit(isa::InsnId row, std::vector<MOperand> ops);
  void emit_copy(uint32_t dst, uint32_t src);
  void emit_asm(std::string text, std::vector<MOperand> ops);
  uint32_t new_reg(RegClass cls) { return out_.new_reg(cls); }
  MOperand zero() const { return MOperand::literal("zero"); }
  [[nodiscard]] Status unsupported(const llvm::Instruction& inst, const std::string& what) const;

  // ---- per-kind selection (isel_arith.cpp, isel_memory.cpp, isel_control.cpp, ...)
  Status select(const llvm::Instruction& inst);
  Status select_binary(const llvm::Instruction& inst);
  Status select_compare(const llvm::Instruction& inst);
  void vector_float_special(llvm::CmpInst::Predicate p, const llvm::Value* a,
                            const llvm::Value* b, uint32_t d);
  Status select_cast(const llvm::Instruction& inst);
  Status select_select(const llvm::Instruction& inst);
  bool select_with_constant(const llvm::SelectInst& sel);
  Status select_intrinsic(const llvm::CallBase& call);
  Status select_gep(const llvm::Instruction& inst);
  Status select_load(const llvm::Instruction& inst);
  Status select_store(const llvm::Instruction& inst);
  Status select_alloca(const llvm::Instruction& inst);
  Status select_atomic(const llvm::Instruction& inst);
  Status select_call(const llvm::CallBase& call);
  Status select_builtin(const llvm::CallBase& call);
  Status select_user_call(const llvm::CallBase& call);
  Status select_printf(const llvm::CallBase& call);
  Status select_terminator(const llvm::Instruction& inst);
  void emit_phi_copies(const llvm::BasicBlock& from);
  struct SavedPhi {
    const llvm::PHINode* phi;
    Operand held;   // the phi's own register (its successors read it)
    uint32_t copy;  // its value before the edge's copies (the terminator reads it)
  };
  std::vector<SavedPhi> save_phis_read_by(const llvm::Instruction& term);
  Status select_terminator_after_phi_copies(const llvm::Instruction& term);
  void emit_prologue();
  void emit_epilogue();
  uint32_t normalize(uint32_t r, const llvm::Type* type, bool is_signed, bool vec);
  uint32_t block_index(const llvm::BasicBlock* b) const { return block_of_.at(b); }
  Operand global_address(const llvm::GlobalVariable& g);

  const llvm::Function& f_;
  const Divergence& div_;
  const llvm::PostDominatorTree& pdt_;
  ModuleLayout& layout_;
  const std::string& source_name_;
  MFunction& out_;
  MBlock* cur_ = nullptr;
  std::vector<MInstr>* sink_ = nullptr;  // where emit() appends: cur_'s or the entry code
  std::vector<MInstr> incoming_;         // block 0: the registers the caller hands over
  uint32_t line_ = 0;
  std::unordered_map<const llvm::Value*, Operand> values_;
  std::unordered_map<const llvm::BasicBlock*, uint32_t> block_of_;
  std::map<std::string, uint32_t> entry_values_;
  std::vector<MInstr> entry_code_;  // prepended to block 0 at the end
  std::map<const llvm::Value*, uint32_t> alloca_offsets_;
  uint32_t return_block_ = 0;  // the IR's single return block
  // The machine function's last block, after every IR block: join (for the lane guard),
  // epilogue and ret. The IR's return block jumps (falls) into it, so lanes that the guard
  // skips reconverge after every instruction of the kernel (CODEGEN.md §4.1 step 4).
  uint32_t exit_block_ = 0;
  uint32_t return_value_ = kNoReg;  // v0 holding a non-kernel function's result
  // The kernel's lane guard joins the entry block's own divergent branch to the return block
  // (one vbranch instead of two) when the entry block has no side effects.
  bool merged_guard_ = false;
  bool can_merge_guard() const;
  std::map<std::pair<const llvm::Value*, int64_t>, uint32_t> scaled_;  // index * size, per block
  // Uniform compares that only their block's branch reads: one blt/bgeu/... instead of two.
  std::unordered_set<const llvm::Value*> fused_;
  void find_fused_compare(const llvm::BasicBlock& b);
};

}  // namespace ventus::cc
