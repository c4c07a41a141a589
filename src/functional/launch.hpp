// Launch: the work-groups of one ND-range (ISA.md §7) alive at once, a dispatcher that
// places them on SMs, and run_launch, which drives them with a scheduler (DESIGN.md §3).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "functional/decode_cache.hpp"
#include "functional/engine.hpp"
#include "functional/functional_stats.hpp"
#include "functional/machine_shape.hpp"
#include "functional/sanitize/report.hpp"
#include "functional/work_group.hpp"
#include "memory/device_memory.hpp"
#include "memory/local_memory.hpp"

namespace ventus::functional {

struct LaunchResult {
  LaunchStats stats;                    // summary of the launch's registered statistics
  std::optional<Fault> fault;           // set when a fault stopped the launch
  std::optional<Fault> ref_trap;        // --ref-compat: first trap REF-style handled via mtvec
  std::vector<MemcheckEntry> memcheck;  // Memcheck::Report: accesses outside every buffer
  SanitizeResult sanitize;              // EngineOptions::sanitize: the sanitizers' report
  // --ref-compat: a store to tohost ended a work-group before all its warps ended (REF's end
  // of run, ISA.md §7.3); says where, so the stores that never happened are explained.
  std::optional<std::string> tohost_end;
};

struct LaunchHooks {
  // Called before each work-group starts (REF rewrites the ELF segments here).
  std::function<void(uint32_t group_linear_id)> before_group;
};

// Keeps any number of work-groups alive; dispatch() starts them in linear order on the next
// SM (round robin from the last placement) that has a free work-group slot, like the CTA
// scheduler; retire() adds a finished group's counters to the statistics.
//
// Resident slots are numbered k·sm_count + sm for slot k of SM sm, 0 .. capacity() - 1; within
// an SM, dispatch takes the next free slot round robin from the one after its last. Groups
// alive at once never share a slot, and a scheduler that runs one group at a time (burst)
// puts group g in slot g mod capacity() (burst_slot), which is what the parallel scheduler
// uses for every thread count. CSR_PDS may be indexed by it (LaunchConfig::private_slots).
class Launch {
 public:
  // `stats` must be sized for shape.sm_count. With `local_layout == nullptr` the local window
  // is part of `global` (REF's flat memory, --ref-compat).
  Launch(const LaunchConfig& config, const MachineShape& shape, const EngineOptions& options,
         memory::DeviceMemory& global, const memory::LocalMemory* local_layout,
         FunctionalStats& stats);

  // Checks that a work-group fits an SM and that the private memory reserved per slot (if
  // so) covers every slot; sets the per-SM capacity.
  Status prepare();
  uint64_t group_count() const { return group_count_; }
  // True when dispatch() has started every group up to the dispatch end (all of them unless
  // end_dispatch_at moved it).
  bool all_dispatched() const { return next_group_ >= dispatch_end_; }
  // Groups from the next one up to `end` (at most group_count()) are dispatched, then no more
  // until it is moved again: a driver runs a window of the launch's groups its own way.
  void end_dispatch_at(uint64_t end) { dispatch_end_ = end < group_count_ ? end : group_count_; }
  uint32_t capacity() const { return shape_.sm_count * groups_per_sm_; }
  // Starts the next work-group; null when all are dispatched or no SM has room.
  WorkGroup* dispatch(const LaunchHooks& hooks);
  void retire(WorkGroup& group);

  // For schedulers that run groups outside live() (parallel_bursts.cpp): a new group with
  // linear id `linear` in resident slot `slot` (not counted as dispatched), the same in the
  // slot the burst scheduler (one group at a time, round robin) places it in, that slot and
  // SM, and its retirement there.
  std::unique_ptr<WorkGroup> make_group(uint32_t linear, uint32_t slot);
  std::unique_ptr<WorkGroup> make_burst_group(uint64_t linear) {
    return make_group(static_cast<uint32_t>(linear), burst_slot(linear));
  }
  uint32_t burst_slot(uint64_t linear) const { return static_cast<uint32_t>(linear % capacity()); }
  unsigned burst_sm(uint64_t linear) const { return sm_of_slot(burst_slot(linear)); }
  void retire_detached(const WorkGroup& group, unsigned sm);
  // The retirement of a group of `warps` warps that left only its counters: no memcheck
  // entries and no REF trap (a committed speculative run, parallel_bursts.cpp).
  void retire_counters(const GroupCounters& counters, unsigned warps, unsigned sm) {
    stats_.add_group(counters, warps, sm);
    note_retired();
  }
  // Work-groups retired so far (every retire above counts one).
  uint64_t groups_retired() const { return groups_retired_; }
  memory::DeviceMemory& global() { return global_; }
  // The SM a live group was placed on.
  unsigned sm_of(const WorkGroup& group) const { return sm_of_slot(group.slot()); }
  std::vector<std::unique_ptr<WorkGroup>>& live() { return live_; }
  const EngineOptions& options() const { return options_; }
  const LaunchConfig& config() const { return config_; }
  FunctionalStats& stats() { return stats_; }
  // --ref-compat: the first trap that entered mtvec in a retired group.
  const std::optional<Fault>& first_ref_trap() const { return first_ref_trap_; }
  const MemcheckLog& memcheck_log() const { return memcheck_log_; }
  // --ref-compat: warp `warp` of `group` stored to tohost at `pc`, which ended the group.
  void note_tohost_end(const WorkGroup& group, unsigned warp, uint32_t pc);
  const std::optional<std::string>& tohost_end() const { return tohost_end_; }

 private:
  unsigned sm_of_slot(uint32_t slot) const { return slot % shape_.sm_count; }
  // Counts a retired group and tells EngineOptions::on_progress, when set.
  void note_retired();
  // Marks the next free slot of `sm` (which has one) taken and returns it.
  uint32_t take_slot(unsigned sm);

  const LaunchConfig& config_;
  const MachineShape& shape_;
  const EngineOptions& options_;
  memory::DeviceMemory& global_;
  const memory::LocalMemory* local_layout_;
  FunctionalStats& stats_;
  DecodeCache code_;
  VectorFilePool vector_files_;  // outlives every group (declared before live_)
  uint64_t group_count_ = 0;
  uint64_t next_group_ = 0;
  uint64_t groups_retired_ = 0;
  uint64_t dispatch_end_ = 0;  // end_dispatch_at (group_count_ unless moved)
  uint32_t groups_per_sm_ = 1;
  unsigned next_sm_ = 0;
  std::vector<uint32_t> sm_load_;    // live groups per SM
  std::vector<uint32_t> next_slot_;  // per SM: the slot index k its round robin tries first
  std::vector<bool> slot_taken_;     // per resident slot (k·sm_count + sm)
  std::vector<std::unique_ptr<WorkGroup>> live_;
  std::optional<Fault> first_ref_trap_;
  MemcheckLog memcheck_log_;
  std::optional<std::string> tohost_end_;  // the first group a tohost store ended early
};

// Runs the launch on `global` with the scheduler of `options` (schedulers.cpp); `stats`
// receives every group's counters (the caller registers and resets it). In --ref-compat
// `global` must hold REF's boot ROM (see install_boot_rom).
LaunchResult run_launch(const LaunchConfig& config, const MachineShape& shape,
                        const EngineOptions& options, memory::DeviceMemory& global,
                        const memory::LocalMemory* local_layout, FunctionalStats& stats,
                        ExecObserver* observer = nullptr, const LaunchHooks& hooks = {});

// Drives a prepared launch to its end (a cycle model); returns the fault that stopped it.
using LaunchDriver = std::function<std::optional<Fault>(Launch& launch)>;

// Inside a LaunchDriver: runs the launch's groups up to its dispatch end (Launch::
// end_dispatch_at) one at a time in bursts, unobserved (the default mode's serial schedule);
// the instruction limit counts from here.
std::optional<Fault> run_groups_in_bursts(Launch& launch, const LaunchHooks& hooks);

// run_launch with `driver` in place of the functional schedulers (no observer).
LaunchResult run_launch_driven(const LaunchConfig& config, const MachineShape& shape,
                               const EngineOptions& options, memory::DeviceMemory& global,
                               const memory::LocalMemory* local_layout, FunctionalStats& stats,
                               const LaunchDriver& driver);

// Maps REF's boot ROM at 0x1000 (ISA.md §7.3) into `memory` (if absent) with `start_pc` in
// its jump slot.
Status install_boot_rom(memory::DeviceMemory& memory, uint32_t start_pc);

// Validates a configuration: numt a power of two in 1..32, numw >= 1, work-groups >= 1.
Status check_launch_config(const LaunchConfig& config);

}  // namespace ventus::functional
