// execute_launch: runs one prepared launch on a device's memory (shared by launch() and vt_start).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "elf/elf_file.hpp"
#include "functional/machine_fit.hpp"
#include "functional/work_group.hpp"
#include "runtime/device_state.hpp"

namespace ventus::runtime_detail {

// Everything ISA.md §7 needs that the device memory does not already hold: the host has
// written the metadata buffer (§7.1), the argument buffer (§7.2) and sized private memory.
struct LaunchPlan {
  functional::LaunchConfig config;
  uint32_t lds_bytes = 0;               // per work-group local reservation (§7.5)
  std::vector<uint32_t> local_buffers;  // __local argument sizes, allocated top-down
  bool whole_local_window = false;      // vt_start: __local placement unknown to us
  uint32_t print_addr = 0;              // KNL_PRINT_ADDR / SIZE (§7.7)
  uint32_t print_size = 0;
  // The machine the launch runs on and what was widened (run.widen_machine, issue 47); unset:
  // execute_launch fits the device's machine to the launch itself (vt_start).
  std::optional<functional::MachineFit> fit;
};

// The device's machine fitted to one work-group of `needs` (functional::machine_for_launch):
// widened in the functional mode with run.widen_machine, else refused naming the --set.
Result<functional::MachineFit> fit_device_machine(const Device::State& state,
                                                  const functional::GroupNeeds& needs,
                                                  std::string_view launch);

// Top-down addresses of __local buffers of `sizes` below 0x80000000 (ISA.md §7.2).
std::vector<uint32_t> local_buffer_addresses(const std::vector<uint32_t>& sizes);

// Loads the ELF's PT_LOAD segments (mapping them as code regions when needed).
Status load_segments(Device::State& state, const elf::ElfFile& elf);

// The symbol naming `address` (kernel name for fault messages), if any.
std::string symbol_at(const elf::ElfFile& elf, uint32_t address);

// The parts of a guest fault (functional::Fault::message's) as the public API's values.
GuestFaultInfo guest_fault_info(const functional::Fault& fault);

// A launch that ran: its statistics and the guest fault (or --ref-compat trap) that stopped
// it, if one did.
struct LaunchOutcome {
  LaunchStats stats;
  std::optional<std::string> fault;
  std::optional<GuestFaultInfo> fault_info;                   // the same fault as values
  std::shared_ptr<const timing::TimelineRecording> timeline;  // LaunchOptions::record_timeline
};

// Runs the launch. An Error means it did not run (its setup failed) or its commit log could
// not be written; a guest fault is part of the outcome. A launch that ran, faulting or not,
// leaves its statistics in the device's last_stats.
Result<LaunchOutcome> execute_launch(Device::State& state, const elf::ElfFile& elf,
                                     const LaunchPlan& plan, const LaunchOptions& options);

}  // namespace ventus::runtime_detail
