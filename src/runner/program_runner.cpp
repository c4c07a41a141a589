// run_program: memory setup for a built program and one timed launch.
#include "runner/program_runner.hpp"

#include <chrono>
#include <optional>

#include "memory/local_memory.hpp"

namespace ventus::runner {

ProgramOutcome run_program(const ProgramBuilder& program, functional::LaunchConfig config,
                           const functional::EngineOptions& options,
                           const std::vector<BufferSpec>& buffers, uint32_t lds_bytes,
                           functional::ExecObserver* observer) {
  const bool ref = options.mode == functional::Mode::RefCompat;
  ProgramOutcome out{{}, ref ? memory::DeviceMemory::flat() : memory::DeviceMemory(), 0};
  config.start_pc = program.base();
  const auto code_bytes = static_cast<uint32_t>(4 * program.words().size());
  if (!ref) {
    (void)out.memory.map_region({program.base(), code_bytes, memory::RegionKind::kCode, "code"});
    for (const BufferSpec& b : buffers) {
      (void)out.memory.map_region({b.base, b.size, memory::RegionKind::kGlobal, b.name});
    }
  } else {
    (void)functional::install_boot_rom(out.memory, program.base());
  }
  for (size_t i = 0; i < program.words().size(); ++i) {
    out.memory.store().write32(program.base() + static_cast<uint32_t>(4 * i), program.words()[i]);
  }
  std::optional<memory::LocalMemory> layout;
  if (!ref) layout.emplace(memory::lds_region_bytes(lds_bytes, config.numw));
  const auto start = std::chrono::steady_clock::now();
  out.result =
      functional::run_launch(config, options, out.memory, layout ? &*layout : nullptr, observer);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace ventus::runner
