// The OpenCL C front end: Debian's clang-16, run as a subprocess, turns source into LLVM bitcode.
#pragma once

#include <string>
#include <vector>

#include "common/result.hpp"

namespace ventus::cc {

struct FrontendOptions {
  std::string source_name = "<source>";    // the name diagnostics and line comments use
  std::vector<std::string> defines;        // -D NAME or NAME=VALUE
  std::vector<std::string> include_dirs;   // -I DIR
  std::string cl_std = "CL1.2";            // -cl-std
};

struct FrontendOutput {
  std::string bitcode;      // empty when clang reported an error
  std::string diagnostics;  // clang's warnings and errors, file:line:col, as clang prints them
};

// The absolute path of clang-16 (VENTUS_CLANG in the environment, else the one CMake found).
std::string clang_path();

// Compiles `source` to unoptimised LLVM bitcode for the 32-bit `spir` target (OpenCL address
// spaces: 0 private, 1 global, 2 constant, 3 local), with clang's own OpenCL header. An Error
// only when clang could not be run; compile errors come back as diagnostics with no bitcode.
Result<FrontendOutput> run_frontend(const std::string& source, const FrontendOptions& options);

// Same for the device library (no user options, no line tables).
Result<FrontendOutput> run_frontend_library(const std::string& source);

}  // namespace ventus::cc
