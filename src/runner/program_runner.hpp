// run_program: runs a built program as one launch on fresh memory (benchmarks, directed tests).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "functional/launch.hpp"
#include "memory/device_memory.hpp"
#include "runner/program_builder.hpp"

namespace ventus::runner {

struct BufferSpec {
  uint32_t base = 0;
  uint32_t size = 0;
  std::string name;
};

struct ProgramOutcome {
  functional::LaunchResult result;
  memory::DeviceMemory memory;
  double seconds = 0;
};

// Maps the code at program.base() and `buffers` in global memory, a local store of `lds_bytes`
// per work-group (default mode; REF's flat memory with the boot ROM in --ref-compat), and runs
// one launch with config.start_pc = program.base().
ProgramOutcome run_program(const ProgramBuilder& program, functional::LaunchConfig config,
                           const functional::EngineOptions& options,
                           const std::vector<BufferSpec>& buffers, uint32_t lds_bytes = 0x1000,
                           functional::ExecObserver* observer = nullptr);

}  // namespace ventus::runner
