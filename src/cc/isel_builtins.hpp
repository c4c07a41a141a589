// The built-ins the back end expands itself (work-item functions, barriers, printf, lane
// reads), by their Itanium-mangled names as clang's OpenCL header declares them.
#pragma once

#include <string>

#include <llvm/ADT/StringRef.h>

namespace ventus::cc {

enum class BuiltinDivergence { NotBuiltin, Uniform, Divergent, Either };

// Whether the back end expands `name` (else the device library or the program defines it).
bool is_backend_builtin(llvm::StringRef name);

// Divergent results: local and global ids, the lane index; uniform: sizes, group ids, a
// lane read; Either: follows its operands (not a source).
BuiltinDivergence builtin_divergence(llvm::StringRef name);

// "get_global_id(unsigned int)" for "_Z13get_global_idj" (names in messages).
std::string demangled_name(llvm::StringRef name);

// Internal functions that the atomics expansion calls (docs/opencl.md "Atomics").
inline constexpr const char* kLaneIndex = "__ventus_lane_index";  // vid.v: divergent
inline constexpr const char* kReadLane = "__ventus_read_lane";    // vmv.x.s: uniform
// The device library's e^x: the SFU's vfexp (ISA.md §5.8: exp in double rounded to float).
inline constexpr const char* kExp = "__ventus_vfexp";

}  // namespace ventus::cc
