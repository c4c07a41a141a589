// run_kernel_command: `ventus run` as one library call (argument specs, files, launch, summary).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "functional/launch.hpp"
#include "ventus/runtime.hpp"

namespace ventus {

// The warp-instruction limit per launch of every simulating command when neither
// --max-instructions nor run.max_warp_instructions sets one: a kernel that loops forever or
// deadlocks stops with a message naming its warps instead of running silently (issue 13).
// It is sized to cost seconds, not minutes (issue 54: 10^9 took over 30 s functional and half
// an hour on the cycle model): the functional engine runs some 30-100 M warp-instructions a
// second, the cycle model 0.3-3 M (docs/timing.md, simulation speed).
inline constexpr uint64_t kDefaultMaxWarpInstructions = 100'000'000;
inline constexpr uint64_t kDefaultMaxWarpInstructionsTiming = 10'000'000;

constexpr uint64_t default_instruction_limit(bool timing) {
  return timing ? kDefaultMaxWarpInstructionsTiming : kDefaultMaxWarpInstructions;
}

// --max-instructions when given (0 = no limit), else run.max_warp_instructions when non-zero,
// else default_instruction_limit(timing).
constexpr uint64_t effective_instruction_limit(std::optional<uint64_t> flag, uint64_t configured,
                                               bool timing = false) {
  if (flag) return *flag;
  return configured != 0 ? configured : default_instruction_limit(timing);
}

// Without --local: per dimension the largest divisor of the global size that keeps the
// work-group within the device (warp slots x threads per warp).
std::array<uint32_t, 3> default_local(const std::array<uint32_t, 3>& global,
                                      const MachineConfig& c);

struct RunOptions {
  std::string kernel_file;             // ELF or assembly (.s)
  std::string kernel;                  // kernel symbol
  std::string global;                  // "X[,Y[,Z]]"
  std::string local;                   // "X[,Y[,Z]]"; empty = chosen to fit the device
  std::vector<std::string> args;       // in order, see docs/runtime.md "ventus run"
  std::string log_path;                // commit log
  std::string config_path;             // TOML machine description
  std::vector<std::string> overrides;  // key=value
  bool ref_compat = false;
  std::optional<uint64_t> max_instructions;  // see effective_instruction_limit
  // "FIRST:END" (--timing-work-groups): with run.timing, only these work-groups run on the
  // cycle model (LaunchOptions::timing_work_groups); unset: all of them.
  std::optional<std::string> timing_work_groups;
  // Set: drives the launch in place of the functional schedulers (the debugger, --gdb).
  functional::LaunchDriver launch_driver;
  // Set: told the launch's progress (Device::set_progress), for a progress line.
  functional::ProgressObserver progress;
};

struct RunReport {
  std::string kernel;
  LaunchStats stats;
  std::string fault;    // the guest fault that stopped the kernel (outputs not written), or ""
  bool timing = false;  // run.timing: the launch ran on the cycle model (stats.cycles)
  // "vecadd: 4 work-groups, 8 warps, 1234 warp-instructions, 5678 thread-instructions,
  //  0.002 s, 0.62 M warp-instr/s" and in timing mode ", 4321 cycles, IPC 0.286", or with a
  //  window of work-groups ", work-groups 2:4 of 4 timed: 2200 cycles measured, 4400 cycles
  //  extrapolated to the launch"
  std::string summary() const;
};

// Loads the kernel, creates the device, builds the arguments (reading input files), launches,
// then writes the output files. Input and usage problems are an Error naming the argument or
// file; a guest fault is reported in RunReport::fault.
Result<RunReport> run_kernel_command(const RunOptions& options,
                                     const std::function<void(std::string_view)>& print_sink);

}  // namespace ventus
