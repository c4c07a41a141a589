// run_program: assembles a small kernel (src/asm) and runs it as one launch on fresh memory
// (benchmarks, directed tests).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "elf/elf_writer.hpp"
#include "functional/launch.hpp"
#include "memory/device_memory.hpp"
#include "sim/stats.hpp"
#include "timing/gpu_model.hpp"
#include "timing/params.hpp"

namespace ventus::runner {

inline constexpr uint32_t kProgramBase = 0x80000000u;  // .text of a kernel (ISA.md §7.8)

struct BufferSpec {
  uint32_t base = 0;
  uint32_t size = 0;
  std::string name;
};

struct ProgramOutcome {
  functional::LaunchResult result;
  memory::DeviceMemory memory;
  double seconds = 0;
  // Every registered statistic of the launch (docs/stats.md).
  std::unique_ptr<sim::StatRegistry> registry = std::make_unique<sim::StatRegistry>();
  std::unique_ptr<functional::FunctionalStats> stats;
  // run_program_timed: the cycle model (its `timing.*` counters are in `registry`) and the
  // launch's cycles.
  std::unique_ptr<timing::TimingParams> timing_params;
  std::unique_ptr<timing::GpuModel> gpu;
  std::optional<timing::TimingResult> timing;
};

// Assembles `source` on its own (no crt0, .text at `base`) in `profile`; an Error carries
// the formatted diagnostics, `name` being the file name they show.
Result<elf::ElfImage> assemble_program(std::string_view name, std::string_view source,
                                       uint32_t base = kProgramBase,
                                       isa::Profile profile = isa::kDefaultProfile);

// Maps the image's non-empty allocatable sections (executable ones as code, the others as
// global data) and `buffers` in global memory, a local store of `lds_bytes` per work-group
// (default mode; REF's flat memory with the boot ROM in --ref-compat), copies the sections'
// bytes and runs one launch with config.start_pc = image.entry. Without `machine`, the
// default machine with enough warp slots for the work-group.
ProgramOutcome run_program(const elf::ElfImage& image, functional::LaunchConfig config,
                           const functional::EngineOptions& options,
                           const std::vector<BufferSpec>& buffers, uint32_t lds_bytes = 0x1000,
                           functional::ExecObserver* observer = nullptr,
                           const functional::MachineShape* machine = nullptr);

// run_program (default mode, no observer) on the cycle model with `params`, as a run's first
// kernel (TIMING.md §2); ProgramOutcome::timing holds the launch's cycles.
ProgramOutcome run_program_timed(const elf::ElfImage& image, functional::LaunchConfig config,
                                 const functional::EngineOptions& options,
                                 const std::vector<BufferSpec>& buffers,
                                 const timing::TimingParams& params, uint32_t lds_bytes = 0x1000,
                                 const functional::MachineShape* machine = nullptr);

}  // namespace ventus::runner
