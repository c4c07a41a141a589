// run_launch: every work-group of an ND-range (ISA.md §7), in either mode (DESIGN.md §3).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "functional/engine.hpp"
#include "functional/work_group.hpp"
#include "memory/device_memory.hpp"
#include "memory/local_memory.hpp"

namespace ventus::functional {

struct LaunchResult {
  LaunchStats stats;
  std::optional<Fault> fault;     // set when a fault stopped the launch
  std::optional<Fault> ref_trap;  // --ref-compat: first trap REF-style handled via mtvec
};

struct LaunchHooks {
  // Called before each work-group starts (REF rewrites the ELF segments here).
  std::function<void(uint32_t group_linear_id)> before_group;
};

// Runs the launch on `global`. Each work-group gets its own copy of `local_layout` (default
// mode: private local memory per group, ISA.md §7.5); with `local_layout == nullptr` the
// local window is part of `global` (REF's flat memory, --ref-compat). In --ref-compat
// `global` must hold REF's boot ROM (see install_boot_rom).
LaunchResult run_launch(const LaunchConfig& config, const EngineOptions& options,
                        memory::DeviceMemory& global, const memory::LocalMemory* local_layout,
                        ExecObserver* observer = nullptr, const LaunchHooks& hooks = {});

// Maps REF's boot ROM at 0x1000 (ISA.md §7.3) into `memory` (if absent) with `start_pc` in
// its jump slot.
Status install_boot_rom(memory::DeviceMemory& memory, uint32_t start_pc);

// Validates a configuration: numt a power of two in 1..32, numw >= 1, work-groups >= 1.
Status check_launch_config(const LaunchConfig& config);

}  // namespace ventus::functional
