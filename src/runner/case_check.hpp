// `ventus case --check`: a launch's memory against expected/<launch>.out and, in --ref-compat,
// its commit log against ref-logs/<launch>.log (per warp, as logdiff), first difference only.
#pragma once

#include <optional>
#include <string>

#include "common/result.hpp"
#include "loader/test_case.hpp"
#include "memory/device_memory.hpp"

namespace ventus::runner {

// What --check compared for one launch and the first difference it found (none: PASS).
struct CheckOutcome {
  bool compared_memory = false;
  bool compared_log = false;
  std::optional<std::string> difference;
  bool passed() const { return !difference.has_value(); }
};

// The first word of a buffer of the launch that differs from expected/<launch>.out, e.g.
// "memory: buffer 2 (base 0x90002000) word 5 at 0x90002014: expected 0x00000007, got
// 0x00000000"; nothing when every word matches. An unreadable .out is an Error.
Result<std::optional<std::string>> compare_memory(const loader::Launch& launch,
                                                  const memory::DeviceMemory& memory);

// The first difference between our commit log `ours` and the reference log at `path`, e.g.
// "log: core 3, our line 120, REF line 120: x10: 0x00000004 vs 0x00000008".
Result<std::optional<std::string>> compare_log(std::string ours, const std::string& path);

}  // namespace ventus::runner
