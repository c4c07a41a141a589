// Assembly text for allocated machine functions: the input of our assembler (`-S` output).
#pragma once

#include <string>
#include <vector>

#include "cc/mir.hpp"
#include "cc/regalloc.hpp"

namespace ventus::cc {

struct EmitOptions {
  std::string source_name;
  const std::vector<std::string>* source_lines = nullptr;  // for "# file:line: text" comments
};

// One function: label, prologue (ra and callee-saved registers of non-kernel functions),
// blocks with their joins, branches with setrpc before every vbranch (CODEGEN.md §4.1).
std::string emit_function(const MFunction& f, const RegisterUse& use, const EmitOptions& options);

}  // namespace ventus::cc
