// `ventus cc` as a library: OpenCL C source in, Ventus assembly and a linked ELF out.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "asm/assembler.hpp"
#include "cc/frontend.hpp"
#include "common/result.hpp"

namespace ventus::cc {

struct CompileOptions {
  FrontendOptions frontend;
  unsigned opt_level = 2;  // -O0..-O3: the LLVM pipeline (the back end is the same)
  bool emit_llvm = false;  // keep the IR after the middle end in CompileOutput::llvm_ir
};

// What the runtime and the cycle model need to know of a kernel (docs/opencl.md).
struct KernelInfo {
  std::string name;
  uint32_t scalar_registers = 0;  // highest x register used + 1
  uint32_t vector_registers = 0;  // highest v register used + 1
  uint32_t local_bytes = 0;       // static __local variables (after the warps' stacks)
  uint32_t private_bytes = 0;     // per work-item private frame
  // The parameters in order, as the prologue reads them from the packed argument buffer
  // (ISA.md §7.2): a pointer to __local, another pointer, or a value of `bytes` bytes.
  struct Param {
    enum class Kind : uint8_t { Pointer, LocalPointer, Value };
    Kind kind = Kind::Value;
    uint32_t bytes = 0;
    std::string name;  // "" when clang kept no name
  };
  std::vector<Param> params;
};

struct CompileOutput {
  std::string warnings;   // clang's warnings, file:line:col
  std::string llvm_ir;    // with emit_llvm
  std::string assembly;   // Ventus assembly, commented with the source lines
  std::vector<KernelInfo> kernels;
  bool uses_printf = false;  // the assembly calls vt_printf (link the device library)
};

// Compiles one OpenCL C translation unit. Errors carry clang's diagnostics or the back end's
// "file:line:col: error: ..." naming the construct.
Result<CompileOutput> compile_opencl(const std::string& source, const CompileOptions& options);

// Assembles and links the compiled program with the standard crt0 (and `extra` sources,
// e.g. the printf routine) into an ELF image.
Result<std::vector<uint8_t>> link_program(const CompileOutput& compiled, const std::string& name,
                                          const std::vector<as::SourceFile>& extra);

}  // namespace ventus::cc
