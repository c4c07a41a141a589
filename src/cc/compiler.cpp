// compile_opencl: front end, middle end, then per function: uniformity, selection, register
// allocation and assembly; link_program: our assembler and linker with crt0.
#include "cc/compiler.hpp"

#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Module.h>
#include <llvm/Analysis/CFG.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <sstream>

#include <fmt/format.h>

#include "cc/atomics.hpp"
#include "cc/checks.hpp"
#include "cc/divergence.hpp"
#include "cc/emit.hpp"
#include "cc/isel.hpp"
#include "cc/pipeline.hpp"
#include "cc/regalloc.hpp"
#include "elf/elf_writer.hpp"

namespace ventus::cc {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// An edge from a uniform branch into a block with phis gets a block of its own, so that the
// phi copies run only on that edge (a loop's exit values once, not every iteration). Edges
// of vbranches keep their copies before the branch: for a loop that work-items leave in
// different iterations, that is when each one's exit value is current (temporal divergence).
void split_uniform_critical_edges(llvm::Function& f) {
  std::vector<std::pair<llvm::Instruction*, unsigned>> edges;
  {
    llvm::PostDominatorTree pdt(f);
    llvm::DominatorTree dt(f);
    const Divergence div(f, pdt);
    for (llvm::BasicBlock& b : f) {
      llvm::Instruction* term = b.getTerminator();
      if (term->getNumSuccessors() < 2 || div.divergent_branch(&b)) continue;
      for (unsigned k = 0; k < term->getNumSuccessors(); ++k) {
        llvm::BasicBlock* s = term->getSuccessor(k);
        // Back edges keep their copies in the latch: a block there would only add a jump.
        if (dt.dominates(s, &b)) continue;
        if (!s->phis().empty() && llvm::isCriticalEdge(term, k)) edges.emplace_back(term, k);
      }
    }
  }
  for (const auto& [term, k] : edges) llvm::SplitCriticalEdge(term, k);
}

// The kernel's parameters, sized as Selector::emit_prologue reads them.
std::vector<KernelInfo::Param> kernel_params(const llvm::Function& f) {
  std::vector<KernelInfo::Param> params;
  for (const llvm::Argument& a : f.args()) {
    KernelInfo::Param p;
    p.name = a.getName().str();
    p.bytes = static_cast<uint32_t>(f.getParent()->getDataLayout().getTypeStoreSize(a.getType()));
    if (a.getType()->isPointerTy()) {
      p.kind = a.getType()->getPointerAddressSpace() == 3 ? KernelInfo::Param::Kind::LocalPointer
                                                          : KernelInfo::Param::Kind::Pointer;
    }
    params.push_back(std::move(p));
  }
  return params;
}

Result<std::string> compile_function(llvm::Function& f, ModuleLayout& layout,
                                     const std::string& source_name,
                                     const std::vector<std::string>& lines, KernelInfo& info) {
  expand_atomics(f);
  split_uniform_critical_edges(f);
  llvm::PostDominatorTree pdt(f);
  const Divergence div(f, pdt);
  MFunction mf;
  Selector selector(f, div, pdt, layout, source_name, mf);
  if (auto ok = selector.run(); !ok) return ok.error();
  auto use = allocate_registers(mf);
  if (!use) {
    return Error{fmt::format("{}: error: {}", source_location(f, source_name), use.error().message)};
  }
  info = KernelInfo{mf.name,           use->max_scalar,        use->max_vector,
                    layout.local_bytes, mf.private_frame_bytes, kernel_params(f)};
  return emit_function(mf, *use, EmitOptions{source_name, &lines});
}

}  // namespace

Result<CompileOutput> compile_opencl(const std::string& source, const CompileOptions& options) {
  const std::string& name = options.frontend.source_name;
  auto front = run_frontend(source, options.frontend);
  if (!front) return front.error();
  if (front->bitcode.empty()) return Error{front->diagnostics};
  CompileOutput out;
  out.warnings = front->diagnostics;
  auto ir = load_module(front->bitcode, name);
  if (!ir) return ir.error();
  if (auto ok = run_middle_end(*ir, options.opt_level, name); !ok) return ok.error();
  if (options.emit_llvm) out.llvm_ir = module_text(*ir);
  ModuleLayout layout = lay_out_module(*ir->module);
  const std::vector<std::string> lines = split_lines(source);
  out.assembly = fmt::format("# Compiled by ventus cc from {} (docs/opencl.md)\n", name);
  for (llvm::Function& f : *ir->module) {
    if (f.isDeclaration()) continue;
    KernelInfo info;
    auto text = compile_function(f, layout, name, lines, info);
    if (!text) return text.error();
    out.assembly += *text;
    if (f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL) {
      out.kernels.push_back(info);
      // The runtime maps the static __local bytes after the warps' stacks (docs/opencl.md).
      if (info.local_bytes > 0) {
        out.assembly += fmt::format(
            "\t.section .rodata\n\t.p2align 2\n\t.globl {0}.ventus_local_bytes\n"
            "\t.type {0}.ventus_local_bytes, @object\n{0}.ventus_local_bytes:\n\t.word {1}\n"
            "\t.size {0}.ventus_local_bytes, 4\n",
            info.name, info.local_bytes);
      }
    }
  }
  if (out.kernels.empty()) {
    return Error{fmt::format("{}:1: error: the program defines no __kernel function", name)};
  }
  out.assembly += layout.data_section;
  out.uses_printf = out.assembly.find("call vt_printf") != std::string::npos;
  return out;
}

Result<std::vector<uint8_t>> link_program(const CompileOutput& compiled, const std::string& name,
                                          const std::vector<as::SourceFile>& extra) {
  std::vector<as::SourceFile> sources{{name + ".s", compiled.assembly}};
  sources.insert(sources.end(), extra.begin(), extra.end());
  const as::AssembleOutput out = as::assemble(sources);
  if (!out.ok()) {
    return Error{fmt::format("internal compiler error: the generated assembly does not "
                             "assemble:\n{}",
                             as::format_diagnostics(out.diagnostics, as::kErrorLimit))};
  }
  return elf::write_elf(out.image);
}

}  // namespace ventus::cc
