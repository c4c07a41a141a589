// Refusals of what the Ventus back end does not compile (docs/opencl.md), with the source line.
#pragma once

#include <set>
#include <string>

#include "common/result.hpp"

namespace llvm {
class Module;
class Instruction;
class Function;
}  // namespace llvm

namespace ventus::cc {

// "file:line:col" of an instruction (from clang's line tables), or "file" when it has none.
std::string source_location(const llvm::Instruction& inst, const std::string& source_name);
std::string source_location(const llvm::Function& function, const std::string& source_name);

// After linking the device library, before the middle end: recursion, function pointers, double, 64-bit integers, images,
// calls of functions that neither the program nor the device library defines.
// Functions of the device library (`library_functions`) are not checked.
Status check_supported(const llvm::Module& module, const std::string& source_name,
                       const std::set<std::string>& library_functions);

}  // namespace ventus::cc
