// run_program: assembling a small kernel, memory setup for its image and one timed launch.
#include "runner/program_runner.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "asm/assembler.hpp"
#include "memory/local_memory.hpp"

namespace ventus::runner {

Result<elf::ElfImage> assemble_program(std::string_view name, std::string_view source,
                                       uint32_t base, isa::Profile profile) {
  as::AssembleOptions options;
  options.crt0 = false;
  options.text_base = base;
  options.profile = profile;
  as::AssembleOutput out = as::assemble_text(name, source, options);
  if (!out.ok()) return Error{as::format_diagnostics(out.diagnostics, as::kErrorLimit)};
  return std::move(out.image);
}

namespace {

bool loaded(const elf::ImageSection& section) {
  return (section.flags & elf::kShfAlloc) != 0 && section.size() > 0;
}

// Default mode: each loaded section becomes a region of its own, then the buffers.
void map_regions(const elf::ElfImage& image, const std::vector<BufferSpec>& buffers,
                 memory::DeviceMemory& memory) {
  for (const elf::ImageSection& s : image.sections) {
    if (!loaded(s)) continue;
    const bool code = (s.flags & elf::kShfExecinstr) != 0;
    (void)memory.map_region(
        {s.addr, s.size(), code ? memory::RegionKind::kCode : memory::RegionKind::kGlobal, s.name});
  }
  for (const BufferSpec& b : buffers) {
    (void)memory.map_region({b.base, b.size, memory::RegionKind::kGlobal, b.name});
  }
}

// Memory, statistics and the machine of one program launch, ready to run.
struct Prepared {
  functional::MachineShape shape;
  std::optional<memory::LocalMemory> layout;
};

Prepared prepare(const elf::ElfImage& image, functional::LaunchConfig& config,
                 const functional::EngineOptions& options, const std::vector<BufferSpec>& buffers,
                 uint32_t lds_bytes, const functional::MachineShape* machine, ProgramOutcome& out) {
  const bool ref = options.mode == functional::Mode::RefCompat;
  if (ref) out.memory = memory::DeviceMemory::flat();
  Prepared prepared;
  functional::MachineShape fitting;
  fitting.warp_slots_per_sm = std::max(fitting.warp_slots_per_sm, config.numw);
  fitting.local_memory_bytes =
      std::max(fitting.local_memory_bytes, memory::lds_region_bytes(lds_bytes, config.numw));
  prepared.shape = machine != nullptr ? *machine : fitting;
  out.stats = std::make_unique<functional::FunctionalStats>(prepared.shape.sm_count);
  out.stats->register_in(sim::StatScope(*out.registry, "functional"));
  config.start_pc = image.entry;
  if (ref) {
    (void)functional::install_boot_rom(out.memory, image.entry);
  } else {
    map_regions(image, buffers, out.memory);
  }
  // NOBITS sections have no bytes: fresh memory already reads as zero.
  for (const elf::ImageSection& s : image.sections) {
    if (loaded(s) && !s.bytes.empty()) out.memory.store().write_bytes(s.addr, s.bytes);
  }
  if (!ref) prepared.layout.emplace(memory::lds_region_bytes(lds_bytes, config.numw));
  return prepared;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

ProgramOutcome run_program(const elf::ElfImage& image, functional::LaunchConfig config,
                           const functional::EngineOptions& options,
                           const std::vector<BufferSpec>& buffers, uint32_t lds_bytes,
                           functional::ExecObserver* observer,
                           const functional::MachineShape* machine) {
  ProgramOutcome out;
  Prepared p = prepare(image, config, options, buffers, lds_bytes, machine, out);
  const auto start = std::chrono::steady_clock::now();
  out.result = functional::run_launch(config, p.shape, options, out.memory,
                                      p.layout ? &*p.layout : nullptr, *out.stats, observer);
  out.seconds = seconds_since(start);
  return out;
}

ProgramOutcome run_program_timed(const elf::ElfImage& image, functional::LaunchConfig config,
                                 const functional::EngineOptions& options,
                                 const std::vector<BufferSpec>& buffers,
                                 const timing::TimingParams& params, uint32_t lds_bytes,
                                 const functional::MachineShape* machine) {
  ProgramOutcome out;
  Prepared p = prepare(image, config, options, buffers, lds_bytes, machine, out);
  out.timing_params = std::make_unique<timing::TimingParams>(params);
  out.gpu = std::make_unique<timing::GpuModel>(*out.timing_params, p.shape.sm_count,
                                               p.shape.warp_slots_per_sm);
  out.gpu->register_stats(sim::StatScope(*out.registry, "timing"));
  timing::TimingResult timed;
  const auto start = std::chrono::steady_clock::now();
  out.result = functional::run_launch_driven(
      config, p.shape, options, out.memory, p.layout ? &*p.layout : nullptr, *out.stats,
      [&](functional::Launch& launch) { return out.gpu->run(launch, {}, true, timed); });
  out.seconds = seconds_since(start);
  out.timing = timed;
  return out;
}

}  // namespace ventus::runner
