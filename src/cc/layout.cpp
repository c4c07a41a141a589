// lay_out_module: offsets of static __local variables and assembly for constant data.
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Module.h>

#include <algorithm>

#include <fmt/format.h>

#include "cc/isel.hpp"

namespace ventus::cc {
namespace {

// Appends the directives that lay out `c` (little-endian, the data layout's padding).
void emit_constant(const llvm::Constant* c, const llvm::DataLayout& dl, std::string& out) {
  const uint64_t size = dl.getTypeAllocSize(c->getType());
  if (c->isNullValue() || llvm::isa<llvm::UndefValue>(c)) {
    if (size > 0) out += fmt::format("\t.zero {}\n", size);
    return;
  }
  if (const auto* i = llvm::dyn_cast<llvm::ConstantInt>(c)) {
    const char* dir = size == 1 ? ".byte" : size == 2 ? ".half" : ".word";
    out += fmt::format("\t{} {}\n", dir, i->getZExtValue());
    return;
  }
  if (const auto* f = llvm::dyn_cast<llvm::ConstantFP>(c)) {
    out += fmt::format("\t.word {}\n", f->getValueAPF().bitcastToAPInt().getZExtValue());
    return;
  }
  if (const auto* seq = llvm::dyn_cast<llvm::ConstantDataSequential>(c)) {
    for (unsigned k = 0; k < seq->getNumElements(); ++k) {
      emit_constant(seq->getElementAsConstant(k), dl, out);
    }
    return;
  }
  if (const auto* st = llvm::dyn_cast<llvm::ConstantStruct>(c)) {
    const llvm::StructLayout* sl = dl.getStructLayout(st->getType());
    uint64_t at = 0;
    for (unsigned k = 0; k < st->getNumOperands(); ++k) {
      const uint64_t field = sl->getElementOffset(k);
      if (field > at) out += fmt::format("\t.zero {}\n", field - at);
      emit_constant(st->getOperand(k), dl, out);
      at = field + dl.getTypeAllocSize(st->getOperand(k)->getType());
    }
    if (size > at) out += fmt::format("\t.zero {}\n", size - at);
    return;
  }
  if (llvm::isa<llvm::ConstantArray, llvm::ConstantVector>(c)) {
    for (const llvm::Use& op : c->operands()) emit_constant(llvm::cast<llvm::Constant>(op), dl, out);
    return;
  }
  out += fmt::format("\t.zero {}\n", size);  // other constant expressions: not expected here
}

}  // namespace

ModuleLayout lay_out_module(const llvm::Module& module) {
  ModuleLayout layout;
  const llvm::DataLayout& dl = module.getDataLayout();
  std::vector<const llvm::GlobalVariable*> locals;
  unsigned counter = 0;
  std::string rodata, data;
  for (const llvm::GlobalVariable& g : module.globals()) {
    if (g.getAddressSpace() == 3) {
      locals.push_back(&g);
      continue;
    }
    const std::string label = fmt::format(".Lvar{}_{}", counter++, g.getName().str());
    layout.data_labels[&g] = label;
    std::string& out = g.isConstant() ? rodata : data;
    out += fmt::format("\t.p2align {}\n{}:\n", std::max<uint64_t>(2, g.getAlign().valueOrOne().value() > 1 ? llvm::Log2(g.getAlign().valueOrOne()) : 2), label);
    if (g.hasInitializer()) {
      emit_constant(g.getInitializer(), dl, out);
    } else {
      out += fmt::format("\t.zero {}\n", dl.getTypeAllocSize(g.getValueType()));
    }
  }
  // Sorted by name, each aligned to at least 4 (the Ventus toolchain's rule, CODEGEN.md §6.3).
  std::sort(locals.begin(), locals.end(),
            [](auto* a, auto* b) { return a->getName() < b->getName(); });
  uint64_t at = 0;
  for (const llvm::GlobalVariable* g : locals) {
    const uint64_t align = std::max<uint64_t>(4, g->getAlign().valueOrOne().value());
    at = (at + align - 1) / align * align;
    layout.local_offsets[g] = static_cast<uint32_t>(at);
    at += dl.getTypeAllocSize(g->getValueType());
  }
  layout.local_bytes = static_cast<uint32_t>((at + 3) / 4 * 4);
  if (!rodata.empty()) layout.data_section += "\t.section .rodata\n" + rodata;
  if (!data.empty()) layout.data_section += "\t.data\n" + data;
  return layout;
}

}  // namespace ventus::cc
