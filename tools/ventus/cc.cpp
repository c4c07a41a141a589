// `ventus cc FILE.cl [-o OUT] [-D NAME[=V]] [-I DIR] [-O0..3] [-S] [--emit-llvm]`: compiles
// OpenCL C into a linked Ventus ELF (thin wrapper around ventus_cc, docs/opencl.md).
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cc/compiler.hpp"
#include "commands.hpp"
#include "common/input_file.hpp"
#include "common/output_file.hpp"
#include "runtime/device_lib.hpp"

namespace ventus::tools {
namespace {

struct CcOptions {
  std::string input;
  std::string output;
  std::vector<std::string> defines;
  std::vector<std::string> include_dirs;
  unsigned opt_level = 2;
  bool assembly = false;
  bool emit_llvm = false;
  std::string isa = "v2.02";
};

bool write_bytes(const std::string& path, std::string_view bytes) {
  if (path == "-") {
    return std::fwrite(bytes.data(), 1, bytes.size(), stdout) == bytes.size() &&
           std::fflush(stdout) == 0;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  file.close();
  return static_cast<bool>(file);
}

// clang's defaults: foo.cl gives foo.s with -S, foo.ll with --emit-llvm, else foo.elf.
std::string default_output(const CcOptions& o) {
  const std::string stem = o.input == "-" ? "a" : std::filesystem::path(o.input).stem().string();
  return stem + (o.assembly ? ".s" : o.emit_llvm ? ".ll" : ".elf");
}

// Exit status: 0 compiled, 2 the source has errors or a file could not be read or written.
int run_cc(CcOptions options) {
  if (options.isa != "v2.02") {
    fmt::print(stderr, "ventus cc: error: --isa {}: the compiler emits profile v2.02 only\n",
               options.isa);
    return 2;
  }
  if (options.output.empty()) options.output = default_output(options);
  if (auto writable = check_output_file(options.output, "output file"); !writable) {
    fmt::print(stderr, "ventus cc: error: {}\n", writable.error().message);
    return 2;
  }
  auto source = read_input_file(options.input, {.what = "source file"});
  if (!source) {
    fmt::print(stderr, "ventus cc: error: {}\n", source.error().message);
    return 2;
  }
  cc::CompileOptions copts;
  copts.frontend.source_name = input_display_name(options.input);
  copts.frontend.defines = options.defines;
  copts.frontend.include_dirs = options.include_dirs;
  copts.opt_level = options.opt_level;
  copts.emit_llvm = options.emit_llvm;
  auto compiled = cc::compile_opencl(*source, copts);
  if (!compiled) {
    fmt::print(stderr, "{}", compiled.error().message);
    if (!compiled.error().message.ends_with('\n')) fmt::print(stderr, "\n");
    return 2;
  }
  fmt::print(stderr, "{}", compiled->warnings);
  std::string bytes;
  if (options.emit_llvm) {
    bytes = compiled->llvm_ir;
  } else if (options.assembly) {
    bytes = compiled->assembly;
  } else {
    std::vector<as::SourceFile> extra;
    if (compiled->uses_printf) {
      extra.push_back({"<ventus device library>", std::string(device_library_source())});
    }
    auto elf = cc::link_program(*compiled, copts.frontend.source_name, extra);
    if (!elf) {
      fmt::print(stderr, "ventus cc: {}\n", elf.error().message);
      return 2;
    }
    bytes.assign(elf->begin(), elf->end());
  }
  if (!write_bytes(options.output, bytes)) {
    fmt::print(stderr, "ventus cc: error: cannot write '{}'\n", options.output);
    return 2;
  }
  return 0;
}

}  // namespace

void register_cc(CLI::App& app, int& exit_status) {
  auto o = std::make_shared<CcOptions>();
  CLI::App* cmd = app.add_subcommand("cc", "Compile OpenCL C kernels into a Ventus ELF (docs/opencl.md)");
  cmd->add_option("input", o->input, "OpenCL C source ('-' = standard input)")->required();
  cmd->add_option("-o,--output", o->output, "Output file ('-' = standard output)");
  cmd->add_option("-D", o->defines, "Define a macro: NAME or NAME=VALUE");
  cmd->add_option("-I", o->include_dirs, "Add a directory to the #include search path");
  cmd->add_option("-O", o->opt_level, "Optimisation level of the LLVM pipeline")
      ->check(CLI::Range(0, 3));
  cmd->add_flag("-S", o->assembly, "Write Ventus assembly, commented with the source lines");
  cmd->add_flag("--emit-llvm", o->emit_llvm, "Write the LLVM IR after the middle end");
  cmd->add_option("--isa", o->isa, "ISA profile to compile for (v2.02)");
  cmd->callback([o, &exit_status] { exit_status = run_cc(*o); });
}

}  // namespace ventus::tools
