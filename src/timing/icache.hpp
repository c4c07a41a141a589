// ICache: the instruction cache of one SM (TIMING.md §3): tags with LRU, MSHRs that merge
// misses to one line, fills that become visible a few cycles after the L2 answers, and the
// invalidation at every kernel end.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "timing/cache_tags.hpp"
#include "timing/memory_system.hpp"

namespace ventus::timing {

struct CacheStats {
  sim::Counter accesses, hits, misses, mshr_merges, mshr_full;
};

class ICache {
 public:
  ICache(const CacheParams& params, uint32_t fill_cycles, CacheStats& stats);

  // A fetch lookup at `now`. On a miss the line is requested (or merged with the request in
  // flight); a miss with every MSHR busy is dropped (the warp replays anyway).
  bool lookup(uint32_t address, Cycle now);
  void on_response(const MemResponse& response, Cycle now);
  void tick(Cycle now);  // fills that became visible
  // The next Get for the L2, if any is waiting.
  const MemRequest* front_request() const {
    return requests_.empty() ? nullptr : &requests_.front();
  }
  void pop_request() { requests_.pop_front(); }
  void invalidate();
  bool idle() const { return mshr_.empty() && requests_.empty(); }
  Cycle next_fill() const;  // the earliest pending fill (~0: none)

 private:
  struct Miss {
    uint32_t line = 0;
    Cycle fill_at = ~Cycle{0};  // when the line becomes visible (after the response)
  };
  CacheTags tags_;
  uint32_t line_bytes_;
  uint32_t mshr_entries_;
  uint32_t fill_cycles_;
  std::vector<Miss> mshr_;
  std::deque<MemRequest> requests_;
  CacheStats& stats_;
};

}  // namespace ventus::timing
