// L1DCache: the data cache of one SM (TIMING.md §9): one request per cycle, LRU tags,
// MSHRs with sub-entries for load misses, write-through without allocation for store
// misses (tracked in the WSHR), write hits kept dirty until eviction or the kernel-end flush.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "timing/cache_tags.hpp"
#include "timing/icache.hpp"
#include "timing/memory_system.hpp"

namespace ventus::timing {

struct L1dStats : CacheStats {
  sim::Counter store_hits, store_misses, stall_mshr, stall_wshr, writebacks;
};

class L1DCache {
 public:
  L1DCache(const LsuParams& params, L1dStats& stats);

  // One LSU request (a block of one memory instruction); `token` comes back with the
  // response. False: the cache cannot take it this cycle (MSHR, sub-entry or WSHR full, or
  // a load to a line being written through): the LSU retries.
  bool request(uint32_t address, bool is_store, uint32_t token, Cycle now);
  // The last request was refused: nothing but a memory response can change that, so the
  // LSU may skip its retries until then; each skipped retry counts as refused.
  bool refused() const { return last_refusal_ != nullptr; }
  void skip_refused_cycles(Cycle cycles);
  void on_response(const MemResponse& response, Cycle now);
  // Responses to the LSU due by `now`.
  bool pop_core_response(Cycle now, uint32_t& token);
  const MemRequest* front_request(Cycle now) const {
    if (requests_.empty() || requests_.front().first > now) return nullptr;
    return &requests_.front().second;
  }
  // The earliest cycle after `now` at which a queued request becomes due or a response to
  // the LSU is (~0: none; a request already due waits for the L2, see MemorySystem).
  Cycle next_event(Cycle now) const;
  void pop_request() { requests_.pop_front(); }
  size_t misses_in_flight() const { return mshr_.size(); }
  // Kernel end: every dirty line is written back (PutFull) and the cache invalidated.
  // Returns the number of write-backs queued.
  size_t flush(Cycle now);
  // Nothing in flight, written-back lines acknowledged by the L2 included (the kernel-end
  // flush waits for them before its hint, TIMING.md §2).
  bool idle() const {
    return mshr_.empty() && wshr_.empty() && requests_.empty() && core_.empty() &&
           writebacks_in_flight_ == 0;
  }

 private:
  struct Miss {
    uint32_t line = 0;
    std::vector<uint32_t> waiters;
  };
  struct Write {
    uint32_t tag = 0;
    uint32_t line = 0;
  };
  struct Timed {
    Cycle at;
    uint32_t token;
  };
  void send(MemKind kind, uint32_t line, uint32_t tag, Cycle at);
  bool refuse(sim::Counter& reason);
  bool line_written(uint32_t line) const;

  const LsuParams& params_;
  CacheTags tags_;
  uint32_t line_bytes_;
  std::vector<Miss> mshr_;
  std::vector<Write> wshr_;
  unsigned writebacks_in_flight_ = 0;     // PutFull of dirty lines not yet acknowledged
  sim::Counter* last_refusal_ = nullptr;  // the stall counter of a refused last request
  uint32_t next_write_tag_ = 1;
  std::deque<std::pair<Cycle, MemRequest>> requests_;  // ready time, request
  std::vector<Timed> core_;                            // responses to the LSU
  L1dStats& stats_;
};

}  // namespace ventus::timing
