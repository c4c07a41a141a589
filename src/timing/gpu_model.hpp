// GpuModel: the cycle-level model of a whole Ventus GPU (DESIGN.md §1 `timing`): the CTA
// scheduler placing work-groups and dispatching their warps, the SMs, the shared memory
// system, the kernel-end flush and the host's view of completion (TIMING.md §2).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "functional/launch.hpp"
#include "sim/stats.hpp"
#include "timing/cache_tags.hpp"
#include "timing/event_log.hpp"
#include "timing/memory_system.hpp"
#include "timing/params.hpp"
#include "timing/sm_stats.hpp"
#include "timing/timeline.hpp"

namespace ventus::timing {

struct TimingResult {
  uint64_t cycles = 0;          // the launch as the host counts it (TIMING.md §2)
  uint64_t done_cycle = 0;      // completion (flush done) after the start
  uint64_t last_end_cycle = 0;  // last endprg
  // The cycle a fault stopped the launch at: it has no count (`cycles` stays 0).
  std::optional<uint64_t> stopped_at;
};

// Closes the launch on the timeline and the event log the caller opened it on (either may be
// null): the next launch's slices start after this one's cycles, and the log ends with
// KERNEL_END, or KERNEL_FAULT at the cycle a fault stopped the launch.
void close_launch(const TimingResult& result, Timeline* timeline, EventLog* log);

// Counters of the launch as a whole (`timing.*`).
struct GpuCounters {
  sim::Counter cycles, issued, groups_dispatched;
  MemoryStats memory;
  std::vector<SmCounters> sms;
};

// The test bench's count of a kernel (TIMING.md §2): the first host poll at or after
// `done_cycle` (polls at offset + 1 for a run's first kernel, then every period), plus the
// poll's read; `done_cycle` itself when the host does not poll.
uint64_t host_poll_count(const KernelParams& kernel, uint64_t done_cycle, bool first_kernel);

class GpuModel {
 public:
  GpuModel(const TimingParams& params, uint32_t sm_count, uint32_t warp_slots_per_sm);
  // Registers `timing.cycles`, `timing.ipc`, `timing.memory.*`, `timing.sm<N>.*`.
  void register_stats(sim::StatScope scope);
  // Runs every work-group of `launch` to completion, executing each instruction when it
  // issues; a fault stops the launch. `first_kernel` applies the host poll's one-cycle
  // offset of a run's first kernel (TIMING.md §2).
  std::optional<functional::Fault> run(functional::Launch& launch,
                                       const functional::LaunchHooks& hooks, bool first_kernel,
                                       TimingResult& result);
  // The launches run from now on also write `timeline` (null: none); the caller opens and
  // closes each launch on it (Timeline::begin_launch / end_launch).
  void set_timeline(Timeline* timeline) { timeline_ = timeline; }
  // The launches run from now on also write their events to `log` (null: none); the caller
  // opens and closes each launch on it (EventLog::begin_launch / end_launch).
  void set_event_log(EventLog* log) { event_log_ = log; }

  // --warm-caches (docs/timing.md "Timing some launches"): a launch run functionally fetched
  // the instruction at `pc` on SM `sm`. Its line enters that SM's I-cache tags as a fetch's
  // would: a hit makes it most recently used, a miss writes the least recently used way.
  void warm_fetch(unsigned sm, uint32_t pc);
  // The warmed launch ended: the kernel-end invalidation (the valid bits go, the LRU stays).
  void warm_kernel_end();
  // The I-cache state of SM `sm` the next launch starts from (none before any launch).
  const std::optional<CacheTags>& icache_state(unsigned sm) const { return icache_lru_[sm]; }

 private:
  const TimingParams& params_;
  uint32_t sm_count_;
  uint32_t warp_slots_;
  GpuCounters counters_;
  // Per SM, what its I-cache's replacement state was at the end of the last launch (none
  // before the first): the RTL runs a case's kernels one after another without a reset.
  std::vector<std::optional<CacheTags>> icache_lru_;
  Timeline* timeline_ = nullptr;
  EventLog* event_log_ = nullptr;
};

}  // namespace ventus::timing
