// The middle end: LLVM 16's own passes over the front end's module, configured for Ventus.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace ventus::cc {

// A module with the context that owns it.
struct IrModule {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  IrModule();
  ~IrModule();
  IrModule(IrModule&&) noexcept;
  IrModule& operator=(IrModule&&) noexcept;
};

// Parses the user's bitcode and links the device library's functions that it uses.
Result<IrModule> load_module(std::string_view bitcode, const std::string& source_name);

// Runs the middle end at `opt_level` (0..3): inlining of every non-kernel function not marked
// noinline, the standard -O pipeline without vectorisers, then the passes that shape the
// control flow for the back end (scalarizer, lower-switch, fix-irreducible, one return block,
// LCSSA, memory intrinsics as loops). Errors name the construct and the source line.
Status run_middle_end(IrModule& ir, unsigned opt_level, const std::string& source_name);

// The module as LLVM assembly text (`--emit-llvm`).
std::string module_text(const IrModule& ir);

}  // namespace ventus::cc
