// run_frontend: clang-16 -x cl for the spir target, source on standard input, bitcode on output.
#include "cc/frontend.hpp"

#include <cstdlib>

#include <fmt/format.h>

#include "cc/process.hpp"

#ifndef VENTUS_CLANG_PATH
#define VENTUS_CLANG_PATH "/usr/bin/clang-16"
#endif

namespace ventus::cc {
namespace {

// clang writes "<stdin>:3:5: error: ..."; the user knows the file by its own name.
std::string rename_stdin(std::string text, const std::string& name) {
  const std::string from = "<stdin>";
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
    text.replace(at, from.size(), name);
    at += name.size();
  }
  return text;
}

std::vector<std::string> base_arguments(const std::string& cl_std) {
  // -O2 with the LLVM passes disabled: the IR keeps clang's inlining hints (at -O0 every
  // function is noinline/optnone); the middle end runs LLVM's passes itself (pipeline.cpp).
  return {clang_path(), "-x",      "cl",          "-cl-std=" + cl_std, "-target", "spir",
          "-emit-llvm", "-c",      "-O2",         "-Xclang",           "-disable-llvm-passes",
          "-Xclang",    "-finclude-default-header", "-D__VENTUS__=1",  "-fno-color-diagnostics"};
}

Result<FrontendOutput> run_clang(std::vector<std::string> args, const std::string& source,
                                 const std::string& name) {
  args.insert(args.end(), {"-o", "-", "-"});
  constexpr unsigned kTimeoutSeconds = 120;
  auto run = run_process(args, source, kTimeoutSeconds);
  if (!run) return run.error();
  FrontendOutput out;
  out.diagnostics = rename_stdin(run->err, name);
  if (run->timed_out) {
    return Error{fmt::format("{}: clang-16 did not finish within {} s", name, kTimeoutSeconds)};
  }
  if (run->exit_code == 0) out.bitcode = std::move(run->out);
  if (run->exit_code != 0 && out.diagnostics.empty()) {
    out.diagnostics = fmt::format("{}: error: clang-16 failed (exit status {})\n", name,
                                  run->exit_code);
  }
  return out;
}

}  // namespace

std::string clang_path() {
  const char* env = std::getenv("VENTUS_CLANG");
  return env != nullptr && env[0] != '\0' ? env : VENTUS_CLANG_PATH;
}

Result<FrontendOutput> run_frontend(const std::string& source, const FrontendOptions& options) {
  std::vector<std::string> args = base_arguments(options.cl_std);
  args.push_back("-gline-tables-only");  // source lines for diagnostics and `-S` comments
  for (const std::string& d : options.defines) args.push_back("-D" + d);
  for (const std::string& i : options.include_dirs) args.push_back("-I" + i);
  return run_clang(std::move(args), source, options.source_name);
}

Result<FrontendOutput> run_frontend_library(const std::string& source) {
  return run_clang(base_arguments("CL1.2"), source, "<ventus builtins>");
}

}  // namespace ventus::cc
