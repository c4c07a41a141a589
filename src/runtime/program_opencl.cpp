// program_from_opencl: the runtime's door to the OpenCL C compiler (src/cc).
#include "ventus/opencl.hpp"

#include "cc/compiler.hpp"
#include "runtime/device_lib.hpp"
#include "runtime/device_state.hpp"

namespace ventus {
namespace {

std::vector<KernelParam> kernel_params(const cc::KernelInfo& kernel) {
  std::vector<KernelParam> params;
  for (const cc::KernelInfo::Param& p : kernel.params) {
    using CcKind = cc::KernelInfo::Param::Kind;
    const KernelParam::Kind kind = p.kind == CcKind::Value          ? KernelParam::Kind::Value
                                   : p.kind == CcKind::LocalPointer ? KernelParam::Kind::Local
                                                                    : KernelParam::Kind::Buffer;
    params.push_back({kind, p.bytes, p.name});
  }
  return params;
}

}  // namespace

Result<Program> program_from_opencl(std::string_view source, std::string name,
                                    const OpenClBuildOptions& options) {
  cc::CompileOptions copts;
  copts.frontend.source_name = name;
  copts.frontend.defines = options.defines;
  copts.frontend.include_dirs = options.include_dirs;
  copts.opt_level = options.opt_level;
  auto compiled = cc::compile_opencl(std::string(source), copts);
  if (!compiled) return compiled.error();
  std::vector<as::SourceFile> extra;
  if (compiled->uses_printf) {
    extra.push_back({"<ventus device library>", std::string(device_library_source())});
  }
  auto elf = cc::link_program(*compiled, name, extra);
  if (!elf) return elf.error();
  auto program = Program::from_elf_bytes(std::move(elf.value()), std::move(name));
  if (!program) return program.error();
  auto image = std::make_shared<Program::Image>(program->image());
  for (const cc::KernelInfo& kernel : compiled->kernels) {
    image->params[kernel.name] = kernel_params(kernel);
  }
  return Program(std::move(image));
}

}  // namespace ventus
