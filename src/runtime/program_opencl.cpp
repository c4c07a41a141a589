// program_from_opencl: the runtime's door to the OpenCL C compiler (src/cc).
#include "ventus/opencl.hpp"

#include "cc/compiler.hpp"
#include "runtime/device_lib.hpp"

namespace ventus {

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
  return Program::from_elf_bytes(std::move(elf.value()), std::move(name));
}

}  // namespace ventus
