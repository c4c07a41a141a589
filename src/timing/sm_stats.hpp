// SmStats: the counters one SM of the cycle model owns (docs/stats.md, `timing.sm<N>.*`).
#pragma once

#include <vector>

#include "sim/stats.hpp"
#include "timing/icache.hpp"
#include "timing/l1d_cache.hpp"
#include "timing/lsu.hpp"
#include "timing/slot_state.hpp"

namespace ventus::timing {

struct SmStats {
  sim::Counter active_cycles;  // cycles with at least one warp resident
  sim::Counter issued;         // warp-instructions issued to an execution unit
  sim::Counter thread_instructions;
  sim::Counter fetch_requests;  // I-cache lookups by the warp scheduler
  sim::Counter fetch_replays;   // fetch responses that rewound the warp (miss or full)
  // Responses delivered to the warp scheduler, as TIMING.md §14's IFETCH events.
  sim::Counter fetch_hits, fetch_misses, fetch_full;
  sim::Counter dropped_operand_grants;  // bank grants the crossbar did not deliver
  sim::Counter redirects;               // taken branches, jumps and SIMT switches (refetch)
  sim::Counter warps_dispatched;
};

// Everything one SM counts, kept by the GPU model across launches (the registry points here).
struct SmCounters {
  SmStats core;
  CacheStats icache;
  L1dStats l1d;
  LsuStats lsu;
  sim::VectorStat states;                    // cycles by SlotState, summed over the warp slots
  std::vector<sim::VectorStat> slot_states;  // cycles by SlotState of each warp slot
  // Sizes the state vectors for `warp_slots` slots (before register_in).
  void size_slots(unsigned warp_slots);
  void register_in(sim::StatScope scope);
};

}  // namespace ventus::timing
