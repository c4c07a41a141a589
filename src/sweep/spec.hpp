// The sweep file (docs/sweeps.md): workloads x configurations x mode, with per-point limits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"

namespace ventus::sweep {

// One `--set key=value` of the file and where it was written, for messages.
struct Assignment {
  std::string key;
  std::string value;     // as `--set` takes it: 16, true, random, 0.5
  std::string location;  // "file:line:column"
  std::string text() const { return key + "=" + value; }
};

enum class WorkloadKind { Run, Case, Kernel };

// A `ventus run` line (an ELF, assembly or OpenCL C file and its launch), a reference-case
// folder with an optional list of launches, or a kernel of the suite by name (`ventus demo
// --kernels NAME`).
struct Limits {
  double time_seconds = 0;               // 0 = none
  uint64_t memory_bytes = 0;             // address space of a point, 0 = none
  std::optional<uint64_t> instructions;  // --max-instructions of every point
};

struct Workload {
  std::string name;
  WorkloadKind kind = WorkloadKind::Run;
  std::string text;  // the run line, the case folder or the kernel's name, as written
  std::vector<std::string> launches;
  std::string location;
  Limits limits;  // [limits], then the workload's own time, memory, instructions
};

// A named set of overrides: one configuration of the sweep (before the axes).
struct Fragment {
  std::string name;
  std::vector<Assignment> assignments;
};

// A key whose values form a factor of the Cartesian product.
struct Axis {
  std::string key;
  std::vector<Assignment> values;  // each value with its own location
};

struct SweepSpec {
  std::string path;         // the file as given
  std::string base_config;  // machine file, "" = the built-in machine
  bool timing = false;
  std::vector<Assignment> common;   // [sweep] set: every point
  std::vector<Fragment> fragments;  // none: one configuration named "base"
  std::vector<Axis> axes;
  std::vector<Workload> workloads;
};

// Reads and checks a sweep file: unknown sections and keys, malformed values, keys the
// configuration registry does not know and out-of-range values are errors naming
// "<path>:<line>:<column>". Nothing runs before this succeeds.
// `kernels`: the names a `kernel =` workload may take (the demo's kernels).
Result<SweepSpec> load_sweep_file(const std::string& path, const std::vector<std::string>& kernels);

}  // namespace ventus::sweep
