// A workload of the sweep file as the arguments of a `ventus` sub-command.
#pragma once

#include <string>
#include <vector>

#include "common/result.hpp"
#include "sweep/spec.hpp"

namespace ventus::sweep {

struct WorkloadArgs {
  std::vector<std::string> args;         // "run" FILE ... or "case" DIR ...
  std::vector<std::string> copy_inputs;  // buf:inout files, copied into the point's folder
};

// Input paths are resolved from the current directory and must exist; errors name the
// workload's place in the sweep file.
Result<WorkloadArgs> workload_args(const Workload& workload);

}  // namespace ventus::sweep
