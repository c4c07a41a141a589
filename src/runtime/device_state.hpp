// Device::State and Program::Image: the runtime-internal halves of the public handles.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "elf/elf_file.hpp"
#include "functional/functional_stats.hpp"
#include "functional/parallel_bursts.hpp"
#include "functional/sanitize/global_definedness.hpp"
#include "memory/bump_allocator.hpp"
#include "memory/device_memory.hpp"
#include "runtime/stats_document.hpp"
#include "sim/stats.hpp"
#include "timing/gpu_model.hpp"
#include "ventus/runtime.hpp"

namespace ventus {

namespace runtime_detail {
class CaseExporter;  // runtime/case_export.hpp
}  // namespace runtime_detail

// A loaded kernel ELF: the parsed file (views into its co-owned bytes), a display name and,
// for programs compiled from OpenCL C here, each kernel's parameters.
struct Program::Image {
  std::string name;
  elf::ElfFile elf;
  std::map<std::string, std::vector<KernelParam>, std::less<>> params;
};

struct Device::State {
  Config config;
  // The statistics of the device's launches: registered once, reset per launch.
  sim::StatRegistry stat_registry;
  functional::FunctionalStats functional_stats;
  std::deque<LaunchStats> history;  // the last run.launch_history launches, in order
  uint64_t launches_completed = 0;  // every launch that ran to its end (the history is cut)
  // The statistics of the last launch that ran (faulting ones too).
  std::shared_ptr<const StatsDocument> last_stats;
  // The configuration every launch's statistics document holds (docs/stats.md).
  std::shared_ptr<const ConfigValues> config_values;
  memory::DeviceMemory memory;
  // run.sanitize's init check of global memory: the buffers the user allocated hold no data
  // until the host writes them or a launch stores to them (docs/sanitizers.md).
  functional::sanitize::GlobalDefinedness defined_global;
  // What the parallel scheduler keeps from one launch to the next (docs/host-threads.md).
  functional::SpeculationStorage speculation_storage;
  // --ref-compat: the reference driver's allocator, which never reuses an address (ISA.md §8).
  // Default mode: freed space is handed out again (first fit), so launches, which free their
  // arguments, private memory and metadata, can follow each other without end.
  memory::BumpAllocator allocator;
  std::map<uint32_t, uint64_t> buffers;  // live allocations: base -> requested bytes
  std::optional<elf::ElfFile> uploaded;  // vt_upload_kernel_*: the ELF vt_start runs
  // Regions of the program image currently loaded: the device holds one program at a time
  // (code and data at their link addresses, ISA.md §7.8), so a launch of another program
  // replaces them.
  std::vector<uint32_t> program_regions;
  // run.timing: the cycle model that runs every launch (its counters are registered).
  std::optional<timing::GpuModel> gpu;
  // run.timeline: the file every timed launch of the device writes (created by the first),
  // closed with the device.
  std::unique_ptr<timing::Timeline> timeline;
  // run.events: the event log every timed launch of the device writes (created by the first),
  // closed with the device.
  std::unique_ptr<timing::EventLog> event_log;
  // run.save_case: writes every launch as a test case (created by the first launch).
  std::shared_ptr<runtime_detail::CaseExporter> exporter;
  // Set: drives every launch in place of the functional schedulers (the debugger, --gdb).
  functional::LaunchDriver launch_driver;
  // Set (Device::set_progress): told every launch's progress, numbered from 1 on the device.
  functional::ProgressObserver progress;

  explicit State(const Config& c)
      : config(c),
        functional_stats(c.machine.sm_count),
        config_values(std::make_shared<const ConfigValues>(c)),
        memory(c.simulation.ref_compat ? memory::DeviceMemory::flat() : memory::DeviceMemory()),
        allocator(memory::BumpAllocator::kDefaultBase, uint64_t{1} << 32,
                  c.simulation.ref_compat ? memory::BumpAllocator::Policy::kBump
                                          : memory::BumpAllocator::Policy::kReuse) {
    functional_stats.register_in(sim::StatScope(stat_registry, "functional"));
    if (c.simulation.timing) {
      gpu.emplace(config.machine.timing, c.machine.sm_count, c.machine.warp_slots_per_sm);
      gpu->register_stats(sim::StatScope(stat_registry, "timing"));
    }
  }
  bool ref_compat() const { return config.simulation.ref_compat; }

  // Allocates `bytes` (4 KiB aligned from 0x90000000) and maps it as a region.
  Result<uint32_t> allocate(uint64_t bytes, memory::RegionKind kind, std::string name);
  // Frees a buffer; in the default mode its bytes read as zero again (its space is reused).
  Status release(uint32_t base);
  // Checks that [address, address + bytes) lies inside one live allocation.
  Status check_range(uint32_t address, uint64_t bytes, std::string_view what) const;
};

}  // namespace ventus
