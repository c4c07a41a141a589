// FunctionalStats: the registered statistics of the functional simulator (docs/stats.md),
// filled from each work-group's counters when it ends.
#pragma once

#include <cstdint>

#include "functional/group_counters.hpp"
#include "sim/stats.hpp"

namespace ventus::functional {

// The few figures every launch summary prints.
struct LaunchStats {
  uint64_t work_groups = 0;
  uint64_t warps = 0;
  uint64_t warp_instructions = 0;
  uint64_t thread_instructions = 0;
  uint64_t ref_traps = 0;  // --ref-compat traps that entered mtvec
};

class FunctionalStats {
 public:
  explicit FunctionalStats(unsigned sm_count = 1);
  FunctionalStats(const FunctionalStats&) = delete;
  FunctionalStats& operator=(const FunctionalStats&) = delete;

  // Registers every statistic under `scope` (e.g. "functional").
  void register_in(const sim::StatScope& scope);
  // Sizes the per-SM vectors (the registry keeps pointing at them).
  void set_sm_count(unsigned sm_count);

  void add_group(const GroupCounters& counters, unsigned warps, unsigned sm);
  void add_ref_trap() { ++ref_traps_; }
  void add_memcheck(uint64_t accesses) { memcheck_accesses_ += accesses; }
  LaunchStats summary() const;

 private:
  sim::Counter work_groups_, warps_, warp_instructions_, thread_instructions_, ref_traps_;
  sim::Counter memcheck_accesses_;
  sim::VectorStat by_unit_;
  sim::Counter branches_, branches_taken_, vbranches_, vbranches_uniform_, vbranches_diverged_;
  sim::Counter joins_, joins_popped_, barriers_, barrier_releases_;
  sim::VectorStat accesses_, bytes_;  // by address space
  sim::VectorStat sm_work_groups_, sm_warp_instructions_;
  sim::Distribution instructions_per_group_;
};

}  // namespace ventus::functional
